import { describe, expect, test } from "bun:test";
import {
  accountNumbers,
  CHECK,
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
import { signupMessages } from "./signup.service.ts";

let server: TestServer, f: Factories, alpha: MadeBranch, beta: MadeBranch, open: MadeBranch;

// Account numbers per test so that the link limits of one test don't affect another.
let nextAccount = 400001;
const accountNo = () => String(nextAccount++);

async function customerWithContact(
  branchId: string,
  opts: { email?: string; role?: "ADMINISTRATOR" | "BILLING" | "SALES" | "NONE"; code?: string } = {},
) {
  const customer = await f.customer(branchId, accountNo(), { securityCode: opts.code ?? "2345" });
  if (opts.email)
    await server.prisma.contact.create({
      data: {
        branchId,
        customerId: customer.id,
        firstName: "Robert",
        lastName: "Sample",
        email: opts.email,
        role: opts.role ?? "ADMINISTRATOR",
      },
    });
  return customer;
}

serveAlphaAndBeta(
  async (made) => {
    ({ server, f, alpha, beta } = made);
    open = await f.branch({ host: "open" });
    await server.prisma.branch.update({ where: { id: open.id }, data: { allowAnonymousSignUp: true } });
  },
  { PUBLIC_URL: "https://portal.example.com" },
);

const users = (email: string) => server.prisma.user.count({ where: { email } });

describe("newAccountEmailCheck", () => {
  test("AVAILABLE, AVAILABLE_WITH_DATA (with the contact's role, account number and name), ALREADY_USED", async () => {
    const c = new Client(server.url, "alpha");
    const free = uniqueEmail();
    expect((await c.gql(CHECK, { email: free })).data).toEqual({
      newAccountEmailCheck: { status: "AVAILABLE", existing: null },
    });

    const contactEmail = uniqueEmail("robert");
    const customer = await customerWithContact(alpha.id, { email: contactEmail, role: "BILLING" });
    expect((await c.gql(CHECK, { email: ` ${contactEmail.toUpperCase()} ` })).data).toEqual({
      newAccountEmailCheck: {
        status: "AVAILABLE_WITH_DATA",
        existing: { role: "BILLING", customerId: customer.accountNumber, first: "Robert", last: "Sample" },
      },
    });

    const user = await f.user(alpha.id);
    expect((await c.gql(CHECK, { email: user.email })).data).toEqual({
      newAccountEmailCheck: { status: "ALREADY_USED", existing: null },
    });

    const bad = await c.gql(CHECK, { email: "not-an-email" });
    expect(bad.errors?.[0]?.message).toBe("invalid email");
  });

  test("another branch's contacts and users are not seen", async () => {
    const email = uniqueEmail("other");
    await customerWithContact(beta.id, { email });
    await f.user(beta.id, { email: `u-${email}` });
    const c = new Client(server.url, "alpha");
    expect((await c.gql(CHECK, { email })).data).toEqual({
      newAccountEmailCheck: { status: "AVAILABLE", existing: null },
    });
    expect((await c.gql(CHECK, { email: `u-${email}` })).data).toEqual({
      newAccountEmailCheck: { status: "AVAILABLE", existing: null },
    });
  });
});

describe("tryCreateAccount by account number and security code", () => {
  test("links the account typed as the customer types it, signs in unverified, and mails a verification link", async () => {
    const customer = await customerWithContact(alpha.id, { code: "2345" });
    const c = new Client(server.url, "alpha");
    const email = uniqueEmail();
    const res = await createAccount(c, {
      email: ` ${email.toUpperCase()}`,
      first: "Robert",
      last: "Sample",
      password: "secret1",
      linkingInfo: { customerId: ` #${customer.accountNumber} `, code: "2345" },
    });
    expect(res).toMatchObject({ isSuccess: true, accountNumber: customer.accountNumber });
    expect(res.message).toBe(signupMessages.createdLinked(customer.accountNumber));

    const me = await overview(c);
    expect(me).toMatchObject({ email, verifiedEmail: false, isLinkedToCustomers: true, firstName: "Robert" });
    expect(await accountNumbers(c)).toEqual([customer.accountNumber]);
    const contact = await server.prisma.contact.findFirstOrThrow({
      where: { customerId: customer.id, userId: res.userId },
    });
    expect(contact).toMatchObject({ role: "ADMINISTRATOR", email, branchId: alpha.id });

    const mail = await waitForMail(server.prisma, email, /^Verify your email/);
    expect(mail.text).toMatch(
      /https:\/\/portal\.example\.com\/v2\/account\/verify-email\?token=[A-Za-z0-9_-]{40,}&host=alpha/,
    );
    expect(mail.html).toContain(alpha.company);
    expect(mail.html).toContain("/v2/account/verify-email?token=");
    // only a hash of the token is stored
    const token = tokenIn(mail.text);
    expect(await server.prisma.emailToken.count({ where: { id: token } })).toBe(0);

    const verified = await c.gql<{ verifyEmail: { isSuccess: boolean; message: string } }>(VERIFY, { token });
    expect(verified.data?.verifyEmail).toEqual({ isSuccess: true, message: "Your email is verified." });
    expect((await overview(c))?.verifiedEmail).toBe(true);
  });

  test("a wrong code fails with a clear message and creates nothing", async () => {
    const customer = await customerWithContact(alpha.id, { code: "2345" });
    const contactsBefore = await server.prisma.contact.count({ where: { customerId: customer.id } });
    const c = new Client(server.url, "alpha");
    const email = uniqueEmail();
    const res = await createAccount(c, {
      email,
      first: "Robert",
      last: "Sample",
      password: "secret1",
      linkingInfo: { customerId: customer.accountNumber, code: "9999" },
    });
    expect(res).toEqual({ isSuccess: false, message: signupMessages.noMatch, userId: null, accountNumber: null });
    expect(await users(email)).toBe(0);
    expect(await server.prisma.contact.count({ where: { customerId: customer.id } })).toBe(contactsBefore);
    expect(await overview(c)).toBeNull();
    expect(await server.prisma.outboxMessage.count({ where: { recipient: email } })).toBe(0);
    // an unknown account number reads the same
    const unknown = await createAccount(c, {
      email,
      first: "R",
      last: "S",
      password: "secret1",
      linkingInfo: { customerId: "9999999", code: "2345" },
    });
    expect(unknown.message).toBe(signupMessages.noMatch);
  });

  test("another branch's account number and code do not link", async () => {
    const other = await customerWithContact(beta.id, { code: "2345" });
    const c = new Client(server.url, "alpha");
    const email = uniqueEmail();
    const res = await createAccount(c, {
      email,
      first: "A",
      last: "B",
      password: "secret1",
      linkingInfo: { customerId: other.accountNumber, code: "2345" },
    });
    expect(res.message).toBe(signupMessages.noMatch);
    expect(await users(email)).toBe(0);
  });

  test("the spec's validation messages, and nothing is created", async () => {
    const customer = await customerWithContact(alpha.id);
    const c = new Client(server.url, "alpha");
    const email = uniqueEmail();
    const base = { email, first: "A", last: "B", password: "secret1" };
    const link = { customerId: customer.accountNumber, code: "2345" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, email: "nope", linkingInfo: link }, "invalid email"],
      [{ ...base, first: " ", linkingInfo: link }, "first name, last name, and password required"],
      [{ ...base, last: "", linkingInfo: link }, "first name, last name, and password required"],
      [{ ...base, password: "", linkingInfo: link }, "first name, last name, and password required"],
      [{ ...base, password: "12345", linkingInfo: link }, "Passwords must be at least 6 characters"],
      [{ ...base, linkingInfo: { customerId: "", code: "2345" } }, "account number and security code required"],
      [
        { ...base, linkingInfo: { customerId: customer.accountNumber, code: " " } },
        "account number and security code required",
      ],
      [{ ...base, linkingInfo: { customerId: "12345", code: "2345" } }, "Account numbers are 6 or 7 digits."],
      [{ ...base, linkingInfo: { customerId: customer.accountNumber, code: "23456" } }, "Security codes are 4 digits."],
      [base, signupMessages.existingOnly],
    ];
    for (const [input, message] of cases) {
      expect(await createAccount(c, input)).toMatchObject({ isSuccess: false, message });
    }
    expect(await users(email)).toBe(0);

    const taken = await f.user(alpha.id);
    expect(await createAccount(c, { ...base, email: taken.email.toUpperCase(), linkingInfo: link })).toMatchObject({
      isSuccess: false,
      message: 'This email is already in use (use "reset password" if this is your email).',
    });
  });

  test("wrong codes are limited per account number: after 5 even the right code is refused", async () => {
    const customer = await customerWithContact(alpha.id, { code: "2345" });
    const c = new Client(server.url, "alpha");
    const email = uniqueEmail();
    const attempt = (code: string) =>
      createAccount(c, {
        email,
        first: "A",
        last: "B",
        password: "secret1",
        linkingInfo: { customerId: customer.accountNumber, code },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`000${i}`)).message).toBe(signupMessages.noMatch);
    expect(await attempt("2345")).toMatchObject({ isSuccess: false, message: signupMessages.linkBlocked });
    expect(await users(email)).toBe(0);
    // another account from the same address is still allowed (the address limit is higher)
    const second = await customerWithContact(alpha.id, { code: "1111" });
    expect(
      await createAccount(c, {
        email,
        first: "A",
        last: "B",
        password: "secret1",
        linkingInfo: { customerId: second.accountNumber, code: "1111" },
      }),
    ).toMatchObject({ isSuccess: true });
  });
});

