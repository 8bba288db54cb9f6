import { DocumentTitle } from "@/components/shell/document-title";
import { PageHeader, type PageHeaderProps } from "@/components/ui/page-header";

/**
 * A PageHeader whose title is also the document's (the browser tab's). Apart from page-header.tsx so
 * that pages showing a PageHeader alone do not load the document title with it.
 */
export function TitledPageHeader({ title, ...props }: PageHeaderProps & { title: string }) {
  return (
    <>
      <DocumentTitle title={title} />
      <PageHeader title={title} {...props} />
    </>
  );
}
