import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/lib/toast";
import { BankDialog } from "./bank-dialog";
import { useBranchPage } from "./branch-context";
import { PhoneDialog } from "./phone-dialog";

/** The new API key, shown this once. */
function NewApiKeyDialog({ apiKey, onClose }: { apiKey: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>The new API key</DialogTitle>
          <DialogDescription>Copy it now: it is shown this once and never again.</DialogDescription>
        </DialogHeader>
        <code className="break-all rounded-md bg-muted p-3 font-mono text-sm" data-testid="new-api-key">
          {apiKey}
        </code>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              void navigator.clipboard?.writeText(apiKey);
              toast.success("Copied.");
            }}
          >
            Copy
          </Button>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The branch page's dialogs: the one its provider says is open. */
export function BranchDialogs() {
  const { branch, dialog, close } = useBranchPage();
  if (!dialog) return null;
  if (dialog.kind === "bank") return <BankDialog branch={branch} bank={dialog.bank} onClose={close} />;
  if (dialog.kind === "phone") return <PhoneDialog branch={branch} phone={dialog.phone} onClose={close} />;
  return <NewApiKeyDialog apiKey={dialog.apiKey} onClose={close} />;
}