describe("tryCreateAccount from the existing-email step", () => {
  test("without a code: created unlinked; following the verification link links the account", async () => {
    const email = uniqueEmail("robert");
    const customer = await customerWithContact(alpha.id, { email, role: "ADMINISTRATOR" });
    const c = new Client(server.url, "alpha");
    const res = await createAccount(c, { email, first: "Robert", last: "Sample", password: "secret1" });
    expect(res).toMatchObject({ isSuccess: true, accountNumber: null, message: signupMessages.createdPending });
    expect(await accountNumbers(c)).toEqual([]);
    const mail = await waitForMail(server.prisma, email, /^Verify your email/);
    // the link works in another browser too (it is not tied to the session)
    const other = new Client(server.url, "alpha");
    const v = await other.gql<{ verifyEmail: { isSuccess: boolean; message: string } }>(VERIFY, {
      token: tokenIn(mail.text),
    });
    expect(v.data?.verifyEmail).toEqual({
      isSuccess: true,
      message: `Your email is verified. Account ${customer.accountNumber} is now linked.`,
    });
    expect(await accountNumbers(c)).toEqual([customer.accountNumber]);
    // the contact record (with its role) became the user's link
    expect(await server.prisma.contact.count({ where: { customerId: customer.id } })).toBe(1);
  });

  test("with the security code: linked at once", async () => {
    const email = uniqueEmail("robert");
    const customer = await customerWithContact(alpha.id, { email, role: "NONE", code: "4321" });
    const c = new Client(server.url, "alpha");
    const res = await createAccount(c, {
      email,
      first: "Robert",
      last: "Sample",
      password: "secret1",
      linkingInfo: { customerId: customer.accountNumber, code: "4321" },
    });
    expect(res).toMatchObject({ isSuccess: true, accountNumber: customer.accountNumber });
    expect(await accountNumbers(c)).toEqual([customer.accountNumber]);
    const contact = await server.prisma.contact.findFirstOrThrow({ where: { customerId: customer.id } });
    expect(contact).toMatchObject({ userId: res.userId, role: "NONE" }); // the existing contact, its role kept
  });

  test("a contact with role NONE needs the security code", async () => {
    const email = uniqueEmail("robert");
    await customerWithContact(alpha.id, { email, role: "NONE" });
    const c = new Client(server.url, "alpha");
    expect(await createAccount(c, { email, first: "R", last: "S", password: "secret1" })).toMatchObject({
      isSuccess: false,
      message: signupMessages.existingOnly,
    });
    expect(await users(email)).toBe(0);
  });
});

