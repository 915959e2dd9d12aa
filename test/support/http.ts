/** Test-side HTTP helpers; answers are typed loosely on purpose, the assertions check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function getJson(url: string): Promise<Json> {
  return (await fetch(url)).json();
}

export async function json(response: Response | Promise<Response>): Promise<Json> {
  return (await response).json();
}
