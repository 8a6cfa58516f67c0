/**
 * Every row of the operations table (jenkins-behaviour.md §4) and every error in it, over real HTTP: what the
 * client returns or throws, what it sent (server.requests), and the server's own raw answer.
 */
import type { JenkinsServer } from "../../provider/server";
import {
  BadRequestError,
  InvalidConfigError,
  JobAlreadyExistsError,
  JobNotFoundError,
  NotBuildableError,
  PermissionError,
} from "../../provider/client";
import { errorFromResponse } from "../../provider/client/response-errors";
import { configsEqual, configsEquivalent } from "../../provider/xml/semantic";
import { folder, freestyle, PARAMETERIZED_XML, pipeline } from "../harness/job-configs";
import { ADMIN, basic, caught, count, h, raw, READER, readerClient, startServer, tokenClient } from "./helpers";

const XML = { "content-type": "text/xml; charset=utf-8" };

let server: JenkinsServer;
let client: ReturnType<typeof tokenClient>;

beforeAll(async () => {
  server = await startServer();
  client = tokenClient(server);
});

afterAll(async () => {
  await client.close();
  await server.close();
});

beforeEach(() => server.resetCounters());

function last(method: string, suffix: string) {
  const hits = server.requests.filter((r) => r.method === method && r.path.endsWith(suffix));
  return hits[hits.length - 1];
}

async function jobJson(path: string): Promise<Record<string, unknown>> {
  const answer = await raw(server, "GET", `${path}api/json`);
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body) as Record<string, unknown>;
}

