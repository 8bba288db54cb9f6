import "./index.css"; // Roboto 400/500/700 (latin woff2 from @fontsource/roboto) and Tailwind
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { BranchBrandingQuery, OverviewQuery } from "./features/account/api";
import { applyStoredTheme } from "./lib/preferences";
import { createQueryClient, prefetchGql } from "./lib/query-client";

// Apply the stored light/dark preference before the first render (index.html already did it pre-paint).
applyStoredTheme();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

// Every page starts from who is signed in and the branch's branding: both are asked for now, while the
// page's chunks download, rather than once they have and the app has rendered.
const queryClient = createQueryClient();
prefetchGql(queryClient, OverviewQuery);
prefetchGql(queryClient, BranchBrandingQuery);

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
