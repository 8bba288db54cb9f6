// Applies the stored theme before the first paint (no flash on reload). A file, not an inline
// script, so the Content-Security-Policy needs no 'unsafe-inline' (docs/decisions/0009). Mirrors
// applyStoredTheme() in src/lib/preferences.ts, which runs again once the bundle loads.
(() => {
  try {
    const prefs = JSON.parse(localStorage.getItem("preferences") || "{}");
    if (prefs && prefs.themeMode === "dark") document.documentElement.classList.add("dark");
  } catch {}
})();