describe("POST createItem", () => {
  it("creates a top-level job: 200, empty body, no Location", async () => {
    await client.createJob("create-top", freestyle());
    const rec = last("POST", "/createItem");
    expect(rec).toMatchObject({
      path: "/createItem",
      query: "name=create-top",
      status: 200,
      user: ADMIN.name,
      viaToken: true,
    });
    expect(count(server, "POST", "/createItem")).toBe(1);
    expect(await client.exists("create-top")).toBe(true);

    const answer = await raw(server, "POST", "/createItem?name=create-top-raw", { headers: XML, body: freestyle() });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("");
    expect(h(answer, "location")).toBeUndefined();
    expect(h(answer, "x-jenkins")).toBeUndefined();
  });

  it("creates inside a folder with /job/F/createItem", async () => {
    await client.createJob("create-f", folder());
    await client.createJob("create-f/inner", pipeline());
    expect(last("POST", "/createItem")).toMatchObject({
      path: "/job/create-f/createItem",
      query: "name=inner",
      status: 200,
    });
    expect(await client.exists("create-f/inner")).toBe(true);
  });

  it("sends UTF-8 with a charset, so non-ASCII text arrives intact", async () => {
    const xml = freestyle({ description: "Grüße ✓ 名前", command: "echo 'naïve café'" });
    await client.createJob("create-utf8", xml);
    expect(server.jobConfigOnDisk("create-utf8")).toContain("Grüße ✓ 名前");
    // Current Jenkins re-serializes on read and adds default fields: equivalent, not equal.
    expect(configsEquivalent(xml, await client.getConfig("create-utf8"))).toBe(true);
  });

  it("refuses a duplicate name, case-insensitively: 400 ‘already exists’ → JobAlreadyExistsError", async () => {
    await client.createJob("dup-job", freestyle());
    const err = await caught(() => client.createJob("DUP-JOB", freestyle()));
    expect(err).toBeInstanceOf(JobAlreadyExistsError);
    expect(err).toMatchObject({
      job: "DUP-JOB",
      status: 400,
      jenkinsMessage: "A job already exists with the name ‘DUP-JOB’",
    });
    expect(err.message).toMatch(
      /^Jenkins job "DUP-JOB": cannot create the job: a job with this name already exists \(HTTP 400: /,
    );
    // Sent once: a 400 is an answer, not a reason to retry.
    expect(count(server, "POST", "/createItem")).toBe(2);

    const answer = await raw(server, "POST", "/createItem?name=Dup-Job", { headers: XML, body: freestyle() });
    expect(answer.status).toBe(400);
    expect(h(answer, "x-error")).toBe("A job already exists with the name  Dup-Job ");
    expect(answer.body).toContain("A job already exists with the name ‘Dup-Job’");
  });

  it("500 for malformed XML, an unknown root and a non-item root → InvalidConfigError, nothing half-created", async () => {
    const bad = {
      "create-malformed": "<project><description>oops</project>",
      "create-empty": "",
      "create-unknown-root": "<com.example.NoSuchPluginProject><x/></com.example.NoSuchPluginProject>",
      "create-non-item":
        "<hudson.model.StringParameterDefinition><name>x</name></hudson.model.StringParameterDefinition>",
    };
    for (const [name, xml] of Object.entries(bad)) {
      const err = await caught(() => client.createJob(name, xml));
      expect(err).toBeInstanceOf(InvalidConfigError);
      expect(err).toMatchObject({ job: name, status: 500 });
      expect(err.message).toContain("Jenkins refused the configuration XML");
      expect((err as InvalidConfigError).jenkinsMessage).toMatch(
        /^Oops! A problem occurred while processing the request/,
      );
      // One line, summarised, not the page.
      expect(err.message).not.toMatch(/<|\n/);
      expect(await client.exists(name)).toBe(false);
      const answer = await raw(server, "POST", `/createItem?name=${name}-raw`, { headers: XML, body: xml });
      expect(answer.status).toBe(500);
      expect(answer.body).toContain("Oops!");
    }
    expect(count(server, "POST", "/createItem")).toBe(8);
  });

  it("404 when the folder does not exist → JobNotFoundError naming the folder", async () => {
    const err = await caught(() => client.createJob("no-such-folder/job", freestyle()));
    expect(err).toBeInstanceOf(JobNotFoundError);
    expect(err).toMatchObject({ job: "no-such-folder/job", status: 404 });
    expect(err.message).toContain('the folder "no-such-folder" does not exist');
  });

  it("the server's other createItem errors, and how the client maps them", async () => {
    const noType = await raw(server, "POST", "/createItem?name=x1", { body: freestyle() });
    expect(noType.status).toBe(400);
    expect(h(noType, "x-error")).toBe("No Content-Type header set");
    const noName = await raw(server, "POST", "/createItem", { headers: XML, body: freestyle() });
    expect(noName.status).toBe(400);
    expect(h(noName, "x-error")).toBe("Query parameter 'name' is required");
    const noMode = await raw(server, "POST", "/createItem?name=x2", {
      headers: { "content-type": "text/plain" },
      body: "x",
    });
    expect(noMode.status).toBe(400);
    expect(h(noMode, "x-error")).toBe("No mode given");
    for (const answer of [noType, noName, noMode]) {
      const err = errorFromResponse(answer, { action: "create the job", job: "x", xmlPost: true, anonymous: false });
      expect(err).toBeInstanceOf(BadRequestError);
      expect(err.jenkinsMessage).toBe(h(answer, "x-error"));
    }
    const unsafe = await raw(server, "POST", "/createItem?name=a%40b", { headers: XML, body: freestyle() });
    expect(unsafe.status).toBe(400);
    expect(errorFromResponse(unsafe, { action: "create the job", anonymous: false }).jenkinsMessage).toBe(
      "‘@’ is an unsafe character",
    );

    const getRoot = await raw(server, "GET", "/createItem?name=x3");
    expect(getRoot.status).toBe(405);
    expect(h(getRoot, "allow")).toBe("POST");
    await client.createJob("create-get-f", folder());
    expect((await raw(server, "GET", "/job/create-get-f/createItem?name=x")).status).toBe(404);
    expect(await client.exists("x1")).toBe(false);
  });

  it("needs Item/Create: 403 with permission headers → PermissionError", async () => {
    const reader = readerClient(server);
    const err = await caught(() => reader.createJob("reader-made", freestyle()));
    expect(err).toBeInstanceOf(PermissionError);
    expect(err).toMatchObject({
      status: 403,
      requiredPermission: "hudson.model.Item.Create",
      authenticatedAs: READER.name,
    });
    expect(err.message).toContain(`${READER.name} lacks hudson.model.Item.Create`);
    expect((err as PermissionError).hint).toContain(`Grant hudson.model.Item.Create to ${READER.name}`);
    await reader.close();
  });
});

describe("POST enable / disable", () => {
  it("302 to /job/N/; disable re-saves config.xml and shows in api/json", async () => {
    await client.createJob("toggle", freestyle());
    await client.disable("toggle");
    expect(last("POST", "/disable")).toMatchObject({ path: "/job/toggle/disable", status: 302 });
    expect(await jobJson("/job/toggle/")).toMatchObject({ disabled: true, buildable: false });
    expect(server.jobConfigOnDisk("toggle")).toMatch(/^<\?xml version='1\.1' encoding='UTF-8'\?>/);
    expect(server.jobConfigOnDisk("toggle")).toContain("<disabled>true</disabled>");
    expect(await client.getConfig("toggle")).toContain("<disabled>true</disabled>");

    await client.enable("toggle");
    expect(last("POST", "/enable")).toMatchObject({ path: "/job/toggle/enable", status: 302 });
    expect(await jobJson("/job/toggle/")).toMatchObject({ disabled: false });

    const answer = await raw(server, "POST", "/job/toggle/disable");
    expect(answer.status).toBe(302);
    expect(h(answer, "location")).toBe("/job/toggle/");
    expect(h(answer, "x-jenkins")).toBeUndefined();
  });

  it("is a silent no-op on a folder, still 302", async () => {
    await client.createJob("toggle-folder", folder());
    await client.disable("toggle-folder");
    expect(last("POST", "/disable")?.status).toBe(302);
  });

  it("disabling cancels queued builds", async () => {
    await client.createJob("toggle-queued", freestyle());
    await client.build("toggle-queued");
    expect(await jobJson("/job/toggle-queued/")).toMatchObject({ inQueue: true });
    await client.disable("toggle-queued");
    expect(await jobJson("/job/toggle-queued/")).toMatchObject({ inQueue: false });
  });

  it("errors: missing job → JobNotFoundError; read-only user → PermissionError (Item.Configure)", async () => {
    const missing = await caught(() => client.enable("no-such-job"));
    expect(missing).toBeInstanceOf(JobNotFoundError);
    expect(missing).toMatchObject({ job: "no-such-job", status: 404 });
    expect(missing.message).toBe(
      'Jenkins job "no-such-job": cannot enable the job: the job does not exist (HTTP 404: Not Found: This page may not exist, or you may not have permission to see it.). ' +
        "Check the job name and its folder path (folders must exist before jobs are created in them) and that the user may see the job: Jenkins answers 404 for items a user may not read.",
    );
    await client.createJob("toggle-perm", freestyle());
    const reader = readerClient(server);
    const denied = await caught(() => reader.disable("toggle-perm"));
    expect(denied).toBeInstanceOf(PermissionError);
    expect(denied).toMatchObject({
      status: 403,
      requiredPermission: "hudson.model.Item.Configure",
      authenticatedAs: READER.name,
    });
    const answer = await raw(server, "POST", "/job/toggle-perm/disable", {
      auth: basic(READER.name, READER.apiToken),
    });
    expect(answer.status).toBe(403);
    expect(h(answer, "x-required-permission")).toBe("hudson.model.Item.Configure");
    expect(h(answer, "x-you-are-authenticated-as")).toBe(READER.name);
    expect(answer.headers["x-permission-implied-by"]).toBeDefined();
    await reader.close();
  });
});

describe("POST doDelete", () => {
  it("302 to the parent: / for top-level jobs, /job/F/ inside a folder", async () => {
    await client.createJob("del-top", freestyle());
    await client.deleteJob("del-top");
    expect(last("POST", "/doDelete")).toMatchObject({ path: "/job/del-top/doDelete", status: 302 });
    expect(count(server, "POST", "/doDelete")).toBe(1);
    expect(await client.exists("del-top")).toBe(false);

    await client.createJob("del-f", folder());
    await client.createJob("del-f/a", freestyle());
    const answer = await raw(server, "POST", "/job/del-f/job/a/doDelete");
    expect(answer.status).toBe(302);
    expect(h(answer, "location")).toBe("/job/del-f/");
    await client.createJob("del-top2", freestyle());
    expect(h(await raw(server, "POST", "/job/del-top2/doDelete"), "location")).toBe("/");
  });

  it("GET doDelete → 405 and deletes nothing; DELETE /job/N/ → 204", async () => {
    await client.createJob("del-get", freestyle());
    const answer = await raw(server, "GET", "/job/del-get/doDelete");
    expect(answer.status).toBe(405);
    expect(h(answer, "allow")).toBe("POST");
    expect(await client.exists("del-get")).toBe(true);
    const res = await fetch(new URL("/job/del-get/", server.url), {
      method: "DELETE",
      headers: { authorization: basic(ADMIN.name, ADMIN.apiToken) },
    });
    expect(res.status).toBe(204);
    expect(await client.exists("del-get")).toBe(false);
  });

  it("a missing job → JobNotFoundError (the caller decides what that means)", async () => {
    const err = await caught(() => client.deleteJob("del-missing"));
    expect(err).toBeInstanceOf(JobNotFoundError);
    expect(err).toMatchObject({ job: "del-missing", status: 404 });
  });
});

describe("POST build / buildWithParameters", () => {
  it("201 with an absolute queue Location, returned as queueUrl; also when already queued", async () => {
    await client.createJob("b-plain", freestyle());
    const { queueUrl } = await client.build("b-plain");
    expect(queueUrl).toMatch(new RegExp(`^${server.url}queue/item/\\d+/$`));
    expect(last("POST", "/build")).toMatchObject({ path: "/job/b-plain/build", status: 201 });
    expect(server.builds.filter((b) => b.job === "b-plain")).toHaveLength(1);
    // Already waiting in the queue: still 201, and Jenkins hands back the same queue item.
    const again = await client.build("b-plain");
    expect(again.queueUrl).toBe(queueUrl);
    expect(count(server, "POST", "/build")).toBe(2);

    const answer = await raw(server, "POST", "/job/b-plain/build?delay=10sec");
    expect(answer.status).toBe(201);
    expect(answer.body).toBe("");
    expect(h(answer, "location")).toMatch(new RegExp(`^${server.url}queue/item/\\d+/$`));
  });

  it("sends parameters as form fields to buildWithParameters", async () => {
    await client.createJob("b-params", PARAMETERIZED_XML);
    const { queueUrl } = await client.build("b-params", { GREETING: "hi there & + ü", LOUD: true });
    expect(queueUrl).toMatch(/\/queue\/item\/\d+\/$/);
    expect(last("POST", "/buildWithParameters")).toMatchObject({
      path: "/job/b-params/buildWithParameters",
      status: 201,
    });
    const rec = server.builds.filter((b) => b.job === "b-params");
    expect(rec[rec.length - 1].params).toEqual({ GREETING: "hi there & + ü", LOUD: "true" });
  });

  it("a parameterized job via /build without parameters → 400 ‘Nothing is submitted’ → BadRequestError", async () => {
    const err = await caught(() => client.build("b-params"));
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err).toMatchObject({ status: 400, job: "b-params", jenkinsMessage: "Nothing is submitted" });
    expect(err.message).toContain("the job has parameters and none were given");
  });

  it("409 when disabled → NotBuildableError naming the job and saying to enable it", async () => {
    await client.createJob("b-disabled", freestyle({ disabled: true }));
    const err = await caught(() => client.build("b-disabled"));
    expect(err).toBeInstanceOf(NotBuildableError);
    expect(err).toMatchObject({ status: 409, job: "b-disabled", jenkinsMessage: "b-disabled is not buildable" });
    expect(err.message).toContain('Jenkins job "b-disabled"');
    expect(err.message).toContain("enable it first");
    expect(count(server, "POST", "/build")).toBe(1);
    const answer = await raw(server, "POST", "/job/b-disabled/build");
    expect(answer.status).toBe(409);
  });

  it("a missing job → JobNotFoundError", async () => {
    expect(await caught(() => client.build("b-missing"))).toBeInstanceOf(JobNotFoundError);
  });
});

