/**
 * The scripted LLM in a process of its own, as a real one runs on another machine: its parsing of each
 * request then stops counting as Cyrene's time. Prints its base URL, then serves until killed.
 */
import { ScriptedLlm } from "../test/fixtures/scripted-llm/server.js";
import { addScript } from "./bare-sdk.js";

const llm = await ScriptedLlm.start();
llm.setFallback(addScript);
// Recorded requests are of no use here; forget them so a long bench does not grow.
setInterval(() => (llm.requests.length = 0), 1_000).unref();
process.stdout.write(`${llm.baseUrl}\n`);
