import { cn, formatMoney } from "@/lib/utils";

type PriceProps = {
  unitPrice: number;
  /** Only set when lower than the unit price (the server decides). */
  salePrice: number | null | undefined;
  size?: "sm" | "md" | "lg";
  className?: string;
};

/** The price; on sale: the sale price and the regular price struck through. */
export function Price({ unitPrice, salePrice, size = "md", className }: PriceProps) {
  const onSale = salePrice !== null && salePrice !== undefined && salePrice < unitPrice;
  const main = onSale ? salePrice : unitPrice;
  return (
    <span className={cn("inline-flex flex-wrap items-baseline gap-x-2 gap-y-0.5", className)}>
      <span
        className={cn(
          "font-semibold tabular-nums",
          size === "lg" ? "text-3xl tracking-tight" : size === "md" ? "text-lg" : "text-sm",
          onSale && "text-red-700 dark:text-red-400",
        )}
      >
        {onSale ? <span className="sr-only">Sale price </span> : null}
        {formatMoney(main)}
      </span>
      {onSale ? (
        <span
          className={cn("text-muted-foreground tabular-nums line-through", size === "lg" ? "text-base" : "text-xs")}
        >
          <span className="sr-only">Regular price </span>
          {formatMoney(unitPrice)}
        </span>
      ) : null}
    </span>
  );
}
