import type { EmployeePermission } from "../../generated/prisma/enums.ts";
import { builder } from "../../pothos/builder.ts";
import type { DuplicateCustomer } from "./duplicates.customers.ts";
import { DUPLICATE_KEYS } from "./duplicates.rules.ts";
import {
  type DuplicateGroup,
  type DuplicateMatches,
  duplicateLeadsByAddress,
  duplicateLeadsByEmail,
  duplicateLeadsByPhone,
  leadDuplicateGroups,
} from "./duplicates.service.ts";
import { LeadRef } from "./lead.types.ts";

// Duplicates through GraphQL: a lead's duplicates by one key (the lead page, the forms) and the groups
// to review on team/lead-cleaning, for whoever enters or administers leads.

const READ = { anyPermission: ["LEAD_ADMIN", "LEAD_DATA_ENTRY"] as EmployeePermission[] };

export const DuplicateKeyEnum = builder.enumType("LeadDuplicateKey", {
  values: DUPLICATE_KEYS,
  description: "The key duplicates share: PHONE (any of a record's phones, E.164), EMAIL, ADDRESS, or ALL of them.",
});

export const DuplicateCustomerRef = builder.objectRef<DuplicateCustomer>("LeadDuplicateCustomer").implement({
  description: "A customer holding the key: one of its contacts' phones or emails, or a service address.",
  fields: (t) => ({
    customerId: t.exposeString("customerId"),
    accountNumber: t.exposeString("accountNumber"),
    name: t.exposeString("name"),
    status: t.exposeString("status"),
    serviceAddressId: t.exposeString("serviceAddressId", { nullable: true }),
    matchedOn: t.exposeString("matchedOn", { description: 'What matched, e.g. "Service address 12 Oak St, Austin".' }),
    routeNumbers: t.exposeStringList("routeNumbers", {
      description: "The routes the service address is delivered on: a route stop when not empty.",
    }),
  }),
});

const DuplicateMatchesRef = builder.objectRef<DuplicateMatches>("LeadDuplicateMatches").implement({
  fields: (t) => ({
    key: t.exposeString("key", { description: 'The normalised key looked up ("" when the value is not one).' }),
    leads: t.field({ type: [LeadRef], resolve: (m) => m.leads }),
    customers: t.field({ type: [DuplicateCustomerRef], resolve: (m) => m.customers }),
  }),
});

const DuplicateGroupRef = builder.objectRef<DuplicateGroup>("LeadDuplicateGroup").implement({
  description: "Leads sharing a key, and the customers that share it too.",
  fields: (t) => ({
    id: t.exposeID("id"),
    key: t.field({ type: DuplicateKeyEnum, resolve: (g) => g.key }),
    value: t.exposeString("value", {
      description:
        'The shared key ("+15125550123", "ann@example.com", "12 N MAIN ST|78701", "near 30.26712, -97.74301").',
    }),
    label: t.exposeString("label", { description: "The key as people read it." }),
    leadCount: t.exposeInt("leadCount", { description: "How many leads share it (leads lists at most 50)." }),
    leads: t.field({ type: [LeadRef], resolve: (g) => g.leads }),
    customers: t.field({ type: [DuplicateCustomerRef], resolve: (g) => g.customers }),
    atCustomer: t.boolean({
      description: "A customer shares the key: the lead may be a customer already.",
      resolve: (g) => g.customers.length > 0,
    }),
  }),
});

const DuplicateGroupPageRef = builder
  .objectRef<{ totalCount: number; items: DuplicateGroup[] }>("LeadDuplicateGroupPage")
  .implement({
    fields: (t) => ({
      totalCount: t.exposeInt("totalCount"),
      items: t.field({ type: [DuplicateGroupRef], resolve: (p) => p.items }),
    }),
  });

builder.queryFields((t) => ({
  duplicateLeadsByPhone: t.field({
    type: DuplicateMatchesRef,
    description: "Leads and customers with this phone (as E.164, on any of their phones).",
    authScopes: READ,
    args: { phone: t.arg.string({ required: true }), exceptLeadId: t.arg.id() },
    resolve: (_r, a, ctx) => duplicateLeadsByPhone(ctx, a.phone, a.exceptLeadId),
  }),
  duplicateLeadsByEmail: t.field({
    type: DuplicateMatchesRef,
    description: "Leads and customers with this email (trimmed, any case).",
    authScopes: READ,
    args: { email: t.arg.string({ required: true }), exceptLeadId: t.arg.id() },
    resolve: (_r, a, ctx) => duplicateLeadsByEmail(ctx, a.email, a.exceptLeadId),
  }),
  duplicateLeadsByAddress: t.field({
    type: DuplicateMatchesRef,
    description: "Leads and customers' service addresses at this standardised address.",
    authScopes: READ,
    args: {
      address: t.arg.string({ required: true }),
      postalCode: t.arg.string({ required: true }),
      exceptLeadId: t.arg.id(),
    },
    resolve: (_r, a, ctx) => duplicateLeadsByAddress(ctx, a.address, a.postalCode, a.exceptLeadId),
  }),
  leadDuplicateGroups: t.field({
    type: DuplicateGroupPageRef,
    description:
      "Groups of duplicate leads to review (not merged, not discarded), newest arrival first, with the customers sharing each key.",
    authScopes: READ,
    args: {
      key: t.arg({ type: DuplicateKeyEnum, required: true }),
      skip: t.arg.int(),
      take: t.arg.int(),
    },
    resolve: (_r, a, ctx) => leadDuplicateGroups(ctx, a.key, a.skip, a.take),
  }),
}));
