import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { parseConfig } from "../../config.ts";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";

// The SMTP path runs nodemailer against a local SMTP server (smtp-server, parsed with mailparser), and a
// user follows the link from the mail they received.

// Several argon2 hashes per test (about 100 ms each, more on a busy machine).
setDefaultTimeout(30_000);
let sink: SmtpSink;
let server: TestServer;
let f: ReturnType<typeof factories>;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await createTestServer({
    SMTP_URL: sink.url,
    MAIL_FROM: "portal@water.example",
    PUBLIC_URL: "https://portal.example.com",
  });
  f = factories(server.prisma);
}, 120_000);
afterAll(async () => {
  await server.close();
  await sink.close();
}, 30_000);

async function outboxRow(recipient: string, done: (r: { sentAt: Date | null; error: string }) => boolean) {
  for (let i = 0; i < 100; i++) {
    const row = await server.prisma.outboxMessage.findFirst({ where: { recipient }, orderBy: { createdAt: "desc" } });
    if (row && done(row)) return row;
    await Bun.sleep(50);
  }
  throw new Error(`outbox row for ${recipient} not settled`);
}

describe("SMTP mail", () => {
  test("SMTP_URL and MAIL_FROM are read from the environment", () => {
    expect(parseConfig({ SMTP_URL: "smtp://mail:25", MAIL_FROM: "a@b.example" })).toMatchObject({
      SMTP_URL: "smtp://mail:25",
      MAIL_FROM: "a@b.example",
    });
    expect(() => parseConfig({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
    expect(() => parseConfig({ MAIL_FROM: "nobody" })).toThrow(/MAIL_FROM/);
  });

  test("a reset mail arrives branded, with HTML and text, and its link resets the password", async () => {
    const branch = await f.branch({ host: "smtp-alpha" });
    const user = await f.user(branch.id);
    const c = new Client(server.url, "smtp-alpha");
    await c.gql("mutation($e: String!) { sendForgotPasswordEmail(email: $e) { isSuccess } }", { e: user.email });

    const mail = await sink.waitFor((m) => m.to.includes(user.email) && /Reset your password/.test(m.subject));
    expect(mail).toMatchObject({ from: "portal@water.example", fromName: branch.company });
    expect(mail.subject).toBe(`Reset your password for ${branch.company}`);
    expect(mail.html).toContain(branch.company);
    expect(mail.html).toContain('href="https://portal.example.com/v2/account/reset-password?token=');
    const link = mail.links.find((l) => l.includes("/v2/account/reset-password"))!;
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe("https://portal.example.com/v2/account/reset-password");
    expect(url.searchParams.get("host")).toBe("smtp-alpha");

    // the outbox keeps the message with the time it went out
    const row = await outboxRow(user.email, (r) => !!r.sentAt);
    expect(row.error).toBe("");

    // follow the link: the page posts the token with the new password
    const res = await new Client(server.url, url.searchParams.get("host")!).gql<{
      resetPassword: { isSuccess: boolean };
    }>('mutation($t: String!) { resetPassword(input: { token: $t, password: "from-the-mail" }) { isSuccess } }', {
      t: url.searchParams.get("token"),
    });
    expect(res.data?.resetPassword.isSuccess).toBe(true);
    expect((await c.login(user.email, "from-the-mail")).isSuccess).toBe(true);
  });
});

describe("SMTP failure", () => {
  test("is not fatal: the account is created, the outbox records the error", async () => {
    const closed = await startSmtpSink();
    const deadUrl = closed.url;
    await closed.close(); // nothing listens there now
    const s = await createTestServer({ SMTP_URL: deadUrl });
    try {
      const ff = factories(s.prisma);
      const branch = await ff.branch({ host: "smtp-dead" });
      await ff.customer(branch.id, "700001", { securityCode: "2345" });
      const c = new Client(s.url, "smtp-dead");
      const email = "nobody-listens@example.com";
      const r = await c.gql<{ tryCreateAccount: { isSuccess: boolean } }>(
        `mutation($i: TryCreateAccountInput!) { tryCreateAccount(input: $i) { isSuccess message } }`,
        {
          i: { email, first: "A", last: "B", password: "secret1", linkingInfo: { customerId: "700001", code: "2345" } },
        },
      );
      expect(r.data?.tryCreateAccount.isSuccess).toBe(true);
      let row = null;
      for (let i = 0; i < 200 && !row?.error; i++) {
        row = await s.prisma.outboxMessage.findFirst({ where: { recipient: email } });
        await Bun.sleep(50);
      }
      expect(row?.sentAt).toBeNull();
      expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
      expect(row?.text).toContain("/v2/account/verify-email?token=");
    } finally {
      await s.close();
    }
  }, 120_000);
});
