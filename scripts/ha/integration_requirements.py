"""Print the pip requirements of the HA integrations the Cyrene tests load.

Runs with the venv's python inside the root. Covers the integrations named on
the command line, everything HA's bootstrap always sets up (frontend, backup,
...), the platforms `demo` forwards to, and the transitive `dependencies` and
`after_dependencies` of all of them, so that `hass --skip-pip` never meets a
missing package.
"""

import json
import sys
from pathlib import Path

import homeassistant.bootstrap as bootstrap
import homeassistant.components as components
import homeassistant.components.demo as demo

COMPONENTS = Path(components.__file__).parent
ALWAYS = (
    "CORE_INTEGRATIONS",
    "LOGGING_AND_HTTP_DEPS_INTEGRATIONS",
    "FRONTEND_INTEGRATIONS",
    "RECORDER_INTEGRATIONS",
    "DEFAULT_INTEGRATIONS",
)
# Set up by demo at run time, or imported by code without a manifest entry
# (camera imports stream, which needs numpy and av).
EXTRA = {
    *demo.COMPONENTS_WITH_CONFIG_ENTRY_DEMO_PLATFORM,
    *demo.COMPONENTS_WITH_DEMO_PLATFORM,
    "sun",
    "input_select",
    "input_button",
    "input_number",
    "stream",
}


def manifest(domain: str) -> dict:
    path = COMPONENTS / domain / "manifest.json"
    return json.loads(path.read_text()) if path.exists() else {}


def main(requested: list[str]) -> None:
    todo = set(requested) | {str(domain) for domain in EXTRA}
    for name in ALWAYS:
        todo |= set(getattr(bootstrap, name, ()))
    seen: set[str] = set()
    reqs: set[str] = set()
    while todo:
        domain = todo.pop()
        if domain in seen:
            continue
        seen.add(domain)
        data = manifest(domain)
        reqs.update(data.get("requirements", []))
        todo |= set(data.get("dependencies", [])) - seen
        todo |= set(data.get("after_dependencies", [])) - seen
    print(f"# integrations: {' '.join(sorted(seen))}", file=sys.stderr)
    for req in sorted(reqs):
        print(req)


if __name__ == "__main__":
    main(sys.argv[1:])
