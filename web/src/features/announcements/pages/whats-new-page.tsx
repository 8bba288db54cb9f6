import { SparklesIcon } from "lucide-react";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { useWhatsNewLatest } from "../api";
import { WhatsNewPostView } from "../components/whats-new-post";

/** /whats-new: the latest release notes for whoever reads (visitor, customer, employee or admin). */
export default function WhatsNewPage() {
  const q = useWhatsNewLatest(20);
  const posts = q.data?.whatsNewLatestN;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4">
      <DocumentTitle title="What's new" />
      <PageHeader title="What's new" description="Highlights of the latest updates." />
      {q.isError && !posts ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : !posts ? (
        <div role="status" aria-label="Loading posts" className="grid gap-4">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : posts.length === 0 ? (
        <EmptyState icon={<SparklesIcon />} title="Nothing new yet" description="New features will show up here." />
      ) : (
        posts.map((p) => <WhatsNewPostView key={p.id} post={p} />)
      )}
    </div>
  );
}
