// Development: the API in watch mode on :3000 and the Vite dev server on :5173 (which proxies /graphql,
// websockets included, to the API). Ctrl-C stops both.
const generate = Bun.spawnSync(["npm", "run", "generate", "--silent"], { stdout: "inherit", stderr: "inherit" });
if (generate.exitCode !== 0) process.exit(generate.exitCode ?? 1);

const children = [
  Bun.spawn(["bun", "--watch", "api/src/server.ts"], { stdout: "inherit", stderr: "inherit" }),
  Bun.spawn(["npx", "vite", "--config", "web/vite.config.ts"], { stdout: "inherit", stderr: "inherit" }),
];
console.log("API on http://localhost:3000, web app on http://localhost:5173");

const stopAll = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stopAll);
process.on("SIGTERM", stopAll);
const code = await Promise.race(children.map((c) => c.exited));
stopAll();
process.exit(code);

export {};
