// Prints the Pothos schema for the web: SDL (for reading) and gql.tada's introspection types, so the
// web's GraphQL documents are type-checked against the server's real schema.
import { mkdirSync, writeFileSync } from "node:fs";
import { minifyIntrospection, outputIntrospectionFile } from "@gql.tada/internal";
import { introspectionFromSchema, lexicographicSortSchema, printSchema } from "graphql";
import { schema } from "../api/src/graphql/schema.ts";

const sorted = lexicographicSortSchema(schema);
const dir = new URL("../web/src/graphql/", import.meta.url);
mkdirSync(dir, { recursive: true }); // both outputs are generated, so a fresh clone has no folder yet
writeFileSync(new URL("schema.graphql", dir), `${printSchema(sorted)}\n`);
const introspection = minifyIntrospection(introspectionFromSchema(sorted, { descriptions: false }));
writeFileSync(
  new URL("introspection.ts", dir),
  outputIntrospectionFile(introspection, { fileType: ".ts", shouldPreprocess: true }),
);
