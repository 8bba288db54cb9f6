import { useCallback, useSyncExternalStore } from "react";

/**
 * Stored preference: local storage key `preferences`, an object with
 * `themeMode` ("light" | "dark", default "light"); created on first read, merged on update.
 */
export type ThemeMode = "light" | "dark";

export interface Preferences {
  themeMode: ThemeMode;
}

export const PREFERENCES_KEY = "preferences";

const DEFAULT_PREFERENCES: Preferences = { themeMode: "light" };

type StoredObject = Record<string, unknown>;

// Fallback when local storage is unavailable or refuses writes: preferences live for this page only.
let memory: StoredObject | null = null;
let memoryOnly = false;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

function readRaw(): StoredObject | null {
  const store = storage();
  if (!store || memoryOnly) return memory;
  try {
    const text = store.getItem(PREFERENCES_KEY);
    if (text === null) return null;
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as StoredObject) : null;
  } catch {
    return null;
  }
}

function writeRaw(value: StoredObject): void {
  memory = value;
  const store = storage();
  if (!store) {
    memoryOnly = true;
    return;
  }
  try {
    store.setItem(PREFERENCES_KEY, JSON.stringify(value));
  } catch {
    memoryOnly = true; // quota exceeded or storage disabled
  }
}

function normalise(raw: StoredObject | null): Preferences {
  return {
    themeMode:
      raw?.themeMode === "dark" ? "dark" : raw?.themeMode === "light" ? "light" : DEFAULT_PREFERENCES.themeMode,
  };
}

/** Read the preferences; writes the defaults (merged with whatever is stored) on first read. */
export function readPreferences(): Preferences {
  const raw = readRaw();
  const prefs = normalise(raw);
  if (!raw || raw.themeMode !== prefs.themeMode) writeRaw({ ...raw, ...prefs });
  return prefs;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Merge `patch` into the stored object (unknown keys are kept), persist, and notify hooks. */
export function updatePreferences(patch: Partial<Preferences>): Preferences {
  const raw = readRaw() ?? {};
  const next = normalise({ ...raw, ...patch });
  writeRaw({ ...raw, ...next });
  if (patch.themeMode !== undefined) applyTheme(next.themeMode);
  notify();
  return next;
}

/** Add/remove the `dark` class on <html>. */
export function applyTheme(mode: ThemeMode): void {
  if (typeof document === "undefined") return;
  document.documentElement.classList.toggle("dark", mode === "dark");
}

/** Call once at startup, before the first render (index.html also does this inline, pre-paint). */
export function applyStoredTheme(): ThemeMode {
  const { themeMode } = readPreferences();
  applyTheme(themeMode);
  return themeMode;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== PREFERENCES_KEY) return;
    applyTheme(normalise(readRaw()).themeMode); // another tab changed it
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function getThemeSnapshot(): ThemeMode {
  return normalise(readRaw()).themeMode;
}

function getServerThemeSnapshot(): ThemeMode {
  return DEFAULT_PREFERENCES.themeMode;
}

/** `[mode, setMode, toggle]`; every component using it re-renders on change (also across tabs). */
export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void, () => void] {
  const mode = useSyncExternalStore(subscribe, getThemeSnapshot, getServerThemeSnapshot);
  const setMode = useCallback((next: ThemeMode) => {
    updatePreferences({ themeMode: next });
  }, []);
  const toggle = useCallback(() => {
    updatePreferences({ themeMode: getThemeSnapshot() === "dark" ? "light" : "dark" });
  }, []);
  return [mode, setMode, toggle];
}
