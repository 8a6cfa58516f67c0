/**
 * One owner for every job, through the language host: two stacks of one project ("a" and "b") on one Jenkins.
 * Each marks the jobs it makes with its owner (the last line of the description); neither takes the other's job
 * without a hand-over, in either order or when both `up` at once; a hand-over moves the mark, the former owner's
 * change to the job is refused until its refresh, and then it lets the job go without deleting it; a destroy leaves the other stack's items, a folder holding them included;
 * `retainOnDelete` clears the mark; with marks off none is written.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { ManagedElsewhereError } from "../../provider/ownership/errors";
import { markLine, readMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";
import { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { ADMIN, RUNNABLE_CHECK_REQUEST, startServer } from "../harness/test-server";
import { itemsOnServer } from "./server-items";
import { changedSteps, stackOn } from "./two-stacks";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "ownership");
const A = "ownership/a";
const B = "ownership/b";

const stack = (server: JenkinsServer, name: string): PulumiCli => stackOn(server, PROJECT, name);
const ops = changedSteps;

/** The requests since the last reset that change something in Jenkins (the linter's POST reads). */
function writes(server: JenkinsServer): string[] {
  return server.requests
    .map((r) => `${r.method} ${r.path}`)
    .filter((c) => c.startsWith("POST ") && !RUNNABLE_CHECK_REQUEST.test(c));
}

