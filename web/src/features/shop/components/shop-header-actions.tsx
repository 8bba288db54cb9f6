import { CartPopover } from "./cart-popover";
import { ShopLoginDialog } from "./shop-login-dialog";

/** What the shop adds to the customer header: the cart popup, and for visitors the sign-in dialog. */
export function ShopHeaderActions({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="flex items-center gap-1.5">
      <CartPopover />
      {signedIn ? null : <ShopLoginDialog />}
    </div>
  );
}
