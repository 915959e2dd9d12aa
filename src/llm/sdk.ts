import { lazy } from "../lazy.js";

/**
 * The OpenAI SDK (some 150 modules) and what reads its errors, loaded with the first request to a
 * model: a server that has only started, or only serves its pages, does not hold it.
 */
export const loadSdk = lazy(async () => {
  const [{ default: OpenAI }, { toLlmError }] = await Promise.all([
    import("openai"),
    import("./sdk-errors.js"),
  ]);
  return { OpenAI, toLlmError };
});
