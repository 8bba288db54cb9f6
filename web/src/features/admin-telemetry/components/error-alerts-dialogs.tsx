import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import type { ErrorAlertRow } from "../api";
import { AlertEditDialog } from "./alert-edit-dialog";
import { ExclusionDialog } from "./exclusion-dialog";

// The error alerts page's dialogs: any part of the page opens one through useErrorAlertsDialogs(), and
// <ErrorAlertsDialogs> (inside the provider) shows the open one. A dialog mounts fresh each time, so
// its form starts from the alert it edits.

type Open = { kind: "alert"; alert: ErrorAlertRow | null } | { kind: "exclusion" } | null;
type Dialogs = { editAlert: (alert: ErrorAlertRow | null) => void; addExclusion: () => void };

const DialogsContext = createContext<(Dialogs & { open: Open; close: () => void }) | null>(null);

export function ErrorAlertsDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>(null);
  const value = useMemo(
    () => ({
      open,
      close: () => setOpen(null),
      editAlert: (alert: ErrorAlertRow | null) => setOpen({ kind: "alert", alert }),
      addExclusion: () => setOpen({ kind: "exclusion" }),
    }),
    [open],
  );
  return <DialogsContext.Provider value={value}>{children}</DialogsContext.Provider>;
}

export function useErrorAlertsDialogs(): Dialogs {
  const value = useContext(DialogsContext);
  if (!value) throw new Error("useErrorAlertsDialogs is used outside ErrorAlertsDialogsProvider");
  return value;
}

export function ErrorAlertsDialogs() {
  const value = useContext(DialogsContext);
  if (!value?.open) return null;
  const { open, close } = value;
  return open.kind === "alert" ? (
    <AlertEditDialog key={open.alert?.id ?? "new"} alert={open.alert} onClose={close} />
  ) : (
    <ExclusionDialog onClose={close} />
  );
}
