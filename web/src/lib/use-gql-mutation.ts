import { type QueryClient, type UseMutationResult, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ResultOf, TadaDocumentNode, VariablesOf } from "gql.tada";
import { useCallback } from "react";
import { toast } from "@/lib/toast";
import { documentInfo, request } from "./graphql";
import { describeRequestError, requestErrorReference } from "./query-client";

// The mutation hook every screen uses. What a save tells the person happens here, once:
// - a result of the `{ isSuccess: false, message }` shape is a refusal: the mutation fails with a
//   MutationRefusal carrying the message (and the whole result, for the few screens that read more);
// - a refusal or a failed request is shown in a toast, worded by describeRequestError (the same
//   friendly sentence for staff and customers, with the request id of a failure on our side), unless
//   the caller shows it itself (`mutateQuietly`, which the form kit uses to put it on the field);
// - on success the queries named in `invalidates` are fetched again and `successToast` is shown (once:
//   the same sentence again replaces the toast still showing it).

/** A mutation the server answered with `{ isSuccess: false, message }`. */
export class MutationRefusal extends Error {
  constructor(
    message: string,
    /** The refused field's whole result (e.g. extra flags beside the message). */
    readonly result: Record<string, unknown>,
  ) {
    super(message);
    this.name = "MutationRefusal";
  }
}

/**
 * The refusal inside a mutation's data: its first root field of the `{ isSuccess: false }` shape. An
 * answer with `requiresConfirmation: true` (a delete that asks "this is in use, delete anyway?") is a
 * question for the screen, not a refusal.
 */
export function refusalOf(data: unknown): MutationRefusal | null {
  if (!data || typeof data !== "object") return null;
  for (const value of Object.values(data)) {
    const answer = value as { isSuccess?: unknown; requiresConfirmation?: unknown } | null;
    if (answer && typeof answer === "object" && answer.isSuccess === false && answer.requiresConfirmation !== true) {
      const message = (value as { message?: unknown }).message;
      return new MutationRefusal(
        typeof message === "string" && message ? message : "That could not be saved.",
        value as Record<string, unknown>,
      );
    }
  }
  return null;
}

/** The message of the first root field that carries one (`{ isSuccess: true, message }`). */
export function messageOf(data: unknown): string | undefined {
  if (!data || typeof data !== "object") return undefined;
  for (const value of Object.values(data)) {
    const message = value && typeof value === "object" ? (value as { message?: unknown }).message : undefined;
    if (typeof message === "string" && message) return message;
  }
  return undefined;
}

/** What to tell the person about a failed mutation: the refusal's own words, or describeRequestError. */
export function describeMutationError(error: unknown, options: { reference?: boolean } = {}): string {
  if (error instanceof MutationRefusal) return error.message;
  return describeRequestError(error, options);
}

/** Shows a failed mutation in a toast (the one place mutations report failures). */
export function showMutationError(error: unknown) {
  const reference = requestErrorReference(error);
  toast.error(describeMutationError(error, { reference: false }), {
    style: { whiteSpace: "pre-line" },
    description: reference ? `Reference: ${reference}` : undefined,
  });
}

// Variables of calls whose caller shows the failure itself (mutateQuietly).
const quietCalls = new WeakSet<object>();

// biome-ignore lint/suspicious/noExplicitAny: any document's result and variables
type AnyDocument = TadaDocumentNode<any, any>;

/** A query to read again: its document or its operation name (every variable set: useGqlQuery's key starts with it). */
export type QueryTarget = AnyDocument | string;

/** Marks the queries stale and fetches again those on screen. */
export function invalidate(client: QueryClient, targets: readonly QueryTarget[]) {
  return Promise.all(
    targets.map((target) =>
      client.invalidateQueries({
        queryKey: [typeof target === "string" ? target : documentInfo(target).operationName],
      }),
    ),
  );
}

/** A callback that reads `targets` (a module's constant) again, after a change made outside its mutation hooks. */
export function useInvalidate(targets: readonly QueryTarget[]) {
  const client = useQueryClient();
  return useCallback(() => invalidate(client, targets), [client, targets]);
}

export type GqlMutationOptions<TResult, TVariables> = {
  /** Queries fetched again after a success: their documents or operation names (every variable set). */
  invalidates?: QueryTarget[];
  /** A toast on success: fixed text, `true` for the result's own message, `false` for none (the screen shows it), or built from the result. */
  successToast?: string | boolean | ((result: TResult, variables: TVariables) => string | null | undefined);
  /** Runs after a success, once the invalidated queries have been asked for again. */
  onSuccess?: (result: TResult, variables: TVariables) => unknown;
};

/** The options of `doc`'s mutation, for hooks that pass their caller's options on. */
export type MutationOptionsFor<D extends AnyDocument> = GqlMutationOptions<ResultOf<D>, VariablesOf<D>>;

export type GqlMutation<TResult, TVariables> = UseMutationResult<TResult, Error, TVariables> & {
  /** Runs it; resolves to the result, or undefined when it failed or was refused (already shown). */
  run: (variables: TVariables) => Promise<TResult | undefined>;
  /** Runs it and rejects on a failure or refusal without showing it: the caller shows it (forms). */
  mutateQuietly: (variables: TVariables) => Promise<TResult>;
};

/** A GraphQL mutation on TanStack Query; variables are passed when it runs. */
export function useGqlMutation<TResult, TVariables>(
  doc: TadaDocumentNode<TResult, TVariables>,
  options: GqlMutationOptions<TResult, TVariables> = {},
): GqlMutation<TResult, TVariables> {
  const client = useQueryClient();
  const mutation = useMutation<TResult, Error, TVariables>({
    mutationFn: async (variables) => {
      const data = await request(doc, variables);
      const refusal = refusalOf(data);
      if (refusal) throw refusal;
      return data;
    },
    onSuccess: async (result, variables) => {
      const { invalidates, successToast, onSuccess } = options;
      if (invalidates?.length) await invalidate(client, invalidates);
      const text =
        successToast === true
          ? messageOf(result)
          : typeof successToast === "function"
            ? successToast(result, variables)
            : successToast;
      // The sentence is the toast's id: saying it again (a create then a save both answer "Saved the
      // automation ...") replaces the one still showing instead of stacking a twin beside it.
      if (text) toast.success(text, { id: text });
      await onSuccess?.(result, variables);
    },
    onError: (error, variables) => {
      if (variables && typeof variables === "object" && quietCalls.has(variables)) return;
      showMutationError(error);
    },
  });
  const { mutateAsync } = mutation;
  const run = useCallback((variables: TVariables) => mutateAsync(variables).catch(() => undefined), [mutateAsync]);
  const mutateQuietly = useCallback(
    (variables: TVariables) => {
      // A call without variables gets an object of its own, so that it can be told apart.
      const key = (variables ?? {}) as TVariables & object;
      quietCalls.add(key);
      return mutateAsync(key);
    },
    [mutateAsync],
  );
  return Object.assign(mutation, { run, mutateQuietly });
}

/**
 * The hooks of a screen's changes that all read the same queries again and toast the answer's own
 * message: `const saving = savingMutations(QUERIES)`, then `export const useRenameThing = saving(RenameThing)`.
 * Each hook takes useGqlMutation's options, which add to (or replace) these two.
 */
export function savingMutations(invalidates: QueryTarget[]) {
  return <TResult, TVariables>(doc: TadaDocumentNode<TResult, TVariables>) =>
    (options?: GqlMutationOptions<TResult, TVariables>) =>
      useGqlMutation(doc, { invalidates, successToast: true, ...options });
}
