import { beforeAll, describe, expect, test } from "bun:test";
import type { TestServer } from "../../../test/harness.ts";
import { type Branch, serveTwoBranches } from "../../../test/personnel-helpers.ts";
import { clock } from "../../clock.ts";
import { issueFormToken } from "./forms.rules.ts";

// The server-rendered public form (/forms/{id}): it works without JavaScript (a form post answers 303
// to the confirmation, or the form again with errors beside their questions and the answers kept),
// escapes what the builder typed, and carries its own policy (framed only by this site and the
// branch's website).

const SECRET = "lead-forms-page-secret-0123456789";
let server: TestServer, branch: Branch, other: Branch;
let formId: string, ids: { name: string; phone: string; roof: string; colour: string };
serveTwoBranches((made) => ([server, branch, other] = made), {
  SESSION_SECRET: SECRET,
  TRUSTED_PROXY_HEADER: "x-forwarded-for",
});
beforeAll(async () => {
  await server.prisma.branch.update({
    where: { id: branch.branchId },
    data: { brandWebsiteUrl: "https://dealer.example/water" },
  });
  const p = server.prisma;
  const form = await p.leadForm.create({
    data: {
      branchId: branch.branchId,
      name: "Web",
      title: `Get a <b>quote</b> & "more"`,
      description: "<script>alert(1)</script>",
      isPublic: true,
    },
  });
  formId = form.id;
  const el = (orderIndex: number, data: Record<string, unknown>) =>
    p.leadFormElement.create({
      data: {
        branchId: branch.branchId,
        leadFormId: form.id,
        orderIndex,
        questionType: "TEXT",
        questionText: "",
        ...data,
      },
    });
  const name = await el(0, { questionText: "First <i>name</i>", leadFieldId: "FIRST_NAME", isRequired: true });
  const phone = await el(1, { questionText: "Phone", questionType: "PHONE", leadFieldId: "PHONE", isRequired: true });
  const roof = await el(2, {
    questionText: "Roof work?",
    questionType: "SELECT",
    questionOptions: ["Yes", "No"],
    isNativeLeadField: true,
    leadFieldId: "COMMENTS",
  });
  const colour = await el(3, {
    questionText: "Which city?",
    leadFieldId: "CITY",
    isRequired: true,
    parentElementId: roof.id,
    showIfParentEquals: "Yes",
  });
  ids = { name: name.id, phone: phone.id, roof: roof.id, colour: colour.id };
}, 120_000);

let ip = 0;
const headers = (b: Branch = branch) => ({ BranchHost: b.host, "x-forwarded-for": `203.0.113.${++ip}` });
const get = (path: string, b: Branch = branch) => fetch(`${server.url}${path}`, { headers: headers(b) });
const post = (fields: [string, string][], token = issueFormToken(SECRET, formId, clock.nowMs() - 8000)) =>
  fetch(`${server.url}/forms/${formId}`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams([["_token", token], ["website_url", ""], ...fields]).toString(),
  });

describe("the public form page", () => {
  test("renders as plain HTML: escaped text, labels, required marks, its own policy", async () => {
    const r = await get(`/forms/${formId}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/html");
    const csp = r.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'self' https://dealer.example");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain("unsafe-inline");
    expect(r.headers.get("x-frame-options")).toBeNull();
    const html = await r.text();
    expect(html).toContain("Get a &lt;b&gt;quote&lt;/b&gt; &amp; &quot;more&quot;");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain(`<label for="f_${ids.name}">First &lt;i&gt;name&lt;/i&gt;`);
    expect(html).toMatch(new RegExp(`<input id="f_${ids.name}"[^>]*required`));
    expect(html).toContain('<form method="post"');
    // The whole page, script and style inline, is small.
    expect(Bun.gzipSync(new TextEncoder().encode(html)).length).toBeLessThan(8_000);
  });

  test("no JavaScript: a good post answers 303 to the confirmation and stores the lead", async () => {
    const r = await post([
      [`q_${ids.name}`, "Nadia"],
      [`q_${ids.phone}`, "512-555-0177"],
      [`q_${ids.roof}`, "No"],
    ]);
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`/forms/${formId}/confirmation`);
    const lead = await server.prisma.lead.findFirstOrThrow({ where: { leadFormId: formId, firstName: "Nadia" } });
    expect(lead).toMatchObject({ phoneE164: "+15125550177", comments: "No", city: "" });
    const done = await get(`/forms/${formId}/confirmation`);
    expect(await done.text()).toContain("Thank you");
  });

  test("errors re-render beside their fields, linked by aria-describedby, with the answers kept", async () => {
    const r = await post([
      [`q_${ids.name}`, `O'Brien <x>`],
      [`q_${ids.phone}`, "12"],
      [`q_${ids.roof}`, "Yes"],
    ]);
    expect(r.status).toBe(422);
    const html = await r.text();
    expect(html).toContain(`value="O&#39;Brien &lt;x&gt;"`);
    expect(html).toMatch(
      new RegExp(`id="f_${ids.phone}"[^>]*aria-describedby="e_${ids.phone}"[^>]*aria-invalid="true"`),
    );
    expect(html).toContain(`<p class="error" id="e_${ids.phone}">Phone: enter a phone number with its area code.</p>`);
    // The roof answer is "Yes": the city question is shown, so required.
    expect(html).toContain(`id="e_${ids.colour}">Which city: an answer is required.</p>`);
    expect(html).toContain(`<option value="Yes" selected>`);
    expect(await server.prisma.lead.count({ where: { firstName: `O'Brien <x>` } })).toBe(0);
  });

  test("a bot's post (honeypot, too fast) is shown the confirmation and nothing is stored", async () => {
    const fields: [string, string][] = [
      [`q_${ids.name}`, "Botty"],
      [`q_${ids.phone}`, "512-555-0166"],
    ];
    expect((await post(fields, issueFormToken(SECRET, formId, clock.nowMs() - 200))).status).toBe(303);
    expect((await post([...fields, ["website_url", "x"]])).status).toBe(303);
    expect(await server.prisma.lead.count({ where: { firstName: "Botty" } })).toBe(0);
  });

  test("an unknown, private or other branch's form is not available (404)", async () => {
    expect((await get(`/forms/${formId}`, other)).status).toBe(404);
    expect((await get(`/forms/not-a-form`)).status).toBe(404);
    const r = await get(`/forms/${crypto.randomUUID()}/confirmation`);
    expect(r.status).toBe(404);
    expect(await r.text()).toContain("This form is not available.");
  });
});
