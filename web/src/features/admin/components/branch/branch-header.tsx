import { ExternalLinkIcon } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { formatDateTime } from "@/lib/format";
import { type AdminBranch, useToggleBranchActivation } from "../../api";

/** The branch's name and state, its last sync and payment run, Open portal and (de)activation. */
export function BranchHeader({ branch }: { branch: AdminBranch }) {
  const toggle = useToggleBranchActivation({
    successToast: () => (branch.inactive ? "Branch activated." : "Branch deactivated."),
  });
  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            {branch.company}
            {branch.inactive ? <Badge variant="destructive">Inactive</Badge> : <Badge variant="success">Active</Badge>}
          </span>
        }
        description={
          <>
            Branch {branch.branchNumber} of {branch.tenantName} · host <span className="font-mono">{branch.host}</span>{" "}
            · last sync {formatDateTime(branch.lastWtdSync)} · last payment run{" "}
            {formatDateTime(branch.lastPaymentProcessTime)}
          </>
        }
        actions={
          <>
            <Button variant="outline" asChild>
              <a href={`/?host=${encodeURIComponent(branch.host)}`} target="_blank" rel="noopener noreferrer">
                <ExternalLinkIcon aria-hidden="true" />
                Open portal
              </a>
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant={branch.inactive ? "default" : "destructive"}>
                  {branch.inactive ? "Activate branch" : "Deactivate branch"}
                </Button>
              }
              title={branch.inactive ? "Activate this branch?" : "Deactivate this branch?"}
              description={
                branch.inactive
                  ? "Its portal and sign-in open again at once."
                  : "Its portal shows 'not enabled' and its users cannot sign in, at once."
              }
              destructive={!branch.inactive}
              confirmLabel={branch.inactive ? "Activate" : "Deactivate"}
              onConfirm={() => toggle.mutateAsync({ branchId: branch.id })}
            />
          </>
        }
      />
      {branch.inactive ? (
        <Alert variant="warning">
          <AlertTitle>This branch is inactive</AlertTitle>
          <AlertDescription>Its portal shows "not enabled" and its users cannot sign in.</AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}
