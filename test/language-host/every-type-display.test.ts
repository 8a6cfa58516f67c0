/**
 * No phantom in any display, for every resource type (test/language-host/projects/every-type: a folder, a pipeline,
 * a list view, a credential, a folder sweep and a build trigger): after hand edits in Jenkins, what
 * `pulumi refresh --diff` shows of each resource and what the next `pulumi preview --diff` shows are the same change
 * seen from both sides. No property shows as removed by the refresh and added by the preview (or added, then
 * removed), and a resource the refresh leaves alone previews with no change.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import { freestyle } from "../harness/job-configs";
import { previewDiff, type PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "every-type");
const nameOf = (urn: string) => urn.split("::").pop() as string;

/** The properties a display shows as added (`+`) and removed (`-`), at any depth, by name. */
function shownKeys(display: string): { added: Set<string>; removed: Set<string> } {
  const added = new Set<string>();
  const removed = new Set<string>();
  for (const line of display.split("\n")) {
    const m = /^\s*([-+])\s*(\w+)\s*:/.exec(line);
    if (m) (m[1] === "+" ? added : removed).add(m[2]);
  }
  return { added, removed };
}

const both = (a: Set<string>, b: Set<string>) => [...a].filter((k) => b.has(k)).sort();

describe("every resource type: a refresh and the next preview show one change, no phantom", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
    cli.setConfig("token", "Team-Token-81c", { secret: true });
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
  });

  it("shows the key parsing it relies on", () => {
    expect(shownKeys('    - url        : "http://x/"\n    + description: "a"\n      ~ enabled: true => false')).toEqual(
      {
        added: new Set(["description"]),
        removed: new Set(["url"]),
      },
    );
  });

  it("after hand edits of each, the refresh's removals are not the preview's additions, nor the other way", async () => {
    expect((await cli.refresh()).steps.filter((s) => s.op !== "same")).toEqual([]);

    await user.editConfig("team", (xml) =>
      xml.replace("<displayName>Team</displayName>", "<displayName>Our team</displayName>"),
    );
    await user.editConfig("team/build", (xml) => xml.replace("make test", "make test-all"));
    await user.setDescription("team/build", "edited in the UI");
    await user.disable("team/build");
    const view = await user.request("GET", "/job/team/view/apps/config.xml");
    const viewEdited = view.body.replace("<string>build</string>", "<string>build</string><string>zeta</string>");
    expect(viewEdited).not.toBe(view.body);
    expect((await user.request("POST", "/job/team/view/apps/config.xml", viewEdited, "application/xml")).status).toBe(
      200,
    );
    const cred = "/job/team/credentials/store/folder/domain/_/credential/team-token/config.xml";
    const credXml = (await user.request("GET", cred)).body;
    const credEdited = credXml.replace(/<description>[^<]*<\/description>/, "<description>by hand</description>");
    expect((await user.request("POST", cred, credEdited, "application/xml")).status).toBe(200);
    // What the sweep sees: an item the program does not declare.
    await user.createJob("team/stray", freestyle({ command: "echo stray" }));

    const refresh = await cli.refresh();
    expect({ ok: refresh.ok, errors: refresh.errors }).toEqual({ ok: true, errors: [] });
    const refreshed = new Map(refresh.steps.filter((s) => s.op !== "same").map((s) => [nameOf(s.urn), s.display]));
    expect([...refreshed.keys()].sort()).toEqual(["apps", "build", "team", "token"]);

    const preview = await cli.preview();
    expect({ ok: preview.ok, errors: preview.errors }).toEqual({ ok: true, errors: [] });
    const previewed = new Map(
      preview.steps.filter((s) => s.op !== "same").map((s) => [nameOf(s.urn), previewDiff(s)] as const),
    );
    // The preview puts back what the refresh found, and the sweep plans its work on the stray item (not an edit
    // found: its plan); the trigger plans nothing.
    expect([...previewed.keys()].sort()).toEqual([...refreshed.keys(), "sweep"].sort());
    expect(previewed.get("sweep")).toContain('"report team/stray"');

    for (const [name, shown] of refreshed) {
      const r = shownKeys(shown);
      const p = shownKeys(previewed.get(name) ?? "");
      process.stdout.write(`refresh ${name}:\n${shown}\npreview ${name}:\n${previewed.get(name)}\n`);
      expect({ name, removedThenAdded: both(r.removed, p.added), addedThenRemoved: both(r.added, p.removed) }).toEqual({
        name,
        removedThenAdded: [],
        addedThenRemoved: [],
      });
    }

    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect((await cli.refresh()).steps.filter((s) => s.op !== "same")).toEqual([]);
    expect((await cli.preview()).steps.filter((s) => s.op !== "same")).toEqual([]);
    await user.request("POST", "/job/team/job/stray/doDelete");
  });
});
