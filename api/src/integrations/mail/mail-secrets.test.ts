import { afterAll, afterEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { hashToken } from "../../modules/account/email-tokens.ts";
import { REDACTED, redactSecrets } from "./mailer.ts";

// Reset and verification links stay out of logs (even when SMTP fails) and, in production, out of the
// outbox table; in development the outbox mailer still prints the demo's mail.

setDefaultTimeout(60_000);
const FORGOT = "mutation($email: String!) { sendForgotPasswordEmail(email: $email) { isSuccess message } }";

/** Everything written to stdout and stderr while `run` runs (log.ts writes JSON lines there). */
async function captureOutput(run: () => Promise<void>) {
  const chunks: string[] = [];
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const grab = (chunk: unknown) => {
    chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk as Uint8Array).toString());
    return true;
  };
  process.stdout.write = grab as typeof process.stdout.write;
  process.stderr.write = grab as typeof process.stderr.write;
  try {
    await run();
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
  return chunks.join("");
}

/** The reset token issued to the user is found in `text` (by hashing every token-shaped string). */
function containsToken(text: string, tokenIds: string[]) {
  const candidates = text.match(/[A-Za-z0-9_-]{43}/g) ?? [];
  return candidates.some((c) => tokenIds.includes(hashToken(c)));
}

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(50);
  }
}

const servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function forgotPassword(env: Record<string, string>, waitFor: "error" | "sent") {
  const server = await createTestServer({ JOBS: "off", LOG_LEVEL: "info", ...env });
  servers.push(server);
  const f = factories(server.prisma);
  const branch = await f.branch();
  const user = await f.user(branch.id);
  const logs = await captureOutput(async () => {
    const r = await new Client(server.url, branch.host).gql<{ sendForgotPasswordEmail: { isSuccess: boolean } }>(
      FORGOT,
      { email: user.email },
    );
    expect(r.data?.sendForgotPasswordEmail.isSuccess).toBe(true);
    await until(async () => {
      const row = await server.prisma.outboxMessage.findFirst({ where: { recipient: user.email } });
      return !!row && (waitFor === "error" ? !!row.error : !!row.sentAt);
    });
    await Bun.sleep(100); // the log line follows the outbox update
  });
  const tokenIds = (await server.prisma.emailToken.findMany({ where: { userId: user.id } })).map((t) => t.id);
  expect(tokenIds.length).toBe(1);
  const row = await server.prisma.outboxMessage.findFirstOrThrow({ where: { recipient: user.email } });
  return { logs, tokenIds, row };
}

describe("reset links", () => {
  test("production with SMTP failing: no token in the logs nor in the outbox row", async () => {
    const { logs, tokenIds, row } = await forgotPassword(
      { NODE_ENV: "production", SESSION_SECRET: "a-production-secret-for-tests", SMTP_URL: "smtp://127.0.0.1:1" },
      "error",
    );
    expect(logs).toContain("mail failed (smtp)");
    expect(containsToken(logs, tokenIds)).toBe(false);
    expect(logs).not.toMatch(/token=(?!\[redacted\])/);
    expect(row.error).toBeTruthy();
    expect(containsToken(`${row.text}\n${row.html}`, tokenIds)).toBe(false);
    expect(row.text).toContain(`token=${REDACTED}`);
    expect(row.subject).toMatch(/^Reset your password/);
  });

  test("production without SMTP (outbox only): the row and the log keep no token", async () => {
    const { logs, tokenIds, row } = await forgotPassword(
      { NODE_ENV: "production", SESSION_SECRET: "a-production-secret-for-tests" },
      "sent",
    );
    expect(logs).toContain("mail (outbox)");
    expect(containsToken(logs, tokenIds)).toBe(false);
    expect(containsToken(`${row.text}\n${row.html}`, tokenIds)).toBe(false);
  });

  test("development with SMTP failing: the failure is logged without the mail's text", async () => {
    const { logs, tokenIds } = await forgotPassword({ SMTP_URL: "smtp://127.0.0.1:1" }, "error");
    expect(logs).toContain("mail failed (smtp)");
    expect(containsToken(logs, tokenIds)).toBe(false);
  });

  test("development outbox: the demo's mail is still printed with its link, and kept whole", async () => {
    const { logs, tokenIds, row } = await forgotPassword({}, "sent");
    expect(logs).toContain("mail (outbox)");
    expect(containsToken(logs, tokenIds)).toBe(true);
    expect(containsToken(row.text, tokenIds)).toBe(true);
  });
});

test("redactSecrets hides token parameters (also HTML-escaped) and the given secrets", () => {
  const link = "https://x.test/v2/account/reset-password?token=abcDEF123_-xyz&host=demo";
  expect(redactSecrets(`Open ${link} now`)).toBe(
    "Open https://x.test/v2/account/reset-password?token=[redacted]&host=demo now",
  );
  expect(redactSecrets('<a href="https://x.test/a?host=d&amp;token=abc123">')).toBe(
    '<a href="https://x.test/a?host=d&amp;token=[redacted]">',
  );
  expect(redactSecrets("code s3cr3t-value-123 here", ["s3cr3t-value-123"])).toBe("code [redacted] here");
});
