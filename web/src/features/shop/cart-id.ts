import { useSyncExternalStore } from "react";
import { currentBranchHost } from "@/lib/graphql";

// The shopping cart id: a random UUID kept in the browser, one per branch (the
// `host` parameter picks the branch), so a cart never travels to another branch's shop. It survives
// reloads and signing in; the server keeps the cart's lines under it.

const KEY = "shoppingCartId";
const listeners = new Set<() => void>();
const memory = new Map<string, string>();

function storageKey() {
  const host = currentBranchHost();
  return host ? `${KEY}:${host.toLowerCase()}` : KEY;
}

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isUuid = (v: string | null): v is string =>
  !!v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

function randomId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The current cart id, created on first use. */
export function getCartId(): string {
  const key = storageKey();
  const s = store();
  let id: string | null = null;
  try {
    id = s?.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    id = memory.get(key) ?? null;
  }
  if (isUuid(id)) return id;
  id = randomId();
  try {
    s?.setItem(key, id);
  } catch {
    // storage full or disabled: this page keeps the id in memory
  }
  memory.set(key, id);
  return id;
}

/** Starts a new, empty cart (the old id belonged to another shop). */
export function newCartId(): string {
  const key = storageKey();
  const id = randomId();
  try {
    store()?.setItem(key, id);
  } catch {
    // memory only
  }
  memory.set(key, id);
  for (const l of listeners) l();
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === storageKey()) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useCartId(): string {
  return useSyncExternalStore(subscribe, getCartId, getCartId);
}
