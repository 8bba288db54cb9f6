import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { ListPage } from "@/components/data-list/list-page";
import { Button } from "@/components/ui/button";
import { useSavedActions } from "../api";
import { NewSavedActionDialog } from "../components/new-saved-action-dialog";
import { SavedActionList } from "../components/saved-action-list";

/** team/saved-actions: the caller's saved actions and the public ones, and "New saved action". */
export default function SavedActionsPage() {
  const query = useSavedActions();
  const [adding, setAdding] = useState(false);
  return (
    <ListPage
      title="Saved actions"
      description="Shortcuts saved with the list they run on: preview, run on up to 10,000 records, undo for 24 hours."
      actions={
        <Button onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden="true" />
          New saved action
        </Button>
      }
    >
      <NewSavedActionDialog open={adding} onOpenChange={setAdding} />
      <SavedActionList savedActions={query.data?.savedActions} query={query} />
    </ListPage>
  );
}
