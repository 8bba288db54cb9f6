import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { ListPage } from "@/components/data-list/list-page";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { useHasPermission } from "@/lib/permissions";
import { type LeadSourceRow, useLeadSources, useRevokeLeadSourceKey, useSetLeadSourceInactive } from "./sources-api";
import { KeyDialog, SourceDialog } from "./sources-dialogs";
import { type SourceAction, SourceList } from "./sources-list";

/**
 * team/lead-sources: where leads come from. A lead admin adds and edits sources, switches one off, and
 * gives each its own intake key (shown once) so a vendor posts leads to /api/leads; revoking one
 * vendor's key or switching its source off leaves the others working.
 */
export default function LeadSourcesPage() {
  const sources = useLeadSources();
  const canConfigure = useHasPermission()("LEAD_ADMIN");
  const toggle = useSetLeadSourceInactive();
  const revoke = useRevokeLeadSourceKey();
  const [editing, setEditing] = useState<{ source: LeadSourceRow | null } | null>(null);
  const [keyFor, setKeyFor] = useState<LeadSourceRow | null>(null);
  const [revoking, setRevoking] = useState<LeadSourceRow | null>(null);
  const act = (action: SourceAction, s: LeadSourceRow) => {
    if (action === "edit") setEditing({ source: s });
    else if (action === "key") setKeyFor(s);
    else if (action === "revoke") setRevoking(s);
    else toggle.run({ id: s.id, inactive: !s.inactive });
  };
  return (
    <ListPage
      title="Lead sources"
      description="Where your leads come from, and the keys that let a vendor post them to you."
      actions={
        canConfigure ? (
          <Button onClick={() => setEditing({ source: null })}>
            <PlusIcon aria-hidden="true" />
            New source
          </Button>
        ) : null
      }
    >
      {canConfigure ? (
        <Alert>
          <AlertTitle>Posting leads</AlertTitle>
          <AlertDescription>
            Create a key for a source and give it to the vendor: it posts leads to{" "}
            <code className="font-mono">POST /api/leads</code> with{" "}
            <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>. Each answer says whether the lead was
            created, a duplicate or invalid. Revoking the key or deactivating the source stops that vendor only.
          </AlertDescription>
        </Alert>
      ) : null}
      <SourceList sources={sources.data?.leadSources} query={sources} onAction={canConfigure ? act : undefined} />
      {canConfigure ? (
        <>
          <SourceDialog
            open={!!editing}
            onOpenChange={(o) => (o ? null : setEditing(null))}
            source={editing?.source ?? null}
          />
          <KeyDialog source={keyFor} onClose={() => setKeyFor(null)} />
          <ConfirmDialog
            open={!!revoking}
            onOpenChange={(o) => (o ? null : setRevoking(null))}
            destructive
            title={`Revoke the key of ${revoking?.name ?? ""}?`}
            description="Posts with it are refused from the next one on. The source keeps its leads; you can create a new key later."
            confirmLabel="Revoke key"
            onConfirm={async () => {
              if (revoking) await revoke.mutateAsync({ id: revoking.id });
            }}
          />
        </>
      ) : null}
    </ListPage>
  );
}