describe("anonymous sign-up (completelyNew)", () => {
  const address = { address1: "500 Main St", city: "Austin", state: "TX", postalCode: "78701", phone: "512 555 0199" };

  test("refused where the branch does not allow it; nothing is created", async () => {
    const c = new Client(server.url, "alpha");
    const email = uniqueEmail();
    const before = await server.prisma.customer.count({ where: { branchId: alpha.id } });
    expect(await createAccount(c, { email, first: "N", last: "New", password: "secret1", address })).toMatchObject({
      isSuccess: false,
      message: signupMessages.existingOnly,
    });
    expect(await server.prisma.customer.count({ where: { branchId: alpha.id } })).toBe(before);
    expect(await users(email)).toBe(0);
    const branding = await c.gql<{ branchBranding: { allowAnonymousSignUp: boolean } }>(
      "{ branchBranding { allowAnonymousSignUp } }",
    );
    expect(branding.data?.branchBranding.allowAnonymousSignUp).toBe(false);
  });

  test("makes a prospect customer with the next account number where allowed", async () => {
    await f.customer(open.id, "100041");
    const c = new Client(server.url, "open");
    const email = uniqueEmail();
    const res = await createAccount(c, { email, first: "Nina", last: "New", password: "secret1", address });
    expect(res).toMatchObject({ isSuccess: true, accountNumber: "100042" });
    expect(res.message).toBe(signupMessages.createdNew("100042"));
    const customer = await server.prisma.customer.findFirstOrThrow({
      where: { branchId: open.id, accountNumber: "100042" },
      include: { billingLocation: true, serviceAddresses: true, contacts: { include: { phones: true } } },
    });
    expect(customer).toMatchObject({ status: "PROSPECT", name: "Nina New" });
    expect(customer.securityCode).toMatch(/^\d{4}$/);
    expect(customer.billingLocation).toMatchObject({
      address1: "500 Main St",
      city: "Austin",
      state: "TX",
      postalCode: "78701",
    });
    expect(customer.serviceAddresses[0]).toMatchObject({ streetNumber: "500", streetName: "Main St", countryId: "US" });
    expect(customer.contacts[0]).toMatchObject({ userId: res.userId, role: "ADMINISTRATOR", email });
    expect(customer.contacts[0]?.phones[0]?.phoneNumber).toBe("(512) 555-0199");
    expect(await accountNumbers(c)).toEqual(["100042"]);
  });

  test("the address form's messages; N/A (empty state code) is a valid choice", async () => {
    const c = new Client(server.url, "open");
    const email = uniqueEmail();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...address, address1: " " }, "Address is required"],
      [{ ...address, city: "" }, "City is required"],
      [{ ...address, state: null }, "State is required"],
      [{ ...address, state: "XX" }, "State is required"],
      [{ ...address, postalCode: "" }, "ZIP code is required"],
      [{ ...address, postalCode: "7870" }, "Enter a 5-digit ZIP code (or a Canadian postal code like K1A 0B1)."],
    ];
    for (const [addr, message] of cases)
      expect(
        await createAccount(c, { email, first: "N", last: "New", password: "secret1", address: addr }),
      ).toMatchObject({
        isSuccess: false,
        message,
      });
    expect(await users(email)).toBe(0);
    const na = await createAccount(c, {
      email,
      first: "N",
      last: "New",
      password: "secret1",
      address: { ...address, state: "", postalCode: "k1a0b1" },
    });
    expect(na.isSuccess).toBe(true);
    const loc = await server.prisma.location.findFirstOrThrow({ where: { branchId: open.id, email } });
    expect(loc).toMatchObject({ state: "", postalCode: "K1A 0B1" });
  });
});

