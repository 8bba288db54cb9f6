import { numeric, TableHeads } from "@/components/table-heads";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableFooter, TableRow } from "@/components/ui/table";
import { formatCalendarDate, formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { CartsAndSales } from "../api";

// The analytics' tables: the best sellers, and the figures behind the charts day by day.

export function AnalyticsTables({ data }: { data: CartsAndSales }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Best sellers</h2>
          </CardTitle>
          <CardDescription>Products by sales in the period (before tax).</CardDescription>
        </CardHeader>
        <CardContent>
          {data.topItems.length === 0 ? (
            <p className="text-muted-foreground text-sm">No products sold in this period.</p>
          ) : (
            <Table aria-label="Best sellers">
              <TableHeads
                rowClassName="hover:bg-transparent"
                columns={["Product", numeric("Quantity"), numeric("Sales")]}
              />
              <TableBody>
                {data.topItems.map((i) => (
                  <TableRow key={i.itemId}>
                    <TableCell className="max-w-56 truncate">{i.title}</TableCell>
                    <TableCell className="text-right tabular-nums">{i.quantity}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatMoney(i.salesCents)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Day by day</h2>
          </CardTitle>
          <CardDescription>The figures behind the charts, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <Table aria-label="Day by day" containerClassName="max-h-96 overflow-y-auto">
            <TableHeads
              className="sticky top-0 bg-card"
              rowClassName="hover:bg-transparent"
              columns={["Day", numeric("Sales"), numeric("Orders"), numeric("Carts"), numeric("Ordered")]}
            />
            <TableBody>
              {[...data.days].reverse().map((d) => (
                <TableRow
                  key={d.date}
                  className={cn(d.orderCount === 0 && d.cartCount === 0 && "text-muted-foreground")}
                >
                  <TableCell>{formatCalendarDate(d.date)}</TableCell>
                  <FigureCells figures={d} />
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow className="hover:bg-transparent">
                <TableCell>Total</TableCell>
                <FigureCells figures={data} />
              </TableRow>
            </TableFooter>
          </Table>
        </CardContent>
      </Card>
    </div>
  );
}

type Figures = Pick<CartsAndSales, "salesCents" | "orderCount" | "cartCount" | "convertedCartCount">;

/** A day's or the whole period's figures, in the day-by-day table's column order. */
function FigureCells({ figures: f }: { figures: Figures }) {
  return (
    <>
      <TableCell className="text-right tabular-nums">{formatMoney(f.salesCents)}</TableCell>
      <TableCell className="text-right tabular-nums">{f.orderCount}</TableCell>
      <TableCell className="text-right tabular-nums">{f.cartCount}</TableCell>
      <TableCell className="text-right tabular-nums">{f.convertedCartCount}</TableCell>
    </>
  );
}
