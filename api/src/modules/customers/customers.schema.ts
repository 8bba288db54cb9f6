import { builder } from "../../pothos/builder.ts";
import { ContactRoleEnum, CustomerStatusEnum } from "../../pothos/enums.ts";
import { findCustomer, linkedCustomers } from "./customers.service.ts";

// The Customer type and the portal's entry points to it. Other modules add fields to Customer with
// builder.prismaObjectFields("Customer", ...) in their own folder (billing, deliveries, shop).

export const LocationRef = builder.prismaObject("Location", {
  fields: (t) => ({
    id: t.exposeID("id"),
    address1: t.exposeString("address1"),
    address2: t.exposeString("address2"),
    attentionName: t.exposeString("attentionName"),
    city: t.exposeString("city"),
    company: t.exposeString("company"),
    country: t.exposeString("country"),
    email: t.exposeString("email"),
    externalId: t.exposeString("externalId"),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    postalCode: t.exposeString("postalCode"),
    state: t.exposeString("state"),
  }),
});

export const ContactPhoneRef = builder.prismaObject("ContactPhone", {
  fields: (t) => ({
    phoneId: t.exposeID("id"),
    sortOrder: t.exposeInt("sortOrder"),
    phoneNumber: t.exposeString("phoneNumber"),
    textable: t.exposeBoolean("textable"),
    callable: t.exposeBoolean("callable"),
    isBillingPhone: t.exposeBoolean("isBillingPhone"),
    billingPhoneSortOrder: t.exposeInt("billingPhoneSortOrder"),
    phoneTypeId: t.exposeString("phoneTypeId"),
    comments: t.exposeString("comments"),
  }),
});

export const ContactRef = builder.prismaObject("Contact", {
  fields: (t) => ({
    id: t.exposeID("id"),
    userId: t.exposeID("userId", { nullable: true }),
    customerId: t.exposeID("customerId"),
    name: t.string({
      select: { firstName: true, lastName: true },
      resolve: (c) => `${c.firstName} ${c.lastName}`.trim(),
    }),
    firstName: t.exposeString("firstName"),
    lastName: t.exposeString("lastName"),
    role: t.expose("role", { type: ContactRoleEnum }),
    email: t.exposeString("email"),
    inactive: t.exposeBoolean("inactive"),
    phones: t.relation("phones", { query: { orderBy: { sortOrder: "asc" } } }),
  }),
});

export const CustomerRef = builder.prismaObject("Customer", {
  fields: (t) => ({
    id: t.exposeID("id"),
    accountNumber: t.exposeString("accountNumber"),
    name: t.exposeString("name"),
    status: t.expose("status", { type: CustomerStatusEnum }),
    isInvoiceAccount: t.exposeBoolean("isInvoiceAccount"),
    purchaseOrderRequired: t.exposeBoolean("purchaseOrderRequired"),
    billingLocation: t.relation("billingLocation", { nullable: true }),
    contacts: t.relation("contacts", { query: { where: { inactive: false }, orderBy: { createdAt: "asc" } } }),
  }),
});

builder.queryFields((t) => ({
  customers: t.prismaField({
    type: ["Customer"],
    description: "The customer accounts the signed-in user is linked to.",
    authScopes: { authenticated: true },
    resolve: async (query, _r, _a, ctx) => {
      const rows = await linkedCustomers(ctx);
      if (!rows.length) return [];
      // re-read with the fields the query selected, keeping the link order
      const full = await ctx.db.customer.findMany({ ...query, where: { id: { in: rows.map((r) => r.id) } } });
      const order = new Map(rows.map((r, i) => [r.id, i]));
      return full.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    },
  }),
  customer: t.prismaField({
    type: "Customer",
    description: "One customer the signed-in user is linked to (employees: any customer of the branch).",
    authScopes: (_r, { customerId }) => ({ customerAccess: { customerId: String(customerId) } }),
    args: { customerId: t.arg.id({ required: true }) },
    resolve: async (query, _r, { customerId }, ctx) => {
      await findCustomer(ctx, String(customerId));
      return ctx.db.customer.findUniqueOrThrow({ ...query, where: { id: String(customerId) } });
    },
  }),
}));
