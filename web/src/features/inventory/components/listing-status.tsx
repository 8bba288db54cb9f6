import { Badge } from "@/components/ui/badge";
import type { ListingStatus } from "../api";

export const listingLabels: Record<ListingStatus, string> = {
  LISTED_AND_PURCHASABLE: "Listed, for sale",
  LISTED_BUT_NOT_PURCHASABLE: "Listed, not for sale",
  NOT_LISTED: "Not listed",
};

export const listingHelp: Record<ListingStatus, string> = {
  LISTED_AND_PURCHASABLE: "Shown in the shop; customers can add it to their cart.",
  LISTED_BUT_NOT_PURCHASABLE: "Shown in the shop for information only (e.g. call to order).",
  NOT_LISTED: "Hidden from the shop.",
};

/** The item's shop status as a coloured badge. */
export function ListingBadge({ status, inactive }: { status: ListingStatus; inactive?: boolean }) {
  if (inactive) return <Badge variant="outline">Inactive</Badge>;
  const variant = status === "LISTED_AND_PURCHASABLE" ? "success" : status === "NOT_LISTED" ? "secondary" : "info";
  return <Badge variant={variant}>{listingLabels[status]}</Badge>;
}
