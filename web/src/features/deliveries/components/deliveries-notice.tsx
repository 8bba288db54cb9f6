import { SearchXIcon } from "lucide-react";
import { Link } from "wouter";
import { DocumentTitle } from "@/components/shell/document-title";
import { QueryError } from "@/components/shell/query-error";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

/** A deliveries page that could not load: its title, then the error with a retry. */
export function DeliveriesLoadError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  return (
    <>
      <DocumentTitle title="Deliveries" />
      <PageHeader title="Deliveries" />
      <QueryError error={error} title={title} onRetry={onRetry} />
    </>
  );
}

/** A deliveries page whose account or address is not the user's: its title, what was not found, and the way back. */
export function DeliveriesNotFound({
  title,
  description,
  back,
}: {
  title: string;
  description: string;
  back: { href: string; label: string };
}) {
  return (
    <>
      <DocumentTitle title="Deliveries" />
      <PageHeader title="Deliveries" />
      <EmptyState
        icon={<SearchXIcon aria-hidden="true" />}
        title={title}
        description={description}
        action={
          <Button asChild variant="outline">
            <Link href={back.href}>{back.label}</Link>
          </Button>
        }
        className="bg-card"
      />
    </>
  );
}
