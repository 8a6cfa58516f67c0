import type { JenkinsServer } from "../../provider/server";
import { adminToken, call, createJob, FOLDER, FREESTYLE, h, PIPELINE, start, XML } from "./helpers";

describe("config.xml", () => {
  for (const mode of ["current", "legacy"] as const) {
    describe(`${mode} mode`, () => {
      let server: JenkinsServer;
      beforeAll(async () => {
        server = await start({ mode });
        await createJob(server, "job");
        await createJob(server, "folder", FOLDER);
      });
      afterAll(() => server.close());

      test("GET → 200 application/xml, no X-Jenkins", async () => {
        const a = await call(server, "/job/job/config.xml", { auth: adminToken });
        expect(a.status).toBe(200);
        expect(h(a, "content-type")).toBe("application/xml");
        expect(h(a, "x-jenkins")).toBeUndefined();
        if (mode === "legacy") {
          expect(a.body).toBe(server.jobConfigOnDisk("job"));
        } else {
          expect(a.body.startsWith('<?xml version="1.1" encoding="UTF-8"?>\n<project>')).toBe(true);
        }
        expect(a.body).toContain("<command>");
        expect((await call(server, "/job/folder/config.xml", { auth: adminToken })).status).toBe(200);
      });

      test("POST → 200 empty; stored as XStream output in current mode, identity transform in legacy", async () => {
        const a = await call(server, "/job/job/config.xml", {
          method: "POST",
          auth: adminToken,
          headers: XML,
          body: FREESTYLE.replace("hi", "updated"),
        });
        expect(a.status).toBe(200);
        expect(a.body).toBe("");
        const stored = server.jobConfigOnDisk("job") as string;
        expect(stored).toContain("updated");
        if (mode === "current") expect(stored.startsWith("<?xml version='1.1' encoding='UTF-8'?>")).toBe(true);
        else expect(stored.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      });

      test("another item type → 500 'Expecting class X but got class Y instead', job unchanged", async () => {
        const before = server.jobConfigOnDisk("job");
        const a = await call(server, "/job/job/config.xml", {
          method: "POST",
          auth: adminToken,
          headers: XML,
          body: PIPELINE,
        });
        expect(a.status).toBe(500);
        expect(a.body).toContain("Oops!");
        expect(a.body).toContain(
          "Expecting class hudson.model.FreeStyleProject but got class org.jenkinsci.plugins.workflow.job.WorkflowJob instead",
        );
        expect(server.jobConfigOnDisk("job")).toBe(before);
      });

      test("malformed or unknown XML → 500, job unchanged", async () => {
        const before = server.jobConfigOnDisk("job");
        for (const body of ["<project><unclosed></project>", "", "<nope.Unknown/>"]) {
          const a = await call(server, "/job/job/config.xml", { method: "POST", auth: adminToken, headers: XML, body });
          expect(a.status).toBe(500);
          expect(a.body).toContain("Oops!");
        }
        expect(server.jobConfigOnDisk("job")).toBe(before);
      });

      test("without a charset the body is read as ISO-8859-1 (non-ASCII is corrupted, as on Jenkins)", async () => {
        const xml = FREESTYLE.replace("a job", "caf\u00e9");
        await call(server, "/job/job/config.xml", {
          method: "POST",
          auth: adminToken,
          headers: { "content-type": "text/xml" },
          body: Buffer.from(xml, "utf8"),
        });
        expect(server.jobConfigOnDisk("job")).toContain("caf\u00c3\u00a9");
        await call(server, "/job/job/config.xml", {
          method: "POST",
          auth: adminToken,
          headers: XML,
          body: Buffer.from(xml, "utf8"),
        });
        expect(server.jobConfigOnDisk("job")).toContain("caf\u00e9");
      });
    });
  }

  test("X-Jenkins announces the mode's version", async () => {
    const legacy = await start({ mode: "legacy" });
    try {
      expect(h(await call(legacy, "/api/json", { auth: adminToken }), "x-jenkins")).toBe("2.555");
    } finally {
      await legacy.close();
    }
  });
});
