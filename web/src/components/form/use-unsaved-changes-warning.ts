import { useId, useLayoutEffect } from "react";

// Forms with unsaved changes, by hook instance: one warning however many forms are dirty.
const dirtyForms = new Set<string>();
const MESSAGE = "You have unsaved changes. Leave this page without saving them?";

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  event.returnValue = "";
}

/** A click on a link inside the app asks first; "Cancel" keeps the page (and the typed changes). */
function onLinkClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!link || link.getAttribute("target") === "_blank" || link.hasAttribute("download")) return;
  if (window.confirm(MESSAGE)) return;
  event.preventDefault();
  event.stopPropagation();
}

/**
 * Warns before unsaved changes are lost: closing or reloading the tab (the browser's own prompt) and
 * following a link (a confirmation). Pass the form's dirty state.
 */
export function useUnsavedChangesWarning(dirty: boolean) {
  const id = useId();
  // In the commit that shows the form clean (a layout effect, not a passive one, which may run a frame
  // later): a link clicked once Save shows disabled never asks about changes already saved.
  useLayoutEffect(() => {
    if (!dirty) return;
    if (dirtyForms.size === 0) {
      window.addEventListener("beforeunload", onBeforeUnload);
      document.addEventListener("click", onLinkClick, true);
    }
    dirtyForms.add(id);
    return () => {
      dirtyForms.delete(id);
      if (dirtyForms.size === 0) {
        window.removeEventListener("beforeunload", onBeforeUnload);
        document.removeEventListener("click", onLinkClick, true);
      }
    };
  }, [dirty, id]);
}
