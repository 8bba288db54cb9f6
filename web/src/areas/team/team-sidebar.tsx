import { BrandMark } from "@/components/shell/brand-mark";
import { useBranchBranding } from "@/lib/branding";
import type { Overview } from "@/lib/overview";
import { TeamNav } from "./team-nav";

// The team navigation's column: the brand, every team page grouped by domain, the signed-in employee. The
// layout shows it beside the page from 992px (team-layout.tsx); below, the drawer shows it (team-nav-drawer.tsx).

function initials(user: Overview) {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || user.email.charAt(0).toUpperCase();
}

function EmployeeBadge({ user }: { user: Overview }) {
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return (
    <div className="flex min-w-0 items-center gap-2.5">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-yellow font-semibold text-brand-dark text-xs"
      >
        {initials(user)}
      </span>
      <span className="grid min-w-0 leading-tight">
        <span className="truncate font-medium text-sm" data-testid="employee-name">
          {name}
        </span>
        <span className="truncate text-xs opacity-70">{user.email}</span>
      </span>
    </div>
  );
}

export function SidebarContent({ user, onNavigate }: { user: Overview; onNavigate?: () => void }) {
  const { branding } = useBranchBranding();
  return (
    <div className="flex h-full flex-col bg-brand-dark text-brand-offwhite">
      {/* In the drawer (onNavigate) the sheet's close button sits top right: the TEAM badge keeps clear of it. */}
      <div
        className={`flex h-14 shrink-0 items-center gap-2 border-white/10 border-b px-4 ${onNavigate ? "pr-12" : ""}`}
      >
        <BrandMark branding={branding} logoClassName="h-8" className="min-w-0" />
        <span className="ml-auto rounded bg-white/10 px-1.5 py-0.5 font-medium text-[11px] text-brand-yellow uppercase tracking-wider">
          Team
        </span>
      </div>
      <div className="flex-1 overflow-y-auto px-3 py-3">
        <TeamNav permissions={user.employeePermissions} onNavigate={onNavigate} />
      </div>
      <div className="shrink-0 border-white/10 border-t px-4 py-3">
        <EmployeeBadge user={user} />
      </div>
    </div>
  );
}
