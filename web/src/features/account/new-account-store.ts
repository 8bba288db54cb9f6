import type { EmailAvailability } from "./api";

// What the create-account flow carries from step to step (the email and what the check found). Kept in
// session storage so a reload or the Back button keeps the flow; cleared after an account is created.
const KEY = "new-account";

export type NewAccountState = { email: string; availability: EmailAvailability | null };

export function readNewAccount(): NewAccountState | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as NewAccountState) : null;
  } catch {
    return null;
  }
}

export function saveNewAccount(state: NewAccountState) {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // private mode without storage: the flow still works within this page
  }
}

export function clearNewAccount() {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
