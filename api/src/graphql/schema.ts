import { builder } from "./builder.ts";
import "./enums.ts";
import "../modules/system/system.schema.ts";
import "../modules/branding/branding.schema.ts";
import "../modules/account/account.schema.ts";
import "../modules/customers/customers.schema.ts";
import "../modules/contacts/contacts.schema.ts";
import "../modules/deliveries/deliveries.schema.ts";
import "../modules/inventory/inventory.schema.ts";
import "../modules/ecommerce-admin/ecommerce-admin.schema.ts";
import "../modules/billing/billing.schema.ts";
import "../modules/payments/payments.schema.ts";
import "../modules/shop/shop.schema.ts";

export const schema = builder.toSchema({ sortSchema: true });
