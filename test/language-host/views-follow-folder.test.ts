/**
 * Views follow their folder through the language host (projects/views-follow-folder): list views declared as a
 * listView spec and as configXml, in a folder inside another folder and in its sub-folder. A rename of the folder,
 * a move of it into another folder and a rename of the views themselves each plan an update of every view (never a
 * replace), `up` keeps the same views in Jenkins (no createView, no doDelete; their jobs and descriptions stay),
 * and the next preview and refresh are clean.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli, Step } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { jobsOfView, viewsOnServer } from "./server-items";
import { startStack } from "./stack";
import { QUIET_REFRESH } from "../harness/language-host/quiet-refresh";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "views-follow-folder");

const changes = (steps: Step[]): string[] =>
  steps
    .filter((s) => s.op !== "same")
    .map((s) => `${s.op} ${s.urn.split("::").pop()}`)
    .sort();
const writes = (server: JenkinsServer): string[] =>
  server.requests.filter((r) => r.method === "POST").map((r) => `POST ${r.path}`);

/** Every view's full name, its jobs, and whether it kept its description (a recreated view would not be asked). */
async function viewsIn(user: JenkinsUser, team: string, names: { board: string; wall: string; deep: string }) {
  const board = `${team}/${names.board}`;
  const wall = `${team}/${names.wall}`;
  const deep = `${team}/sub/${names.deep}`;
  return {
    all: (await viewsOnServer(user)).filter((v) => v.startsWith(`${team}/`)),
    jobs: {
      board: await jobsOfView(user, board),
      wall: await jobsOfView(user, wall),
      deep: await jobsOfView(user, deep),
    },
  };
}

describe("views follow their folder, through the language host", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;
  const original = { board: "board", wall: "wall", deep: "deep" };
  const renamedNames = { board: "board-renamed", wall: "wall-renamed", deep: "deep-renamed" };
  const expected = (team: string, names: typeof original) => ({
    all: [
      `${team}/All`,
      `${team}/${names.board}`,
      `${team}/${names.wall}`,
      `${team}/sub/All`,
      `${team}/sub/${names.deep}`,
    ].sort(),
    jobs: { board: ["api", "web"], wall: ["api", "web"], deep: ["tool"] },
  });

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
  });
  afterAll(async () => {
    await server?.close();
  });

  async function expectClean(): Promise<void> {
    const plan = await cli.preview();
    expect({ ok: plan.ok, changes: changes(plan.steps) }).toEqual({ ok: true, changes: [] });
    expect(await cli.refresh()).toMatchObject(QUIET_REFRESH);
    const again = await cli.preview();
    expect({ ok: again.ok, changes: changes(again.steps) }).toEqual({ ok: true, changes: [] });
  }

  /** Preview and up of a config change: the plan, the writes of the up (no view made or deleted), then clean plans. */
  async function apply(
    key: string,
    value: string | boolean,
    planned: string[],
    board: [string, string],
  ): Promise<string[]> {
    cli.setConfig(key, value);
    const plan = await cli.preview();
    expect({ ok: plan.ok, changes: changes(plan.steps) }).toEqual({ ok: true, changes: planned });
    // What a reviewer sees of the view: an update from its old full name to its new one.
    const step = plan.steps.find((s) => s.urn.endsWith("::board"));
    expect([step?.op, step?.oldInputs?.fullName, step?.news?.fullName]).toEqual(["update", ...board]);
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors, changes: changes(up.steps) }).toEqual({
      ok: true,
      errors: [],
      changes: planned,
    });
    const sent = writes(server);
    expect(sent.filter((w) => /createView|doDelete|createItem/.test(w))).toEqual([]);
    await expectClean();
    return sent;
  }

  const FOLDER_CHANGE = ["api", "board", "deep", "sub", "team", "tool", "wall", "web"].map((n) => `update ${n}`);

  it("up makes the views in the nested folders, and plans are clean", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await viewsIn(user, "outer/team", original)).toEqual(expected("outer/team", original));
    expect(up.outputs.views).toEqual({
      board: "outer/team/board",
      wall: "outer/team/wall",
      deep: "outer/team/sub/deep",
    });
    await expectClean();
  });

  it("a rename of their folder updates the views, which Jenkins moved with it: nothing is sent for them", async () => {
    const sent = await apply("teamName", "squad", FOLDER_CHANGE, ["outer/team/board", "outer/squad/board"]);
    expect(sent.filter((w) => w.includes("/view/"))).toEqual([]);
    expect(await viewsIn(user, "outer/squad", original)).toEqual(expected("outer/squad", original));
    // The description as declared, its last line the stack's mark of ownership.
    expect(await user.getViewConfig("outer/squad", "board")).toMatch(
      /<description>the team&apos;s jobs\n\nManaged as code by [^<]+<\/description>/,
    );
    expect(cli.state.resources.find((r) => r.urn.endsWith("::deep"))?.outputs.url).toBe(
      `${server.url}job/outer/job/squad/job/sub/view/deep/`,
    );
  });

  it("a move of their folder into another folder updates the views in place too", async () => {
    const sent = await apply("moved", true, FOLDER_CHANGE, ["outer/squad/board", "org/squad/board"]);
    expect(sent).toContain("POST /job/outer/job/squad/move/move");
    expect(sent.filter((w) => w.includes("/view/"))).toEqual([]);
    expect(await viewsIn(user, "org/squad", original)).toEqual(expected("org/squad", original));
    expect(await user.exists("outer/squad")).toBe(false);
  });

  it("a new name renames each view in place: its configure form, then its config; same jobs", async () => {
    const sent = await apply(
      "renamed",
      true,
      ["update board", "update deep", "update wall"],
      ["org/squad/board", "org/squad/board-renamed"],
    );
    expect(sent.filter((w) => w.includes("/view/")).sort()).toEqual(
      [
        "POST /job/org/job/squad/view/board/configSubmit",
        "POST /job/org/job/squad/view/board-renamed/config.xml",
        "POST /job/org/job/squad/view/wall/configSubmit",
        "POST /job/org/job/squad/view/wall-renamed/config.xml",
        "POST /job/org/job/squad/job/sub/view/deep/configSubmit",
        "POST /job/org/job/squad/job/sub/view/deep-renamed/config.xml",
      ].sort(),
    );
    expect(await viewsIn(user, "org/squad", renamedNames)).toEqual(expected("org/squad", renamedNames));
    const wall = await user.getViewConfig("org/squad", "wall-renamed");
    expect(wall).toContain("<includeRegex>a.*</includeRegex>");
    expect(wall).toMatch(/<description>the web job\n\nManaged as code by [^<]+<\/description>/);
    expect((await cli.destroy()).errors).toEqual([]);
  });
});
