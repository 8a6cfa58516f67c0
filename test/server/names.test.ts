import type { JenkinsServer } from "../../provider/server";
import { adminToken, call, createJob, FREESTYLE, h, start, XML } from "./helpers";

/** What a client sees in X-Error: curly quotes as spaces, and leading whitespace dropped by the HTTP parser. */
const asHeader = (message: string): string => message.replace(/[\u2018\u2019\u201c\u201d]/g, " ").trimStart();

const create = (server: JenkinsServer, rawName: string, prefix = ""): ReturnType<typeof call> =>
  call(server, `${prefix}/createItem?name=${rawName}`, {
    method: "POST",
    auth: adminToken,
    headers: XML,
    body: FREESTYLE,
  });

describe("item names", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  test.each("?*/\\%!@#$^&|<>[]:;".split(""))("unsafe character %s → 400 with Jenkins's message", async (ch) => {
    const a = await create(server, encodeURIComponent(`bad${ch}name`));
    expect(a.status).toBe(400);
    // Jetty cannot put the curly quotes into a header: they arrive as spaces. The page has them.
    expect(h(a, "x-error")).toBe(`${ch}  is an unsafe character`);
    const escaped = ch.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    expect(a.body).toContain(`\u2018${escaped}\u2019 is an unsafe character`);
    expect(h(a, "content-type")).toMatch(/^text\/html/);
    expect(h(a, "x-jenkins")).toBe("2.580");
  });

  test.each([
    [".", "\u201c.\u201d is not an allowed name"],
    ["..", "\u201c..\u201d is not an allowed name"],
    [" .. ", "\u201c..\u201d is not an allowed name"],
    ["trailing.", "A name cannot end with \u2018.\u2019"],
    ["trailing. ", "A name cannot end with \u2018.\u2019"],
    ["", "No name is specified"],
    ["tab\there", "No control code is allowed: tab\\u9;here"],
    ["nul\u0000", "No control code is allowed: nul\\u0;"],
  ])("name %j → %s", async (name, message) => {
    const a = await create(server, encodeURIComponent(name));
    expect(a.status).toBe(400);
    expect(h(a, "x-error")).toBe(asHeader(message));
    expect(a.body).toContain(message.replace(/\\/g, "\\"));
  });

  test("a missing name parameter", async () => {
    const a = await call(server, "/createItem", { method: "POST", auth: adminToken, headers: XML, body: FREESTYLE });
    expect(a.status).toBe(400);
    expect(h(a, "x-error")).toBe("Query parameter 'name' is required");
  });

  test("names are trimmed after the check; + in a query means space", async () => {
    expect((await create(server, "%20padded%20")).status).toBe(200);
    expect(server.jobConfigOnDisk("padded")).toBeDefined();
    expect((await create(server, "with+space")).status).toBe(200);
    expect((await call(server, "/job/with%20space/api/json?tree=name", { auth: adminToken })).body).toContain(
      '"name":"with space"',
    );
  });

  test("names are case-insensitive within a parent", async () => {
    await createJob(server, "MixedCase");
    const dup = await create(server, "mixedcase");
    expect(dup.status).toBe(400);
    expect(h(dup, "x-error")).toBe("A job already exists with the name  mixedcase ");
    expect(dup.body).toContain("A job already exists with the name \u2018mixedcase\u2019");
    const a = await call(server, "/job/MIXEDCASE/api/json?tree=name,fullName", { auth: adminToken });
    expect(a.status).toBe(200);
    expect(JSON.parse(a.body)).toEqual({
      _class: "hudson.model.FreeStyleProject",
      name: "MixedCase",
      fullName: "MixedCase",
    });
  });

  test("non-ASCII names work, percent-encoded as UTF-8", async () => {
    const name = "caf\u00e9 \u65e5\u672c";
    expect((await create(server, encodeURIComponent(name))).status).toBe(200);
    const a = await call(server, `/job/${encodeURIComponent(name)}/api/json?tree=name`, { auth: adminToken });
    expect(JSON.parse(a.body).name).toBe(name);
  });

  test("a name the filesystem refuses fails as a 500 and leaves nothing behind", async () => {
    const a = await create(server, "x".repeat(300));
    expect(a.status).toBe(500);
    expect(a.body).toContain("Oops!");
    expect(server.jobConfigOnDisk("x".repeat(300))).toBeUndefined();
  });

  describe("confirmRename", () => {
    test.each([
      ["bad@name", " @  is an unsafe character"],
      ["", "No name is specified"],
      ["src", "The new name is the same as the current name."],
      ["taken", "The name  taken  is already in use."],
      ["TAKEN", "The name  TAKEN  is already in use."],
    ])("newName %j → 400 %s", async (newName, xError) => {
      await createJob(server, "src").catch(() => undefined);
      await createJob(server, "taken").catch(() => undefined);
      const a = await call(server, `/job/src/confirmRename?newName=${encodeURIComponent(newName)}`, {
        method: "POST",
        auth: adminToken,
      });
      expect(a.status).toBe(400);
      expect(h(a, "x-error")).toBe(asHeader(xError));
      expect(server.jobConfigOnDisk("src")).toBeDefined();
    });

    test("a case-only rename of the job itself is allowed", async () => {
      await createJob(server, "lower");
      const a = await call(server, "/job/lower/confirmRename?newName=LOWER", { method: "POST", auth: adminToken });
      expect(a.status).toBe(302);
      expect(h(a, "location")).toBe("/job/LOWER");
      expect(JSON.parse((await call(server, "/job/lower/api/json?tree=name", { auth: adminToken })).body).name).toBe(
        "LOWER",
      );
    });
  });
});
