#!/usr/bin/env node
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import type { AgentEvent } from "../agent/events.js";
import { createCyrene } from "../compose.js";
import { ConfigError, loadConfig } from "../config/load.js";
import { createLogger } from "../logging/logger.js";
import { allowAllTools } from "../tools/policy.js";

const USAGE = `Usage: npm run chat -- [--conversation ID] [message…]
Without a message, starts an interactive chat (empty line or Ctrl-D to leave).`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { conversation: { type: "string", short: "c" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help) return console.log(USAGE);

  const config = loadConfig();
  const cyrene = createCyrene(config, { logger: createLogger(process.env.CYRENE_LOG_LEVEL ?? "warn") });
  let conversationId = values.conversation;
  const ask = async (message: string) => {
    const outcome = await cyrene.assistant.turn(
      { message, conversationId, source: "cli", policy: allowAllTools },
      render,
    );
    conversationId = outcome.conversationId;
    process.stdout.write("\n");
    return outcome;
  };

  try {
    if (positionals.length > 0) {
      const outcome = await ask(positionals.join(" "));
      process.stderr.write(dim(`conversation ${outcome.conversationId}\n`));
      if (outcome.error) process.exitCode = 1;
      return;
    }
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    for (;;) {
      const line = (await rl.question("> ").catch(() => "")).trim();
      if (!line) break;
      await ask(line);
    }
    rl.close();
  } finally {
    await cyrene.background.settle();
    await cyrene.close();
  }
}

function render(event: AgentEvent): void {
  switch (event.type) {
    case "text":
      process.stdout.write(event.text);
      break;
    case "tool_started":
      process.stderr.write(dim(`\n⚙ ${event.name} ${event.arguments}\n`));
      break;
    case "tool_finished": {
      const status = event.background
        ? "continues in the background"
        : event.result.success
          ? "ok"
          : "failed";
      process.stderr.write(dim(`  ${event.name}: ${status} (${event.durationMs} ms)\n`));
      break;
    }
    case "background_result":
      process.stderr.write(dim(`⚙ background ${event.name} finished\n`));
      break;
    case "final":
      if (event.error) process.stderr.write(`\n${event.error}\n`);
      break;
  }
}

function dim(text: string): string {
  return process.stderr.isTTY ? `\x1b[2m${text}\x1b[0m` : text;
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
