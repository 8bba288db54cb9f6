import {
  CopyIcon,
  ExternalLinkIcon,
  MegaphoneIcon,
  PencilIcon,
  PlusIcon,
  SparklesIcon,
  Trash2Icon,
} from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Link, useLocation, useSearch } from "wouter";
import { SafeHtml } from "@/components/safe-html";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { describeRequestError } from "@/lib/query-client";
import {
  AUDIENCE_LABELS,
  EMPHASIS_LABELS,
  type PortalBanner,
  TARGET_LABELS,
  textColorFor,
  useDeletePortalBanner,
  useDeleteWhatsNewPost,
  usePortalBanners,
  useRefreshAnnouncements,
  useSetPortalBannerAsTemplate,
  useWhatsNewPosts,
  type WhatsNewPost,
} from "../api";
import { BannerDialog } from "../components/banner-dialog";
import { formatWhen } from "../components/datetime";
import { PostDialog } from "../components/post-dialog";

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      <Skeleton className="h-24" />
      <Skeleton className="h-24" />
    </div>
  );
}

// ───────────── posts ─────────────

function PostsTab() {
  const q = useWhatsNewPosts();
  const remove = useDeleteWhatsNewPost();
  const refresh = useRefreshAnnouncements();
  const [editing, setEditing] = useState<{ post: WhatsNewPost | null } | null>(null);
  const posts = q.data?.whatsNewPosts.posts;
  const now = Date.now();

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ post: null })}>
          <PlusIcon aria-hidden="true" />
          New post
        </Button>
      </div>
      <PostDialog open={!!editing} onOpenChange={(o) => !o && setEditing(null)} post={editing?.post ?? null} />
      {q.isError && !posts ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : !posts ? (
        <Loading label="Loading posts" />
      ) : posts.length === 0 ? (
        <EmptyState icon={<SparklesIcon />} title="No posts yet" description="Write the first release note." />
      ) : (
        <ul className="grid gap-3" aria-label="Posts">
          {posts.map((p) => {
            const scheduled = new Date(p.publishedAt).getTime() > now;
            return (
              <li key={p.id}>
                <Card className="gap-2 p-4">
                  <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                    <div className="grid min-w-0 gap-1">
                      <h3 className="truncate font-medium">{p.title}</h3>
                      <div className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-xs">
                        <Badge variant="outline">{AUDIENCE_LABELS[p.audience]}</Badge>
                        <Badge variant={p.emphasis === "IMPORTANT" ? "destructive" : "secondary"}>
                          {EMPHASIS_LABELS[p.emphasis]}
                        </Badge>
                        {scheduled ? <Badge variant="info">Scheduled</Badge> : null}
                        <span>{formatWhen(p.publishedAt)}</span>
                        {p.imageUrls.length ? <span>· {p.imageUrls.length} image(s)</span> : null}
                      </div>
                    </div>
                    <div className="flex shrink-0 gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setEditing({ post: p })}
                        aria-label={`Edit ${p.title}`}
                      >
                        <PencilIcon aria-hidden="true" />
                        Edit
                      </Button>
                      <ConfirmDialog
                        trigger={
                          <Button variant="outline" size="sm" aria-label={`Delete ${p.title}`}>
                            <Trash2Icon aria-hidden="true" />
                            Delete
                          </Button>
                        }
                        destructive
                        title={`Delete "${p.title}"?`}
                        description="Readers will no longer see it; its images are deleted too."
                        onConfirm={async () => {
                          try {
                            const r = await remove.mutateAsync({ postId: p.id });
                            toast.success(r.deleteWhatsNewPost.message);
                            await refresh();
                          } catch (error) {
                            toast.error(describeRequestError(error));
                            throw error;
                          }
                        }}
                      />
                    </div>
                  </div>
                  <SafeHtml html={p.bodyHtml} className="line-clamp-2 text-muted-foreground text-sm [&_img]:hidden" />
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

// ───────────── banners ─────────────

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

function SaveAsTemplateDialog({ banner, onClose }: { banner: PortalBanner | null; onClose: () => void }) {
  const save = useSetPortalBannerAsTemplate();
  const refresh = useRefreshAnnouncements();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog
      open={!!banner}
      onOpenChange={(o) => {
        if (!o) onClose();
        setName("");
        setError(null);
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Save as template</DialogTitle>
          <DialogDescription>Start later banners from this one's text, colour and portal.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!banner) return;
            if (!name.trim()) return setError("Template name is required.");
            try {
              const r = await save.mutateAsync({ bannerId: banner.id, templateName: name });
              if (!r.setPortalBannerAsTemplate.isSuccess) return setError(r.setPortalBannerAsTemplate.message);
              toast.success(r.setPortalBannerAsTemplate.message);
              await refresh();
              onClose();
              setName("");
            } catch (err) {
              setError(describeRequestError(err));
            }
          }}
        >
          <FormField label="Template name" error={error ?? undefined} required>
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save template
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function BannersTab() {
  const banners = usePortalBanners(false);
  const templates = usePortalBanners(true);
  const remove = useDeletePortalBanner();
  const refresh = useRefreshAnnouncements();
  const [dialog, setDialog] = useState<{ banner: PortalBanner | null; template: PortalBanner | null } | null>(null);
  const [asTemplate, setAsTemplate] = useState<PortalBanner | null>(null);
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
      onConfirm={async () => {
        try {
          const r = await remove.mutateAsync({ bannerId: b.id });
          toast.success(r.deletePortalBanner.message);
          await refresh();
        } catch (error) {
          toast.error(describeRequestError(error));
          throw error;
        }
      }}
    />
  );

  return (
    <div className="grid gap-6">
      <div className="flex justify-end">
        <Button onClick={() => setDialog({ banner: null, template: null })}>
          <PlusIcon aria-hidden="true" />
          New banner
        </Button>
      </div>
      <BannerDialog
        open={!!dialog}
        onOpenChange={(o) => !o && setDialog(null)}
        banner={dialog?.banner ?? null}
        template={dialog?.template ?? null}
        branches={branches}
      />
      <SaveAsTemplateDialog banner={asTemplate} onClose={() => setAsTemplate(null)} />

      <section aria-labelledby="banners-heading" className="grid gap-3">
        <h2 id="banners-heading" className="font-medium">
          Banners
        </h2>
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
                          · {formatWhen(b.startTime)} – {formatWhen(b.endTime)}
                        </span>
                      </div>
                      <div className="flex shrink-0 flex-wrap gap-2">
                        <Button variant="outline" size="sm" onClick={() => setDialog({ banner: b, template: null })}>
                          <PencilIcon aria-hidden="true" />
                          Edit
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => setAsTemplate(b)}>
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
      </section>

      <section aria-labelledby="templates-heading" className="grid gap-3">
        <h2 id="templates-heading" className="font-medium">
          Templates
        </h2>
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
                    <Button size="sm" onClick={() => setDialog({ banner: null, template: t })}>
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
      </section>
    </div>
  );
}

/** admin/whats-new: the what's-new posts and the portal banners (with their templates). */
export default function WhatsNewAdminPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = new URLSearchParams(search).get("tab") === "banners" ? "banners" : "posts";
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Edit What's New" />
      <PageHeader
        title="Edit What's New"
        description="Release notes on the What's new page, and banners across the top of a branch's portal."
        actions={
          <Button asChild variant="outline">
            <Link href="/whats-new">
              <ExternalLinkIcon aria-hidden="true" />
              Open What's new
            </Link>
          </Button>
        }
      />
      <Tabs
        value={tab}
        onValueChange={(v) => navigate(`/admin/whats-new${v === "banners" ? "?tab=banners" : ""}`, { replace: true })}
      >
        <TabsList>
          <TabsTrigger value="posts">Posts</TabsTrigger>
          <TabsTrigger value="banners">Portal banners</TabsTrigger>
        </TabsList>
        <TabsContent value="posts" className="pt-4">
          <PostsTab />
        </TabsContent>
        <TabsContent value="banners" className="pt-4">
          <BannersTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
