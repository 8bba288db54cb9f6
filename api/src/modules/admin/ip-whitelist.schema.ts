import { z } from "zod";
import { crossBranch } from "../../db/cross-branch.ts";
import { AppError } from "../../errors.ts";
import { builder } from "../../pothos/builder.ts";
import type { Context } from "../../runtime.ts";
import { forgetBranchRanges, parseRange, rangeMessage } from "../../security/ip-allowlist.ts";
import { parseInput } from "../../validation.ts";

// admin/ip-whitelist ("Whitelist Branch IP"): the addresses each branch's employees, API keys and
// telemetry may come from (security/ip-allowlist.ts enforces them). Super admins only.
const SCOPE = { superAdmin: true } as const;
const MAX_ENTRIES = 100;

type Entry = { id: string; cidr: string; comment: string; createdAt: Date };
type BranchList = { branchId: string; branchNumber: number; company: string; host: string; entries: Entry[] };

async function branchLists(ctx: Context, branchId?: string): Promise<BranchList[]> {
  const p = crossBranch(ctx.runtime);
  const [branches, entries] = await Promise.all([
    p.branch.findMany({
      where: branchId ? { id: branchId } : {},
      orderBy: { branchNumber: "asc" },
      select: { id: true, branchNumber: true, company: true, host: true },
    }),
    p.branchIpAllowEntry.findMany({
      where: branchId ? { branchId } : {},
      orderBy: [{ createdAt: "asc" }, { cidr: "asc" }],
    }),
  ]);
  return branches.map((b) => ({
    branchId: b.id,
    branchNumber: b.branchNumber,
    company: b.company,
    host: b.host,
    entries: entries.filter((e) => e.branchId === b.id),
  }));
}

const entriesSchema = z
  .array(
    z.object({
      cidr: z.string().max(60, "An address must be at most 60 characters."),
      comment: z.string().trim().max(200, "A comment must be at most 200 characters.").default(""),
    }),
  )
  .max(MAX_ENTRIES, `A branch can have at most ${MAX_ENTRIES} addresses.`);

/** Replaces a branch's allow-list; an empty list lets every address in again. */
async function updateDatabaseFirewall(
  ctx: Context,
  branchId: string,
  raw: { cidr: string; comment?: string | null }[],
): Promise<BranchList> {
  const input = parseInput(
    entriesSchema,
    raw.map((e) => ({ cidr: e.cidr, comment: e.comment ?? undefined })),
  );
  const p = crossBranch(ctx.runtime);
  if (!(await p.branch.findUnique({ where: { id: branchId }, select: { id: true } })))
    throw new AppError("NOT_FOUND", "This branch does not exist.");
  const seen = new Map<string, string>();
  for (const e of input) {
    // An entry needs an address; an address typed into the comment is told apart (nothing is saved).
    if (!e.cidr.trim())
      throw new AppError(
        "BAD_USER_INPUT",
        parseRange(e.comment)
          ? `"${e.comment}" is an address: put it in the address, not the comment.`
          : "An entry needs an address (like 203.0.113.7 or 10.1.0.0/16).",
      );
    const parsed = parseRange(e.cidr);
    if (!parsed) throw new AppError("BAD_USER_INPUT", rangeMessage(e.cidr));
    if (!seen.has(parsed.cidr)) seen.set(parsed.cidr, e.comment);
  }
  await p.$transaction([
    p.branchIpAllowEntry.deleteMany({ where: { branchId } }),
    p.branchIpAllowEntry.createMany({
      data: [...seen].map(([cidr, comment]) => ({ branchId, cidr, comment, createdByUserId: ctx.viewer?.userId })),
    }),
  ]);
  forgetBranchRanges(p, branchId);
  return (await branchLists(ctx, branchId))[0]!;
}

const EntryRef = builder.objectRef<Entry>("IpWhitelistEntry").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    cidr: t.exposeString("cidr", { description: "One address (203.0.113.7) or a CIDR range (10.1.0.0/16)." }),
    comment: t.exposeString("comment"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const BranchListRef = builder.objectRef<BranchList>("BranchIpWhitelist").implement({
  description: "A branch's allowed addresses. Empty: every address is allowed.",
  fields: (t) => ({
    branchId: t.exposeID("branchId"),
    branchNumber: t.exposeInt("branchNumber"),
    company: t.exposeString("company"),
    host: t.exposeString("host"),
    entries: t.field({ type: [EntryRef], resolve: (b) => b.entries }),
  }),
});

const WhitelistRef = builder.objectRef<{ yourAddress: string; branches: BranchList[] }>("IpWhitelist").implement({
  fields: (t) => ({
    yourAddress: t.exposeString("yourAddress", { description: "The address this request came from." }),
    branches: t.field({ type: [BranchListRef], resolve: (w) => w.branches }),
  }),
});

const EntryInput = builder.inputType("IpWhitelistEntryInput", {
  fields: (t) => ({ cidr: t.string({ required: true }), comment: t.string() }),
});

builder.queryField("ipWhitelist", (t) =>
  t.field({
    type: WhitelistRef,
    description: "Every branch's IP allow-list.",
    authScopes: SCOPE,
    resolve: async (_r, _a, ctx) => ({ yourAddress: ctx.ip, branches: await branchLists(ctx) }),
  }),
);

builder.mutationField("updateDatabaseFirewall", (t) =>
  t.field({
    type: BranchListRef,
    description: "Replaces a branch's IP allow-list (an empty list allows every address).",
    authScopes: SCOPE,
    args: {
      branchId: t.arg.id({ required: true }),
      entries: t.arg({ type: [EntryInput], required: true }),
    },
    resolve: (_r, a, ctx) => updateDatabaseFirewall(ctx, a.branchId, a.entries),
  }),
);
