#!/usr/bin/env bash
# Builds (once) the Python venv the client matrix (test/clients/) runs its third-party clients from,
# from the exact pins in requirements.txt. Cached outside the repo, keyed by the pins and the Python
# version, built in a temp dir and renamed into place when complete; concurrent runs wait on a lock.
# Progress goes to stderr; the last line on stdout is the venv's python.
#
# Env: CYRENE_CLIENTS_CACHE (parent dir, default /var/cache/cyrene), PYTHON (default python3).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PYTHON=${PYTHON:-python3}
PARENT=${CYRENE_CLIENTS_CACHE:-/var/cache/cyrene}
KEY=$( (cat "$HERE/requirements.txt"; "$PYTHON" -c 'import sys; print(sys.version)') | sha256sum | cut -c1-12)
VENV=$PARENT/clients-venv-$KEY

log() { printf '[clients-venv] %s\n' "$*" >&2; }

mkdir -p "$PARENT"
exec 9>"$VENV.lock"
flock 9
if [[ ! -x $VENV/bin/python ]]; then
  log "building $VENV"
  TMP=$(mktemp -d "$PARENT/.clients-venv-XXXXXX")
  trap 'rm -rf --one-file-system "$TMP"' EXIT
  "$PYTHON" -m venv "$TMP"
  "$TMP/bin/python" -m pip install --quiet --disable-pip-version-check -r "$HERE/requirements.txt" >&2
  # Only `bin/python -m …` is used: the scripts in bin/ name the temp path and are never run.
  mv "$TMP" "$VENV"
  trap - EXIT
  log "ready"
fi
echo "$VENV/bin/python"
