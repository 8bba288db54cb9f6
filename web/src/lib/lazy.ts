import { type ComponentType, lazy } from "react";

// A stale deployment: the page still references hashed chunks the server no longer has. The first
// failure of a given module reloads the page once (tracked per session); a second failure is a real
// error and reaches the route error boundary (SPEC section 4 and 8).

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

/** React.lazy with the stale-chunk reload; `moduleId` names the module in session storage. */
// biome-ignore lint/suspicious/noExplicitAny: mirrors React.lazy's own signature
export function lazyWithReload<T extends ComponentType<any>>(moduleId: string, load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      return await load();
    } catch (error) {
      if (isChunkLoadError(error) && reloadOnceForChunk(moduleId)) {
        return new Promise<{ default: T }>(() => {}); // the page is reloading
      }
      throw error;
    }
  });
}
