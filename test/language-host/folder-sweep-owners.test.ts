/**
 * A FolderSweep never touches an item another stack manages in the same folder, through the language host: the
 * folder-sweep example (stack "dev") sweeps `apps`, where a second project's stack ("b") keeps a job of its own.
 * The sweep's plan lists that job as left alone, naming its owner; an `up` deleting what is unmanaged deletes the
 * hand-made job and leaves the other stack's, mark and all.
 */
import * as path from "node:path";
import { readMark } from "../../provider/ownership/mark";
import { readFields } from "../../provider/resource/job-config";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN } from "../harness/test-server";
import { itemsOnServer } from "./server-items";
import { startStack } from "./stack";

const SWEEPER = path.join(repoRoot, "examples", "folder-sweep");
const NEIGHBOUR = path.join(repoRoot, "test", "language-host", "projects", "sweep-neighbour");
const BY_HAND = "<project><builders/></project>";

describe("a FolderSweep and another stack's job in its folder", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let sweeper: PulumiCli;
  let neighbour: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli: sweeper } = await startStack(SWEEPER, { stack: "dev" }));
    neighbour = new PulumiCli(NEIGHBOUR, { env: cleanEnv(), stack: "b" })
      .setConfig("jenkins:url", server.url)
      .setConfig("jenkins:user", ADMIN.name)
      .setConfig("jenkins:apiToken", ADMIN.apiToken, { secret: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("plans to leave the other stack's job, naming its owner, and deletes only the hand-made one", async () => {
    const first = await sweeper.up();
    expect({ ok: first.ok, errors: first.errors }).toEqual({ ok: true, errors: [] });
    const other = await neighbour.up();
    expect({ ok: other.ok, errors: other.errors }).toEqual({ ok: true, errors: [] });
    expect(readMark(readFields(await user.getConfig("apps/neighbour")).description).owner).toBe("sweep-neighbour/b");
    await user.createJob("apps/stray", BY_HAND);

    sweeper.setConfig("action", "delete");
    const preview = await sweeper.preview();
    expect(preview.ok).toBe(true);
    const step = preview.steps.find((s) => s.urn.endsWith("::apps-sweep"));
    expect(step?.news?.plan).toEqual([
      "delete apps/stray",
      "leave apps/neighbour (managed as code by sweep-neighbour/b)",
    ]);

    const up = await sweeper.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(up.outputs.done).toEqual([
      "deleted apps/stray",
      "leave apps/neighbour (managed as code by sweep-neighbour/b)",
    ]);
    expect(await itemsOnServer(user)).toEqual(["apps", "apps/build", "apps/neighbour", "apps/pipe"]);
    expect(readMark(readFields(await user.getConfig("apps/neighbour")).description).owner).toBe("sweep-neighbour/b");
    // The other stack sees nothing changed.
    const refreshed = await neighbour.refresh();
    expect({ ok: refreshed.ok, changed: refreshed.changed }).toEqual({ ok: true, changed: [] });
  });
});
