import { useEffect } from "react";
import { useLocation } from "wouter";
import { Spinner } from "@/components/ui/spinner";
import { mergeQuery } from "@/lib/links";

/**
 * A page whose only job is to send the visitor on (keeping the query string). Used by the bare
 * billing, payment and payment-methods paths.
 */
export function RedirectPage({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    navigate(mergeQuery(to), { replace: true });
  }, [navigate, to]);
  return (
    <div className="flex items-center justify-center gap-2 py-16 text-muted-foreground text-sm">
      <Spinner />
      Redirecting…
    </div>
  );
}

/** Immediate redirect keeping the current query string (e.g. v2/account -> v2/account/login). */
export function RedirectKeepingQuery({ to }: { to: string }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    navigate(mergeQuery(to), { replace: true });
  }, [navigate, to]);
  return null;
}
