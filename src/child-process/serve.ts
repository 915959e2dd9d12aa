/**
 * The child's side of the protocol, written once in plain JavaScript: a script child (`{ script }`, run with
 * `node -e`) gets it in front of its own source, and a module child calls it as `serveInChild` below.
 *
 * In: `{ id, request }`. Out: `{ type: "ready" }` once `prepare` (loading libraries) has run, then
 * `{ type: "reply", id, reply }` per task. A handler that throws kills nothing: the error is the
 * handler's to turn into a reply.
 */
export const SERVE_SOURCE = String.raw`
function serveInChild(handle, prepare) {
  const send = process.send && process.send.bind(process);
  if (!send) throw new Error("serveInChild runs only in a child process started by ChildWorker");
  process.on("message", (message) => {
    void Promise.resolve(message.request)
      .then(handle)
      .then((reply) => send({ type: "reply", id: message.id, reply }));
  });
  process.on("disconnect", () => process.exit(0));
  Promise.resolve()
    .then(prepare || (() => undefined))
    .then(
      () => send({ type: "ready" }),
      () => process.exit(1),
    );
}
`;

/** The child's side for a module child (`{ entry }`): answers each task with `handle`, after `prepare`. */
export const serveInChild = new Function("process", `${SERVE_SOURCE}\nreturn serveInChild;`)(process) as <
  Request,
  Reply,
>(
  handle: (request: Request) => Reply | Promise<Reply>,
  prepare?: () => Promise<unknown>,
) => void;
