import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client, createTestServer, factories, type TestServer } from "../../../test/harness.ts";
import { signIn } from "../../../test/sign-in.ts";
import { XSS_CORPUS } from "../../../test/xss-corpus.ts";
import { clock } from "../../clock.ts";
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from "../../shared/html-policy.ts";

// What's new and portal banners through GraphQL: only super admins write; the public what's-new
// queries answer each audience its posts; banners show on their branch's portal during their window
// (business clock) and never carry anything that runs.

let server: TestServer;
let admin: Client;
let visitor: Client;
let customer: Client;
let employee: Client;
let noPermissions: Client;
let otherBranchVisitor: Client;
let branchId: string;
let otherBranchId: string;

const CREATE_POST = `mutation($input:CreateWhatsNewPostInput!){ createWhatsNewPost(input:$input){ id title bodyHtml audience emphasis publishedAt imageUrls } }`;
const UPDATE_POST = `mutation($input:UpdateWhatsNewPostInput!){ updateWhatsNewPost(input:$input){ id title bodyHtml audience emphasis imageUrls } }`;
const DELETE_POST = `mutation($id:ID!){ deleteWhatsNewPost(postId:$id){ isSuccess message } }`;
const POSTS = `{ whatsNewPosts(take:100){ totalCount posts { id title audience } } }`;
const LATEST = `query($n:Int){ whatsNewLatestN(count:$n){ id title audience } whatsNewLatest { id } }`;
const UPLOAD = `mutation($input:UploadWhatsNewImageInput!){ uploadWhatsNewImage(input:$input){ url size } }`;
const DELETE_IMAGE = `mutation($id:ID!,$url:String!){ deleteWhatsNewImage(postId:$id,url:$url){ imageUrls } }`;
const CREATE_BANNER = `mutation($input:CreatePortalBannerInput!){ createPortalBanner(input:$input){ id branchId bodyHtml backgroundColor startTime endTime targetPortal isTemplate templateName } }`;
const UPDATE_BANNER = `mutation($input:UpdatePortalBannerInput!){ updatePortalBanner(input:$input){ id bodyHtml backgroundColor branchId } }`;
const DELETE_BANNER = `mutation($id:ID!){ deletePortalBanner(bannerId:$id){ isSuccess message } }`;
const AS_TEMPLATE = `mutation($id:ID!,$name:String!){ setPortalBannerAsTemplate(bannerId:$id,templateName:$name){ isSuccess message } }`;
const BANNERS = `query($templates:Boolean){ portalBanners(templates:$templates){ id templateName isTemplate bodyHtml } }`;
const ACTIVE = `query($t:BannerTargetPortal!){ activePortalBanners(targetPortal:$t){ id bodyHtml backgroundColor } }`;

// A 1x1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

const signedIn = (host: string, email: string, password: string) => signIn(server, email, password, host);

beforeAll(async () => {
  server = await createTestServer({ JOBS: "off" });
  const f = factories(server.prisma);
  const branch = await f.branch({ host: "news-a" });
  const other = await f.branch({ host: "news-b" });
  branchId = branch.id;
  otherBranchId = other.id;
  const a = await f.user(branch.id, { superAdmin: true });
  const c = await f.user(branch.id);
  await f.customer(branch.id, "900001", { userId: c.id });
  const e = await f.user(branch.id, { permissions: ["ADMINISTRATIVE_SETUP"] });
  const n = await f.user(branch.id, { employee: true });
  admin = await signedIn("news-a", a.email, a.password);
  customer = await signedIn("news-a", c.email, c.password);
  employee = await signedIn("news-a", e.email, e.password);
  noPermissions = await signedIn("news-a", n.email, n.password);
  visitor = new Client(server.url, "news-a");
  otherBranchVisitor = new Client(server.url, "news-b");
}, 120_000);
afterAll(() => server.close(), 30_000);

const titles = (r: { data?: { whatsNewLatestN: { title: string }[] } | null }) =>
  (r.data?.whatsNewLatestN ?? []).map((p) => p.title);

