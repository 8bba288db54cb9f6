import { z } from "zod";
import { badInput } from "../../errors.ts";
import type { Context } from "../../runtime.ts";

// Ids that workflow input names (a person, a customer) and how they are checked: each must be a row
// of this branch (another branch's id reads as not found), and a person who gets work must be active.

/** An optional id of an input: absent keeps what is there, "" clears it. */
export const optionalId = z
  .string()
  .trim()
  .max(100, "That id is not valid.")
  .transform((s) => s || null)
  .optional();

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The person, who must be an active employee of this branch; `label` names them in the message. */
export async function requireActivePerson(ctx: Context, id: string, label = "The person") {
  const person = await ctx.db.person.findUnique({
    where: { id },
    select: { id: true, firstName: true, lastName: true, inactive: true },
  });
  if (!person) throw badInput(`${label} was not found.`);
  if (person.inactive) throw badInput(`${fullName(person)} is inactive and cannot be given work.`);
  return person;
}

export async function requireCustomer(ctx: Context, id: string) {
  const customer = await ctx.db.customer.findUnique({ where: { id }, select: { id: true, name: true } });
  if (!customer) throw badInput("Customer not found.");
  return customer;
}
