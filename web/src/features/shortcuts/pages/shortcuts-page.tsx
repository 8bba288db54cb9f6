import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { ListPage } from "@/components/data-list/list-page";
import { Button } from "@/components/ui/button";
import { useWorkflowSetupPermissions } from "@/features/workflow-setup/permissions";
import { useShortcuts } from "../api";
import { NewShortcutDialog } from "../components/new-shortcut-dialog";
import { ShortcutList } from "../components/shortcut-list";
import { useEditorOptions } from "../components/use-editor-options";

/** team/shortcuts: the branch's workflow shortcuts, and "New shortcut" for those who configure them. */
export default function ShortcutsPage() {
  const query = useShortcuts();
  const { canConfigure } = useWorkflowSetupPermissions();
  const { stepName } = useEditorOptions("PROJECT_THREAD");
  const [adding, setAdding] = useState(false);
  return (
    <ListPage
      title="Shortcuts"
      description="Named sets of actions your team applies to one record or many in one click."
      actions={
        canConfigure ? (
          <Button onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden="true" />
            New shortcut
          </Button>
        ) : null
      }
    >
      {canConfigure ? <NewShortcutDialog open={adding} onOpenChange={setAdding} /> : null}
      <ShortcutList shortcuts={query.data?.workflowShortcuts} query={query} stepName={stepName} />
    </ListPage>
  );
}