describe("linkToCustomer", () => {
  const LINK = `mutation($customerId: String!, $code: String!) {
    linkToCustomer(input: { customerId: $customerId, code: $code }) { isSuccess message customerId } }`;

  test("a signed-in customer links another account; wrong codes and other branches' accounts are refused", async () => {
    const user = await f.user(alpha.id);
    const mine = await f.customer(alpha.id, accountNo(), { userId: user.id });
    const second = await customerWithContact(alpha.id, { code: "5555" });
    const foreign = await customerWithContact(beta.id, { code: "5555" });
    const c = new Client(server.url, "alpha");
    await c.login(user.email, user.password);
    type R = { linkToCustomer: { isSuccess: boolean; message: string; customerId: string | null } };

    const wrong = await c.gql<R>(LINK, { customerId: second.accountNumber, code: "5554" });
    expect(wrong.data?.linkToCustomer).toEqual({ isSuccess: false, message: signupMessages.noMatch, customerId: null });
    const cross = await c.gql<R>(LINK, { customerId: foreign.accountNumber, code: "5555" });
    expect(cross.data?.linkToCustomer.message).toBe(signupMessages.noMatch);
    expect(await accountNumbers(c)).toEqual([mine.accountNumber]);

    const ok = await c.gql<R>(LINK, { customerId: second.accountNumber, code: "5555" });
    expect(ok.data?.linkToCustomer).toEqual({
      isSuccess: true,
      message: `Account ${second.accountNumber} is now linked.`,
      customerId: second.id,
    });
    expect(await accountNumbers(c)).toEqual([mine.accountNumber, second.accountNumber]);
    const again = await c.gql<R>(LINK, { customerId: second.accountNumber, code: "5555" });
    expect(again.data?.linkToCustomer.message).toBe(
      `Account ${second.accountNumber} is already linked to your sign-in.`,
    );
  });

  test("signed out -> 401", async () => {
    const res = await new Client(server.url, "alpha").gql(LINK, { customerId: "100001", code: "1234" });
    expect(res.status).toBe(401);
  });
});
