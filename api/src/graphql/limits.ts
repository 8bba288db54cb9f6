import {
  type ASTVisitor,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLSchema,
  Kind,
  NoSchemaIntrospectionCustomRule,
  parse,
  type SelectionSetNode,
  specifiedRules,
  type ValidationContext,
  type ValidationRule,
  type ValueNode,
  validate,
  visit,
} from "graphql";
import type { Plugin } from "graphql-yoga";

// Limits on every GraphQL operation, over HTTP (Yoga: limitsPlugin) and over the websocket (graphql-ws:
// prepareOperation) alike, and the transport limits the HTTP guard and Bun.serve apply. The numbers
// and why: docs/decisions/0010-graphql-and-http-limits.md.
export const LIMITS = {
  /** Lexer tokens in one document; parsing stops past it (graphql-js maxTokens). */
  maxTokens: 2000,
  /** Nested field levels of an operation, fragments expanded (`{ a { b } }` is 2). */
  maxDepth: 12,
  /** Aliased fields of an operation, fragments expanded. */
  maxAliases: 30,
  /** Fields an operation selects, fragments expanded (each spread counted again): a cost bound. */
  maxFields: 1000,
  /** Directives in one document. */
  maxDirectives: 20,
  /** The most rows one page may ask for (arguments named in PAGE_SIZE_ARGS). */
  maxPageSize: 100,
  /** Operations running at once on one websocket. */
  maxSubscriptionsPerSocket: 20,
  /** Open websockets per client address. */
  maxSocketsPerAddress: 20,
  /** A JSON request body to /graphql, and one websocket message. */
  maxBodyBytes: 1024 * 1024,
  /** A request body to /graphql that carries an image upload (5 MB of image as base64, plus the JSON). */
  maxUploadBodyBytes: 8 * 1024 * 1024,
} as const;

/** Root mutation fields that take a base64 image (or a gzip-compressed CSV file), and so may come in a body up to maxUploadBodyBytes. */
export const UPLOAD_MUTATIONS: ReadonlySet<string> = new Set([
  "uploadMedia",
  "uploadInventoryMedia",
  "uploadWhatsNewImage",
  "setPersonPhoto",
  "dryRunLeadImport",
]);

/** Field arguments that set a page size (take/first/last/limit/pageSize), capped at maxPageSize. */
export const PAGE_SIZE_ARGS: ReadonlySet<string> = new Set(["take", "first", "last", "limit", "pageSize"]);

export const INVALID_TEXT_MESSAGE = "Text contains invalid characters.";

const refusals = new WeakSet<GraphQLError>();

/** A refused operation. Over HTTP it answers 400 whatever the Accept header (limitsPlugin). */
export function limitError(message: string, code = "GRAPHQL_VALIDATION_FAILED"): GraphQLError {
  const error = new GraphQLError(message, { extensions: { code } });
  refusals.add(error);
  return error;
}

const badUserInput = (message: string) => limitError(message, "BAD_USER_INPUT");

// ───────────── parsing ─────────────

/** parse() with the token limit; a longer document is a 400 "The document is too long". */
export function parseDocument(source: string): DocumentNode {
  try {
    return parse(source, { maxTokens: LIMITS.maxTokens });
  } catch (error) {
    // graphql-js says "Document contains more that N tokens. Parsing aborted."
    if (error instanceof GraphQLError && /more th\w+ \d+ tokens/.test(error.message))
      throw limitError(`The document is too long: more than ${LIMITS.maxTokens} tokens.`);
    throw error;
  }
}

// ───────────── validation rules ─────────────

type Measure = { depth: number; fields: number; aliases: number };

/** Depth, field count and aliases of each operation, with fragments expanded (memoized, so a fragment
 * used many times is measured once and its counts multiplied, never expanded exponentially). */
function OperationSizeRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of context.getDocument().definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const memo = new Map<string, Measure>();
  const visiting = new Set<string>();

  const measure = (set: SelectionSetNode | undefined): Measure => {
    const m: Measure = { depth: 0, fields: 0, aliases: 0 };
    if (!set) return m;
    const add = (child: Measure, extraDepth: number) => {
      m.depth = Math.max(m.depth, child.depth + extraDepth);
      m.fields += child.fields;
      m.aliases += child.aliases;
    };
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.alias) m.aliases++;
        m.fields++;
        // Introspection's `ofType` (a wrapped type: no list, no fan-out) adds no depth: the standard
        // introspection query (GraphiQL, codegen) nests it 8 deep. Production refuses introspection anyway.
        add(measure(sel.selectionSet), sel.name.value === "ofType" ? 0 : 1);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        add(measure(sel.selectionSet), 0);
      } else {
        const name = sel.name.value;
        let frag = memo.get(name);
        if (!frag) {
          const def = fragments.get(name);
          if (!def || visiting.has(name)) continue; // unknown or cyclic: other rules report it
          visiting.add(name);
          frag = measure(def.selectionSet);
          visiting.delete(name);
          memo.set(name, frag);
        }
        add(frag, 0);
      }
    }
    return m;
  };

  return {
    OperationDefinition(node) {
      const m = measure(node.selectionSet);
      if (m.depth > LIMITS.maxDepth)
        context.reportError(limitError(`The query is too deep: ${m.depth} levels, at most ${LIMITS.maxDepth}.`));
      if (m.aliases > LIMITS.maxAliases)
        context.reportError(limitError(`Too many aliases: ${m.aliases}, at most ${LIMITS.maxAliases}.`));
      if (m.fields > LIMITS.maxFields)
        context.reportError(limitError(`The query selects too many fields: ${m.fields}, at most ${LIMITS.maxFields}.`));
      return false;
    },
  };
}

function MaxDirectivesRule(context: ValidationContext): ASTVisitor {
  let count = 0;
  return {
    Directive() {
      count++;
    },
    Document: {
      leave() {
        if (count > LIMITS.maxDirectives)
          context.reportError(limitError(`Too many directives: ${count}, at most ${LIMITS.maxDirectives}.`));
      },
    },
  };
}

/** A page size written in the document (`take: 5000`) is refused here; one in a variable at execution. */
function PageSizeLiteralRule(context: ValidationContext): ASTVisitor {
  return {
    Argument(node) {
      if (!PAGE_SIZE_ARGS.has(node.name.value) || node.value.kind !== Kind.INT) return;
      const error = pageSizeError(node.name.value, Number(node.value.value));
      if (error) context.reportError(error);
    },
  };
}

/** Text literals in the document (`"a\u0000b"`, also inside input objects and lists). */
function InvalidTextLiteralRule(context: ValidationContext): ASTVisitor {
  let reported = false;
  return {
    StringValue(node) {
      if (!reported && hasInvalidText(node.value)) {
        reported = true;
        context.reportError(badUserInput(INVALID_TEXT_MESSAGE));
      }
    },
  };
}

/** The rules every operation is validated with beyond graphql-js's own (production adds no introspection). */
export function limitRules(production: boolean): ValidationRule[] {
  const rules: ValidationRule[] = [OperationSizeRule, MaxDirectivesRule, PageSizeLiteralRule, InvalidTextLiteralRule];
  if (production) rules.push(NoSchemaIntrospectionCustomRule);
  return rules;
}

// ───────────── input checks (variables) ─────────────

// NUL (PostgreSQL text cannot hold it) and UTF-16 surrogates without their pair.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasInvalidText(s: string): boolean {
  return s.includes("\u0000") || LONE_SURROGATE.test(s);
}

