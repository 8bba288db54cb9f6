export * from "../seed/index.ts";
