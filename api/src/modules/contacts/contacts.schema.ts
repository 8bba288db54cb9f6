import { builder, type Result, ResultRef, resultType } from "../../pothos/builder.ts";
import { ContactRoleEnum } from "../../pothos/enums.ts";
import * as contacts from "./contacts.service.ts";

// v2/manage: a customer's contacts and their phones (textable / callable), edited by the portal user.

const ContactRoleInfoRef = builder.objectRef<(typeof contacts.contactRoles)[number]>("ContactRoleInfo").implement({
  description: "A contact role: what it means and whether the contact needs an email.",
  fields: (t) => ({
    id: t.field({ type: ContactRoleEnum, resolve: (r) => r.id }),
    description: t.exposeString("description"),
    systemReserved: t.exposeBoolean("systemReserved"),
    emailRequired: t.exposeBoolean("emailRequired"),
  }),
});

const ContactPhoneInput = builder.inputType("ContactPhoneInput", {
  fields: (t) => ({
    phoneId: t.id({ description: "An existing phone of this contact; omit to add a number." }),
    phoneNumber: t.string({ required: true }),
    textable: t.boolean({ required: true }),
    callable: t.boolean({ required: true }),
    phoneTypeId: t.string({ description: "MOBILE, HOME, WORK, FAX or OTHER (default MOBILE)." }),
    comments: t.string(),
  }),
});

const UpdateContactInput = builder.inputType("UpdateContactInput", {
  fields: (t) => ({
    id: t.id({ description: "The contact to change; omit (with customerId) to add a contact." }),
    customerId: t.id({ description: "The account a new contact is added to." }),
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    email: t.string(),
    role: t.field({ type: ContactRoleEnum, description: "Only account administrators change roles." }),
    phones: t.field({
      type: [ContactPhoneInput],
      description: "When given, the contact's phones become exactly this list, in this order.",
    }),
  }),
});

const InactivateContactInput = builder.inputType("InactivateContactInput", {
  fields: (t) => ({ contactId: t.id({ required: true }) }),
});

const ContactResultRef = resultType<Result & { contactId: string | null }>("ContactResult", (t) => ({
  contactId: t.exposeID("contactId", { nullable: true }),
  contact: t.prismaField({
    type: "Contact",
    nullable: true,
    resolve: (query, r, _a, ctx) =>
      r.contactId ? ctx.db.contact.findUnique({ ...query, where: { id: r.contactId } }) : null,
  }),
}));

builder.prismaObjectFields("Customer", (t) => ({
  viewerContactId: t.field({
    type: "ID",
    nullable: true,
    description: "The signed-in user's own contact on this account.",
    select: { id: true },
    resolve: async (c, _a, ctx) => (await contacts.viewerContact(ctx, c.id))?.id ?? null,
  }),
  viewerCanManageContacts: t.boolean({
    description: "True when the signed-in user is an administrator of this account (edits every contact).",
    select: { id: true },
    resolve: (c, _a, ctx) => contacts.viewerCanManageContacts(ctx, c.id),
  }),
}));

builder.queryField("contactRoles", (t) =>
  t.field({
    type: [ContactRoleInfoRef],
    authScopes: { authenticated: true },
    resolve: () => contacts.contactRoles,
  }),
);

builder.mutationFields((t) => ({
  updateContact: t.field({
    type: ContactResultRef,
    description: "Changes a contact of a linked account (names, email, role, phones), or adds one.",
    // Portal users only; which contacts a user may change follows their role on the account (service).
    authScopes: (_r, { contact }) => ({
      $all: {
        customer: true,
        ...(contact.id != null
          ? { recordAccess: { kind: "contact" as const, id: contact.id } }
          : contact.customerId != null
            ? { customerAccess: { customerId: contact.customerId } }
            : {}),
      },
    }),
    args: { contact: t.arg({ type: UpdateContactInput, required: true }) },
    resolve: (_r, { contact }, ctx) =>
      contacts.updateContact(ctx, {
        ...contact,
        id: contact.id ?? null,
        customerId: contact.customerId ?? null,
        phones: contact.phones?.map((p) => ({ ...p, phoneId: p.phoneId ?? null })),
      }),
  }),
  inactivateContact: t.field({
    type: ResultRef,
    description: "Removes a contact from a linked account; your own contact unlinks you from it.",
    authScopes: (_r, { input }) => ({
      $all: { customer: true, recordAccess: { kind: "contact", id: input.contactId } },
    }),
    args: { input: t.arg({ type: InactivateContactInput, required: true }) },
    resolve: (_r, { input }, ctx) => contacts.inactivateContact(ctx, input.contactId),
  }),
}));