describe("two stacks on one Jenkins, each job with one owner", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let a: PulumiCli;
  let b: PulumiCli;

  const ownerOf = async (job: string) => readMark(readFields(await user.getConfig(job)).description);

  beforeAll(async () => {
    server = await startServer("current");
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    a = stack(server, "a");
    b = stack(server, "b");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("marks each job with its stack, and the mark never shows as a change", async () => {
    a.setConfig("jobs", "x");
    const up = await a.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(readFields(await user.getConfig("x")).description).toBe(`Job x\n\n${markLine(A)}`);
    expect(await ownerOf("x")).toEqual({ description: "Job x", owner: A });
    const state = a.state.resources.find((r) => r.urn.endsWith("::x"))!;
    expect(state.outputs.description).toBe("Job x");
    expect(ops(await a.preview())).toEqual([]);
    const refreshed = await a.refresh();
    expect({ ok: refreshed.ok, changed: refreshed.changed }).toEqual({ ok: true, changed: [] });
  });

  it("fails the preview of another stack declaring that job, naming its owner and the hand-over, and sends nothing", async () => {
    for (const adopt of ["false", "true"]) {
      b.setConfig("jobs", "x").setConfig("adopt", adopt);
      server.resetCounters();
      const preview = await b.preview();
      expect(preview.ok).toBe(false);
      const message = preview.errors.find((e) => e.urn.endsWith("::x"))?.message ?? "";
      expect(message).toContain(`Jenkins job "x" cannot be ${adopt === "true" ? "adopted" : "created"}`);
      expect(message).toContain(`managed as code by ${A}`);
      expect(message).toContain(`takeOverFrom: "${A}"`);
      const up = await b.up();
      expect(up.ok).toBe(false);
      expect(writes(server)).toEqual([]);
    }
    expect(await ownerOf("x")).toEqual({ description: "Job x", owner: A });
    b.setConfig("jobs", "").removeConfig("adopt");
  });

  it("in the other order too: a job of b is not a's to declare", async () => {
    b.setConfig("jobs", "y");
    expect((await b.up()).errors).toEqual([]);
    a.setConfig("jobs", "x,y").setConfig("adopt", "true");
    const preview = await a.preview();
    expect(preview.ok).toBe(false);
    expect(preview.errors.find((e) => e.urn.endsWith("::y"))?.message).toContain(`managed as code by ${B}`);
    a.setConfig("jobs", "x").removeConfig("adopt");
    expect(await ownerOf("y")).toEqual({ description: "Job y", owner: B });
  });

  it("when both go up at once with a new job, exactly one makes it and the other fails naming it; no job is lost", async () => {
    a.setConfig("jobs", "x,z").setConfig("adopt", "true");
    b.setConfig("jobs", "y,z").setConfig("adopt", "true");
    const [upA, upB] = await Promise.all([a.up(), b.up()]);
    expect([upA.ok, upB.ok].filter((ok) => ok)).toHaveLength(1);
    const [winner, loser, loserOwner] = upA.ok ? [A, upB, B] : [B, upA, A];
    expect(loser.errors.find((e) => e.urn.endsWith("::z"))?.message).toContain(`managed as code by ${winner}`);
    expect(await ownerOf("z")).toEqual({ description: "Job z", owner: winner });
    expect(await itemsOnServer(user)).toEqual(["x", "y", "z"]);
    expect(loserOwner).not.toBe(winner);
    // The loser keeps no resource for it; the winner does.
    const holds = (cli: PulumiCli) => cli.state.resources.some((r) => r.urn.endsWith("::z"));
    expect([holds(a), holds(b)]).toEqual(winner === A ? [true, false] : [false, true]);
    // Back to one job each; z stays with its winner.
    (winner === A ? b : a).setConfig("jobs", winner === A ? "y" : "x");
    (winner === A ? a : b).removeConfig("adopt");
    (winner === A ? b : a).removeConfig("adopt");
    expect((await (winner === A ? b : a).up()).errors).toEqual([]);
  });

  it("hands a job over: the mark moves, the former owner's refresh warns once and its next up lets it go without a delete", async () => {
    b.setConfig("jobs", `${b.state.resources.some((r) => r.urn.endsWith("::z")) ? "y,z" : "y"},x`)
      .setConfig("adopt", "true")
      .setConfig("takeOverFrom", A);
    const up = await b.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await ownerOf("x")).toEqual({ description: "Job x", owner: B });
    b.removeConfig("takeOverFrom").removeConfig("adopt");

    // Without a refresh, a's change to x is refused before anything is written, whatever it changes: the
    // description (its own POST), the script (a config.xml POST, read first), the enabled state (its own POST).
    const held = await user.getConfig("x");
    for (const [key, value] of [
      ["note", " (edited)"],
      ["step", "make all"],
      ["disabled", "x"],
    ]) {
      a.setConfig(key, value).setConfig("edit", "x");
      server.resetCounters();
      for (const run of [await a.preview(), await a.up()]) {
        expect(run.ok).toBe(false);
        expect(run.errors.find((e) => e.urn.endsWith("::x"))?.message).toBe(
          new ManagedElsewhereError("Jenkins job", "x", B).message,
        );
      }
      expect(writes(server)).toEqual([]);
      // One listing of the root's descriptions per run, not a read per job.
      expect(server.requests.filter((r) => r.query.startsWith("tree=description")).map((r) => r.path)).toEqual([
        "/api/json",
        "/api/json",
      ]);
      expect(await user.getConfig("x")).toBe(held);
      a.removeConfig(key).removeConfig("edit");
    }

    const refreshed = await a.refresh();
    expect(refreshed.ok).toBe(true);
    const warnings = refreshed.logs.filter((l) => l.severity === "warning" && l.message.includes('"x" is now managed'));
    expect(warnings.map((w) => w.message)).toEqual([
      `Jenkins job "x" is now managed by ${B}: this stack leaves it alone and never deletes it. ` +
        "Remove its resource from the program; the next `pulumi up` then drops it from this stack's state.",
    ]);
    // Not drift to put back: a's preview plans nothing for it.
    expect(ops(await a.preview()).filter((o) => o.endsWith(" x"))).toEqual([]);
    const jobsOfA = a.state.resources.some((r) => r.urn.endsWith("::z")) ? "z" : "";
    a.setConfig("jobs", jobsOfA);
    server.resetCounters();
    const letGo = await a.up();
    expect({ ok: letGo.ok, errors: letGo.errors }).toEqual({ ok: true, errors: [] });
    expect(ops(letGo)).toEqual(["delete x"]);
    expect(writes(server)).toEqual([]);
    expect(a.state.resources.some((r) => r.urn.endsWith("::x"))).toBe(false);
    expect(await ownerOf("x")).toEqual({ description: "Job x", owner: B });
    // b manages it as any of its own: no change planned.
    expect(ops(await b.preview())).toEqual([]);
  });

  it("destroys only its own items: a folder holding another stack's job, view and credential stays, with them", async () => {
    a.setConfig("folder", "shared").setConfig("folderJobs", "from-a").setConfig("folderViews", "board-a");
    expect((await a.up()).errors).toEqual([]);
    b.setConfig("folder", "shared").setConfig("declareFolder", "false").setConfig("folderJobs", "from-b");
    b.setConfig("folderViews", "board-b").setConfig("folderCredentials", "token-b");
    expect((await b.up()).errors).toEqual([]);
    expect(await ownerOf("shared/from-b")).toEqual({ description: "", owner: B });

    const destroyed = await a.destroy();
    expect({ ok: destroyed.ok, errors: destroyed.errors }).toEqual({ ok: true, errors: [] });
    expect(a.state.resources.filter((r) => r.custom)).toEqual([]);
    const items = await itemsOnServer(user);
    expect(items).toContain("shared");
    expect(items).toContain("shared/from-b");
    expect(items).not.toContain("shared/from-a");
    expect(destroyed.logs.map((l) => l.message).join("\n")).toContain(
      `Jenkins folder "shared" was left in Jenkins: it holds items another owner manages, which deleting it would delete: "shared/from-b" (${B}), view "board-b" in "shared" (${B}), credential "token-b" in "shared" (${B}).`,
    );
    // a's own view went before its folder was left; b's view and credential are there.
    expect(await user.viewNames("shared")).toEqual(expect.arrayContaining(["board-b"]));
    expect(await user.viewNames("shared")).not.toContain("board-a");
    expect(await user.credentialIds("shared")).toContain("token-b");
    // b's jobs are all there.
    const jobsOfB = b.state.resources.filter(
      (r) => r.custom && typeof r.outputs.fullName === "string" && !/-(view|credential)-/.test(r.urn),
    );
    expect(jobsOfB.length).toBeGreaterThan(0);
    for (const job of jobsOfB.map((r) => String(r.outputs.fullName))) {
      expect(items).toContain(job);
    }
  });

  it("clears the mark of a job declared with retainOnDelete, so that another stack or a person can take it", async () => {
    a.removeConfig("folder").removeConfig("folderJobs").setConfig("jobs", "kept");
    expect((await a.up()).errors).toEqual([]);
    expect(await ownerOf("kept")).toEqual({ description: "Job kept", owner: A });
    a.setConfig("retain", "kept");
    expect(ops(await a.preview())).toEqual(["update kept"]);
    const up = await a.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await ownerOf("kept")).toEqual({ description: "Job kept" });
    expect(ops(await a.preview())).toEqual([]);
    // Let go, then taken by b without a hand-over: it carries no mark.
    a.setConfig("jobs", "");
    expect((await a.up()).errors).toEqual([]);
    b.setConfig("jobs", "kept").setConfig("adopt", "true");
    expect((await b.up()).errors).toEqual([]);
    expect(await ownerOf("kept")).toEqual({ description: "Job kept", owner: B });
  });

  it("with jenkins:ownershipMarks false writes no mark, and still refuses another owner's job", async () => {
    const c = stack(server, "c").setConfig("jenkins:ownershipMarks", "false").setConfig("jobs", "unmarked");
    expect((await c.up()).errors).toEqual([]);
    expect(await ownerOf("unmarked")).toEqual({ description: "Job unmarked" });
    expect(ops(await c.preview())).toEqual([]);
    // "kept" is b's since the test above.
    c.setConfig("jobs", "unmarked,kept").setConfig("adopt", "true");
    const preview = await c.preview();
    expect(preview.ok).toBe(false);
    expect(preview.errors.find((e) => e.urn.endsWith("::kept"))?.message).toContain(`managed as code by ${B}`);
  });

  it("clears the mark of a job declared with letGo, and a refresh and a preview after it plan nothing", async () => {
    a.setConfig("jobs", "free");
    expect((await a.up()).errors).toEqual([]);
    expect(await ownerOf("free")).toEqual({ description: "Job free", owner: A });
    a.setConfig("letGo", "free");
    expect(ops(await a.preview())).toEqual(["update free"]);
    const up = await a.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await ownerOf("free")).toEqual({ description: "Job free" });
    const refreshed = await a.refresh();
    expect({ ok: refreshed.ok, changed: refreshed.changed }).toEqual({ ok: true, changed: [] });
    expect(ops(await a.preview())).toEqual([]);
  });
});
