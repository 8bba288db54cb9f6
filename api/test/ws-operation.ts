import WebSocket from "ws";

export type WsAnswer = { type: "next" | "error"; payload: unknown } | undefined;

/**
 * Runs one operation over graphql-ws (the `ws` package, as a non-browser client) and returns its first
 * answer: "next" with the result, or "error" with the errors. Waits for that message, not for a time.
 */
export async function wsOperation(url: string, query: string, variables?: Record<string, unknown>): Promise<WsAnswer> {
  const socket = new WebSocket(url, "graphql-transport-ws");
  try {
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    const answer = new Promise<WsAnswer>((resolve) => {
      socket.on("message", (raw) => {
        const m = JSON.parse(String(raw)) as { type: string; payload?: unknown };
        if (m.type === "next" || m.type === "error") resolve({ type: m.type, payload: m.payload });
        else if (m.type === "complete") resolve(undefined);
      });
      socket.once("close", () => resolve(undefined));
    });
    socket.send(JSON.stringify({ type: "connection_init" }));
    socket.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query, variables } }));
    return await answer;
  } finally {
    socket.close();
  }
}
