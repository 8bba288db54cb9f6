import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import type { AdminBranch } from "../../api";

// The branch page's provider: the branch on screen and which of its dialogs is open (one at a time),
// so the cards open a dialog and <BranchDialogs> draws it.

export type BankRow = AdminBranch["banks"][number];
export type PhoneRow = AdminBranch["messagingPhones"][number];

export type BranchDialog =
  | { kind: "bank"; bank: BankRow | null }
  | { kind: "phone"; phone: PhoneRow | null }
  | { kind: "apiKey"; apiKey: string }
  | null;

type BranchContextValue = {
  branch: AdminBranch;
  dialog: BranchDialog;
  open: (dialog: BranchDialog) => void;
  close: () => void;
};

const BranchContext = createContext<BranchContextValue | null>(null);

export function BranchProvider({ branch, children }: { branch: AdminBranch; children: ReactNode }) {
  const [dialog, setDialog] = useState<BranchDialog>(null);
  const value = useMemo(() => ({ branch, dialog, open: setDialog, close: () => setDialog(null) }), [branch, dialog]);
  return <BranchContext.Provider value={value}>{children}</BranchContext.Provider>;
}

export function useBranchPage(): BranchContextValue {
  const value = useContext(BranchContext);
  if (!value) throw new Error("useBranchPage outside <BranchProvider>");
  return value;
}