describe("POST polling", () => {
  it("302, also for a disabled job or one without an SCM trigger; recorded by the server", async () => {
    await client.createJob("p-scm", freestyle({ scmTrigger: true }));
    await client.createJob("p-plain", freestyle({ disabled: true }));
    await client.poll("p-scm");
    await client.poll("p-plain");
    expect(last("POST", "/polling")).toMatchObject({ path: "/job/p-plain/polling", status: 302 });
    expect(server.polls.map((p) => p.job)).toEqual(expect.arrayContaining(["p-scm", "p-plain"]));
    const answer = await raw(server, "POST", "/job/p-scm/polling");
    expect(answer.status).toBe(302);
    expect(h(answer, "location")).toBe("/job/p-scm/");
  });

  it("an item type without polling (a folder) → 404 → JobNotFoundError", async () => {
    await client.createJob("p-folder", folder());
    const err = await caught(() => client.poll("p-folder"));
    expect(err).toBeInstanceOf(JobNotFoundError);
    expect(err.message).toContain("its type has no SCM polling");
  });
});

describe("GET / POST description", () => {
  it("GET: 200 text/plain;charset=UTF-8, empty body when there is none", async () => {
    await client.createJob("d-job", freestyle());
    expect(await client.getDescription("d-job")).toBe("");
    const answer = await raw(server, "GET", "/job/d-job/description");
    expect(answer.status).toBe(200);
    expect(h(answer, "content-type")).toBe("text/plain;charset=UTF-8");
  });

  it("POST: form field → 204; round-trips any text", async () => {
    const text = "Line 1 & <b>two</b>\nplus+sign, 100% ü 名前 \"quotes\" 'single'";
    await client.setDescription("d-job", text);
    expect(last("POST", "/description")).toMatchObject({ path: "/job/d-job/description", status: 204 });
    expect(await client.getDescription("d-job")).toBe(text);
    expect(await client.getConfig("d-job")).toContain("plus+sign, 100% ü");
    // Descriptions are often HTML; that is not mistaken for a login page.
    const html = "<html><body><h1>Docs</h1><p>see <a href='x'>x</a></p></body></html>";
    await client.setDescription("d-job", html);
    expect(await client.getDescription("d-job")).toBe(html);
    await client.setDescription("d-job", "");
    expect(await client.getDescription("d-job")).toBe("");
  });

  it("folders have no description endpoint (404); the field missing → 400", async () => {
    await client.createJob("d-folder", folder({ description: "folder text" }));
    expect(await caught(() => client.getDescription("d-folder"))).toBeInstanceOf(JobNotFoundError);
    const missing = await raw(server, "POST", "/job/d-job/description", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "other=1",
    });
    expect(missing.status).toBe(400);
    const err = errorFromResponse(missing, { action: "set the description", anonymous: false });
    expect(err).toBeInstanceOf(BadRequestError);
  });
});

