import "./index.css"; // Roboto 400/500/700 (latin woff2 from @fontsource/roboto) and Tailwind
import { hydrate } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BranchBrandingQuery } from "@/lib/branding";
import { OverviewQuery } from "@/lib/overview";
import { App } from "./app";
import { preloadLazyModules } from "./lib/lazy";
import { applyStoredTheme } from "./lib/preferences";
import { createQueryClient, prefetchGql } from "./lib/query-client";
import { SERVER_STATE_ID, type ServerRenderState } from "./server-state";

// Apply the stored light/dark preference before the first render (index.html already did it pre-paint).
applyStoredTheme();

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");
const queryClient = createQueryClient();
const serverState = document.getElementById(SERVER_STATE_ID);

if (serverState && root.firstChild) {
  // A page the server rendered (entry-server.tsx) with its data: the browser takes it over as it is
  // (until then a shield covers it: app.tsx). The on-demand modules it shows are loaded first, so
  // hydration completes in one pass.
  const state = JSON.parse(serverState.textContent ?? "{}") as ServerRenderState;
  hydrate(queryClient, state.queries);
  // Hydrated as a transition: React then takes the page over in slices of a few milliseconds, yielding to
  // the browser between them, instead of in one task as long as the whole page's render (on a phone's
  // CPU, hundreds of milliseconds in which a tap waits). The page is on screen meanwhile, under the shield.
  void preloadLazyModules(state.lazyModules).then(() => {
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
} else {
  // Every page starts from who is signed in and the branch's branding: both are asked for now, while the
  // page's chunks download, rather than once they have and the app has rendered.
  prefetchGql(queryClient, OverviewQuery);
  prefetchGql(queryClient, BranchBrandingQuery);
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
