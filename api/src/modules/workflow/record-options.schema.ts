import { builder } from "../../pothos/builder.ts";
import { TableIdentifierEnum } from "../custom-fields/custom-fields.schema.ts";
import { type RecordOption, recordOptions, recordTablePermission } from "./record-options.ts";

// The record picker of TABLE_RECORD fields (record-options.ts says who may read which table).

const RecordOptionRef = builder.objectRef<RecordOption>("RecordOption").implement({
  description: "A record a TABLE_RECORD field can name: its id, how people know it, and a detail line.",
  fields: (t) => ({
    id: t.exposeID("id"),
    label: t.exposeString("label"),
    detail: t.exposeString("detail", {
      description: "What tells two alike apart (an account, a customer, a date); may be empty.",
    }),
  }),
});

builder.queryFields((t) => ({
  recordOptions: t.field({
    type: [RecordOptionRef],
    description:
      "Records of a table a TABLE_RECORD field can point to, found by their name, number or address (at most " +
      "20; a search of at most 100 characters), or, given ids (at most 50), those records' labels. The " +
      "customer's records take CUSTOMER_ACCESS; people, projects and warehouses any employee.",
    authScopes: (_r, a) => {
      const permission = recordTablePermission(a.tableId);
      return permission ? { permission } : { employee: true };
    },
    args: {
      tableId: t.arg({ type: TableIdentifierEnum, required: true }),
      search: t.arg.string(),
      ids: t.arg.idList(),
      take: t.arg.int(),
    },
    resolve: (_r, a, ctx) =>
      recordOptions(ctx, { tableId: a.tableId, search: a.search, ids: a.ids?.map(String) ?? null, take: a.take }),
  }),
}));