describe("GET / POST config.xml", () => {
  it("GET: 200 application/xml without X-Jenkins; the config means what was sent", async () => {
    const xml = freestyle({ command: "make  all\n\tand more" });
    await client.createJob("c-job", xml);
    const got = await client.getConfig("c-job");
    expect(configsEqual(got, xml)).toBe(false);
    expect(configsEquivalent(xml, got)).toBe(true);
    expect(got).toContain("<command>make  all\n\tand more</command>");
    const answer = await raw(server, "GET", "/job/c-job/config.xml");
    expect(answer.status).toBe(200);
    expect(h(answer, "content-type")).toMatch(/^application\/xml/);
    expect(h(answer, "x-jenkins")).toBeUndefined();
    expect(answer.body).toBe(got);
  });

  it("POST: 200 with an empty body; non-ASCII text survives (charset sent)", async () => {
    await client.createJob("c-upd", freestyle());
    await client.updateConfig("c-upd", freestyle({ command: "echo changed ✓" }));
    expect(last("POST", "/config.xml")).toMatchObject({ path: "/job/c-upd/config.xml", status: 200 });
    expect(await client.getConfig("c-upd")).toContain("echo changed ✓");
    expect(server.jobConfigOnDisk("c-upd")).toContain("echo changed ✓");
    const answer = await raw(server, "POST", "/job/c-upd/config.xml", { headers: XML, body: freestyle() });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe("");
    expect(await client.exists("c-upd")).toBe(true);
  });

  it("malformed XML → 500 → InvalidConfigError, job unchanged", async () => {
    const before = await client.getConfig("c-upd");
    const err = await caught(() => client.updateConfig("c-upd", "<project><oops></project>"));
    expect(err).toBeInstanceOf(InvalidConfigError);
    expect(err).toMatchObject({ status: 500, job: "c-upd" });
    expect(await client.getConfig("c-upd")).toBe(before);
  });

  it("XML of another item type → 500 ‘Expecting class X but got class Y instead’, job unchanged", async () => {
    const before = await client.getConfig("c-upd");
    const err = await caught(() => client.updateConfig("c-upd", pipeline()));
    expect(err).toBeInstanceOf(InvalidConfigError);
    expect((err as InvalidConfigError).jenkinsMessage).toMatch(/Expecting class .* but got class .* instead/);
    expect(await client.getConfig("c-upd")).toBe(before);
  });

  it("a missing job → JobNotFoundError for GET and POST", async () => {
    expect(await caught(() => client.getConfig("c-missing"))).toBeInstanceOf(JobNotFoundError);
    expect(await caught(() => client.updateConfig("c-missing", freestyle()))).toBeInstanceOf(JobNotFoundError);
  });

  it("a read-only user cannot read config.xml (ExtendedRead) or write it (Configure)", async () => {
    const reader = readerClient(server);
    const read = await caught(() => reader.getConfig("c-upd"));
    expect(read).toBeInstanceOf(PermissionError);
    expect(read).toMatchObject({ status: 403, authenticatedAs: READER.name });
    expect((read as PermissionError).requiredPermission).toMatch(/^hudson\.model\.Item\.(ExtendedRead|Configure)$/);
    const write = await caught(() => reader.updateConfig("c-upd", freestyle()));
    expect(write).toMatchObject({ status: 403, requiredPermission: "hudson.model.Item.Configure" });
    await reader.close();
  });
});