function hasInvalidTextDeep(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return hasInvalidText(value);
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((v) => hasInvalidTextDeep(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (hasInvalidText(k) || hasInvalidTextDeep(v, depth + 1)) return true;
  return false;
}

function pageSizeError(name: string, n: number): GraphQLError | undefined {
  if (!Number.isFinite(n) || (n >= 0 && n <= LIMITS.maxPageSize)) return undefined;
  return badUserInput(`"${name}" must be between 0 and ${LIMITS.maxPageSize}.`);
}

type PageVariable = { argument: string; variable: string; defaultValue?: ValueNode };
const pageVariablesByDocument = new WeakMap<DocumentNode, PageVariable[]>();

/** Variables used as page sizes in a document (with their default values), found once per document. */
function pageVariables(document: DocumentNode): PageVariable[] {
  let found = pageVariablesByDocument.get(document);
  if (found) return found;
  const defaults = new Map<string, ValueNode | undefined>();
  const uses: PageVariable[] = [];
  visit(document, {
    VariableDefinition(node) {
      defaults.set(node.variable.name.value, node.defaultValue);
    },
    Argument(node) {
      if (PAGE_SIZE_ARGS.has(node.name.value) && node.value.kind === Kind.VARIABLE)
        uses.push({ argument: node.name.value, variable: node.value.name.value });
    },
  });
  found = uses.map((u) => ({ ...u, defaultValue: defaults.get(u.variable) }));
  pageVariablesByDocument.set(document, found);
  return found;
}

/**
 * Checks an operation's variables before it runs: no invalid text anywhere in them, page sizes within
 * maxPageSize. Returns the error to answer with, or nothing.
 */
export function checkVariables(document: DocumentNode, variables: unknown): GraphQLError | undefined {
  if (variables && hasInvalidTextDeep(variables)) return badUserInput(INVALID_TEXT_MESSAGE);
  const values = (variables ?? {}) as Record<string, unknown>;
  for (const use of pageVariables(document)) {
    const raw = values[use.variable];
    const n =
      typeof raw === "number"
        ? raw
        : raw === undefined && use.defaultValue?.kind === Kind.INT
          ? Number(use.defaultValue.value)
          : undefined;
    const error = n === undefined ? undefined : pageSizeError(use.argument, n);
    if (error) return error;
  }
  return undefined;
}

// ───────────── production: no field suggestions ─────────────

const SUGGESTION = / Did you mean .*\?$/s;

/** Removes graphql-js's "Did you mean ...?" hints, which reveal the schema's names. */
export function stripSuggestions<T extends { message: string }>(errors: readonly T[]): readonly T[] {
  for (const e of errors) if (SUGGESTION.test(e.message)) e.message = e.message.replace(SUGGESTION, "");
  return errors;
}

function stripResult(result: unknown) {
  const r = result as ExecutionResult | undefined;
  if (r && typeof r === "object" && Array.isArray(r.errors)) stripSuggestions(r.errors);
}

// ───────────── HTTP (Yoga) ─────────────

/** Yoga plugin: token limit when parsing, limit rules when validating, variables checked before running. */
export function limitsPlugin(opts: { production: boolean }): Plugin {
  const rules = limitRules(opts.production);
  const stop = (args: ExecutionArgs, set: (r: ExecutionResult) => void) => {
    const error = checkVariables(args.document, args.variableValues);
    if (error) set({ errors: [error] });
  };
  return {
    // Yoga answers application/json clients 200 for parse and validation errors (GraphQL over HTTP);
    // a refusal by these limits is a 400 for every client.
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || !("errors" in result) || !result.errors?.some((e) => refusals.has(e))) return;
      setResult({ ...result, extensions: { ...result.extensions, http: { status: 400 } } });
    },
    onParse({ setParseFn }) {
      setParseFn((source) => parseDocument(typeof source === "string" ? source : source.body));
    },
    onValidate({ addValidationRule }) {
      for (const rule of rules) addValidationRule(rule);
      if (!opts.production) return;
      return ({ result }) => {
        stripSuggestions(result);
      };
    },
    onExecute({ args, setResultAndStopExecution }) {
      stop(args, setResultAndStopExecution);
      if (!opts.production) return;
      return { onExecuteDone: ({ result }) => stripResult(result) };
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      stop(args, setResultAndStopExecution);
      if (!opts.production) return;
      return { onSubscribeResult: ({ result }) => stripResult(result) };
    },
  };
}

// ───────────── websocket (graphql-ws) ─────────────

/**
 * graphql-ws onSubscribe: the same parsing, rules and variable checks as over HTTP, plus the cap on
 * operations running at once on the socket. Returns errors to send for this id, or the execution args.
 */
export function prepareOperation(
  schema: GraphQLSchema,
  payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null },
  opts: { production: boolean; activeOnSocket: number; trusted?: { document: DocumentNode } },
): GraphQLError[] | ExecutionArgs {
  // graphql-ws has already registered this id, so it counts itself.
  if (opts.activeOnSocket > LIMITS.maxSubscriptionsPerSocket)
    return [
      limitError(
        `Too many operations on this connection: at most ${LIMITS.maxSubscriptionsPerSocket} at once.`,
        "RATE_LIMITED",
      ),
    ];
  let document: DocumentNode;
  if (opts.trusted) {
    // A trusted document (trusted-documents.ts) was parsed and validated with these rules once, on its
    // first use.
    document = opts.trusted.document;
  } else {
    try {
      document = parseDocument(payload.query);
    } catch (error) {
      if (error instanceof GraphQLError) return [error];
      throw error;
    }
    const errors = validate(schema, document, [...specifiedRules, ...limitRules(opts.production)]);
    if (errors.length) return [...(opts.production ? stripSuggestions(errors) : errors)];
  }
  const error = checkVariables(document, payload.variables);
  if (error) return [error];
  return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
}

/** graphql-ws onNext: no suggestions in production (variable coercion errors come as results). */
export function sanitizeResult(production: boolean, result: ExecutionResult): void {
  if (production) stripResult(result);
}
