import { CopyIcon, MegaphoneIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import type { ReactNode } from "react";
import { SafeHtml } from "@/components/safe-html";
import { QueryError } from "@/components/shell/query-error";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/lib/format";
import { type PortalBanner, TARGET_LABELS, textColorFor, useDeletePortalBanner, usePortalBanners } from "../api";
import { Loading } from "./loading";
import { useWhatsNewDialogs } from "./whats-new-dialogs";

// The what's-new editor's portal banners (showing now, scheduled or ended) and their templates.

function windowState(b: PortalBanner, now: number) {
  if (new Date(b.endTime).getTime() <= now) return { label: "Ended", variant: "secondary" as const };
  if (new Date(b.startTime).getTime() > now) return { label: "Scheduled", variant: "info" as const };
  return { label: "Showing now", variant: "success" as const };
}

function BannerStrip({ b }: { b: PortalBanner }) {
  return (
    <div
      className="rounded-md px-3 py-2 text-sm [&_a]:underline [&_p]:my-0"
      style={{ backgroundColor: b.backgroundColor, color: textColorFor(b.backgroundColor) }}
    >
      <SafeHtml html={b.bodyHtml} />
    </div>
  );
}

/** A part of the tab under its heading (the heading names the section). */
function HeadedSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="font-medium">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function BannersTab() {
  const banners = usePortalBanners(false);
  const templates = usePortalBanners(true);
  const remove = useDeletePortalBanner();
  const { editBanner, saveAsTemplate } = useWhatsNewDialogs();
  const list = banners.data?.portalBanners;
  const branches = banners.data?.branchesOverview ?? [];
  const branchName = (id: string | null) =>
    id ? (branches.find((b) => b.id === id)?.company ?? "Unknown branch") : "Every branch";
  const now = Date.now();

  const deleteButton = (b: PortalBanner, what: string) => (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Delete ${what}`}>
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      }
      destructive
      title={`Delete this ${what}?`}
      onConfirm={() => remove.mutateAsync({ bannerId: b.id })}
    />
  );

  return (
    <div className="grid gap-6">
      <div className="flex justify-end">
        <Button onClick={() => editBanner({ banner: null, template: null, branches })}>
          <PlusIcon aria-hidden="true" />
          New banner
        </Button>
      </div>

      <HeadedSection id="banners-heading" title="Banners">
        {banners.isError && !list ? (
          <QueryError error={banners.error} onRetry={() => banners.refetch()} />
        ) : !list ? (
          <Loading label="Loading banners" />
        ) : list.length === 0 ? (
          <EmptyState
            icon={<MegaphoneIcon />}
            title="No banners"
            description="Create one, or start from a template below."
          />
        ) : (
          <ul className="grid gap-3" aria-label="Banners">
            {list.map((b) => {
              const state = windowState(b, now);
              return (
                <li key={b.id}>
                  <Card className="gap-3 p-4">
                    <BannerStrip b={b} />
                    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                      <div className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-xs">
                        <Badge variant={state.variant}>{state.label}</Badge>
                        <Badge variant="outline">{TARGET_LABELS[b.targetPortal]}</Badge>
                        <span>{branchName(b.branchId)}</span>
                        <span>
                          · {formatDateTime(b.startTime, { omitThisYear: true })} –{" "}
                          {formatDateTime(b.endTime, { omitThisYear: true })}
                        </span>
                      </div>
                      <div className="flex shrink-0 flex-wrap gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => editBanner({ banner: b, template: null, branches })}
                        >
                          <PencilIcon aria-hidden="true" />
                          Edit
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => saveAsTemplate(b)}>
                          <CopyIcon aria-hidden="true" />
                          Save as template
                        </Button>
                        {deleteButton(b, "banner")}
                      </div>
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </HeadedSection>

      <HeadedSection id="templates-heading" title="Templates">
        {!templates.data ? (
          <Loading label="Loading templates" />
        ) : templates.data.portalBanners.length === 0 ? (
          <p className="text-muted-foreground text-sm">No templates. Save a banner as a template to reuse it.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Templates">
            {templates.data.portalBanners.map((t) => (
              <li key={t.id}>
                <Card className="gap-3 p-4">
                  <div className="flex items-center justify-between gap-2">
                    <h3 className="truncate font-medium text-sm">{t.templateName}</h3>
                    <Badge variant="outline">{TARGET_LABELS[t.targetPortal]}</Badge>
                  </div>
                  <BannerStrip b={t} />
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" onClick={() => editBanner({ banner: null, template: t, branches })}>
                      <PlusIcon aria-hidden="true" />
                      Use template
                    </Button>
                    {deleteButton(t, "template")}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </HeadedSection>
    </div>
  );
}
