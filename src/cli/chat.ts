#!/usr/bin/env node
import { parseArgs } from "node:util";
import { UnknownConversationError } from "../agent/assistant.js";
import { createCyrene } from "../compose.js";
import { ConfigError, loadConfig } from "../config/load.js";
import { createLogger } from "../logging/logger.js";
import { Renderer } from "./render.js";
import { ChatSession, EXIT_FAILED, EXIT_INTERRUPTED } from "./session.js";
import { mcpClientSecrets } from "../mcp-client/index.js";

const USAGE = `Usage: npm run -s chat -- [-c ID] [message…]   (or: npx cyrene …, after npm run build)

Sends the message and prints the answer. Without a message, chats interactively:
an empty line, Ctrl-D or Ctrl-C at the prompt leaves.

  -c, --conversation ID   continue that conversation (its id is printed at the end)
  -h, --help              show this help

Ctrl-C cancels the answer being written; a second Ctrl-C quits.
Exit codes: 0 answered, 1 the answer failed, 2 bad arguments, configuration or
conversation id, 130 cancelled with Ctrl-C.`;

const EXIT_USAGE = 2;

class UsageError extends Error {}

const renderer = new Renderer(process.stdout, process.stderr);

async function main(): Promise<number> {
  const { values, positionals } = parseCommandLine();
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = loadConfig();
  // Retries and tool calls are shown by the renderer; the log is for errors unless asked for more.
  const logger = createLogger(process.env.CYRENE_LOG_LEVEL ?? "error", {
    destination: process.stderr,
    secrets: [
      config.llm.apiKey,
      config.server.apiToken,
      config.ha.token,
      config.supervisorToken,
      ...mcpClientSecrets(config),
    ],
  });
  const cyrene = createCyrene(config, { logger });
  const session = new ChatSession(cyrene, renderer, quit, values.conversation);
  process.on("SIGINT", session.interrupt);
  try {
    const id = values.conversation;
    if (id !== undefined && !cyrene.conversations.get(id)) {
      throw new UnknownConversationError(`No conversation with id ${id}`);
    }
    return positionals.length > 0 ? await session.once(positionals.join(" ")) : await session.interactive();
  } finally {
    await session.close();
  }
}

function parseCommandLine() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { conversation: { type: "string", short: "c" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message} (see --help)`);
  }
}

/** Leaves at once (the second Ctrl-C); what is stored stays stored. */
function quit(): void {
  renderer.close();
  exit(EXIT_INTERRUPTED);
}

/** Leaves once everything written has gone out to the terminal or pipe. */
function exit(code: number): void {
  process.exitCode = code;
  process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
}

main().then(exit, (error: unknown) => {
  renderer.close();
  if (error instanceof UnknownConversationError) {
    renderer.error(`${error.message}; leave out -c to start a new one.`);
    exit(EXIT_USAGE);
  } else if (error instanceof ConfigError || error instanceof UsageError) {
    renderer.error(error.message);
    exit(EXIT_USAGE);
  } else {
    console.error(error);
    exit(EXIT_FAILED);
  }
});
