import { pino, type Logger } from "pino";

export type { Logger };

/** Paths that may hold secrets; pino replaces their values before anything is written. */
const REDACT = [
  "apiKey",
  "token",
  "authorization",
  "*.apiKey",
  "*.token",
  "*.authorization",
  "*.supervisorToken",
  "*.passphrase",
  "*.secret",
  "req.headers.authorization",
  "headers.authorization",
  "config.llm.apiKey",
  "config.ha.token",
  "config.server.apiToken",
];

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino({ level, redact: { paths: REDACT, censor: "[redacted]" } }, destination ?? process.stderr);
}

export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
