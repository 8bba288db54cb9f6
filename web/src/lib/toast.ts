import type { toast as sonnerToast } from "sonner";

// sonner's toast for code that is in the first load of a page (query errors, the shop's cart): sonner
// loads on the first toast, not with the page (the toaster itself mounts right after the first render,
// components/shell/app-extras.tsx). Elsewhere import { toast } from "sonner" as usual.

type Toast = typeof sonnerToast;
const sonner = () => import("sonner").then((m) => m.toast);

export const toast = {
  success: (...args: Parameters<Toast["success"]>) => void sonner().then((t) => t.success(...args)),
  error: (...args: Parameters<Toast["error"]>) => void sonner().then((t) => t.error(...args)),
  info: (...args: Parameters<Toast["info"]>) => void sonner().then((t) => t.info(...args)),
};
