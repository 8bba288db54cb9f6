// The load generator of bench/run.ts: autocannon (HTTP/1.1 keep-alive, `connections` concurrent
// clients), run by Node so that it shares no event loop with the bench's own process. It runs every
// scenario for one second in turn, `rounds` times (on a shared machine the load from elsewhere then
// falls on every scenario alike), and prints one JSON line per scenario: requests, non-2xx answers,
// errors, and the latency percentiles of every response.
//
//   node bench/load.mjs '<json: { connections, rounds, warmupSeconds, scenarios: [{ key, url, method, headers, body }] }>'
import autocannon from "autocannon";

const { connections, rounds, warmupSeconds, scenarios } = JSON.parse(process.argv[2]);

function run(s, seconds, latencies) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: s.url, method: s.method, headers: s.headers, body: s.body, connections, duration: seconds },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (latencies) instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

const totals = scenarios.map(() => ({ requests: 0, non2xx: 0, errors: 0, latencies: [] }));
for (const s of scenarios) await run(s, warmupSeconds);
for (let round = 0; round < rounds; round++)
  for (const [i, s] of scenarios.entries()) {
    const r = await run(s, 1, totals[i].latencies);
    totals[i].requests += r.requests.total;
    totals[i].non2xx += r.non2xx;
    totals[i].errors += r.errors + r.timeouts;
  }
for (const [i, s] of scenarios.entries()) {
  const t = totals[i];
  const l = t.latencies.sort((a, b) => a - b);
  const at = (q) => l[Math.min(l.length - 1, Math.floor(q * l.length))] ?? 0;
  console.log(
    JSON.stringify({
      key: s.key,
      requests: t.requests,
      rps: t.requests / rounds,
      non2xx: t.non2xx,
      errors: t.errors,
      p50: at(0.5),
      p99: at(0.99),
    }),
  );
}
