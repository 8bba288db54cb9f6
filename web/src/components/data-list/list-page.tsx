import type { ReactNode } from "react";
import { DocumentTitle } from "@/components/shell/document-title";
import { PageHeader } from "@/components/ui/page-header";

/**
 * A back-office page's frame: the tab's title, the page header (its h1, a line under it and the buttons
 * at the right), then the page's contents, one column 1rem apart. The tab says `title` unless given
 * `documentTitle` (a header that is not plain text).
 */
export function ListPage({
  title,
  documentTitle,
  description,
  actions,
  children,
}: {
  title: ReactNode;
  documentTitle?: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title={documentTitle ?? String(title)} />
      <PageHeader title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}
