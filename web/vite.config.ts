import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { firstLoadPlugin } from "../scripts/first-load.ts";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const srcDir = fileURLToPath(new URL("./src", import.meta.url));
const outDir = fileURLToPath(new URL("./dist", import.meta.url));

// The API (Hono + yoga + graphql-ws) listens on :3000 in development. The Host header is kept
// as sent (no changeOrigin) so the server's branch-by-host-name lookup sees the browser's host.
const graphqlProxy = {
  "/graphql": { target: "http://localhost:3000", ws: true },
  "/sandbox-gateway": { target: "http://localhost:3000" },
  "/media": { target: "http://localhost:3000" },
};

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), firstLoadPlugin(webRoot)],
  resolve: {
    // "zod" is web/src/lib/zod.ts, which configures zod before any schema exists (see that file).
    alias: [
      { find: /^zod$/, replacement: `${srcDir}/lib/zod.ts` },
      { find: "@", replacement: srcDir },
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: scripts/size-budget.ts reads it to add up what each page loads first.
    manifest: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What the entry imports statically goes into one chunk with it (not four small ones): fewer
        // requests before the first render.
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: graphqlProxy,
  },
  preview: {
    port: 4173,
    proxy: graphqlProxy,
  },
});
