import { PencilIcon, PlusIcon, SparklesIcon, Trash2Icon } from "lucide-react";
import { SafeHtml } from "@/components/safe-html";
import { QueryError } from "@/components/shell/query-error";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { formatDateTime } from "@/lib/format";
import { AUDIENCE_LABELS, EMPHASIS_LABELS, useDeleteWhatsNewPost, useWhatsNewPosts } from "../api";
import { Loading } from "./loading";
import { useWhatsNewDialogs } from "./whats-new-dialogs";

// The what's-new editor's posts: each with its audience, emphasis and date (scheduled when later
// than now), to edit or delete.

export function PostsTab() {
  const q = useWhatsNewPosts();
  const remove = useDeleteWhatsNewPost();
  const { editPost } = useWhatsNewDialogs();
  const posts = q.data?.whatsNewPosts.posts;
  const now = Date.now();

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button onClick={() => editPost(null)}>
          <PlusIcon aria-hidden="true" />
          New post
        </Button>
      </div>
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
                        <span>{formatDateTime(p.publishedAt, { omitThisYear: true })}</span>
                        {p.imageUrls.length ? <span>· {p.imageUrls.length} image(s)</span> : null}
                      </div>
                    </div>
                    <div className="flex shrink-0 gap-2">
                      <Button variant="outline" size="sm" onClick={() => editPost(p)} aria-label={`Edit ${p.title}`}>
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
                        onConfirm={() => remove.mutateAsync({ postId: p.id })}
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
