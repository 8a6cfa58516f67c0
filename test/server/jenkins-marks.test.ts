/**
 * The marks Jenkins puts on its error answers, as Jenkins 2.x puts them (docs/jenkins-behaviour.md, "Errors"): X-Jenkins
 * on the pages drawn in its layout (Access Denied, Not Found, Oops) and on the anonymous 403; none on the 401 of its
 * Basic-authentication filter (its realm instead), on the CSRF filter's 403 (its message instead) or on the page shown
 * while it starts (its booting block instead). The client's check (jenkins-signature.ts) takes each for Jenkins's,
 * and a reverse proxy's own page, which the server's fault injection stands in for, for another server's.
 */
import type { JenkinsServer } from "../../provider/server";
import { isFromJenkins, serverOf } from "../../provider/client/jenkins-signature";
import { adminPassword, adminToken, call, createJob, h, readerToken, start, XML, type Answer } from "./helpers";

describe("Jenkins's marks on its error answers", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
    await createJob(server, "marked");
  });
  afterAll(() => server.close());

  const marked = (a: Answer) => isFromJenkins({ status: a.status, headers: a.headers, body: a.body });

  test("pages in Jenkins's layout carry X-Jenkins: 403 (anonymous, permission), 404, 500", async () => {
    const answers = [
      await call(server, "/job/marked/config.xml"),
      await call(server, "/job/marked/config.xml", { method: "POST", auth: readerToken, headers: XML, body: "<x/>" }),
      await call(server, "/job/missing/api/json", { auth: adminToken }),
      await call(server, "/job/marked/config.xml", { method: "POST", auth: adminToken, headers: XML, body: "<not" }),
    ];
    expect(answers.map((a) => a.status)).toEqual([403, 403, 404, 500]);
    for (const a of answers) {
      expect(h(a, "x-jenkins")).toBe("2.580");
      expect(marked(a)).toBe(true);
    }
  });

  test("the 401 of the Basic filter and the crumb 403 have no X-Jenkins, and are still Jenkins's", async () => {
    const unauthorized = await call(server, "/api/json", { auth: "admin:wrong" });
    expect([unauthorized.status, h(unauthorized, "x-jenkins")]).toEqual([401, undefined]);
    expect(h(unauthorized, "www-authenticate")).toBe('Basic realm="Jenkins"');
    expect(marked(unauthorized)).toBe(true);

    const noCrumb = await call(server, "/job/marked/disable", { method: "POST", auth: adminPassword });
    expect([noCrumb.status, h(noCrumb, "x-jenkins")]).toEqual([403, undefined]);
    expect(marked(noCrumb)).toBe(true);
  });

  test("the page shown while Jenkins starts has no X-Jenkins, and is still Jenkins's", async () => {
    const restarting = server.restart({ downtimeMs: 300 });
    const during = await call(server, "/api/json", { auth: adminToken });
    await restarting;
    expect([during.status, h(during, "x-jenkins")]).toEqual([503, undefined]);
    expect(during.body).toContain('class="app-jenkins-booting"');
    expect(marked(during)).toBe(true);
  });

  test("a reverse proxy's own 502 and 503 are not Jenkins's, and name the proxy", async () => {
    server.faults.errorRate = 1;
    try {
      for (const status of [502, 503]) {
        server.faults.errorStatuses = [status];
        const a = await call(server, "/job/marked/api/json", { auth: adminToken });
        expect([a.status, h(a, "x-jenkins")]).toEqual([status, undefined]);
        expect(marked(a)).toBe(false);
        expect(serverOf({ status: a.status, headers: a.headers, body: a.body })).toBe("nginx");
      }
    } finally {
      server.faults.errorRate = 0;
    }
  });
});
