import { describe, expect, test } from "bun:test";
import {
  createAccount,
  type MadeBranch,
  overview,
  serveAlphaAndBeta,
  tokenIn,
  uniqueEmail,
  VERIFY,
  waitForMail,
} from "../../../test/account-helpers.ts";
import { Client, type Factories, type TestServer } from "../../../test/harness.ts";
import { clock } from "../../clock.ts";
import { emailMessages } from "./email.service.ts";
import { hashToken } from "./email-tokens.ts";
import { settingsMessages } from "./settings.service.ts";

let server: TestServer, f: Factories, alpha: MadeBranch, beta: MadeBranch;
serveAlphaAndBeta((made) => ({ server, f, alpha, beta } = made));

type R = { isSuccess: boolean; message: string };
const FORGOT = "mutation($email: String!) { sendForgotPasswordEmail(email: $email) { isSuccess message } }";
const RESET = `mutation($token: String!, $password: String!) {
  resetPassword(input: { token: $token, password: $password }) { isSuccess message } }`;
const RESEND = "mutation { requestVerificationEmail { isSuccess message } }";
const UPDATE_ACCOUNT = `mutation($input: UpdateAccountInput!) { updateAccount(input: $input) { isSuccess message } }`;
const UPDATE_PASSWORD = `mutation($current: String!, $next: String!) {
  updatePassword(input: { currentPassword: $current, newPassword: $next }) { isSuccess message } }`;

const verify = async (c: Client, token: string) =>
  (await c.gql<{ verifyEmail: R }>(VERIFY, { token })).data?.verifyEmail;
const reset = async (c: Client, token: string, password: string) =>
  (await c.gql<{ resetPassword: R }>(RESET, { token, password })).data?.resetPassword;

async function newUnverifiedUser(branchHost = "alpha", branchId = alpha.id) {
  const customer = await f.customer(branchId, String(500000 + Math.floor(Math.random() * 99999)), {
    securityCode: "2345",
  });
  const c = new Client(server.url, branchHost);
  const email = uniqueEmail();
  const res = await createAccount(c, {
    email,
    first: "Vera",
    last: "Verify",
    password: "secret1",
    linkingInfo: { customerId: customer.accountNumber, code: "2345" },
  });
  expect(res.isSuccess).toBe(true);
  return { c, email, userId: res.userId! };
}

describe("email verification", () => {
  test("a token works once; overview.verifiedEmail follows", async () => {
    const { c, email } = await newUnverifiedUser();
    expect((await overview(c))?.verifiedEmail).toBe(false);
    const token = tokenIn((await waitForMail(server.prisma, email, /^Verify/)).text);
    expect(await verify(c, token)).toEqual({ isSuccess: true, message: "Your email is verified." });
    expect((await overview(c))?.verifiedEmail).toBe(true);
    expect(await verify(c, token)).toEqual({ isSuccess: false, message: emailMessages.verifyUsed });
    expect(await verify(c, "made-up-token")).toEqual({ isSuccess: false, message: emailMessages.verifyInvalid });
  });

  test("an expired token fails and verifies nothing", async () => {
    const { c, email, userId } = await newUnverifiedUser();
    const token = tokenIn((await waitForMail(server.prisma, email, /^Verify/)).text);
    const row = await server.prisma.emailToken.findUniqueOrThrow({ where: { id: hashToken(token) } });
    // verification links live 48 hours
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(48 * 3600_000, -4);
    await server.prisma.emailToken.update({
      where: { id: row.id },
      data: { expiresAt: new Date(clock.nowMs() - 1000) },
    });
    expect(await verify(c, token)).toEqual({ isSuccess: false, message: emailMessages.verifyExpired });
    expect((await server.prisma.user.findUniqueOrThrow({ where: { id: userId } })).verifiedEmail).toBe(false);
  });

  test("a link of one branch does nothing on another", async () => {
    const { email } = await newUnverifiedUser();
    const token = tokenIn((await waitForMail(server.prisma, email, /^Verify/)).text);
    expect(await verify(new Client(server.url, "beta"), token)).toEqual({
      isSuccess: false,
      message: emailMessages.verifyInvalid,
    });
    expect(await verify(new Client(server.url, "alpha"), token)).toMatchObject({ isSuccess: true });
  });

  test("requestVerificationEmail sends a new link, at most 5 an hour, and refuses once verified", async () => {
    const { c, email } = await newUnverifiedUser();
    const first = await c.gql<{ requestVerificationEmail: R }>(RESEND);
    expect(first.data?.requestVerificationEmail).toEqual({
      isSuccess: true,
      message: `We sent a new verification link to ${email}.`,
    });
    for (let i = 0; i < 3; i++) await c.gql(RESEND); // 1 at sign-up + 4 = 5 this hour
    const limited = await c.gql<{ requestVerificationEmail: R }>(RESEND);
    expect(limited.data?.requestVerificationEmail).toEqual({ isSuccess: false, message: emailMessages.tooManyMails });
    // every link sent still works (the newest here)
    const mails = await server.prisma.outboxMessage.findMany({
      where: { recipient: email },
      orderBy: { createdAt: "desc" },
    });
    expect(mails.length).toBeGreaterThanOrEqual(4);
    expect(await verify(c, tokenIn(mails[0]!.text))).toMatchObject({ isSuccess: true });
    await server.prisma.emailToken.deleteMany({ where: { email } }); // lift the hourly limit
    const done = await c.gql<{ requestVerificationEmail: R }>(RESEND);
    expect(done.data?.requestVerificationEmail).toEqual({ isSuccess: false, message: emailMessages.alreadyVerified });
    expect((await new Client(server.url, "alpha").gql(RESEND)).status).toBe(401);
  });
});

