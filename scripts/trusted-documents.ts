// The web's trusted documents: every GraphQL operation the app can send, printed as the browser prints it,
// listed by "sha256:<hex of the text>" in <dist>/.trusted-documents.json (hidden: not served). The server
// reads that manifest and runs these documents by id, compiled once, without parsing or validating them
// per request; in production signed-out visitors and customers may send only these
// (api/src/graphql/trusted-documents.ts, docs/decisions/0730-trusted-documents.md).
//   bun scripts/trusted-documents.ts [distDir]        (scripts/build-web.ts runs it after the build)
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { print } from "@0no-co/graphql.web";

const root = join(import.meta.dir, "..");
const webSrc = join(root, "web/src");

/** The modules that create documents: every source file calling graphql(...) (tests and the render entry aside). */
function documentModules(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...documentModules(path));
    else if (
      /\.tsx?$/.test(name) &&
      !/\.test\.tsx?$/.test(name) &&
      name !== "entry-server.tsx" &&
      readFileSync(path, "utf8").includes("graphql(")
    )
      found.push(path);
  }
  return found.sort();
}

type Doc = { definitions: readonly { kind: string }[] };

export async function collectTrustedDocuments(): Promise<Record<string, string>> {
  const created: Doc[] = [];
  (globalThis as { __graphqlDocuments?: unknown[] }).__graphqlDocuments = created;
  for (const path of documentModules(webSrc)) await import(path);
  const documents: Record<string, string> = {};
  for (const doc of created) {
    if (!doc.definitions.some((d) => d.kind === "OperationDefinition")) continue; // a fragment alone
    const text = print(doc as never);
    documents[`sha256:${createHash("sha256").update(text).digest("hex")}`] = text;
  }
  return documents;
}

if (import.meta.main) {
  const distDir = resolve(root, process.argv[2] ?? process.env.WEB_DIST ?? "web/dist");
  const documents = await collectTrustedDocuments();
  mkdirSync(distDir, { recursive: true });
  writeFileSync(join(distDir, ".trusted-documents.json"), `${JSON.stringify({ version: 1, documents }, null, 1)}\n`);
  console.log(`${Object.keys(documents).length} trusted documents → ${join(distDir, ".trusted-documents.json")}`);
}
