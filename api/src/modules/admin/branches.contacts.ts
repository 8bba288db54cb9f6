import { z } from "zod";
import { AppError } from "../../errors.ts";
import type { BranchBank } from "../../generated/prisma/client.ts";
import type { MessagePlatform } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { findBranch, prismaOf, required, secret, text } from "./branches.shared.ts";

// A branch's banks (each with its own write-only gateway keys) and messaging phones, in the console.

// ───────────── banks ─────────────

const bankSchema = z.object({
  branchId: z.string().min(1),
  id: z.string().optional(),
  name: required("Bank name"),
  shortDescription: text("Short description").optional(),
  paymentApiKey: secret("Payment key").optional(),
  saleApiKey: secret("Sale key").optional(),
  collectJsKey: secret("Collect.js key").optional(),
  inactive: z.boolean().optional(),
});
export type BankInput = z.input<typeof bankSchema>;

/** Adds a bank (no id) or changes one; a field left out (a key included) keeps its saved value. */
export async function updateBank(ctx: Context, raw: BankInput): Promise<BranchBank> {
  const { id, branchId, ...data } = parseInput(bankSchema, withoutNulls(raw));
  await findBranch(ctx, branchId);
  const p = prismaOf(ctx);
  if (!id) return p.branchBank.create({ data: { branchId, ...data } });
  const bank = await p.branchBank.findFirst({ where: { id, branchId } });
  if (!bank) throw new AppError("NOT_FOUND", "This bank does not exist.");
  return p.branchBank.update({ where: { id }, data });
}

// ───────────── messaging phones ─────────────

const phone = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s().-]/g, ""))
  .refine((v) => /^\+?\d{10,15}$/.test(v), "Phone must have 10 to 15 digits, like +15125550100.");

const phoneSchema = z.object({
  phone,
  messagePlatform: z.enum(["EMAIL", "PHONE", "SMS"]),
  description: text("Description").default(""),
  inactive: z.boolean().default(false),
});
export type MessagingPhoneInput = z.input<typeof phoneSchema>;

async function phoneTaken(
  ctx: Context,
  branchId: string,
  v: { phone: string; messagePlatform: MessagePlatform },
  except?: string,
) {
  const other = await prismaOf(ctx).branchMessagingPhone.findFirst({
    where: { branchId, phone: v.phone, messagePlatform: v.messagePlatform, ...(except ? { id: { not: except } } : {}) },
  });
  if (other) throw new AppError("CONFLICT", `${v.phone} is already a ${v.messagePlatform} phone of this branch.`);
}

export async function createMessagingPhone(ctx: Context, branchId: string, raw: MessagingPhoneInput) {
  const data = parseInput(phoneSchema, withoutNulls(raw));
  await findBranch(ctx, branchId);
  await phoneTaken(ctx, branchId, data);
  return prismaOf(ctx).branchMessagingPhone.create({ data: { branchId, ...data } });
}

export async function editMessagingPhone(ctx: Context, id: string, raw: MessagingPhoneInput) {
  const data = parseInput(phoneSchema, withoutNulls(raw));
  const row = await prismaOf(ctx).branchMessagingPhone.findUnique({ where: { id } });
  if (!row) throw new AppError("NOT_FOUND", "This messaging phone does not exist.");
  await phoneTaken(ctx, row.branchId, data, id);
  return prismaOf(ctx).branchMessagingPhone.update({ where: { id }, data });
}

export async function deleteMessagingPhone(ctx: Context, id: string) {
  const row = await prismaOf(ctx).branchMessagingPhone.findUnique({ where: { id } });
  if (!row) throw new AppError("NOT_FOUND", "This messaging phone does not exist.");
  await prismaOf(ctx).branchMessagingPhone.delete({ where: { id } });
  return { isSuccess: true, message: `${row.phone} was removed.` };
}
