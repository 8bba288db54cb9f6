import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "@/components/ui/button";

// Next and previous lead in the list the lead was opened from. The lead views page remembers the
// ordered ids it shows in sessionStorage ("lead-nav": { viewId, label, ids }); this reads them and
// offers "3 of 25 in <label>" with Previous and Next, and the keys j / k (and ] / [) when focus is not
// in a field or a dialog.

const KEY = "lead-nav";
type LeadNav = { viewId: string; label: string; ids: string[] };

function readNav(): LeadNav | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Partial<LeadNav> | null;
    if (!raw || !Array.isArray(raw.ids) || typeof raw.label !== "string") return null;
    return { viewId: String(raw.viewId ?? ""), label: raw.label, ids: raw.ids.filter((i) => typeof i === "string") };
  } catch {
    return null;
  }
}

const typing = (el: Element | null) =>
  !!el &&
  (el instanceof HTMLInputElement ||
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el as HTMLElement).isContentEditable ||
    !!el.closest("[role=dialog],[role=alertdialog],[role=listbox],[role=menu],[role=combobox]"));

export function LeadNavigation({ leadId }: { leadId: string }) {
  const nav = useMemo(readNav, []);
  const [, navigate] = useLocation();
  const at = nav ? nav.ids.indexOf(leadId) : -1;
  const prev = nav && at > 0 ? nav.ids[at - 1] : undefined;
  const next = nav && at >= 0 && at < nav.ids.length - 1 ? nav.ids[at + 1] : undefined;

  useEffect(() => {
    if (at < 0) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(document.activeElement)) return;
      const to = e.key === "j" || e.key === "]" ? next : e.key === "k" || e.key === "[" ? prev : undefined;
      if (!to) return;
      e.preventDefault();
      navigate(`/team/leads/${to}`);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [at, next, prev, navigate]);

  if (!nav || at < 0) return null;
  return (
    <nav aria-label="Leads of the list" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">
        {at + 1} of {nav.ids.length} in{" "}
        {nav.viewId ? (
          <Link href={`/team/lead-views/${nav.viewId}`} className="font-medium text-foreground hover:underline">
            {nav.label}
          </Link>
        ) : (
          <span className="font-medium text-foreground">{nav.label}</span>
        )}
      </span>
      <span className="flex gap-1">
        <Button
          variant="outline"
          size="sm"
          disabled={!prev}
          onClick={() => prev && navigate(`/team/leads/${prev}`)}
          aria-keyshortcuts="k ["
          title="Previous lead (k)"
        >
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!next}
          onClick={() => next && navigate(`/team/leads/${next}`)}
          aria-keyshortcuts="j ]"
          title="Next lead (j)"
        >
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </span>
    </nav>
  );
}
