// Helper of bench/subscriptions.bench.ts, run by Node (the `ws` package can bind each socket to its own
// loopback address, so that 500 sockets pass the server's per-address limit as 500 visitors would).
//
//   node bench/subscribers.mjs <ws url> <branch host> <sockets> <events>
//
// Opens <sockets> graphql-ws connections, each subscribed to `onVersion`, prints "ready" once every one
// has its first value, then records when each event (a version "bench:<n>:<sent at, ms since epoch>")
// arrives on each socket, and prints one JSON line: the delivery latencies' p50/p99/max and the count of
// deliveries received against those expected. Exits after every delivery or 5 s after the last event.
import WebSocket from "ws";

const [url, branchHost, socketsArg, eventsArg] = process.argv.slice(2);
const sockets = Number(socketsArg);
const events = Number(eventsArg);
const PER_ADDRESS = 20; // under LIMITS.maxSocketsPerAddress
const now = () => performance.timeOrigin + performance.now();

const latencies = [];
let ready = 0;
let lastEventAt = 0;
const open = [];

function connect(i) {
  const localAddress = `127.0.0.${2 + Math.floor(i / PER_ADDRESS)}`;
  const ws = new WebSocket(url, "graphql-transport-ws", { localAddress });
  let first = true;
  ws.on("open", () => {
    ws.send(JSON.stringify({ type: "connection_init", payload: { BranchHost: branchHost } }));
  });
  ws.on("message", (raw) => {
    const m = JSON.parse(String(raw));
    // Subscribing before the acknowledgement closes the socket (4401).
    if (m.type === "connection_ack")
      ws.send(JSON.stringify({ id: "1", type: "subscribe", payload: { query: "subscription { onVersion }" } }));
    if (m.type !== "next") return;
    const version = m.payload?.data?.onVersion ?? "";
    if (first) {
      first = false;
      if (++ready === sockets) console.log("ready");
      return;
    }
    const [tag, , sentAt] = version.split(":");
    if (tag !== "bench") return;
    const at = now();
    latencies.push(at - Number(sentAt));
    lastEventAt = at;
    if (latencies.length === sockets * events) finish();
  });
  ws.on("close", (code) => {
    if (ready < sockets) {
      console.error(`socket ${i} closed (${code}) before the events`);
      process.exit(1);
    }
  });
  ws.on("error", (e) => {
    console.error(`socket ${i}: ${e.message}`);
    process.exit(1);
  });
  open.push(ws);
}

function finish() {
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.log(
    JSON.stringify({
      received: latencies.length,
      expected: sockets * events,
      p50: at(0.5),
      p99: at(0.99),
      max: latencies.at(-1) ?? 0,
    }),
  );
  for (const ws of open) ws.close();
  process.exit(0);
}

for (let i = 0; i < sockets; i++) connect(i);
// The parent says "sent" on stdin after its last event; give stragglers 5 s.
process.stdin.on("data", () => {
  setTimeout(finish, 5000);
});
setInterval(() => {
  if (lastEventAt && now() - lastEventAt > 5000) finish();
}, 500);
