// The schema builder lives in pothos/builder.ts; this path is kept for the files that still import it here.
export * from "../pothos/builder.ts";
