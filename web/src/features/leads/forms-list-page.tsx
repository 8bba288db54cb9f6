import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { ListPage } from "@/components/data-list/list-page";
import { Button } from "@/components/ui/button";
import { useLeadForms } from "./forms-api";
import { LeadFormList } from "./forms-list";
import { NewLeadFormDialog } from "./forms-new-dialog";

/** team/lead-forms: the branch's lead forms, "New form", and activation. */
export default function LeadFormsPage() {
  const query = useLeadForms();
  const [adding, setAdding] = useState(false);
  return (
    <ListPage
      title="Lead forms"
      description="Web forms prospects fill in; each answer becomes a lead. Make one public to share or embed it."
      actions={
        <Button onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden="true" />
          New form
        </Button>
      }
    >
      <NewLeadFormDialog open={adding} onOpenChange={setAdding} forms={query.data?.leadForms ?? []} />
      <LeadFormList forms={query.data?.leadForms} query={query} />
    </ListPage>
  );
}
