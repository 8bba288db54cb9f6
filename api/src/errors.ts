// Every expected failure is an AppError with a code; services throw it without knowing the transport.
// graphql/errors.ts (toClientError) turns it into a GraphQL error with the code and the HTTP status of
// the table below (the web client redirects on 401 / 403 / 404).
export const errorStatus = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  BRANCH_NOT_FOUND: 404,
  RATE_LIMITED: 429,
  CONFLICT: 409,
} as const;

export type ErrorCode = keyof typeof errorStatus;

const defaultMessages: Record<ErrorCode, string> = {
  UNAUTHENTICATED: "You need to sign in.",
  FORBIDDEN: "You don't have permission to do that.",
  NOT_FOUND: "Not found.",
  BAD_USER_INPUT: "Invalid input.",
  BRANCH_NOT_FOUND: "Unknown branch.",
  RATE_LIMITED: "Too many attempts. Try again later.",
  CONFLICT: "That conflicts with existing data.",
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
  ) {
    super(message ?? defaultMessages[code]);
    this.name = "AppError";
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = "Not found.") => new AppError("NOT_FOUND", what);
export const badInput = (message: string) => new AppError("BAD_USER_INPUT", message);
