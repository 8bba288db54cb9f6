import {
  type GraphQLArgument,
  GraphQLEnumType,
  type GraphQLField,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLList,
  GraphQLNonNull,
  type GraphQLObjectType,
  GraphQLScalarType,
  getNamedType,
  isObjectType,
} from "graphql";
import { clock } from "../src/clock.ts";

// Builds a valid call of any root field from the schema alone: every argument filled (ids through
// `idFor(argumentName)`), every object result selected a few levels deep. Used by the tests that try
// every operation (cross-branch isolation, the authorization matrix), so new operations are covered.

export type IdFor = (argName: string) => string;

function valueFor(idFor: IdFor, name: string, type: GraphQLInputType, depth = 0): unknown {
  if (type instanceof GraphQLNonNull) return valueFor(idFor, name, type.ofType, depth);
  if (type instanceof GraphQLList) return [valueFor(idFor, name, type.ofType, depth)];
  if (type instanceof GraphQLEnumType) return type.getValues()[0]?.value;
  if (type instanceof GraphQLInputObjectType) {
    if (depth > 3) return undefined;
    return Object.fromEntries(
      // an input's `id` is named after its argument (workOrder.id -> workOrderId)
      Object.values(type.getFields()).map((f) => [
        f.name,
        valueFor(idFor, f.name === "id" ? `${name}Id` : f.name, f.type, depth + 1),
      ]),
    );
  }
  if (type instanceof GraphQLScalarType) {
    const looksLikeId = type.name === "ID" || /id$/i.test(name);
    switch (type.name) {
      case "Int":
        return 1;
      case "Float":
        return 1.5;
      case "Boolean":
        return false;
      case "Date":
        return new Date(clock.nowMs() + 7 * 86400_000).toISOString().slice(0, 10);
      case "DateTime":
        return clock.now().toISOString();
      default:
        if (looksLikeId) return idFor(name);
        if (/number/i.test(name)) return "100001";
        if (/code/i.test(name)) return "1234";
        if (/email|username/i.test(name)) return "customer@demo.test";
        return "probe-value";
    }
  }
  return null;
}

function selection(type: GraphQLObjectType, depth = 0): string {
  const parts: string[] = ["__typename"];
  for (const f of Object.values(type.getFields())) {
    if (f.args.some((a) => a.type instanceof GraphQLNonNull)) continue;
    const named = getNamedType(f.type);
    if (isObjectType(named)) {
      if (depth < 2) parts.push(`${f.name} { ${selection(named, depth + 1)} }`);
    } else parts.push(f.name);
  }
  return parts.join(" ");
}

export function operation(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>, idFor: IdFor) {
  const vars: Record<string, unknown> = {};
  const defs: string[] = [];
  const args: string[] = [];
  field.args.forEach((a: GraphQLArgument, i) => {
    vars[`v${i}`] = valueFor(idFor, a.name, a.type);
    defs.push(`$v${i}: ${a.type.toString()}`);
    args.push(`${a.name}: $v${i}`);
  });
  const named = getNamedType(field.type);
  const sel = isObjectType(named) ? ` { ${selection(named)} }` : "";
  const query = `${kind}${defs.length ? `(${defs.join(", ")})` : ""} { ${field.name}${args.length ? `(${args.join(", ")})` : ""}${sel} }`;
  return { query, vars };
}
