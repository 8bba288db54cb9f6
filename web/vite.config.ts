import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { firstLoadPlugin } from "../scripts/first-load.ts";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const srcDir = fileURLToPath(new URL("./src", import.meta.url));
const outDir = fileURLToPath(new URL("./dist", import.meta.url));
// Code the API and the web both run (no imports outside that folder; api/src/structure.test.ts).
const sharedDir = fileURLToPath(new URL("../api/src/shared", import.meta.url));

// The API (Hono + yoga + graphql-ws) listens on :3000 in development. The Host header is kept
// as sent (no changeOrigin) so the server's branch-by-host-name lookup sees the browser's host.
const graphqlProxy = {
  "/graphql": { target: "http://localhost:3000", ws: true },
  "/sandbox-gateway": { target: "http://localhost:3000" },
  "/media": { target: "http://localhost:3000" },
  "/api": { target: "http://localhost:3000" },
};

// Two builds (scripts/build-web.ts): the browser's app into dist/, and with --ssr the server's render of
// the first pages (src/entry-server.tsx) into dist/.ssr, which the API imports (api/src/http/server-render.ts).
export default defineConfig(({ isSsrBuild }) => ({
  root: webRoot,
  plugins: isSsrBuild ? [react()] : [react(), tailwindcss(), firstLoadPlugin(webRoot)],
  resolve: {
    // "zod" is web/src/lib/zod.ts, which configures zod before any schema exists (see that file).
    alias: [
      { find: /^zod$/, replacement: `${srcDir}/lib/zod.ts` },
      { find: /^@shared\//, replacement: `${sharedDir}/` },
      { find: "@", replacement: srcDir },
    ],
  },
  build: isSsrBuild
    ? { outDir: `${outDir}/.ssr`, emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : {
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
}));
