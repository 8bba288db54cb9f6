import { expect, test } from "bun:test";
import { Client, factories, type TestServer } from "../../test/harness.ts";
import { RENDER_INDEX, renderedPage, serveRendered } from "../../test/serve-rendered.ts";

// The personnel list comes rendered by the server (http/server-render.ts with the web's entry-server.tsx,
// taken from the sources as in server-render.test.ts): its first people are in the HTML for an employee
// who may see them, with the query's answer for the browser to hydrate from (no second fetch). Its data
// is the `personnel` query's, asked in process as the visitor: an employee without the permission gets
// the query's refusal, so the page is not rendered here (index.html: the browser shows the refusal).

let server: TestServer;
let host: string;
let branchId: string;

serveRendered(
  async (made) => {
    server = made;
    const branch = await factories(server.prisma).branch();
    host = branch.host;
    branchId = branch.id;
    await server.prisma.person.createMany({
      data: [
        { branchId, firstName: "Ada", lastName: "Abbott", email: "ada@example.test", jobTitle: "Dispatcher" },
        { branchId, firstName: "Bea", lastName: "Barros", email: "bea@example.test", jobTitle: "Driver" },
        { branchId, firstName: "Zed", lastName: "Gone", email: "zed@example.test", inactive: true },
      ],
    });
  },
  { JOBS: "off" },
);

async function signedIn(opts: Parameters<ReturnType<typeof factories>["user"]>[1]) {
  const u = await factories(server.prisma).user(branchId, opts);
  const client = new Client(server.url, host);
  expect((await client.login(u.email, u.password)).isSuccess).toBe(true);
  return client.cookie;
}

const page = (path: string, cookie = "") => renderedPage(server, path, cookie);

test("an employee with personnel management gets the first people in the HTML, and the answer to hydrate from", async () => {
  const { res, html, root, state } = await page(
    `/team/personnel?host=${host}`,
    await signedIn({ permissions: ["PERSONNEL_MANAGEMENT"] }),
  );
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  expect(html).toContain("<title>Personnel · Route Water</title>");
  expect(root).toContain("Ada Abbott");
  expect(root).toContain("Bea Barros");
  expect(root).toContain("Dispatcher");
  // Inactive people are left out of the first view, as in the browser.
  expect(root).not.toContain("Zed Gone");
  expect(root).toContain('aria-label="Team navigation"');
  expect(state.lazyModules).toEqual(["area-team", "team-personnel"]);
  const list = state.queries.queries.find((q: { queryKey: string[] }) => q.queryKey[0] === "Personnel");
  expect(list?.state.status).toBe("success");
  expect(JSON.stringify(list.state.data)).toContain("Ada");
});

test("the address's list state is rendered: a search shows only who matches", async () => {
  const { root } = await page(
    `/team/personnel?q=bea&host=${host}`,
    await signedIn({ permissions: ["PERSONNEL_MANAGEMENT"] }),
  );
  expect(root).toContain("Bea Barros");
  expect(root).not.toContain("Ada Abbott");
});

test("an employee without the permission gets no one in the page (the browser renders the refusal)", async () => {
  const { res, html } = await page(`/team/personnel?host=${host}`, await signedIn({ employee: true }));
  expect(res.status).toBe(200);
  expect(html).toBe(RENDER_INDEX);
  expect(html).not.toContain("Ada Abbott");
});

test("signed out: sent to the team's sign-in, as the browser does", async () => {
  const { res } = await page(`/team/personnel?host=${host}`);
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toStartWith("/team/login?ReturnUrl=");
});
