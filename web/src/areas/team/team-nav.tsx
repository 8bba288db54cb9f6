import { ChevronRightIcon, HouseIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useLocation } from "wouter";
import { cn } from "@/lib/utils";
import { offeredNavGroups, type TeamNavGroup } from "./team-pages";

const isActive = (path: string, location: string) => {
  const loc = location.toLowerCase().replace(/\/$/, "");
  const target = path.toLowerCase();
  return loc === target || loc.startsWith(`${target}/`);
};

/** The group a location belongs to (the best, i.e. longest, matching page). */
function groupOf(groups: TeamNavGroup[], location: string): string | null {
  let best: { id: string; length: number } | null = null;
  for (const group of groups) {
    for (const page of group.pages) {
      if (isActive(page.path, location) && (!best || page.path.length > best.length))
        best = { id: group.id, length: page.path.length };
    }
  }
  return best?.id ?? null;
}

/** The page in the navigation that stands for `location` (the longest matching path). */
function activePath(groups: TeamNavGroup[], location: string): string | null {
  let best: string | null = null;
  for (const group of groups)
    for (const page of group.pages)
      if (isActive(page.path, location) && (!best || page.path.length > best.length)) best = page.path;
  return best;
}

const linkClass =
  "flex min-h-8 items-center gap-2 rounded-md px-2.5 py-1.5 text-sm text-brand-offwhite/75 outline-none transition-colors hover:bg-white/8 hover:text-white focus-visible:ring-2 focus-visible:ring-brand-yellow aria-[current=page]:bg-white/12 aria-[current=page]:font-medium aria-[current=page]:text-white";

function NavGroup({
  group,
  open,
  onToggle,
  current,
  onNavigate,
}: {
  group: TeamNavGroup;
  open: boolean;
  onToggle: () => void;
  current: string | null;
  onNavigate?: () => void;
}) {
  const listId = `team-nav-${group.id}`;
  const Icon = group.icon;
  const containsCurrent = group.pages.some((p) => p.path === current);
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
        className={cn(
          "flex w-full items-center gap-2 rounded-md px-2.5 py-2 text-left font-medium text-brand-offwhite/90 text-sm outline-none transition-colors hover:bg-white/8 focus-visible:ring-2 focus-visible:ring-brand-yellow",
          containsCurrent && "text-brand-yellow",
        )}
      >
        <Icon aria-hidden="true" className="size-4 shrink-0 opacity-80" />
        <span className="flex-1">{group.label}</span>
        <ChevronRightIcon
          aria-hidden="true"
          className={cn("size-4 opacity-60 transition-transform", open && "rotate-90")}
        />
      </button>
      <ul id={listId} hidden={!open} className="mt-0.5 mb-1.5 ml-4 grid gap-0.5 border-white/10 border-l pl-2.5">
        {group.pages.map((page) => (
          <li key={page.path}>
            <Link
              href={page.path}
              onClick={onNavigate}
              aria-current={page.path === current ? "page" : undefined}
              className={linkClass}
            >
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The team pages this employee is offered, grouped by domain; the group of the current page starts open. */
export function TeamNav({ permissions, onNavigate }: { permissions: readonly string[]; onNavigate?: () => void }) {
  const [location] = useLocation();
  const groups = useMemo(() => offeredNavGroups(permissions), [permissions]);
  const current = activePath(groups, location);
  const currentGroup = groupOf(groups, location);
  // Groups the user opened or closed; the others follow "the current page's group is open".
  const [overrides, setOverrides] = useState<Record<string, boolean>>({});
  const isOpen = (id: string) => overrides[id] ?? id === currentGroup;
  const toggle = (id: string) => setOverrides((prev) => ({ ...prev, [id]: !(prev[id] ?? id === currentGroup) }));
  const atHome = location.replace(/\/$/, "").toLowerCase() === "/team";

  return (
    <nav aria-label="Team" className="grid gap-1">
      <Link
        href="/team"
        onClick={onNavigate}
        aria-current={atHome ? "page" : undefined}
        className={cn(linkClass, "font-medium")}
      >
        <HouseIcon aria-hidden="true" className="size-4" />
        Home
      </Link>
      <ul className="grid gap-0.5">
        {groups.map((group) => (
          <NavGroup
            key={group.id}
            group={group}
            open={isOpen(group.id)}
            onToggle={() => toggle(group.id)}
            current={current}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    </nav>
  );
}
