/** First focusable element of every layout: jumps over the navigation to <main id="main">. */
export function SkipLink({ target = "#main" }: { target?: string }) {
  return (
    <a
      href={target}
      className="sr-only z-50 rounded-md bg-brand-yellow px-3 py-2 font-medium text-brand-dark text-sm focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to content
    </a>
  );
}