describe("forgot and reset password", () => {
  test("the same answer whether or not the email exists; only a real account gets mail", async () => {
    const user = await f.user(alpha.id);
    const c = new Client(server.url, "alpha");
    const known = await c.gql<{ sendForgotPasswordEmail: R }>(FORGOT, { email: user.email.toUpperCase() });
    const unknown = await c.gql<{ sendForgotPasswordEmail: R }>(FORGOT, { email: "nobody-here@example.com" });
    expect(known.data).toEqual(unknown.data!);
    expect(known.data?.sendForgotPasswordEmail).toEqual({ isSuccess: true, message: emailMessages.forgotSent });
    // a user of another branch is unknown here
    const other = await f.user(beta.id);
    const cross = await c.gql<{ sendForgotPasswordEmail: R }>(FORGOT, { email: other.email });
    expect(cross.data).toEqual(known.data!);

    const mail = await waitForMail(server.prisma, user.email, /^Reset your password/);
    expect(mail.text).toMatch(/\/v2\/account\/reset-password\?token=[A-Za-z0-9_-]+&host=alpha/);
    await Bun.sleep(300);
    expect(await server.prisma.outboxMessage.count({ where: { recipient: "nobody-here@example.com" } })).toBe(0);
    expect(await server.prisma.outboxMessage.count({ where: { recipient: other.email } })).toBe(0);
    const bad = await c.gql<{ sendForgotPasswordEmail: R }>(FORGOT, { email: "nope" });
    expect(bad.data?.sendForgotPasswordEmail).toEqual({ isSuccess: false, message: "invalid email" });
  });

  test("a reset link sets the password once, expires within an hour, and ends other sessions", async () => {
    const user = await f.user(alpha.id);
    const elsewhere = new Client(server.url, "alpha");
    expect((await elsewhere.login(user.email, user.password)).isSuccess).toBe(true);
    const c = new Client(server.url, "alpha");
    await c.gql(FORGOT, { email: user.email });
    const token = tokenIn((await waitForMail(server.prisma, user.email, /^Reset your password/)).text);
    const row = await server.prisma.emailToken.findUniqueOrThrow({ where: { id: hashToken(token) } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(3600_000);

    expect(await reset(c, token, "short")).toEqual({
      isSuccess: false,
      message: "Passwords must be at least 6 characters",
    });
    expect(await reset(c, token, "brand-new-1")).toEqual({ isSuccess: true, message: emailMessages.resetDone });
    expect(await reset(c, token, "brand-new-2")).toEqual({ isSuccess: false, message: emailMessages.resetUsed });

    expect(await overview(elsewhere)).toBeNull(); // the other session ended
    expect((await c.login(user.email, user.password)).isSuccess).toBe(false);
    expect((await c.login(user.email, "brand-new-1")).isSuccess).toBe(true);
    await waitForMail(server.prisma, user.email, /password was changed/);
  });

  test("an expired or superseded reset link fails", async () => {
    const user = await f.user(alpha.id);
    const c = new Client(server.url, "alpha");
    await c.gql(FORGOT, { email: user.email });
    const first = tokenIn((await waitForMail(server.prisma, user.email, /^Reset/)).text);
    await server.prisma.emailToken.update({
      where: { id: hashToken(first) },
      data: { expiresAt: new Date(clock.nowMs() - 1) },
    });
    expect(await reset(c, first, "brand-new-1")).toEqual({ isSuccess: false, message: emailMessages.resetExpired });

    await server.prisma.outboxMessage.deleteMany({ where: { recipient: user.email } });
    await c.gql(FORGOT, { email: user.email });
    const second = tokenIn((await waitForMail(server.prisma, user.email, /^Reset/)).text);
    await server.prisma.outboxMessage.deleteMany({ where: { recipient: user.email } });
    await c.gql(FORGOT, { email: user.email });
    const third = tokenIn((await waitForMail(server.prisma, user.email, /^Reset/)).text);
    expect(await reset(c, second, "brand-new-1")).toEqual({ isSuccess: false, message: emailMessages.resetUsed });
    expect(await reset(c, third, "brand-new-1")).toMatchObject({ isSuccess: true });
    expect((await c.login(user.email, user.password)).isSuccess).toBe(false);
  });

  test("a reset link is checked when its page opens: works, expired, used, invalid", async () => {
    const user = await f.user(alpha.id);
    const c = new Client(server.url, "alpha");
    const status = async (token: string) =>
      (
        await c.gql<{ resetPasswordLinkStatus: { isSuccess: boolean; message: string } }>(
          "query($t: String!) { resetPasswordLinkStatus(token: $t) { isSuccess message } }",
          { t: token },
        )
      ).data?.resetPasswordLinkStatus;
    await c.gql(FORGOT, { email: user.email });
    const token = tokenIn((await waitForMail(server.prisma, user.email, /^Reset/)).text);
    expect(await status(token)).toEqual({ isSuccess: true, message: "This link works." });
    expect(await status(token)).toMatchObject({ isSuccess: true }); // looking does not spend it
    expect(await status("not-a-real-token")).toEqual({ isSuccess: false, message: emailMessages.resetInvalid });
    expect(await reset(c, token, "brand-new-1")).toMatchObject({ isSuccess: true });
    expect(await status(token)).toEqual({ isSuccess: false, message: emailMessages.resetUsed });
    await server.prisma.outboxMessage.deleteMany({ where: { recipient: user.email } });
    await c.gql(FORGOT, { email: user.email });
    const late = tokenIn((await waitForMail(server.prisma, user.email, /^Reset/)).text);
    await server.prisma.emailToken.update({
      where: { id: hashToken(late) },
      data: { expiresAt: new Date(clock.nowMs() - 1) },
    });
    expect(await status(late)).toEqual({ isSuccess: false, message: emailMessages.resetExpired });
  });

  test("a reset lifts a sign-in lock", async () => {
    const user = await f.user(alpha.id);
    const c = new Client(server.url, "alpha");
    for (let i = 0; i < 5; i++) await c.login(user.email, `wrong-${i}`);
    expect((await c.login(user.email, user.password)).message).toContain("Too many failed sign-in attempts");
    await c.gql(FORGOT, { email: user.email });
    const token = tokenIn((await waitForMail(server.prisma, user.email, /^Reset/)).text);
    expect(await reset(c, token, "unlocked-1")).toMatchObject({ isSuccess: true });
    expect((await c.login(user.email, "unlocked-1")).isSuccess).toBe(true);
  });
});

describe("update-account", () => {
  test("names change at once; a new email only after its link is followed", async () => {
    const user = await f.user(alpha.id);
    const c = new Client(server.url, "alpha");
    await c.login(user.email, user.password);
    const newEmail = uniqueEmail("changed");
    const res = await c.gql<{ updateAccount: R }>(UPDATE_ACCOUNT, {
      input: { firstName: "Jo", lastName: "Changed", email: ` ${newEmail.toUpperCase()} ` },
    });
    expect(res.data?.updateAccount).toEqual({ isSuccess: true, message: settingsMessages.emailPending(newEmail) });
    expect(await overview(c)).toMatchObject({
      firstName: "Jo",
      lastName: "Changed",
      email: user.email,
      pendingEmail: newEmail,
    });
    // still signs in with the old address until verified; the old address is told
    expect((await new Client(server.url, "alpha").login(newEmail, user.password)).isSuccess).toBe(false);
    await waitForMail(server.prisma, user.email, /email address is changing/);

    const token = tokenIn((await waitForMail(server.prisma, newEmail, /new email address/)).text);
    expect(await verify(c, token)).toEqual({ isSuccess: true, message: `Your email address is now ${newEmail}.` });
    expect(await overview(c)).toMatchObject({ email: newEmail, verifiedEmail: true, pendingEmail: null });
    expect((await new Client(server.url, "alpha").login(newEmail, user.password)).isSuccess).toBe(true);
  });

  test("an email used by another account is refused and nothing changes", async () => {
    const user = await f.user(alpha.id);
    const other = await f.user(alpha.id);
    const c = new Client(server.url, "alpha");
    await c.login(user.email, user.password);
    const res = await c.gql<{ updateAccount: R }>(UPDATE_ACCOUNT, {
      input: { firstName: "New", lastName: "Name", email: other.email },
    });
    expect(res.data?.updateAccount).toEqual({
      isSuccess: false,
      message: 'This email is already in use (use "reset password" if this is your email).',
    });
    expect(await overview(c)).toMatchObject({ firstName: "Test", email: user.email, pendingEmail: null });
    const blank = await c.gql<{ updateAccount: R }>(UPDATE_ACCOUNT, {
      input: { firstName: " ", lastName: "Name", email: user.email },
    });
    expect(blank.data?.updateAccount).toEqual({ isSuccess: false, message: "First name is required" });
  });

  test("signed out -> 401", async () => {
    const res = await new Client(server.url, "alpha").gql(UPDATE_ACCOUNT, {
      input: { firstName: "a", lastName: "b", email: "a@b.co" },
    });
    expect(res.status).toBe(401);
  });
});

describe("update-password", () => {
  test("needs the current password and 6 characters; ends other sessions but keeps this one", async () => {
    const user = await f.user(alpha.id);
    const c = new Client(server.url, "alpha");
    const elsewhere = new Client(server.url, "alpha");
    await c.login(user.email, user.password);
    await elsewhere.login(user.email, user.password);
    const run = async (current: string, next: string) =>
      (await c.gql<{ updatePassword: R }>(UPDATE_PASSWORD, { current, next })).data?.updatePassword;

    expect(await run("wrong-one", "another-1")).toEqual({ isSuccess: false, message: settingsMessages.currentWrong });
    expect(await run(user.password, "12345")).toEqual({
      isSuccess: false,
      message: "Passwords must be at least 6 characters",
    });
    expect(await run("", "another-1")).toEqual({ isSuccess: false, message: settingsMessages.currentRequired });
    expect(await run(user.password, "another-1")).toEqual({
      isSuccess: true,
      message: settingsMessages.passwordUpdated,
    });

    expect(await overview(c)).not.toBeNull();
    expect(await overview(elsewhere)).toBeNull();
    expect((await new Client(server.url, "alpha").login(user.email, "another-1")).isSuccess).toBe(true);
  });

  test("five wrong current passwords block further tries", async () => {
    const user = await f.user(alpha.id);
    const c = new Client(server.url, "alpha");
    await c.login(user.email, user.password);
    for (let i = 0; i < 5; i++) await c.gql(UPDATE_PASSWORD, { current: `bad-${i}`, next: "another-1" });
    const res = await c.gql<{ updatePassword: R }>(UPDATE_PASSWORD, { current: user.password, next: "another-1" });
    expect(res.data?.updatePassword).toEqual({ isSuccess: false, message: settingsMessages.blocked });
  });
});
