import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
let python: Promise<string> | undefined;

/** The pinned clients venv's python, built once and cached (scripts/clients/venv.sh). */
export function clientsPython(): Promise<string> {
  python ??= run("bash", [join(import.meta.dirname, "../../scripts/clients/venv.sh")], {
    timeout: 600_000,
  }).then(({ stdout }) => stdout.trim().split("\n").at(-1)!);
  return python;
}

/** Runs one Python client through its checks; answers check → "ok" or what went wrong. */
export async function runPythonClient(
  client: "openai" | "langchain" | "ollama",
  urls: { cyrene: string; ollama: string },
  tag: string,
): Promise<Record<string, string>> {
  const script = join(import.meta.dirname, "python_clients.py");
  const { stdout } = await run(await clientsPython(), [script, client, urls.cyrene, urls.ollama, tag], {
    timeout: 120_000,
    env: { ...process.env, NO_PROXY: "127.0.0.1,localhost", no_proxy: "127.0.0.1,localhost" },
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, string>;
}
