import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { DocumentTitle } from "@/components/shell/document-title";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { useLeadForms } from "./forms-api";
import { LeadFormList } from "./forms-list";
import { NewLeadFormDialog } from "./forms-new-dialog";

/** team/lead-forms: the branch's lead forms, "New form", and activation. */
export default function LeadFormsPage() {
  const query = useLeadForms();
  const [adding, setAdding] = useState(false);
  return (
    <div className="grid grid-cols-1 gap-4">
      <DocumentTitle title="Lead forms" />
      <PageHeader
        title="Lead forms"
        description="Web forms prospects fill in; each answer becomes a lead. Make one public to share or embed it."
        actions={
          <Button onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden="true" />
            New form
          </Button>
        }
      />
      <NewLeadFormDialog open={adding} onOpenChange={setAdding} forms={query.data?.leadForms ?? []} />
      <LeadFormList forms={query.data?.leadForms} query={query} />
    </div>
  );
}
