import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { ListPage } from "@/components/data-list/list-page";
import { Button } from "@/components/ui/button";
import { useAllCustomFields } from "../api";
import { FieldList } from "../components/field-list";
import { NewFieldDialog } from "../components/new-field-dialog";

/** team/custom-fields: every custom field of the branch by table and type, and "New field". */
export default function CustomFieldsPage() {
  const query = useAllCustomFields();
  const [adding, setAdding] = useState(false);
  const fields = query.data?.customFields;
  return (
    <ListPage
      title="Custom fields"
      description="Extra fields on customers, service addresses, leads, project threads, activities, people and work orders."
      actions={
        <Button onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden="true" />
          New field
        </Button>
      }
    >
      <NewFieldDialog open={adding} onOpenChange={setAdding} fields={fields ?? []} />
      <FieldList fields={fields} query={query} />
    </ListPage>
  );
}
