import "./index.css"; // Roboto 400/500/700 (latin woff2 from @fontsource/roboto) and Tailwind
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { applyStoredTheme } from "./lib/preferences";
import { createQueryClient } from "./lib/query-client";

// Apply the stored light/dark preference before the first render (index.html already did it pre-paint).
applyStoredTheme();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

createRoot(root).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