describe("POST confirmRename", () => {
  it("302 to the new job; the old name is gone", async () => {
    await client.createJob("r-f", folder());
    await client.createJob("r-f/old", freestyle());
    await client.rename("r-f/old", "new name+");
    expect(last("POST", "/confirmRename")).toMatchObject({
      path: "/job/r-f/job/old/confirmRename",
      query: "newName=new%20name%2B",
      status: 302,
    });
    expect(await client.exists("r-f/old")).toBe(false);
    expect(await client.exists("r-f/new name+")).toBe(true);
    await client.createJob("r-raw", freestyle());
    const answer = await raw(server, "POST", "/job/r-raw/confirmRename?newName=r-raw2");
    expect(answer.status).toBe(302);
    expect(h(answer, "location")).toBe("/job/r-raw2");
  });

  it("400 + X-Error when the new name is taken → JobAlreadyExistsError", async () => {
    await client.createJob("r-a", freestyle());
    await client.createJob("r-b", freestyle());
    const err = await caught(() => client.rename("r-a", "R-B"));
    expect(err).toBeInstanceOf(JobAlreadyExistsError);
    expect(err).toMatchObject({ status: 400, jenkinsMessage: "The name “R-B” is already in use." });
    const same = await caught(() => client.rename("r-a", "r-a"));
    expect(same).toBeInstanceOf(BadRequestError);
    expect((same as BadRequestError).jenkinsMessage).toBe("The new name is the same as the current name.");
  });
});

