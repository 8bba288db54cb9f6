import type { DataColumn } from "@/components/data-list/data-table";
import type { PlatformUser } from "../../api";

/** A user's name, or their email when the account has no name. */
export const userName = (u: PlatformUser) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/**
 * The Name and Email columns every user list opens with (sorted by "NAME" and "EMAIL"): on a phone the
 * Email column hides and the email shows under the name instead.
 */
export function nameAndEmailColumns<S extends string>(): DataColumn<PlatformUser, S | "NAME" | "EMAIL">[] {
  return [
    {
      header: "Name",
      sort: "NAME",
      cell: (u) => (
        <>
          <div className="font-medium">{userName(u)}</div>
          <div className="break-all text-muted-foreground text-xs sm:hidden">{u.email}</div>
        </>
      ),
    },
    { header: "Email", sort: "EMAIL", className: "hidden break-all sm:table-cell", cell: (u) => u.email },
  ];
}
