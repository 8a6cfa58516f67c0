/**
 * An update never writes an item another owner's mark names (Layer 1, the lifecycle called directly, over HTTP to
 * the bundled server). The diff of a planned change reads the owners of the item's folder from one listing kept for
 * the process, and fails naming the owner and the fix; the update checks again before it writes: from the config it
 * reads anyway (a pipeline's), else from that listing, and before a move. A state without an owner (an earlier
 * release's) plans the mark alone and writes it with one request, unless another owner marked the item by then.
 */
import type { JenkinsServer } from "../../provider/server";
import * as lifecycle from "../../provider/resource/lifecycle";
import { closeClients } from "../../provider/connection/settings";
import { ManagedElsewhereError } from "../../provider/ownership/errors";
import { markLine, readMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";
import { JenkinsUser } from "../harness/jenkins-user";
import { FOLDER_XML, FREESTYLE_XML } from "../harness/job-configs";
import { ADMIN, calls, startServer, tokenConfig } from "../harness/test-server";
import { changed, checked, nextRun, PROVIDER_TEXT, type Lifecycle, type Props } from "./lifecycle-calls";

const A = "team/a";
const B = "team/b";
const SCRIPT = "node {\n  sh 'make'\n}\n";

/** Check and create, as stack A: the id and the outputs the engine would store. */
async function made(inputs: Props): Promise<{ id: string; outs: Props; news: Props }> {
  const news = await checked({ ...inputs, __owner: A });
  const res = await lifecycle.create(news);
  return { id: res.id, outs: { ...res.outs, __provider: PROVIDER_TEXT }, news };
}

/** Whether a recorded request is the listing of a folder's descriptions the ownership checks read. */
const isListing = (r: { query: string }) => r.query.startsWith("tree=description");

describe("an update of an item another owner's mark names", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let marksOff = false;

  const ownerOf = async (job: string) => readMark(readFields(await user.getConfig(job)).description).owner;
  const configure = (l: Lifecycle = lifecycle) =>
    l.configure({
      config: {
        get: (k: string) => (k === "jenkins:ownershipMarks" && marksOff ? "false" : tokenConfig(server)[k]),
      },
    });

  beforeAll(async () => {
    server = await startServer("current");
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await configure();
    await user.createJob("f1", FOLDER_XML);
    await user.createJob("f2", FOLDER_XML);
  });
  afterAll(async () => {
    await closeClients();
    await server.close();
  });

  it("is refused by the diff of a planned change, from one listing of the folder, and a plan without change asks nothing", async () => {
    const one = await made({ name: "one", folder: "f1", pipeline: { script: SCRIPT }, description: "One" });
    const two = await made({ name: "two", folder: "f1", pipeline: { script: SCRIPT }, description: "Two" });
    await user.setDescription("f1/one", `One\n\n${markLine(B)}`);
    await user.setDescription("f1/two", `Two\n\n${markLine(B)}`);
    const { run, end } = await nextRun(configure);
    try {
      server.resetCounters();
      expect(await run.diff(one.id, one.outs, one.news)).toMatchObject({ changes: false });
      expect(calls(server)).toEqual([]);
      for (const job of [one, two]) {
        const news = { ...job.news, description: "Changed" };
        await expect(run.diff(job.id, job.outs, news)).rejects.toThrow(
          new ManagedElsewhereError("Jenkins job", String(job.outs.fullName), B).message,
        );
      }
      // One listing of f1 for both (kept for the process), and the connection's check: nothing else.
      expect(server.requests.filter(isListing).map((r) => r.path)).toEqual(["/job/f1/api/json"]);
      expect(server.requests.filter((r) => !isListing(r)).map((r) => `${r.method} ${r.path}`)).toEqual([
        "GET /api/json",
      ]);
    } finally {
      await end();
    }
  });

  it("is refused by the update before it writes: a description, the enabled state, a config, a move", async () => {
    const job = await made({ name: "three", pipeline: { script: SCRIPT }, description: "Three" });
    // Built once: its config may hold properties a run set (update-unrun.test.ts has a job that never ran).
    expect((await user.request("POST", "/job/three/build?delay=0sec")).status).toBe(201);
    await user.getConfig("three");
    const freestyle = await made({ name: "four", configXml: FREESTYLE_XML });
    await user.setDescription("three", `Three\n\n${markLine(B)}`);
    await user.setDescription("four", `from xml\n\n${markLine(B)}`);
    const refusal = (name: string) => new ManagedElsewhereError("Jenkins job", name, B).message;
    const cases: Array<[string, typeof job, Props]> = [
      [
        // A script that sets job properties: the update reads the config first, to keep what its runs set.
        "pipeline config, read first",
        job,
        { pipeline: { script: "properties([])\nnode {\n  sh 'make all'\n}\n" } },
      ],
      ["description", job, { description: "Changed" }],
      ["enabled", job, { enabled: false }],
      ["freestyle config", freestyle, { configXml: FREESTYLE_XML.replace("make test", "make all") }],
      ["rename", job, { name: "three-renamed" }],
    ];
    const { run, end } = await nextRun(configure);
    try {
      for (const [what, item, change] of cases) {
        const news = await changed(item.news, change);
        server.resetCounters();
        await expect(run.update(item.id, item.outs, news)).rejects.toThrow(refusal(String(item.outs.fullName)));
        expect({ what, writes: server.requests.filter((r) => r.method !== "GET") }).toEqual({ what, writes: [] });
        if (what === "pipeline config, read first") {
          // The mark read from the config the update reads anyway (to keep what the pipeline owns): no listing.
          expect(server.requests.filter((r) => r.path !== "/api/json").map((r) => `${r.method} ${r.path}`)).toEqual([
            "GET /job/three/config.xml",
          ]);
        }
      }
    } finally {
      await end();
    }
    expect(await ownerOf("three")).toBe(B);
    expect(await ownerOf("four")).toBe(B);
  });

  it("writes the item the stack marked, with the listing the diff read, and one it takes over", async () => {
    const job = await made({ name: "five", pipeline: { script: SCRIPT }, description: "Five" });
    const news = await changed(job.news, { description: "Five, changed" });
    const { run, end } = await nextRun(configure);
    try {
      server.resetCounters();
      expect(await run.diff(job.id, job.outs, news)).toMatchObject({ changes: true, diffs: ["description"] });
      await run.update(job.id, job.outs, news);
      // The listing of the root the diff read serves the update: one description POST.
      expect(
        server.requests.filter((r) => r.method !== "GET" || isListing(r)).map((r) => `${r.method} ${r.path}`),
      ).toEqual(["GET /api/json", "POST /job/five/description"]);
      expect(await ownerOf("five")).toBe(A);
    } finally {
      await end();
    }
    // Marked by B since, and named as the owner it is taken over from: written, and marked A.
    await user.setDescription("five", `Five, changed\n\n${markLine(B)}`);
    const taken = await changed(news, { description: "Five, taken", takeOverFrom: B });
    const next = await nextRun(configure);
    try {
      await next.run.update(job.id, job.outs, taken);
    } finally {
      await next.end();
    }
    expect(readMark(readFields(await user.getConfig("five")).description)).toEqual({
      description: "Five, taken",
      owner: A,
    });
  });

  it("plans the mark alone for a state without an owner, writes it with one request, and refuses another owner's", async () => {
    const job = await made({ name: "six", folder: "f2", pipeline: { script: SCRIPT }, description: "Six" });
    const other = await made({ name: "seven", folder: "f2", pipeline: { script: SCRIPT }, description: "Seven" });
    // As an earlier release stored them: no owner in the outputs, no mark in Jenkins.
    const earlier = (outs: Props) => {
      const { __owner: _owner, ...rest } = outs;
      void _owner;
      return rest;
    };
    await user.setDescription("f2/six", "Six");
    await user.setDescription("f2/seven", `Seven\n\n${markLine(B)}`);
    const { run, end } = await nextRun(configure);
    try {
      server.resetCounters();
      expect(await run.diff(job.id, earlier(job.outs), job.news)).toEqual({ changes: true, diffs: ["__owner"] });
      await expect(run.diff(other.id, earlier(other.outs), other.news)).rejects.toThrow(
        new ManagedElsewhereError("Jenkins job", "f2/seven", B).message,
      );
      const update = await run.update(job.id, earlier(job.outs), job.news);
      expect(update.outs).toMatchObject({ __owner: A });
      await expect(run.update(other.id, earlier(other.outs), other.news)).rejects.toThrow(
        new ManagedElsewhereError("Jenkins job", "f2/seven", B).message,
      );
      expect(
        server.requests.filter((r) => r.method !== "GET" || isListing(r)).map((r) => `${r.method} ${r.path}`),
      ).toEqual(["GET /job/f2/api/json", "POST /job/f2/job/six/description"]);
    } finally {
      await end();
    }
    expect(readMark(readFields(await user.getConfig("f2/six")).description)).toEqual({ description: "Six", owner: A });
    expect(await ownerOf("f2/seven")).toBe(B);
  });

  it("plans nothing for a state without an owner when marks are off", async () => {
    const job = await made({ name: "eight", pipeline: { script: SCRIPT }, description: "Eight" });
    const { __owner: _owner, ...unmarked } = job.outs;
    void _owner;
    marksOff = true;
    const { run, end } = await nextRun(configure);
    try {
      server.resetCounters();
      expect(await run.diff(job.id, unmarked, job.news)).toMatchObject({ changes: false });
      expect(calls(server)).toEqual([]);
    } finally {
      marksOff = false;
      await end();
    }
  });
});
