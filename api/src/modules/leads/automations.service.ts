import { leadZoneRestriction } from "../../auth/lead-access.ts";
import { AppError, badInput } from "../../errors.ts";
import { type LeadAutomation, Prisma } from "../../generated/prisma/client.ts";
import type { NativeLeadField } from "../../generated/prisma/enums.ts";
import type { Context } from "../../runtime.ts";
import { parseInput, withoutNulls } from "../../validation.ts";
import { type Slots, toSlots, toText } from "../custom-fields/custom-fields.rules.ts";
import {
  describeRule,
  matchesCustom,
  matchesNative,
  NATIVE_LEAD_FIELDS,
  RULE_LIMITS,
  type RuleField,
  type RuleInput,
  type RuleShape,
  ruleInputSchema,
} from "./automations.rules.ts";
import { caughtLeadsSql } from "./automations.sql.ts";
import type { LeadChangeInput } from "./lead-history.ts";

// Lead rules (team/lead-automations): ordered; each tests one field of an arriving lead and discards
// it with a reason. acceptLead asks `discardByRules` about every lead that arrives through it (web
// form, intake API), and the CSV import's dry run about every row: the first rule that matches
// discards it. `previewLeadAutomation` counts
// the existing leads a rule would catch, in one SQL count, changing nothing.

export type LeadAutomationRow = LeadAutomation & {
  position: number;
  description: string;
  customFieldName: string | null;
  discardReasonName: string | null;
};

const NOT_FOUND = "Lead rule not found.";

async function fieldsOf(ctx: Context, ids: string[]): Promise<Map<string, RuleField>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db.customField.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, type: true, length: true, decimals: true, useOptionList: true, optionList: true },
  });
  return new Map(rows.map((f) => [f.id, f]));
}

