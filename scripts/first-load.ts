// What a page loads before it is usable, in one place for the build and the size budget:
//  - `firstLoadPages`: the pages with a first-load budget (scripts/size-budget.ts checks them in
//    `npm test`) and the chunks each one needs: index.html's entry, its area's route table, its page.
//  - `firstLoadPlugin()`: a Vite build plugin that lets the browser fetch those chunks at once instead
//    of one after the other (entry → area → page). index.html gets a small script that, from the URL,
//    adds <link rel="modulepreload"> for the area's chunks (and the page's, for the pages below), and
//    <link rel="preload"> for the Roboto files, so text never waits for a late font (decision 0411).
import { relative } from "node:path";
import type { Plugin, Rollup } from "vite";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export type FirstLoadPage = {
  page: string;
  path: string;
  /** gzip kB (1 kB = 1000 bytes, as Vite prints them) of JS + CSS. */
  budgetKb: number;
  /** Manifest keys (paths from web/) of what the page loads: entry, area, page chunks. */
  chunks: string[];
  /** Paths (case-insensitive) for which index.html preloads the chunks after the area's. */
  preload: RegExp;
};

export const firstLoadPages: FirstLoadPage[] = [
  {
    page: "sign-in",
    path: "/v2/account/login",
    budgetKb: 150,
    chunks: ["index.html", "src/areas/portal/routes.tsx", "src/features/account/pages/login-page.tsx"],
    preload: /^\/v2\/account\/login\/?$/,
  },
  {
    page: "billing",
    path: "/v2/billing",
    budgetKb: 250,
    chunks: ["index.html", "src/areas/portal/routes.tsx", "src/features/billing/pages/billing-page.tsx"],
    preload: /^\/v2\/billing(\/[^/]+)?\/?$/,
  },
  {
    page: "shop index",
    path: "/shop",
    budgetKb: 200,
    chunks: [
      "index.html",
      "src/areas/portal/routes.tsx",
      "src/features/shop/pages/shop-index-page.tsx",
      "src/features/shop/components/shop-header-actions.tsx",
    ],
    preload: /^\/shop\/?$/,
  },
  {
    page: "team home",
    path: "/team",
    budgetKb: 250,
    chunks: ["index.html", "src/areas/team/routes.tsx"],
    preload: /^\/team\/?$/,
  },
  {
    page: "personnel",
    path: "/team/personnel",
    budgetKb: 200,
    chunks: ["index.html", "src/areas/team/routes.tsx", "src/features/personnel/pages/personnel-page.tsx"],
    preload: /^\/team\/personnel\/?$/,
  },
];

/** The area route tables (web/src/routes.tsx picks one by the path's first segment). */
const areaChunks = {
  team: "src/areas/team/routes.tsx",
  admin: "src/areas/admin/routes.tsx",
  portal: "src/areas/portal/routes.tsx",
};

const ROBOTO = /roboto-latin-(400|500|700)-normal-[\w-]+\.woff2$/;

/** The build plugin described at the top of this file. */
export function firstLoadPlugin(webRoot: string): Plugin {
  let base = "/";
  return {
    name: "routewater:first-load",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const html = bundle["index.html"];
        if (html?.type !== "asset") return;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === "chunk");
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return;
        const byModule = new Map(
          chunks.filter((c) => c.facadeModuleId).map((c) => [relative(webRoot, c.facadeModuleId ?? ""), c]),
        );
        const inEntry = closure(bundle, entry);
        const filesOf = (key: string) => {
          const chunk = byModule.get(key);
          if (!chunk) this.error(`first-load: no chunk for ${key} (renamed? update scripts/first-load.ts)`);
          return [...closure(bundle, chunk)].filter((f) => !inEntry.has(f));
        };
        const areas = Object.fromEntries(Object.entries(areaChunks).map(([area, key]) => [area, filesOf(key)]));
        const pages = firstLoadPages.map((p) => {
          const [, areaKey, ...pageKeys] = p.chunks;
          const area = new Set(areaKey ? filesOf(areaKey) : []);
          const files = new Set(pageKeys.flatMap(filesOf).filter((f) => !area.has(f)));
          return [p.preload.source, [...files]];
        });

        // A page the server rendered (<html data-server-rendered>) is on screen before its scripts, which
        // only hydrate it: the server puts them in <template id="deferred-scripts">, and they load once the
        // page has been painted (a tab in the background has no paint to wait for), after what it shows
        // (decision 0413). "Painted" is the browser's first-contentful-paint entry, reported once the frame
        // is on screen: a frame and a task later (what browsers without paint timing wait) can come before
        // it on a busy CPU, and then the scripts share the network with the page's first paint. At most
        // 3 s (a paint never reported).
        const script = `(()=>{const m=${JSON.stringify({ base, areas, pages })},p=location.pathname,s=new Set(),
ssr=document.documentElement.hasAttribute("data-server-rendered");
const add=(f)=>{if(s.has(f))return;s.add(f);const l=document.createElement("link");
if(f.endsWith(".css")){l.rel="preload";l.as="style"}else{l.rel="modulepreload";l.crossOrigin=""}
l.href=m.base+f;document.head.appendChild(l)};
const preload=()=>{const a=/^\\/team(\\/|$)/i.test(p)?"team":/^\\/admin(\\/|$)/i.test(p)?"admin":"portal";
m.areas[a].forEach(add);for(const[r,f]of m.pages)if(new RegExp(r,"i").test(p))f.forEach(add)};
if(!ssr){preload();return}
const start=()=>{const t=document.getElementById("deferred-scripts");
for(const e of t?Array.from(t.content.children):[]){const n=document.createElement(e.localName);
for(const x of Array.from(e.attributes))n.setAttribute(x.name,x.value);document.head.appendChild(n)}preload()};
let started=false;const go=()=>{if(!started){started=true;start()}};
const later=()=>{if(document.visibilityState==="hidden")return go();
document.addEventListener("visibilitychange",()=>{if(document.visibilityState==="hidden")go()});
const P=window.PerformanceObserver;
if(!P||!(P.supportedEntryTypes||[]).includes("paint")){requestAnimationFrame(()=>setTimeout(go,0));return}
const painted=(l)=>l.getEntriesByName("first-contentful-paint").length>0;
if(painted(performance))return void setTimeout(go,0);
const o=new P((l)=>{if(painted(l)){o.disconnect();setTimeout(go,0)}});o.observe({type:"paint",buffered:true});
setTimeout(go,3000)};
if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",later);else later()})();
`;
        const scriptFile = this.emitFile({ type: "asset", name: "first-load.js", source: script });
        const scriptTag = `<script src="${base}${this.getFileName(scriptFile)}"></script>`;
        const fonts = Object.keys(bundle)
          .filter((f) => ROBOTO.test(f))
          .sort()
          .map((f) => `<link rel="preload" href="${base}${f}" as="font" type="font/woff2" crossorigin>`);
        const source = String(html.source);
        const anchor = "</title>";
        if (!source.includes(anchor)) this.error("first-load: index.html has no </title>");
        html.source = source.replace(anchor, `${anchor}\n    ${[...fonts, scriptTag].join("\n    ")}`);
      },
    },
  };
}

/** A chunk's file, its CSS and every chunk it imports statically (what loading it fetches). */
function closure(bundle: OutputBundle, start: OutputChunk): Set<string> {
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === "chunk") visit(next);
    }
  };
  visit(start);
  return files;
}
