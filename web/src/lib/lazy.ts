import {
  type ComponentProps,
  type ComponentType,
  createContext,
  createElement,
  lazy,
  useContext,
  useState,
} from "react";

// A stale deployment: the page still references hashed chunks the server no longer has. The first
// failure of a given module reloads the page once (tracked per session); a second failure is a real
// error and reaches the route error boundary.

const RELOAD_KEY_PREFIX = "chunk-reload:";

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === "ChunkLoadError" || CHUNK_ERROR.test(error.message);
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** True when the page was reloaded for `moduleId` (the caller should wait for the reload). */
export function reloadOnceForChunk(moduleId: string): boolean {
  const store = session();
  const key = RELOAD_KEY_PREFIX + moduleId;
  if (!store || store.getItem(key)) return false;
  store.setItem(key, String(Date.now()));
  window.location.reload();
  return true;
}

// Server rendering (web/src/entry-server.tsx) lists the modules loaded on demand that a page rendered
// (lazy components, the HTML sanitizer), so that the browser loads exactly those before it hydrates the
// page: hydration then finds everything already there and takes over the server's HTML in one pass,
// with nothing left suspended.

/** Collects the ids of the on-demand modules rendered below it (the server's render only). */
export const RenderedLazyModules = createContext<Set<string> | null>(null);

/** Notes that the component rendering now needs the on-demand module `moduleId` (null: none). */
export function useRenderedModule(moduleId: string | null) {
  const rendered = useContext(RenderedLazyModules);
  if (moduleId) rendered?.add(moduleId);
}

const loaders = new Map<string, () => Promise<unknown>>();
const loadedModules = new Set<string>();

/** Registers how to load the on-demand module `moduleId` (never rejects). */
export function registerLazyModule(moduleId: string, load: () => Promise<unknown>) {
  loaders.set(moduleId, () =>
    load().then(
      () => void loadedModules.add(moduleId),
      () => undefined,
    ),
  );
}

/** Marks `moduleId` as there already (the server's own HTML sanitizer). */
export function markLazyModuleLoaded(moduleId: string) {
  loadedModules.add(moduleId);
}

/** True once the on-demand module `moduleId` has loaded (a lazy component then renders without suspending). */
export function isLazyModuleLoaded(moduleId: string): boolean {
  return loadedModules.has(moduleId);
}

/** Loads the on-demand modules `moduleIds` in order (a page's module is known once its area's has loaded). */
export async function preloadLazyModules(moduleIds: string[]): Promise<void> {
  for (const id of moduleIds) if (!loadedModules.has(id)) await loaders.get(id)?.();
}

/**
 * React.lazy with the stale-chunk reload; `moduleId` names the module in session storage (and the
 * server's list of rendered lazy modules). Mounted once its module has loaded, the component renders the
 * module directly (no suspending).
 */
// biome-ignore lint/suspicious/noExplicitAny: mirrors React.lazy's own signature
export function lazyWithReload<T extends ComponentType<any>>(moduleId: string, load: () => Promise<{ default: T }>) {
  let loaded: T | null = null;
  const loadAndKeep = async () => {
    const module = await load();
    loaded = module.default;
    return module;
  };
  registerLazyModule(moduleId, loadAndKeep);
  const Lazy = lazy(async () => {
    try {
      return await loadAndKeep();
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnceForChunk(moduleId)) {
        return new Promise<{ default: T }>(() => {}); // the page is reloading
      }
      throw error;
    }
  });
  function LazyModule(props: ComponentProps<T>) {
    useRenderedModule(moduleId);
    // Chosen once per mount: switching from Lazy to the module later would remount the subtree.
    const [Component] = useState(() => loaded ?? Lazy);
    // biome-ignore lint/suspicious/noExplicitAny: the props are T's own
    return createElement(Component as ComponentType<any>, props);
  }
  return LazyModule;
}