/** The branch's rules in the order they run, each with its number (1, 2...) and its words. */
export async function leadAutomations(ctx: Context): Promise<LeadAutomationRow[]> {
  const rules = await ctx.db.leadAutomation.findMany({
    orderBy: [{ order: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  const [fields, reasons] = await Promise.all([
    fieldsOf(ctx, [...new Set(rules.flatMap((r) => (r.customFieldId ? [r.customFieldId] : [])))]),
    ctx.db.discardReason.findMany({
      where: { id: { in: [...new Set(rules.flatMap((r) => (r.discardReasonId ? [r.discardReasonId] : [])))] } },
      select: { id: true, name: true },
    }),
  ]);
  const reasonName = new Map(reasons.map((r) => [r.id, r.name]));
  return rules.map((r, i) => {
    const field = r.customFieldId ? fields.get(r.customFieldId) : null;
    return {
      ...r,
      position: i + 1,
      description: describeRule(r, field),
      customFieldName: field?.name ?? null,
      discardReasonName: (r.discardReasonId && reasonName.get(r.discardReasonId)) || null,
    };
  });
}

async function requireRule(ctx: Context, id: string) {
  const row = (await leadAutomations(ctx)).find((r) => r.id === id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row;
}

type Checked = { rule: RuleShape & { discardReasonId: string }; field: RuleField | null };

/** The rule checked: its field and reason exist, its value read in the field's type (canonical text). */
async function checkRule(ctx: Context, input: RuleInput): Promise<Checked> {
  const v = parseInput(ruleInputSchema, withoutNulls(input));
  const reason = await ctx.db.discardReason.findUnique({ where: { id: v.discardReasonId }, select: { id: true } });
  if (!reason) throw badInput("The discard reason was not found: choose another.");
  const rule: Checked["rule"] = {
    nativeFieldName: (v.nativeFieldName as NativeLeadField | undefined) ?? null,
    customFieldId: v.customFieldId ?? null,
    comparator: v.comparator,
    value: v.comparator === "HAS_VALUE" ? "" : v.value,
    discardReasonId: reason.id,
  };
  if (rule.nativeFieldName) {
    const info = NATIVE_LEAD_FIELDS[rule.nativeFieldName];
    if (info.noEquals && rule.comparator === "EQUALS")
      throw badInput(`${info.label} can only be tested for having a value.`);
    return { rule, field: null };
  }
  const field = (await fieldsOf(ctx, [rule.customFieldId!])).get(rule.customFieldId!);
  const lead = field
    ? await ctx.db.customField.findFirst({ where: { id: field.id, tableId: "LEAD" }, select: { id: true } })
    : null;
  if (!field || !lead) throw badInput("The custom field was not found among the lead fields: choose another.");
  if (rule.comparator === "EQUALS") rule.value = toText(field, toSlots(field, rule.value));
  return { rule, field };
}

export async function createLeadAutomation(ctx: Context, input: RuleInput): Promise<LeadAutomationRow> {
  const { rule } = await checkRule(ctx, input);
  const last = await ctx.db.leadAutomation.findFirst({ orderBy: { order: "desc" }, select: { order: true } });
  if ((await ctx.db.leadAutomation.count()) >= RULE_LIMITS.perBranch)
    throw badInput(`A branch may have at most ${RULE_LIMITS.perBranch} lead rules.`);
  const made = await ctx.db.leadAutomation.create({
    data: { branchId: ctx.branch.id, action: "DISCARD_LEAD", order: (last?.order ?? 0) + 1, ...rule },
  });
  return requireRule(ctx, made.id);
}

export async function updateLeadAutomation(ctx: Context, id: string, input: RuleInput): Promise<LeadAutomationRow> {
  await requireRule(ctx, id);
  const { rule } = await checkRule(ctx, input);
  await ctx.db.leadAutomation.update({ where: { id }, data: rule });
  return requireRule(ctx, id);
}

export async function deleteLeadAutomation(ctx: Context, id: string): Promise<LeadAutomationRow> {
  const row = await requireRule(ctx, id);
  await ctx.db.leadAutomation.delete({ where: { id } });
  return row;
}

/** Puts the rules in the order of `ids`, which must name every rule of the branch once. */
export async function reorderLeadAutomations(ctx: Context, ids: string[]): Promise<LeadAutomationRow[]> {
  if (ids.length > RULE_LIMITS.ids) throw badInput(`At most ${RULE_LIMITS.ids} rules can be ordered at once.`);
  const rules = await ctx.db.leadAutomation.findMany({ select: { id: true } });
  const known = new Set(rules.map((r) => r.id));
  if (new Set(ids).size !== ids.length || ids.length !== known.size || ids.some((id) => !known.has(id)))
    throw badInput("The rules changed since the page was loaded: reload it and order them again.");
  await ctx.db.$transaction(async (tx) => {
    for (const [i, id] of ids.entries()) await tx.leadAutomation.update({ where: { id }, data: { order: i + 1 } });
  });
  return leadAutomations(ctx);
}

/** How many existing leads (visible, not discarded) the rule would discard: one SQL count, no change. */
export async function previewLeadAutomation(ctx: Context, input: RuleInput): Promise<number> {
  const { rule, field } = await checkRule(ctx, input);
  const zones = await leadZoneRestriction(ctx);
  const [row] = await ctx.db.$branchQuery<{ n: number }>(
    (branch) => Prisma.sql`SELECT count(*)::int AS n FROM "Lead" l WHERE ${caughtLeadsSql(zones, branch, rule, field)}`,
  );
  return row?.n ?? 0;
}

/** A rule ready to test arriving leads (its custom field and value read once). */
type ArrivalRule = { rule: LeadAutomation; field: RuleField | null; wanted: Slots | null; summary: string };
const arrivalRules = new WeakMap<Context, Promise<ArrivalRule[]>>();

/** The rules, loaded once per request (a batch of 500 intake leads reads them once). */
function rulesFor(ctx: Context): Promise<ArrivalRule[]> {
  let found = arrivalRules.get(ctx);
  if (!found) {
    found = leadAutomations(ctx).then(async (rows) => {
      const fields = await fieldsOf(
        ctx,
        rows.flatMap((r) => (r.customFieldId ? [r.customFieldId] : [])),
      );
      return rows.flatMap((r) => {
        if (!r.discardReasonId) return [];
        const field = r.customFieldId ? (fields.get(r.customFieldId) ?? null) : null;
        if (r.customFieldId && !field) return [];
        let wanted: Slots | null = null;
        if (field && r.comparator === "EQUALS")
          try {
            wanted = toSlots(field, r.value);
          } catch {
            return []; // the field's type changed since: the rule no longer reads
          }
        return [{ rule: r, field, wanted, summary: `Discarded by rule ${r.position}: ${r.description}` }];
      });
    });
    arrivalRules.set(ctx, found);
  }
  return found;
}

export type RuleDiscard = {
  /** What the lead is stored with. */
  data: { status: "DISCARDED"; discardReasonId: string };
  /** "Discarded by rule 2: Postal code equals 00000". */
  reason: string;
  change: (leadId: string) => LeadChangeInput;
};

/**
 * The first rule an arriving lead matches, as what to store and the history to write; null when none
 * does. `lead` is checkLead's data; `custom` the lead's custom field values by field id, when known.
 */
export async function discardByRules(
  ctx: Context,
  lead: Record<string, unknown>,
  custom?: ReadonlyMap<string, Slots> | null,
): Promise<RuleDiscard | null> {
  for (const r of await rulesFor(ctx)) {
    const hit = r.field
      ? matchesCustom(r.rule, r.field, custom?.get(r.field.id), r.wanted)
      : matchesNative(r.rule, lead);
    if (!hit) continue;
    const discardReasonId = r.rule.discardReasonId!;
    return {
      data: { status: "DISCARDED", discardReasonId },
      reason: `${r.summary}.`,
      change: (leadId) => ({
        leadId,
        personId: null,
        kind: "DISCARDED",
        summary: r.summary,
        changes: { status: ["UNASSIGNED", "DISCARDED"], discardReasonId: [null, discardReasonId] },
      }),
    };
  }
  return null;
}
