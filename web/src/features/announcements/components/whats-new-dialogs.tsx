import { createContext, type ReactNode, useContext, useMemo, useState } from "react";
import type { BranchChoice, PortalBanner, WhatsNewPost } from "../api";
import { BannerDialog } from "./banner-dialog";
import { PostDialog } from "./post-dialog";
import { SaveAsTemplateDialog } from "./save-as-template-dialog";

// The what's-new editor's dialogs: either tab opens one through useWhatsNewDialogs(), and
// <WhatsNewDialogs> (inside the provider) shows the open one, mounted fresh so its form starts from
// what it edits.

type BannerEdit = { banner: PortalBanner | null; template: PortalBanner | null; branches: BranchChoice[] };
type Open =
  | { kind: "post"; post: WhatsNewPost | null }
  | ({ kind: "banner" } & BannerEdit)
  | { kind: "template"; banner: PortalBanner }
  | null;
type Dialogs = {
  editPost: (post: WhatsNewPost | null) => void;
  editBanner: (edit: BannerEdit) => void;
  saveAsTemplate: (banner: PortalBanner) => void;
};

const DialogsContext = createContext<(Dialogs & { open: Open; close: () => void }) | null>(null);

export function WhatsNewDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>(null);
  const value = useMemo(
    () => ({
      open,
      close: () => setOpen(null),
      editPost: (post: WhatsNewPost | null) => setOpen({ kind: "post", post }),
      editBanner: (edit: BannerEdit) => setOpen({ kind: "banner", ...edit }),
      saveAsTemplate: (banner: PortalBanner) => setOpen({ kind: "template", banner }),
    }),
    [open],
  );
  return <DialogsContext.Provider value={value}>{children}</DialogsContext.Provider>;
}

export function useWhatsNewDialogs(): Dialogs {
  const value = useContext(DialogsContext);
  if (!value) throw new Error("useWhatsNewDialogs is used outside WhatsNewDialogsProvider");
  return value;
}

export function WhatsNewDialogs() {
  const value = useContext(DialogsContext);
  if (!value?.open) return null;
  const { open, close } = value;
  if (open.kind === "post") return <PostDialog key={open.post?.id ?? "new"} post={open.post} onClose={close} />;
  if (open.kind === "template") return <SaveAsTemplateDialog banner={open.banner} onClose={close} />;
  return (
    <BannerDialog
      key={open.banner?.id ?? open.template?.id ?? "new"}
      banner={open.banner}
      template={open.template}
      branches={open.branches}
      onClose={close}
    />
  );
}
