import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

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
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": srcDir },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
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
