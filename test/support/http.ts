/** Test-side HTTP helpers; answers are typed loosely on purpose, the assertions check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function getJson(url: string): Promise<Json> {
  return (await fetch(url)).json();
}

export async function json(response: Response | Promise<Response>): Promise<Json> {
  return (await response).json();
}

/** One message to Cyrene's own chat API (`POST /api/chat`, not streamed): the answer's JSON. */
export function postChat(baseUrl: string, message: string): Promise<Json> {
  return json(
    fetch(`${baseUrl}/api/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message }),
    }),
  );
}
