import type { LucideIcon } from "lucide-react";
import type { PageRoute } from "@/lib/route-table";

export type TeamNavGroup = { id: string; label: string; icon: LucideIcon; pages: PageRoute[] };

/** A team page at /team/{path}, with its title and the line the home page and menus show. */
export const p = (path: string, title: string, description: string): PageRoute => ({
  path: `/team/${path}`,
  title,
  description,
});