describe("server check, existence and listing", () => {
  it("serverInfo reads GET /api/json and X-Jenkins", async () => {
    expect(await client.serverInfo()).toEqual({ version: "2.580", mode: "NORMAL", url: server.url });
    const answer = await raw(server, "GET", "/api/json");
    expect(h(answer, "x-jenkins")).toBe("2.580");
    expect(h(answer, "content-type")).toMatch(/^application\/json/);
  });

  it("exists is case-insensitive like Jenkins, false on 404", async () => {
    await client.createJob("Exists-Job", freestyle());
    expect(await client.exists("exists-job")).toBe(true);
    expect(await client.exists("EXISTS-JOB")).toBe(true);
    expect(await client.exists("exists-nope")).toBe(false);
  });

  it("listJobs walks folders of any depth, parents first, with class and folder flag", async () => {
    const deep = ["L1", "L1/L2", "L1/L2/L3", "L1/L2/L3/L4", "L1/L2/L3/L4/L5", "L1/L2/L3/L4/L5/L6"];
    for (const f of deep) await client.createJob(f, folder());
    await client.createJob("L1/L2/L3/L4/L5/L6/leaf", pipeline());
    await client.createJob("L1/side", freestyle());
    server.resetCounters();
    const all = await client.listJobs("L1");
    expect(all.map((j) => j.fullName)).toEqual([
      "L1/L2",
      "L1/L2/L3",
      "L1/L2/L3/L4",
      "L1/L2/L3/L4/L5",
      "L1/L2/L3/L4/L5/L6",
      "L1/L2/L3/L4/L5/L6/leaf",
      "L1/side",
    ]);
    expect(all.find((j) => j.fullName === "L1/L2")).toMatchObject({
      className: "com.cloudbees.hudson.plugins.folder.Folder",
      isFolder: true,
      url: `${server.url}job/L1/job/L2/`,
    });
    expect(all.find((j) => j.fullName.endsWith("leaf"))).toMatchObject({
      className: "org.jenkinsci.plugins.workflow.job.WorkflowJob",
      isFolder: false,
    });
    expect(all.find((j) => j.fullName === "L1/side")).toMatchObject({
      className: "hudson.model.FreeStyleProject",
      isFolder: false,
    });
    // Four levels per request: L1 (levels 2-5) and then L1/L2/L3/L4/L5 for what lies below.
    expect(sentApiJson()).toEqual(["/job/L1/api/json", "/job/L1/job/L2/job/L3/job/L4/job/L5/api/json"]);

    const everything = await client.listJobs();
    expect(everything.map((j) => j.fullName)).toEqual(
      expect.arrayContaining(["L1", "L1/L2/L3/L4/L5/L6/leaf", "c-job"]),
    );
    expect(await caught(() => client.listJobs("no-such-folder"))).toBeInstanceOf(JobNotFoundError);
  });
});