describe("what's new", () => {
  test("only super admins write posts; everyone else is refused", async () => {
    const input = { title: "Not yours", bodyHtml: "<p>x</p>" };
    expect((await visitor.gql(CREATE_POST, { input })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    for (const c of [customer, employee, noPermissions]) {
      expect((await c.gql(CREATE_POST, { input })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect((await c.gql(POSTS)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect((await c.gql(DELETE_POST, { id: "x" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect((await c.gql(UPLOAD, { input: { dataBase64: PNG } })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
    expect(await server.prisma.whatsNewPost.count({ where: { title: "Not yours" } })).toBe(0);
  });

  test("each audience reads its posts; scheduled posts wait for their time", async () => {
    const now = clock.nowMs();
    const make = async (title: string, audience: string, minutesAgo: number) => {
      const r = await admin.gql<{ createWhatsNewPost: { id: string } }>(CREATE_POST, {
        input: { title, bodyHtml: `<p>${title}</p>`, audience, publishedAt: new Date(now - minutesAgo * 60_000) },
      });
      expect(r.errors).toBeUndefined();
      return r.data!.createWhatsNewPost.id;
    };
    await make("For all", "ALL", 5);
    await make("For customers", "CUSTOMER", 4);
    await make("For employees", "EMPLOYEE", 3);
    await make("For both", "EMPLOYEE_AND_CUSTOMER", 2);
    await make("For admins", "ADMIN", 1);
    await make("Next week", "ALL", -7 * 24 * 60);

    expect(titles(await visitor.gql(LATEST, { n: 10 }))).toEqual(["For all"]);
    expect(titles(await customer.gql(LATEST, { n: 10 }))).toEqual(["For both", "For customers", "For all"]);
    expect(titles(await employee.gql(LATEST, { n: 10 }))).toEqual(["For both", "For employees", "For all"]);
    expect(titles(await admin.gql(LATEST, { n: 10 }))).toEqual([
      "For admins",
      "For both",
      "For employees",
      "For customers",
      "For all",
    ]);
    expect(titles(await customer.gql(LATEST, { n: 1 }))).toEqual(["For both"]);
    // The admin list has the scheduled one too.
    const list = await admin.gql<{ whatsNewPosts: { posts: { title: string }[] } }>(POSTS);
    expect(list.data!.whatsNewPosts.posts[0]!.title).toBe("Next week");
  });

  test("edit and delete a post; bad input changes nothing", async () => {
    const created = await admin.gql<{ createWhatsNewPost: { id: string; emphasis: string; audience: string } }>(
      CREATE_POST,
      { input: { title: "  Draft  ", bodyHtml: "<p>first</p>" } },
    );
    const post = created.data!.createWhatsNewPost;
    expect(post).toMatchObject({ emphasis: "NORMAL", audience: "ALL" });
    const edited = await admin.gql<{ updateWhatsNewPost: { title: string; emphasis: string; bodyHtml: string } }>(
      UPDATE_POST,
      { input: { postId: post.id, title: "Final", emphasis: "IMPORTANT" } },
    );
    expect(edited.data!.updateWhatsNewPost).toMatchObject({
      title: "Final",
      emphasis: "IMPORTANT",
      bodyHtml: "<p>first</p>",
    });

    const empty = await admin.gql(UPDATE_POST, { input: { postId: post.id, title: "  " } });
    expect(empty.errors?.[0]).toMatchObject({ message: "Title is required.", extensions: { code: "BAD_USER_INPUT" } });
    const foreignImage = await admin.gql(UPDATE_POST, {
      input: { postId: post.id, imageUrls: ["https://evil.test/a.png"] },
    });
    expect(foreignImage.errors?.[0]?.message).toBe("Images must be uploaded here first.");
    expect((await server.prisma.whatsNewPost.findUniqueOrThrow({ where: { id: post.id } })).title).toBe("Final");

    expect((await admin.gql(DELETE_POST, { id: post.id })).data).toEqual({
      deleteWhatsNewPost: { isSuccess: true, message: "Post deleted." },
    });
    const again = await admin.gql(DELETE_POST, { id: post.id });
    expect(again.errors?.[0]).toMatchObject({
      message: "That post no longer exists.",
      extensions: { code: "NOT_FOUND" },
    });
  });

  test("images are uploaded through the storage service, shown on the post and deleted with it", async () => {
    const up = await admin.gql<{ uploadWhatsNewImage: { url: string; size: number } }>(UPLOAD, {
      input: { fileName: "dot.png", dataBase64: `data:image/png;base64,${PNG}` },
    });
    expect(up.errors).toBeUndefined();
    const url = up.data!.uploadWhatsNewImage.url;
    expect(url).toMatch(/^\/media\/[a-f0-9]{32}\.png$/);
    expect((await fetch(`${server.url}${url}`)).status).toBe(200);

    const svg = await admin.gql(UPLOAD, { input: { dataBase64: btoa("<svg onload=alert(1)></svg>") } });
    expect(svg.errors?.[0]?.message).toBe("Only PNG, JPEG, WebP and GIF images can be uploaded.");

    const created = await admin.gql<{ createWhatsNewPost: { id: string; imageUrls: string[] } }>(CREATE_POST, {
      input: { title: "With a picture", bodyHtml: `<p>See</p><img src="${url}" alt="dot">`, imageUrls: [url] },
    });
    const post = created.data!.createWhatsNewPost;
    expect(post.imageUrls).toEqual([url]);
    const removed = await admin.gql<{ deleteWhatsNewImage: { imageUrls: string[] } }>(DELETE_IMAGE, {
      id: post.id,
      url,
    });
    expect(removed.data!.deleteWhatsNewImage.imageUrls).toEqual([]);
    expect((await fetch(`${server.url}${url}`)).status).toBe(404);
  });
});

describe("portal banners", () => {
  const window = (fromMinutes: number, toMinutes: number) => ({
    startTime: new Date(clock.nowMs() + fromMinutes * 60_000).toISOString(),
    endTime: new Date(clock.nowMs() + toMinutes * 60_000).toISOString(),
  });

  test("a banner shows on its branch's targeted portal during its window only", async () => {
    const make = async (bodyHtml: string, extra: Record<string, unknown>) => {
      const r = await admin.gql<{ createPortalBanner: { id: string } }>(CREATE_BANNER, {
        input: { bodyHtml, branchId, backgroundColor: "#1e40af", ...extra },
      });
      expect(r.errors).toBeUndefined();
      return r.data!.createPortalBanner.id;
    };
    const now = await make("<p>Now on the portal</p>", { ...window(-5, 60) });
    await make("<p>Later</p>", { ...window(60, 120) });
    await make("<p>Over</p>", { ...window(-120, -60) });
    await make("<p>Shop only</p>", { ...window(-5, 60), targetPortal: "SHOP" });
    const team = await make("<p>Team only</p>", { ...window(-5, 60), targetPortal: "TEAM" });
    const everywhere = await admin.gql<{ createPortalBanner: { id: string } }>(CREATE_BANNER, {
      input: { bodyHtml: "<p>Every branch</p>", ...window(-5, 60) },
    });

    type Active = { activePortalBanners: { id: string; bodyHtml: string; backgroundColor: string }[] };
    const portal = await customer.gql<Active>(ACTIVE, { t: "CUSTOMER_PORTAL" });
    expect(portal.data!.activePortalBanners.map((b) => b.bodyHtml).sort()).toEqual([
      "<p>Every branch</p>",
      "<p>Now on the portal</p>",
    ]);
    expect(portal.data!.activePortalBanners.find((b) => b.id === now)?.backgroundColor).toBe("#1E40AF");
    expect((await visitor.gql<Active>(ACTIVE, { t: "SHOP" })).data!.activePortalBanners.map((b) => b.bodyHtml)).toEqual(
      ["<p>Shop only</p>"],
    );
    // Another branch sees only the every-branch banner.
    expect(
      (await otherBranchVisitor.gql<Active>(ACTIVE, { t: "CUSTOMER_PORTAL" })).data!.activePortalBanners.map(
        (b) => b.id,
      ),
    ).toEqual([everywhere.data!.createPortalBanner.id]);
    // Team banners are for employees.
    expect((await visitor.gql<Active>(ACTIVE, { t: "TEAM" })).data!.activePortalBanners).toEqual([]);
    expect((await customer.gql<Active>(ACTIVE, { t: "TEAM" })).data!.activePortalBanners).toEqual([]);
    expect((await employee.gql<Active>(ACTIVE, { t: "TEAM" })).data!.activePortalBanners.map((b) => b.id)).toEqual([
      team,
    ]);

    // The window follows the business clock.
    clock.startAt(new Date(clock.nowMs() + 90 * 60_000));
    try {
      expect(
        (await customer.gql<Active>(ACTIVE, { t: "CUSTOMER_PORTAL" })).data!.activePortalBanners.map((b) => b.bodyHtml),
      ).toEqual(["<p>Later</p>"]);
    } finally {
      // back to the timeline the file runs on (real time, or the pinned TEST_CLOCK)
      clock.startAt(new Date(clock.nowMs() - 90 * 60_000));
    }
  });

  test("only super admins manage banners", async () => {
    const input = { bodyHtml: "<p>x</p>", ...window(0, 10) };
    expect((await visitor.gql(CREATE_BANNER, { input })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    for (const c of [customer, employee, noPermissions]) {
      expect((await c.gql(CREATE_BANNER, { input })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect((await c.gql(BANNERS)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect((await c.gql(DELETE_BANNER, { id: "x" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    }
  });

  test("bad input gets a clear message and changes nothing", async () => {
    const before = await server.prisma.portalBanner.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ bodyHtml: "<p>x</p>", ...window(10, 0) }, "The banner must end after it starts."],
      [{ bodyHtml: "<p>x</p>", backgroundColor: "red", ...window(0, 10) }, "Colour must be a hex colour like #FACC15."],
      [{ bodyHtml: "<script>alert(1)</script>", ...window(0, 10) }, "The banner needs some text."],
      [{ bodyHtml: "<p>x</p>", branchId: crypto.randomUUID(), ...window(0, 10) }, "Unknown branch."],
      [{ bodyHtml: "<p>x</p>", ...window(0, 400 * 24 * 60) }, "A banner can show for at most 366 days."],
      [{ bodyHtml: "<p>x</p>", isTemplate: true, ...window(0, 10) }, "Template name is required."],
    ];
    for (const [input, message] of cases) {
      const r = await admin.gql(CREATE_BANNER, { input });
      expect({ input, error: r.errors?.[0]?.message }).toEqual({ input, error: message });
    }
    expect(await server.prisma.portalBanner.count()).toBe(before);
  });

  test("save as template, start a banner from it, edit and delete", async () => {
    const created = await admin.gql<{ createPortalBanner: { id: string } }>(CREATE_BANNER, {
      input: { bodyHtml: "<p><strong>Closed</strong> Monday</p>", branchId, ...window(0, 60) },
    });
    const id = created.data!.createPortalBanner.id;
    expect((await admin.gql(AS_TEMPLATE, { id, name: "Closed day" })).data).toEqual({
      setPortalBannerAsTemplate: { isSuccess: true, message: 'Saved as the template "Closed day".' },
    });
    expect((await admin.gql(AS_TEMPLATE, { id, name: "  " })).data).toEqual({
      setPortalBannerAsTemplate: { isSuccess: false, message: "Template name is required." },
    });
    const templates = await admin.gql<{ portalBanners: { id: string; templateName: string; bodyHtml: string }[] }>(
      BANNERS,
      { templates: true },
    );
    const template = templates.data!.portalBanners.find((t) => t.templateName === "Closed day")!;
    expect(template.bodyHtml).toBe("<p><strong>Closed</strong> Monday</p>");
    // Templates never show.
    const active = await customer.gql<{ activePortalBanners: { id: string }[] }>(ACTIVE, { t: "CUSTOMER_PORTAL" });
    expect(active.data!.activePortalBanners.map((b) => b.id)).not.toContain(template.id);

    const edited = await admin.gql<{
      updatePortalBanner: { bodyHtml: string; backgroundColor: string; branchId: string | null };
    }>(UPDATE_BANNER, {
      input: { bannerId: id, bodyHtml: "<p>Open after all</p>", backgroundColor: "#16a34a", branchId: otherBranchId },
    });
    expect(edited.data!.updatePortalBanner).toMatchObject({
      bodyHtml: "<p>Open after all</p>",
      backgroundColor: "#16A34A",
      branchId: otherBranchId,
    });
    const badWindow = await admin.gql(UPDATE_BANNER, {
      input: { bannerId: id, endTime: new Date(clock.nowMs() - 3_600_000).toISOString() },
    });
    expect(badWindow.errors?.[0]?.message).toBe("The banner must end after it starts.");
    expect((await admin.gql(DELETE_BANNER, { id })).data).toEqual({
      deletePortalBanner: { isSuccess: true, message: "Banner deleted." },
    });
    expect((await admin.gql(DELETE_BANNER, { id })).errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});

// ───────────── nothing that runs ─────────────

const squeeze = (v: string) =>
  Array.from(v)
    .filter((ch) => (ch.codePointAt(0) ?? 0) > 0x20 && !/[\s\u007f-\u00a0]/u.test(ch))
    .join("")
    .toLowerCase();

/** The reasons a stored fragment could run something (parsed by lol-html, as a browser would). */
async function executableParts(html: string): Promise<string[]> {
  const problems: string[] = [];
  await new HTMLRewriter()
    .on("*", {
      element(el) {
        const tag = el.tagName.toLowerCase();
        if (tag === "body") return;
        if (!(ALLOWED_TAGS as readonly string[]).includes(tag)) problems.push(`<${tag}>`);
        const allowed = [...(ALLOWED_ATTRIBUTES[tag] ?? []), ...(tag === "a" ? ["rel"] : [])];
        for (const [name, value] of el.attributes as Iterable<[string, string]>) {
          if (name.startsWith("on")) problems.push(`${tag}[${name}]`);
          if (!allowed.includes(name)) problems.push(`${tag}[${name}] not allowed`);
          if (/^(javascript|vbscript|data|blob|file):/.test(squeeze(value))) problems.push(`${tag}[${name}]=${value}`);
        }
      },
    })
    .transform(new Response(`<!doctype html><body>${html}</body>`))
    .text();
  return problems;
}

describe("crafted HTML never runs (api/test/xss-corpus.ts)", () => {
  test("every payload, saved as a post and as a banner, is stored and served clean", async () => {
    const long = { startTime: new Date(clock.nowMs() - 60_000).toISOString() };
    for (const [name, payload] of Object.entries(XSS_CORPUS)) {
      const html = `<p>Notice ${name}</p>${payload}`;
      const post = await admin.gql<{ createWhatsNewPost: { id: string; bodyHtml: string } }>(CREATE_POST, {
        input: { title: `XSS ${name}`, bodyHtml: html },
      });
      const banner = await admin.gql<{ createPortalBanner: { id: string; bodyHtml: string } }>(CREATE_BANNER, {
        input: { bodyHtml: html, branchId, ...long, endTime: new Date(clock.nowMs() + 3_600_000).toISOString() },
      });
      expect({ name, errors: [post.errors, banner.errors] }).toEqual({ name, errors: [undefined, undefined] });
      const stored = [
        (await server.prisma.whatsNewPost.findUniqueOrThrow({ where: { id: post.data!.createWhatsNewPost.id } }))
          .bodyHtml,
        (await server.prisma.portalBanner.findUniqueOrThrow({ where: { id: banner.data!.createPortalBanner.id } }))
          .bodyHtml,
      ];
      for (const value of stored) {
        expect({ name, problems: await executableParts(value) }).toEqual({ name, problems: [] });
        expect(value).not.toMatch(
          /<\s*(script|svg|math|iframe|object|embed|style|form|meta|base|input|set|animate)\b/i,
        );
        expect(value).toContain(`Notice ${name}`);
      }
    }
    // What the portal is served is what was stored.
    const served = await customer.gql<{ activePortalBanners: { bodyHtml: string }[] }>(ACTIVE, {
      t: "CUSTOMER_PORTAL",
    });
    for (const b of served.data!.activePortalBanners)
      expect({ b: b.bodyHtml, problems: await executableParts(b.bodyHtml) }).toEqual({ b: b.bodyHtml, problems: [] });
  });
});
