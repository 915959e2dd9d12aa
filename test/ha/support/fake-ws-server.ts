import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

export interface FakeWsServer {
  /** ws://127.0.0.1:PORT */
  base: string;
  /** Paths clients connected to. */
  paths: string[];
  /** Command types received after auth. */
  commands: string[];
  /** Cuts every open connection (the server keeps listening). */
  drop(): void;
  close(): Promise<void>;
}

/**
 * A websocket server that speaks just HA's auth handshake, to test connection handling without HA:
 * `auth: "ok"` accepts any token (and then ignores every command, so they time out), `"invalid"`
 * rejects it.
 */
export async function fakeWsServer(auth: "ok" | "invalid"): Promise<FakeWsServer> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  const paths: string[] = [];
  const commands: string[] = [];
  const sockets = new Set<WebSocket>();
  server.on("connection", (socket, request) => {
    sockets.add(socket);
    paths.push(request.url ?? "");
    socket.send(JSON.stringify({ type: "auth_required", ha_version: "2026.2.3" }));
    socket.on("message", (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string };
      if (message.type === "auth") {
        socket.send(
          JSON.stringify(
            auth === "ok"
              ? { type: "auth_ok", ha_version: "2026.2.3" }
              : { type: "auth_invalid", message: "Invalid access token" },
          ),
        );
      } else commands.push(message.type);
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    base: `ws://127.0.0.1:${port}`,
    paths,
    commands,
    drop: () => {
      for (const socket of sockets) socket.terminate();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.terminate();
        server.close(() => resolve());
      }),
  };
}
