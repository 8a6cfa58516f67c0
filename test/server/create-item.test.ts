import type { JenkinsServer } from "../../provider/server";
import { adminToken, call, createJob, FOLDER, FREESTYLE, h, start, XML } from "./helpers";

describe("POST /createItem", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  const post = (path: string, body: string | Buffer, headers: Record<string, string> = XML): ReturnType<typeof call> =>
    call(server, path, { method: "POST", auth: adminToken, headers, body });

  test("200 with an empty body, no Location, no X-Jenkins; stored as the identity transform", async () => {
    const a = await post(
      "/createItem?name=first",
      FREESTYLE.replace("<description>a job</description>", "<!-- kept --><description>a job</description>"),
    );
    expect(a.status).toBe(200);
    expect(a.body).toBe("");
    expect(h(a, "content-length")).toBe("0");
    expect(h(a, "location")).toBeUndefined();
    expect(h(a, "x-jenkins")).toBeUndefined();
    const stored = server.jobConfigOnDisk("first") as string;
    expect(stored.startsWith('<?xml version="1.0" encoding="UTF-8"?><project>')).toBe(true);
    expect(stored).toContain("<!-- kept -->");
  });

  test("charset suffixes and application/xml are accepted", async () => {
    expect(
      (await post("/createItem?name=ct1", FREESTYLE, { "content-type": "application/xml;charset=UTF-8" })).status,
    ).toBe(200);
    expect((await post("/createItem?name=ct2", FREESTYLE, { "content-type": "text/xml" })).status).toBe(200);
  });

  test("no Content-Type → 400 'No Content-Type header set'", async () => {
    const a = await post("/createItem?name=noct", Buffer.from(FREESTYLE), {});
    expect(a.status).toBe(400);
    expect(h(a, "x-error")).toBe("No Content-Type header set");
    expect(server.jobConfigOnDisk("noct")).toBeUndefined();
  });

  test("a non-XML content type → 400 'No mode given'", async () => {
    const a = await post("/createItem?name=json", "{}", { "content-type": "application/json" });
    expect(a.status).toBe(400);
    expect(h(a, "x-error")).toBe("No mode given");
  });

  test("a duplicate → 400 'A job already exists…', the first job untouched", async () => {
    await createJob(server, "dup");
    const before = server.jobConfigOnDisk("dup");
    const a = await post("/createItem?name=dup", FREESTYLE.replace("a job", "other"));
    expect(a.status).toBe(400);
    expect(a.body).toContain("A job already exists with the name \u2018dup\u2019");
    expect(server.jobConfigOnDisk("dup")).toBe(before);
  });

  test.each([
    ["malformed XML", "<project><description>unclosed</project>"],
    ["an empty body", ""],
    ["an unknown root element", "<com.example.UnknownProject><description/></com.example.UnknownProject>"],
    ["a root that is not an item", "<string>hello</string>"],
  ])("%s → 500 Oops page, nothing created", async (_what, body) => {
    const a = await post("/createItem?name=broken", body);
    expect(a.status).toBe(500);
    expect(h(a, "content-type")).toMatch(/^text\/html/);
    expect(h(a, "x-jenkins")).toBe("2.580");
    expect(a.body).toContain("Oops!");
    expect(a.body).toContain("A problem occurred while processing the request");
    expect(a.body).toMatch(/<pre id="stack-trace"[^>]*>java\.io\.IOException: /);
    expect(server.jobConfigOnDisk("broken")).toBeUndefined();
    expect((await call(server, "/job/broken/api/json", { auth: adminToken })).status).toBe(404);
  });

  test("the XML declaration decides the encoding of the create body (UTF-8 by default)", async () => {
    const xml = FREESTYLE.replace("a job", "d\u00e9j\u00e0 vu \u2713");
    expect((await post("/createItem?name=utf8", Buffer.from(xml, "utf8"), { "content-type": "text/xml" })).status).toBe(
      200,
    );
    expect(server.jobConfigOnDisk("utf8")).toContain("d\u00e9j\u00e0 vu \u2713");
  });

  test("into a folder: /job/F/createItem; a missing folder → 404", async () => {
    await createJob(server, "F", FOLDER);
    expect((await post("/job/F/createItem?name=child", FREESTYLE)).status).toBe(200);
    expect(server.jobConfigOnDisk("F/child")).toBeDefined();
    expect((await post("/job/nofolder/createItem?name=child", FREESTYLE)).status).toBe(404);
    // createItem exists only on folders.
    expect((await post("/job/first/createItem?name=child", FREESTYLE)).status).toBe(404);
  });

  test("GET createItem: 405 at the root, 404 in a folder", async () => {
    const root = await call(server, "/createItem?name=x", { auth: adminToken });
    expect(root.status).toBe(405);
    expect(h(root, "allow")).toBe("POST");
    expect((await call(server, "/job/F/createItem?name=x", { auth: adminToken })).status).toBe(404);
  });

  test("mode=copy copies an existing job and redirects to its configure page", async () => {
    const a = await call(server, "/createItem?name=copied&mode=copy&from=first", { method: "POST", auth: adminToken });
    expect(a.status).toBe(302);
    expect(h(a, "location")).toBe("/job/copied/configure");
    expect(server.jobConfigOnDisk("copied")).toBe(server.jobConfigOnDisk("first"));
  });

  test("every saved fixture is accepted", async () => {
    const { savedConfigs } = await import("../harness/fixtures");
    for (const f of savedConfigs()) {
      const a = await post(`/createItem?name=fx-${encodeURIComponent(f.name)}`, f.xml);
      expect([f.file, a.status]).toEqual([f.file, 200]);
      const back = await call(server, `/job/fx-${encodeURIComponent(f.name)}/config.xml`, { auth: adminToken });
      expect([f.file, back.status]).toEqual([f.file, 200]);
    }
  });
});
