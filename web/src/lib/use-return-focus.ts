import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * A dialog opened from state (no DialogTrigger) gives focus back to the element that had it when the
 * dialog opened: pass the result as the content's `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before the dialog moves focus inside itself.
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body)
      opener.current = document.activeElement;
  }, [open]);
  return useCallback((event: Event) => {
    const el = opener.current;
    if (el?.isConnected) {
      event.preventDefault();
      el.focus();
    }
  }, []);
}
