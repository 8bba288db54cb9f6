import { lazyPage } from "@/lib/lazy-page";

// The portal's account and manage pages, each its own chunk (with a page skeleton, not the whole shell,
// while it loads): the area's own chunk holds only the layouts, so the sign-in page, billing and the
// shop load nothing of the others (docs/decisions/0410-first-load-budget.md).

export const LoginPage = lazyPage("login-page", () =>
  import("@/features/account/pages/login-page").then((m) => m.LoginPage),
);
export const CreateAccountPage = lazyPage("create-account-page", () =>
  import("@/features/account/pages/create-account-page").then((m) => m.CreateAccountPage),
);
export const ForgotPasswordPage = lazyPage("forgot-password-page", () =>
  import("@/features/account/pages/forgot-password-page").then((m) => m.ForgotPasswordPage),
);
export const ResetPasswordPage = lazyPage("reset-password-page", () =>
  import("@/features/account/pages/reset-password-page").then((m) => m.ResetPasswordPage),
);
export const NeedsVerificationPage = lazyPage("needs-verification-page", () =>
  import("@/features/account/pages/needs-verification-page").then((m) => m.NeedsVerificationPage),
);
export const VerifyEmailPage = lazyPage("verify-email-page", () =>
  import("@/features/account/pages/verify-email-page").then((m) => m.VerifyEmailPage),
);
export const ManagePage = lazyPage("manage-page", () =>
  import("@/features/manage/pages/manage-page").then((m) => m.ManagePage),
);
export const UpdateAccountPage = lazyPage("update-account-page", () =>
  import("@/features/manage/pages/update-account-page").then((m) => m.UpdateAccountPage),
);
export const UpdatePasswordPage = lazyPage("update-password-page", () =>
  import("@/features/manage/pages/update-password-page").then((m) => m.UpdatePasswordPage),
);
export const WhatsNewPage = lazyPage("whats-new-page", () =>
  import("@/features/system/pages/whats-new-page").then((m) => m.WhatsNewPage),
);
