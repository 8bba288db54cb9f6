import { DocumentTitle } from "@/components/shell/document-title";
import { PageHeader } from "@/components/ui/page-header";

/** Placeholder while this page is built (not linked from the menu until it works). */
export default function AutomationPage() {
  return (
    <div className="grid gap-4">
      <DocumentTitle title="Automation" />
      <PageHeader title="Automation" description="This page is being built." />
    </div>
  );
}
