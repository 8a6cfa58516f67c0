/**
 * What `pulumi refresh --diff` shows after one-line hand edits in Jenkins, through the language host (the harness's
 * refresh asks the provider's diff right after each read and renders the step as the CLI does, display.ts
 * `refreshDiff`): for a job declared as config.xml, a typed pipeline, a folder from the spec and one from config.xml,
 * a list view from the spec and one from config.xml, the edited line as a change within 15 lines, not the whole
 * config and never a digest. After `up` puts them back, the outputs that changed show no hash, and the next refresh
 * and preview are quiet.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import type { JenkinsUser } from "../harness/jenkins-user";
import { outputsDiff, type PulumiCli, type RefreshResult } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "refresh-display");

const nameOf = (urn: string) => urn.split("::").pop() as string;
/** A hash as a digest keeps it: hex (8 digits of a layout key and more) or a SHA-256 in base64url. */
const HASH = /\b[0-9a-f]{8,}\b|[\w-]{43}/;

async function editView(user: JenkinsUser, viewPath: string, edit: (xml: string) => string): Promise<void> {
  const before = await user.request("GET", `${viewPath}config.xml`);
  expect(before.status).toBe(200);
  const after = edit(before.body);
  expect(after).not.toBe(before.body);
  const res = await user.request("POST", `${viewPath}config.xml`, after, "text/xml; charset=utf-8");
  expect(res.status).toBe(200);
}

function displays(refresh: RefreshResult): Record<string, string> {
  return Object.fromEntries(refresh.steps.filter((s) => s.op !== "same").map((s) => [nameOf(s.urn), s.display]));
}

describe("the refresh of one-line hand edits shows those lines", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT));
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
  });

  it("shows each edited line as a change, within 15 lines, and no digest", async () => {
    const quiet = await cli.refresh();
    expect(displays(quiet)).toEqual({});

    await user.editConfig("build", (xml) =>
      xml.replace("<command>make integration</command>", "<command>make it</command>"),
    );
    await user.editConfig("deploy", (xml) => xml.replace(/make deploy/, "make deploy-canary"));
    await user.editConfig("team", (xml) =>
      xml.replace("<displayName>Team</displayName>", "<displayName>Our team</displayName>"),
    );
    await user.editConfig("infra", (xml) =>
      xml.replace("<displayName>Infra</displayName>", "<displayName>Infrastructure</displayName>"),
    );
    await editView(user, "/job/team/view/apps/", (xml) =>
      xml.replace("<string>web</string>", "<string>web</string><string>zeta</string>"),
    );
    await editView(user, "/view/ops/", (xml) => xml.replace("<recurse>false</recurse>", "<recurse>true</recurse>"));

    const refresh = await cli.refresh();
    expect(refresh.ok).toBe(true);
    const shown = displays(refresh);
    process.stdout.write(
      Object.entries(shown)
        .map(([k, v]) => `${k}:\n${v}\n`)
        .join(""),
    );
    expect(Object.keys(shown).sort()).toEqual(["apps", "build", "deploy", "infra", "ops", "team"]);

    const expected: Record<string, Array<string | RegExp>> = {
      build: [/^ +- +<command>make integration<\/command>$/m, /^ +\+ +<command>make it<\/command>$/m],
      deploy: [/^ +- +sh 'make deploy'$/m, /^ +\+ +sh 'make deploy-canary'$/m],
      team: ['~ displayName: "Team" => "Our team"'],
      infra: [/^ +- +<displayName>Infra<\/displayName>$/m, /^ +\+ +<displayName>Infrastructure<\/displayName>$/m],
      apps: ['+ [2]: "zeta"'],
      ops: [/^ +- +<recurse>false<\/recurse>$/m, /^ +\+ +<recurse>true<\/recurse>$/m],
    };
    for (const [name, text] of Object.entries(shown)) {
      for (const want of expected[name]) {
        if (typeof want === "string") expect([name, text]).toEqual([name, expect.stringContaining(want)]);
        else expect([name, text]).toEqual([name, expect.stringMatching(want)]);
      }
      // The edit in its context, not the whole config; no digest, no internal key.
      expect([name, text.split("\n").length <= 15]).toEqual([name, true]);
      expect([name, text]).toEqual([name, expect.not.stringMatching(HASH)]);
      expect([name, text]).toEqual([name, expect.not.stringMatching(/Digest|__|equivalence|canonical/)]);
      // One line out and one in, for a job's or folder's config or script: the edit alone. (A view declared as
      // config.xml is shown as Jenkins saved it: a part Jenkins writes its own way, such as the comparator class of
      // its job names, shows too.)
      const lines = text.split("\n").filter((l) => /^\s+[-+] {2,}/.test(l));
      if (name !== "ops") expect([name, lines.length]).toEqual([name, /Spec|listView/.test(text) ? 0 : 2]);
    }
    // The job declared as config.xml shows a few lines of it, not the whole.
    expect(shown.build.split("\n").length).toBeLessThan(10);

    // `up` puts each back; the outputs that changed show no hash.
    const before = new Map(cli.state.resources.map((r) => [r.urn, r.outputs]));
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(
      up.steps
        .filter((s) => s.op !== "same")
        .map((s) => `${s.op} ${nameOf(s.urn)}`)
        .sort(),
    ).toEqual(["update apps", "update build", "update deploy", "update infra", "update ops", "update team"]);
    for (const r of cli.state.resources.filter((x) => x.custom)) {
      const outputs = outputsDiff(before.get(r.urn) ?? {}, r.outputs);
      expect([nameOf(r.urn), outputs]).toEqual([nameOf(r.urn), expect.not.stringMatching(HASH)]);
      expect(Object.keys(r.outputs).filter((k) => k === "configDigest")).toEqual([]);
    }
    expect(await user.getConfig("build")).toContain("<command>make integration</command>");

    const again = await cli.refresh();
    expect(displays(again)).toEqual({});
    const preview = await cli.preview();
    expect(preview.steps.filter((s) => s.op !== "same")).toEqual([]);
    server.resetCounters();
  });

  it("a job disabled by hand beside an edit of its config shows disabled in the config as in enabled", async () => {
    await user.editConfig("build", (xml) => xml.replace("<canRoam>true</canRoam>", "<canRoam>false</canRoam>"));
    await user.disable("build");
    const refresh = await cli.refresh();
    expect(refresh.ok).toBe(true);
    const shown = displays(refresh);
    process.stdout.write(`build:\n${shown.build}\n`);
    expect(Object.keys(shown)).toEqual(["build"]);
    expect(shown.build).toMatch(/~ enabled\s*: true => false/);
    expect(shown.build).toMatch(/^ +\+ +<canRoam>false<\/canRoam>$/m);
    // The config's disabled line, shown as context of the edit, says what enabled says.
    expect(shown.build).toMatch(/^ +\+ +<disabled>true<\/disabled>$/m);
    expect(shown.build).not.toMatch(/^ {2,}<disabled>false<\/disabled>$/m);
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await user.getConfig("build")).toContain("<disabled>false</disabled>");
    expect(displays(await cli.refresh())).toEqual({});
  });
});
