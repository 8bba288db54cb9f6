import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** A column's header; `right` aligns it (and its numbers) to the right. */
export type HeadCell = { label: ReactNode; key?: string; right?: boolean };

/**
 * A health page's card holding one table: its title and what it shows, then `instead` (the loading, the
 * error or the empty state) when given, else the table, scrolling sideways (or, `scroll="both"`, in a
 * box of its own height too).
 */
export function TableCard({
  title,
  description,
  instead,
  head,
  scroll = "x",
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  instead?: ReactNode;
  head: HeadCell[];
  scroll?: "x" | "both";
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {instead ?? (
          <div className={scroll === "both" ? "max-h-80 overflow-auto" : "overflow-x-auto"}>
            <Table>
              <TableHeader>
                <TableRow>
                  {head.map((h) => (
                    <TableHead key={h.key ?? String(h.label)} className={h.right ? "text-right" : undefined}>
                      {h.label}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>{children}</TableBody>
            </Table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
