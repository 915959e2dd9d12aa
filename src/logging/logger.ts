import { createRequire } from "node:module";
import { pino, type DestinationStream, type Logger } from "pino";

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
  "config.embeddings.apiKey",
  "config.ha.token",
  "config.server.apiToken",
  "config.supervisorToken",
];

export interface LoggerOptions {
  /** Where lines go (default stdout: the add-on's log tab). */
  destination?: NodeJS.WritableStream;
  /**
   * Secret values (API keys, tokens) cut out of every line wherever they appear: an error text quoting
   * a URL or a header must not carry one into the log.
   */
  secrets?: (string | undefined)[];
  /** Human-readable lines (default: when stdout is a terminal); JSON otherwise. */
  pretty?: boolean;
}

export function createLogger(level: string, options: LoggerOptions = {}): Logger {
  const secrets = (options.secrets ?? []).filter((s): s is string => typeof s === "string" && s.length >= 6);
  const scrub = (line: string) =>
    secrets.reduce((text, secret) => text.replaceAll(secret, "[redacted]"), line);
  const destination = options.destination ?? process.stdout;
  const pretty = options.pretty ?? (!options.destination && process.stdout.isTTY);
  return pino(
    {
      level,
      redact: { paths: REDACT, censor: "[redacted]" },
      ...(secrets.length ? { hooks: { streamWrite: scrub } } : {}),
    },
    pretty ? prettyStream() : (destination as DestinationStream),
  );
}

/**
 * Summary lines (the start, each turn) carry their facts under these keys: in JSON for machines, while a
 * terminal shows the one-line message alone.
 */
export const SUMMARY_KEYS = ["start", "turn"] as const;

/** pino-pretty formats in this process (no worker thread), loaded only for a terminal. */
function prettyStream(): DestinationStream {
  const pretty = createRequire(import.meta.url)("pino-pretty") as (options: object) => DestinationStream;
  return pretty({
    colorize: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: ["pid", "hostname", ...SUMMARY_KEYS].join(","),
    sync: true,
  });
}

export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
