import "./index.css"; // Roboto 400/500/700 (@fontsource/roboto) and Tailwind
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { z } from "zod";
import { App } from "./app";
import { applyStoredTheme } from "./lib/preferences";
import { createQueryClient } from "./lib/query-client";

// Zod probes whether eval works (new Function) before its first parse; the Content-Security-Policy
// forbids eval, and the probe would report a violation each time. Its slower path needs no eval.
z.config({ jitless: true });

// Apply the stored light/dark preference before the first render (index.html already did it pre-paint).
applyStoredTheme();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

createRoot(root).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