function sentApiJson(): string[] {
  return server.requests.filter((r) => r.path.endsWith("/api/json")).map((r) => r.path);
}

describe("legacy Jenkins (before 2.568, absolute redirects)", () => {
  let legacy: JenkinsServer;
  let lc: ReturnType<typeof tokenClient>;
  beforeAll(async () => {
    legacy = await startServer({ mode: "legacy", pathOnlyRedirects: false });
    lc = tokenClient(legacy);
  });
  afterAll(async () => {
    await lc.close();
    await legacy.close();
  });

  it("GET config.xml returns the stored bytes: after create, the identity transform of what was sent", async () => {
    const xml = freestyle({ command: "echo 'legacy' <!-- kept -->" }).replace(
      "<builders>",
      "<!-- a comment -->\n  <builders>",
    );
    await lc.createJob("legacy-job", xml);
    const got = await lc.getConfig("legacy-job");
    expect(got).toBe(legacy.jobConfigOnDisk("legacy-job"));
    expect(got.startsWith('<?xml version="1.0" encoding="UTF-8"?><project>')).toBe(true);
    expect(got).toContain("<!-- a comment -->");
    expect(configsEqual(got, xml)).toBe(true);
    expect(await lc.serverInfo()).toMatchObject({ version: "2.555" });
  });

  it("302s with absolute Locations are success and are not followed", async () => {
    const answer = await raw(legacy, "POST", "/job/legacy-job/disable");
    expect(answer.status).toBe(302);
    expect(h(answer, "location")).toBe(`${legacy.url}job/legacy-job/`);
    legacy.resetCounters();
    await lc.enable("legacy-job");
    await lc.disable("legacy-job");
    await lc.rename("legacy-job", "legacy-renamed");
    await lc.deleteJob("legacy-renamed");
    expect(legacy.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      "POST /job/legacy-job/enable 302",
      "POST /job/legacy-job/disable 302",
      "POST /job/legacy-job/confirmRename 302",
      "POST /job/legacy-renamed/doDelete 302",
    ]);
  });
});

