export { seedShop, shopSeedId } from "../seed/shop.ts";
export { SHOP_ITEMS } from "../seed/shop-items.ts";
