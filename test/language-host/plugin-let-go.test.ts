/**
 * Letting items go through the jenkins provider plugin (test/language-host/projects/plugin-types, the plugin's
 * resources), which sees no resource option: `letGo: true` beside `retainOnDelete` clears the mark of a job, a view
 * and a credential with one write each; removing them then sends no request and leaves them in Jenkins, unmarked,
 * for another stack or a person to take.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { readMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";
import { childText, parseXml } from "../../provider/xml/tree";
import type { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { beyondPreflight } from "../harness/test-server";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "plugin-types");
const OWNER = "plugin-types/dev";
const LET_GO = ["api-build", "apps", "app-token"];

describe("letting a job, a view and a credential go through the provider plugin", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  /** The description Jenkins holds for each of the three, and the owner its mark names. */
  const marks = async () => {
    const credential = await user.request("GET", "/credentials/store/system/domain/_/credential/app-token/config.xml");
    expect(credential.status).toBe(200);
    return {
      job: readMark(readFields(await user.getConfig("team/api-build")).description),
      view: readMark(childText(parseXml(await user.getViewConfig("team", "apps")).root, "description") ?? ""),
      credential: readMark(childText(parseXml(credential.body).root, "description") ?? ""),
    };
  };
  const changed = (run: { steps: Array<{ op: string; urn: string }> }): string[] =>
    run.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${s.urn.split("::").pop()}`);

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
    cli.setConfig("appToken", "plugin-let-go-token-7Rw", { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("clears each mark with one write at the up that sets letGo, and plans nothing after it", async () => {
    expect((await cli.up()).errors).toEqual([]);
    expect(await marks()).toEqual({
      job: { description: "Builds the API", owner: OWNER },
      view: { description: "", owner: OWNER },
      credential: { description: "The app's token", owner: OWNER },
    });

    cli.setConfig("letGo", LET_GO.join(","));
    const preview = await cli.preview();
    expect({ ok: preview.ok, errors: preview.errors }).toEqual({ ok: true, errors: [] });
    expect(changed(preview).sort()).toEqual(LET_GO.map((n) => `update ${n}`).sort());
    // The plugin's detailed diff names the input that changed.
    for (const step of preview.steps.filter((s) => s.op === "update"))
      expect(Object.keys(step.detailedDiff ?? {})).toEqual(["letGo"]);

    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    // One write each, sent in parallel.
    expect(
      beyondPreflight(server)
        .filter((c) => !c.startsWith("GET "))
        .sort(),
    ).toEqual([
      "POST /credentials/store/system/domain/_/credential/app-token/config.xml",
      "POST /job/team/job/api-build/description",
      "POST /job/team/view/apps/config.xml",
    ]);
    expect(await marks()).toEqual({
      job: { description: "Builds the API" },
      view: { description: "" },
      credential: { description: "The app's token" },
    });
    for (const name of LET_GO) {
      const resource = cli.state.resources.find((r) => r.urn.endsWith(`::${name}`))!;
      expect(resource.outputs.__owner).toBeUndefined();
    }
    expect(changed(await cli.preview())).toEqual([]);
    // A refresh finds each as the state has it (no mark, `letGo` among the inputs), and plans nothing after it.
    const refreshed = await cli.refresh();
    expect({ ok: refreshed.ok, changed: refreshed.changed }).toEqual({ ok: true, changed: [] });
    expect(changed(await cli.preview())).toEqual([]);
  });

  it("drops them from the state without a request that writes, and Jenkins keeps them unmarked", async () => {
    cli.setConfig("dropped", LET_GO.join(","));
    server.resetCounters();
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(changed(up).sort()).toEqual(LET_GO.map((n) => `delete ${n}`).sort());
    expect(beyondPreflight(server).filter((c) => !c.startsWith("GET "))).toEqual([]);
    expect(await marks()).toEqual({
      job: { description: "Builds the API" },
      view: { description: "" },
      credential: { description: "The app's token" },
    });
  });
});