describe("order of checks and headers (§1, §6)", () => {
  it("a raw path with a semicolon → 400 before anything else; %3B is an ordinary character", async () => {
    const semi = await raw(server, "GET", "/job/a;b/api/json", { auth: null });
    expect(semi.status).toBe(400);
    expect(semi.body).toContain("Semicolons are not allowed in the request URI");
    expect((await raw(server, "GET", "/job/a%3Bb/api/json")).status).toBe(404);
  });

  it("401 comes before 404, 404 before the permission check for items the user cannot see", async () => {
    const wrong = await raw(server, "GET", "/job/nothing-here/config.xml", {
      auth: basic(ADMIN.name, "nope"),
    });
    expect(wrong.status).toBe(401);
    const missing = await raw(server, "GET", "/job/nothing-here/config.xml");
    expect(missing.status).toBe(404);
    expect(h(missing, "content-type")).toMatch(/^text\/html/);
  });

  it("X-Jenkins is on api/json and HTML pages, not on 201, 302, 200-empty or config.xml answers", async () => {
    await client.createJob("hdr-job", freestyle());
    expect(h(await raw(server, "GET", "/api/json"), "x-jenkins")).toBe("2.580");
    expect(h(await raw(server, "GET", "/job/hdr-job/api/json"), "x-jenkins")).toBe("2.580");
    expect(h(await raw(server, "GET", "/job/nothing/"), "x-jenkins")).toBe("2.580");
    expect(h(await raw(server, "POST", "/job/hdr-job/build"), "x-jenkins")).toBeUndefined();
    expect(h(await raw(server, "POST", "/job/hdr-job/disable"), "x-jenkins")).toBeUndefined();
    expect(
      h(await raw(server, "POST", "/job/hdr-job/config.xml", { headers: XML, body: freestyle() }), "x-jenkins"),
    ).toBeUndefined();
    expect(h(await raw(server, "GET", "/job/hdr-job/config.xml"), "x-jenkins")).toBeUndefined();
  });
});
