import { z } from "zod";
import { AppError, badInput } from "../../errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Context } from "../../runtime.ts";
import { parseInput } from "../../validation.ts";
import { type ShopProduct, stockFor, toProducts } from "./shop.catalogue.ts";
import { LISTED, MAX_CART_LINES, MAX_QUANTITY, shopMessages } from "./shop.common.ts";

// The shopping cart, kept under a random id from the browser: read with each line's problem (gone,
// out of stock, not purchasable), set or changed by quantity.

export type CartLine = {
  clientCartId: string;
  itemId: string;
  quantity: number;
  lastModified: Date;
  /** Null when the product no longer exists or is no longer listed ('cant find product'). */
  product: ShopProduct | null;
  unitPrice: number;
  amount: number;
  /** Why this line can't be ordered as it is, or null. */
  problem: string | null;
};

export type ShoppingCart = {
  cartId: string;
  items: CartLine[];
  /** Units of the lines that can be ordered. */
  itemCount: number;
  /** Amount of the lines that can be ordered, before tax and shipping. */
  subtotal: number;
  hasProblems: boolean;
};

export const cartIdInput = z.string().trim().uuid(shopMessages.invalidCartId);

/**
 * A cart id is usable on the branch where it was first used only: the browser keeps one id per
 * branch, and an id known to another branch (carts or orders) is refused. Only existence is read
 * across branches, never a row.
 */
export async function requireCartOfBranch(ctx: Context, cartId: string) {
  const rows = await ctx.db.$branchQuery<{ n: number }>(
    (branch) => Prisma.sql`
    SELECT (
      (SELECT count(*) FROM "ShoppingCartItem" WHERE "clientCartId" = ${cartId} AND "branchId" <> ${branch})
      + (SELECT count(*) FROM "OnlineOrder" WHERE "clientCartId" = ${cartId} AND "branchId" <> ${branch})
    )::int AS n`,
  );
  // CONFLICT, not NOT_FOUND: the browser then starts a new cart instead of showing the 404 page.
  if ((rows[0]?.n ?? 0) > 0) throw new AppError("CONFLICT", shopMessages.cartOtherBranch);
}

function lineProblem(quantity: number, p: ShopProduct | null): string | null {
  if (!p) return shopMessages.productNotFound;
  if (!p.purchasable || p.stock <= 0) return shopMessages.outOfStock;
  if (quantity > p.stock) return shopMessages.onlyInStock(p.stock);
  return null;
}

export async function readCart(ctx: Context, cartId: string): Promise<ShoppingCart> {
  const rows = await ctx.db.shoppingCartItem.findMany({
    where: { clientCartId: cartId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const itemIds = rows.map((r) => r.itemId);
  const items = itemIds.length
    ? await ctx.db.catalogItem.findMany({
        where: { id: { in: itemIds }, inactive: false, ecommerceStatus: { in: LISTED } },
      })
    : [];
  const byId = new Map((await toProducts(ctx, items)).map((p) => [p.id, p]));
  const lines: CartLine[] = rows.map((r) => {
    const p = byId.get(r.itemId) ?? null;
    const unitPrice = p?.price ?? 0;
    return {
      clientCartId: r.clientCartId,
      itemId: r.itemId,
      quantity: r.quantity,
      lastModified: r.lastModified,
      product: p,
      unitPrice,
      amount: unitPrice * r.quantity,
      problem: lineProblem(r.quantity, p),
    };
  });
  const ok = lines.filter((l) => !l.problem);
  return {
    cartId,
    items: lines,
    itemCount: ok.reduce((s, l) => s + l.quantity, 0),
    subtotal: ok.reduce((s, l) => s + l.amount, 0),
    hasProblems: lines.some((l) => l.problem),
  };
}

export async function shoppingCart(ctx: Context, cartId: string): Promise<ShoppingCart> {
  const id = parseInput(cartIdInput, cartId);
  await requireCartOfBranch(ctx, id);
  return readCart(ctx, id);
}

const quantityInput = z
  .number()
  .int("The quantity must be a whole number.")
  .min(0, "The quantity can't be negative.")
  .max(MAX_QUANTITY, `The quantity can be at most ${MAX_QUANTITY}.`);

/** Sets an item's quantity in the cart (0 removes it); never more than the stock. */
export async function setShoppingCart(
  ctx: Context,
  input: { cartId: string; itemId: string; quantity: number },
): Promise<ShoppingCart> {
  const cartId = parseInput(cartIdInput, input.cartId);
  const quantity = parseInput(quantityInput, input.quantity);
  const itemId = String(input.itemId ?? "").trim();
  if (!itemId) throw badInput(shopMessages.productNotFound);
  await requireCartOfBranch(ctx, cartId);

  if (quantity === 0) {
    await ctx.db.shoppingCartItem.deleteMany({ where: { clientCartId: cartId, itemId } });
    return readCart(ctx, cartId);
  }
  const item = await ctx.db.catalogItem.findFirst({
    where: { id: itemId, inactive: false, ecommerceStatus: { in: LISTED } },
  });
  if (!item) throw new AppError("NOT_FOUND", shopMessages.productNotFound);
  if (item.ecommerceStatus !== "LISTED_AND_PURCHASABLE") throw badInput(shopMessages.notPurchasable);
  const stock = (await stockFor(ctx, [itemId])).get(itemId)?.quantity ?? 0;
  if (stock <= 0) throw badInput(shopMessages.outOfStock);
  if (quantity > stock) throw badInput(shopMessages.onlyInStock(stock));

  const existing = await ctx.db.shoppingCartItem.findFirst({ where: { clientCartId: cartId, itemId } });
  if (existing) {
    await ctx.db.shoppingCartItem.update({
      where: { id: existing.id },
      data: { quantity, userId: ctx.viewer?.userId ?? existing.userId },
    });
  } else {
    const lines = await ctx.db.shoppingCartItem.count({ where: { clientCartId: cartId } });
    if (lines >= MAX_CART_LINES) throw badInput(shopMessages.cartFull);
    await ctx.db.shoppingCartItem.upsert({
      where: { branchId_clientCartId_itemId: { branchId: ctx.branch.id, clientCartId: cartId, itemId } },
      create: { branchId: ctx.branch.id, clientCartId: cartId, itemId, quantity, userId: ctx.viewer?.userId ?? null },
      update: { quantity },
    });
  }
  return readCart(ctx, cartId);
}

const deltaInput = z
  .number()
  .int("The quantity must be a whole number.")
  .min(-MAX_QUANTITY, "The change is too large.")
  .max(MAX_QUANTITY, "The change is too large.");

/** Adds `quantity` (negative: removes) to what the cart holds of an item; at 0 or less the line goes. */
export async function updateShoppingCart(
  ctx: Context,
  input: { cartId: string; itemId: string; quantity: number },
): Promise<ShoppingCart> {
  const cartId = parseInput(cartIdInput, input.cartId);
  const delta = parseInput(deltaInput, input.quantity);
  const itemId = String(input.itemId ?? "").trim();
  await requireCartOfBranch(ctx, cartId);
  const existing = itemId ? await ctx.db.shoppingCartItem.findFirst({ where: { clientCartId: cartId, itemId } }) : null;
  const next = (existing?.quantity ?? 0) + delta;
  return setShoppingCart(ctx, { cartId, itemId, quantity: Math.min(MAX_QUANTITY, Math.max(0, next)) });
}
