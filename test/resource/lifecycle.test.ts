/**
 * Layer 1: the lifecycle methods called directly, against the Jenkins-compatible server over real HTTP, in both
 * server modes. Request counts are asserted at the server.
 */
import { createHash } from "node:crypto";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import type { JenkinsServer } from "../../provider/server";
import * as lifecycle from "../../provider/resource/lifecycle";
import { checked, createJob, PROVIDER_TEXT, type Props } from "./lifecycle-calls";
import { closeClients } from "../../provider/connection/settings";
import { UNKNOWN } from "../../provider/resource/types";
import { readFields } from "../../provider/resource/job-config";
import * as tree from "../../provider/xml/tree";
import { describeRoot } from "../../provider/resource/job-kinds";
import { knownItemTypes } from "../../provider/server/xstream/item-types";
import { savedConfigs } from "../harness/fixtures";
import { lineDiff } from "../harness/line-diff";
import { JenkinsUser } from "../harness/jenkins-user";
import { findLeaks, textOf } from "../harness/secrets";
import {
  ADMIN,
  MODES,
  calls,
  credentialForms,
  startServer,
  tokenConfig,
  beyondPreflight,
} from "../harness/test-server";
import { FOLDER_XML, FREESTYLE_XML, PIPELINE_XML } from "../harness/job-configs";
import { addCredentials, FIXTURE_CREDENTIAL_IDS } from "../harness/known-credentials";
import { addJobs, FIXTURE_JOB_NAMES } from "../harness/known-runnables";
import { refreshRead } from "../harness/refresh-read";
import { digestIn } from "../../provider/resource/config-digest";

function configureWith(values: Record<string, string>): Promise<void> {
  return lifecycle.configure({ config: { get: (k: string) => values[k] } });
}

async function refresh(id: string, outs: Props): Promise<Props | undefined> {
  const res = await refreshRead(lifecycle, id, outs);
  return res.id ? { ...res.props, __provider: PROVIDER_TEXT } : undefined;
}

describe.each(MODES)("Job lifecycle, methods called directly (%s server)", (mode) => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  const errors: unknown[] = [];
  const outputs: unknown[] = [];

  beforeAll(async () => {
    server = await startServer(mode);
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await addCredentials(user, FIXTURE_CREDENTIAL_IDS);
    await addJobs(user, FIXTURE_JOB_NAMES);
    await configureWith(tokenConfig(server));
  });
  afterAll(async () => {
    await closeClients();
    await server.close();
  });
  beforeEach(() => server.resetCounters());

  describe("check", () => {
    async function failuresOf(inputs: Props) {
      const res = await lifecycle.check({}, inputs);
      return res.failures ?? [];
    }

    it("rejects bad names and folder paths before any request", async () => {
      expect(await failuresOf({ name: "a/b", configXml: FREESTYLE_XML })).toEqual([
        expect.objectContaining({ property: "name", reason: expect.stringContaining("unsafe character") }),
      ]);
      expect(await failuresOf({ name: "job.", configXml: FREESTYLE_XML })).toEqual([
        expect.objectContaining({ property: "name", reason: expect.stringContaining("cannot end with") }),
      ]);
      expect(await failuresOf({ name: "ok", folder: "team//apps", configXml: FREESTYLE_XML })).toEqual([
        expect.objectContaining({ property: "folder" }),
      ]);
      expect(await failuresOf({ name: "ok", folder: "te?m", configXml: FREESTYLE_XML })).toEqual([
        expect.objectContaining({ property: "folder", reason: expect.stringContaining("unsafe character") }),
      ]);
      expect(server.requests).toHaveLength(0);
    });

    it("rejects XML that is not well formed, with line and column", async () => {
      const broken = "<project>\n  <builders>\n    <hudson.tasks.Shell>\n  </builders>\n</project>";
      const [f] = await failuresOf({ name: "x", configXml: broken });
      // No property: the engine prints a failing property's value, here the whole config.
      expect(f.property).toBe("");
      expect(f.reason).toMatch(/^configXml is not well-formed XML: .* at line 4, column \d+\.\n/);
      // A few lines around the problem, with a caret under the column; not the whole config.
      expect(f.reason.split("\n").slice(1)).toEqual([
        "2 |   <builders>",
        "3 |     <hudson.tasks.Shell>",
        "4 |   </builders>",
        "  |   ^",
      ]);
      expect(server.requests).toHaveLength(0);
    });

    it("rejects a root element that is not a job or folder", async () => {
      const [f] = await failuresOf({ name: "x", configXml: "<hudson><numExecutors>2</numExecutors></hudson>" });
      expect(f.property).toBe("");
      expect(f.reason).toContain("<hudson>");
      expect(f.reason).toContain("not a Jenkins job or folder");
    });

    it("rejects enabled: false on a folder, accepts it on a job", async () => {
      expect(await failuresOf({ name: "f", configXml: FOLDER_XML, enabled: false })).toEqual([
        expect.objectContaining({ property: "enabled", reason: expect.stringContaining("cannot be disabled") }),
      ]);
      expect(await failuresOf({ name: "f", configXml: FOLDER_XML, enabled: true })).toEqual([]);
      expect(await failuresOf({ name: "j", configXml: FREESTYLE_XML, enabled: false })).toEqual([]);
    });

    it("passes unknown preview values through untouched", async () => {
      const res = await lifecycle.check({}, { name: "x", folder: UNKNOWN, configXml: UNKNOWN, description: UNKNOWN });
      expect(res.failures).toEqual([]);
      expect(res.inputs).toMatchObject({ folder: UNKNOWN, configXml: UNKNOWN, description: UNKNOWN });
    });

    it("brings configXml to one canonical form, so formatting does not matter", async () => {
      const a = await checked({ name: "x", configXml: FREESTYLE_XML });
      const messy = FREESTYLE_XML.replace(/>\s+</g, "><").replace(
        "<?xml version='1.1' encoding='UTF-8'?>",
        '<?xml version="1.0"?>\n',
      );
      const b = await checked({
        name: "x",
        configXml: messy.replace('<scm class="hudson.scm.NullSCM"/>', '<scm class="hudson.scm.NullSCM"></scm>'),
      });
      expect(b.configXml).toBe(a.configXml);
      expect(a.configXml).toMatch(/^<\?xml version='1.1' encoding='UTF-8'\?>\n<project>\n {2}<description>/);
    });
  });

  describe("the connection", () => {
    it("is checked once per process to lead to a Jenkins, before the first call", async () => {
      await closeClients();
      server.resetCounters();
      const gone = {
        name: "nothing-here",
        fullName: "nothing-here",
        configXml: FREESTYLE_XML,
        __provider: PROVIDER_TEXT,
      };
      expect(await lifecycle.read("some-id", gone)).toEqual({});
      expect(calls(server)).toEqual(["GET /api/json", "GET /job/nothing-here/config.xml"]);
      server.resetCounters();
      expect(await lifecycle.read("some-id", gone)).toEqual({});
      expect(calls(server)).toEqual(["GET /job/nothing-here/config.xml"]);
    });
  });

  describe("create", () => {
    it("creates a job with description and disabled state in one request", async () => {
      const { outs } = await createJob({
        name: "one-request",
        configXml: FREESTYLE_XML,
        description: "Given as input",
        enabled: false,
      });
      // (Beside the pre-flight reads, once per connection.)
      expect(beyondPreflight(server)).toEqual(["POST /createItem"]);
      outputs.push(outs);
      expect(outs).toMatchObject({
        name: "one-request",
        fullName: "one-request",
        url: `${server.url}job/one-request/`,
        description: "Given as input",
        enabled: false,
      });
      const stored = readFields(await user.getConfig("one-request"));
      expect(stored).toEqual({ description: "Given as input", enabled: false });
    });

    it("keeps in its outputs a digest of the config, not a second copy of it", async () => {
      const { outs, inputs } = await createJob({ name: "digest-only", configXml: FREESTYLE_XML, description: "d" });
      // The first 128 bits of a SHA-256 in base64url: 22 characters.
      const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64url").slice(0, 22);
      expect(outs.configXml).toBeUndefined();
      // The digest as the state keeps it: one string (resource/digest-text.ts).
      expect(typeof outs.__digest).toBe("string");
      expect(digestIn(outs)).toEqual({
        root: "project",
        canonical: sha256(String(inputs.configXml)),
        semantic: expect.stringMatching(/^[\w-]{22}$/),
        equivalence: expect.stringMatching(/^[\w-]{22}$/),
        // The config's own description, not the one the input gave (which the `description` output holds).
        layout: expect.objectContaining({ fields: { description: "from xml" } }),
      });
      // Not a line of the config in any output: the inputs hold it.
      const text = JSON.stringify(outs);
      for (const line of String(inputs.configXml)
        .split("\n")
        .filter((l) => l.trim().length > 12)) {
        expect(text).not.toContain(line.trim());
      }
    });

    it("creates jobs inside folders and gives them a stable id that is not the name", async () => {
      const folder = await createJob({ name: "team", configXml: FOLDER_XML });
      const job = await createJob({ name: "in-folder", folder: "team", configXml: PIPELINE_XML });
      expect(job.outs).toMatchObject({ fullName: "team/in-folder", url: `${server.url}job/team/job/in-folder/` });
      expect(job.id).not.toContain("in-folder");
      expect(folder.id).not.toBe(job.id);
      expect(await user.exists("team/in-folder")).toBe(true);
    });

    it("refuses to take over an existing job unless adopt is set, and says how", async () => {
      await user.createJob("existing", FREESTYLE_XML.replace("make test", "make legacy"));
      server.resetCounters();
      const news = await checked({ name: "existing", configXml: FREESTYLE_XML });
      const err = await lifecycle.create(news).then(
        () => undefined,
        (e: unknown) => e,
      );
      errors.push(err);
      expect(String((err as Error).message)).toContain('"existing" already exists');
      expect(String((err as Error).message)).toContain("adopt: true");
      expect(await user.getConfig("existing")).toContain("make legacy");

      server.resetCounters();
      const adopted = await lifecycle.create({ ...news, adopt: true });
      // Adopting reads the job once and sends only what differs from the declared state.
      expect(calls(server)).toEqual([
        "POST /createItem",
        "GET /job/existing/config.xml",
        "POST /job/existing/config.xml",
      ]);
      const after = await refresh(adopted.id, { ...adopted.outs, __provider: PROVIDER_TEXT });
      const d = await lifecycle.diff(adopted.id, after!, news);
      expect(d.changes).toBe(false);

      // Adopting a job that already is as declared changes nothing in Jenkins.
      const stored = server.jobConfigOnDisk("existing");
      server.resetCounters();
      await lifecycle.create({ ...news, adopt: true });
      expect(calls(server)).toEqual(["POST /createItem", "GET /job/existing/config.xml"]);
      expect(server.jobConfigOnDisk("existing")).toBe(stored);
      expect(await user.getConfig("existing")).toContain("make test");
    });

    it("explains why an existing job of another type cannot be adopted, and leaves it unchanged", async () => {
      await user.createJob("other-type", FREESTYLE_XML);
      const news = await checked({ name: "other-type", configXml: PIPELINE_XML, adopt: true });
      const err = await lifecycle.create(news).catch((e: Error) => e);
      errors.push(err);
      expect((err as Error).name).toBe("AdoptionError");
      expect((err as Error).message).toContain("cannot change its type");
      expect(await user.getConfig("other-type")).toContain("make test");
    });

    it.each([
      ["after the job was made", "dropAfterRate"],
      ["before the job was made", "dropBeforeRate"],
    ] as const)(
      "records a partial failure with the id when the answer to a create is lost %s, and the next update converges",
      async (when, fault) => {
        const name = `lost-answer-${fault}`;
        const news = await checked({ name, configXml: FREESTYLE_XML, description: "d" });
        server.faults[fault] = 1;
        server.faults.seed = 7;
        let err: unknown;
        try {
          await lifecycle.create(news);
        } catch (e) {
          err = e;
        } finally {
          server.faults[fault] = 0;
        }
        errors.push(err);
        const partial = err as { id?: string; properties?: Props; reasons?: string[] };
        expect(partial.id).toEqual(expect.any(String));
        expect(partial.reasons).toEqual([expect.stringContaining("may or may not exist")]);
        // Kept in state (with the provider text, so refresh and delete work): the next `up` diffs and updates.
        expect(partial.properties).toMatchObject({ fullName: name, configXml: "", __provider: PROVIDER_TEXT });
        expect(await user.exists(name)).toBe(when === "after the job was made");
        const d = await lifecycle.diff(partial.id!, partial.properties!, news);
        expect(d).toMatchObject({ changes: true, replaces: [] });
        await lifecycle.update(partial.id!, partial.properties!, news);
        expect(readFields(await user.getConfig(name))).toEqual({ description: "d", enabled: true });
      },
    );
  });

  describe("refresh after create shows no changes", () => {
    it.each(savedConfigs().map((f) => [f.file, f] as const))("%s", async (_file, fixture) => {
      const { id, outs, inputs } = await createJob({ name: fixture.name, configXml: fixture.xml });
      server.resetCounters();
      const after = await refresh(id, outs);
      expect(calls(server)).toEqual([`GET /job/${encodeURIComponent(fixture.name)}/config.xml`]);
      expect(after).toBeDefined();
      expect(after!.configXml).toBe(outs.configXml);
      expect(await lifecycle.diff(id, after!, inputs)).toMatchObject({ changes: false, replaces: [] });
    });

    it("also after Jenkins re-saves the job (description POST) and after a plugin upgrade rewrites versions", async () => {
      const { id, outs, inputs } = await createJob({ name: "resaved", configXml: PIPELINE_XML, description: "same" });
      await user.setDescription("resaved", "same");
      await user.editConfig("resaved", (xml) => xml.replace(/workflow-cps@[^"]+/, "workflow-cps@9999.v1"));
      const after = await refresh(id, outs);
      expect(await lifecycle.diff(id, after!, inputs)).toMatchObject({ changes: false });
    });
  });

  describe("every item type the server knows: minimal hand-written config, create → refresh shows no changes", () => {
    const minimal: Record<string, string> = {
      project:
        "<project><builders><hudson.tasks.Shell><command>make</command></hudson.tasks.Shell></builders></project>",
      "flow-definition":
        '<flow-definition><definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition"><script>echo "hi"</script><sandbox>true</sandbox></definition></flow-definition>',
    };
    it.each(knownItemTypes().map((t) => [t.root, t] as const))("%s", async (root, type) => {
      const xml = minimal[root] ?? `<${root}/>`;
      const name = `minimal-${root.replace(/[^A-Za-z0-9-]+/g, "-")}`;
      const inputs: Props = { name, configXml: xml, description: `a ${root}` };
      if (type.canDisable) inputs.enabled = false;
      const created = await createJob(inputs);
      expect(describeRoot(root)).toMatchObject({ kind: type.isFolder ? "folder" : "job", canDisable: type.canDisable });
      const after = await refresh(created.id, created.outs);
      expect(after).toMatchObject({ description: `a ${root}`, enabled: !type.canDisable });
      expect(after!.configXml).toBe(created.outs.configXml);
      expect(await lifecycle.diff(created.id, after!, created.inputs)).toMatchObject({ changes: false, replaces: [] });

      // description only, then enabled only: one request each
      server.resetCounters();
      const described = await lifecycle.update(created.id, after!, { ...created.inputs, description: "changed" });
      const path = `/job/${encodeURIComponent(name)}/`;
      // A folder's config (of any kind) is read first, so the update keeps the folder's credentials
      // (owned/folder-credentials.ts) and a plain folder's views (owned/folder-views.ts).
      const readFirst = type.isFolder ? [`GET ${path}config.xml`] : [];
      expect(calls(server)).toEqual([...readFirst, `POST ${path}${type.isFolder ? "config.xml" : "description"}`]);
      if (type.canDisable) {
        server.resetCounters();
        const outs = { ...described.outs, __provider: PROVIDER_TEXT };
        await lifecycle.update(created.id, outs, { ...created.inputs, description: "changed", enabled: true });
        expect(calls(server)).toEqual([`POST ${path}enable`]);
      }
      const final = await refresh(created.id, { ...described.outs, __provider: PROVIDER_TEXT });
      expect(final).toMatchObject({ description: "changed", enabled: true });
    });
  });

  describe("refresh finds edits made in the Jenkins UI, and update puts them back with one request", () => {
    // [what, the edit, the requests update must make, outputs after refresh, lines the config output's diff may show]
    const edits: Array<[string, (u: JenkinsUser, job: string) => Promise<void>, string[], Props, RegExp | undefined]> =
      [
        [
          "a changed shell command",
          (u, job) => u.editConfig(job, (xml) => xml.replace("make test", "make test-everything")),
          ["POST /job/%s/config.xml"],
          {},
          /^[-+] make test(-everything)?<\/command>$/,
        ],
        [
          "an added build step",
          (u, job) =>
            u.editConfig(job, (xml) =>
              xml.replace(
                "</builders>",
                "<hudson.tasks.Shell><command>curl -X POST https://example.com/</command></hudson.tasks.Shell></builders>",
              ),
            ),
          ["POST /job/%s/config.xml"],
          {},
          /^\+ +(<hudson.tasks.Shell>|<command>curl -X POST https:\/\/example.com\/<\/command>|<\/hudson.tasks.Shell>|<configuredLocalRules\/>)$/,
        ],
        [
          "a whitespace change inside the script",
          (u, job) => u.editConfig(job, (xml) => xml.replace("make test", "make  test")),
          ["POST /job/%s/config.xml"],
          {},
          /^[-+] make {1,2}test<\/command>$/,
        ],
        [
          "a changed description",
          (u, job) => u.setDescription(job, "edited by hand"),
          ["POST /job/%s/description"],
          { description: "edited by hand" },
          undefined,
        ],
        [
          "the job disabled by hand",
          (u, job) => u.disable(job),
          ["POST /job/%s/enable"],
          { enabled: false },
          undefined,
        ],
      ];

    it.each(edits)("%s", async (label, edit, expectedCalls, driftedOutputs, changedLines) => {
      const name = `edited-${label.replace(/[^a-z]+/g, "-")}`;
      const { id, outs, inputs } = await createJob({ name, configXml: FREESTYLE_XML, description: "declared" });
      await edit(user, name);

      server.resetCounters();
      const after = await refresh(id, outs);
      expect(calls(server)).toHaveLength(1);
      expect(after).toMatchObject(driftedOutputs);
      if (changedLines) {
        // The config output shows the edit and nothing Jenkins did on its own (plugin versions, defaults).
        const diffLines = lineDiff(String(inputs.configXml), String(after!.configXml), 0).split("\n");
        // The outputs hold the config Jenkins has instead of the digest of the declared one.
        expect(after!.__digest).toBeUndefined();
        expect(diffLines.length).toBeGreaterThan(0);
        for (const line of diffLines) expect(line).toMatch(changedLines);
      } else {
        // The config is as declared: the outputs keep its digest alone.
        expect(after!.configXml).toBeUndefined();
        expect(after!.__digest).toEqual(outs.__digest);
      }
      const d = await lifecycle.diff(id, after!, inputs);
      expect(d).toMatchObject({ changes: true, replaces: [] });

      server.resetCounters();
      const updated = await lifecycle.update(id, after!, inputs);
      expect(calls(server)).toEqual(expectedCalls.map((c) => c.replace("%s", name)));
      const again = await refresh(id, { ...updated.outs, __provider: PROVIDER_TEXT });
      expect(await lifecycle.diff(id, again!, inputs)).toMatchObject({ changes: false });
      expect(again).toMatchObject({ description: "declared", enabled: true });
    });
  });

  describe("diff", () => {
    let base: { id: string; outs: Props; inputs: Props };
    beforeAll(async () => {
      base = await createJob({ name: "diffed", configXml: FREESTYLE_XML, description: "d" });
    });

    it("reads no XML and sends nothing for a job whose config and place are unchanged (a plan with no changes)", async () => {
      // A Pipeline job: its script is what the runnable check reads, so its Check would read the config for it.
      const job = await createJob({ name: "unchanged", configXml: PIPELINE_XML, description: "d" });
      server.resetCounters();
      const parse = jest.spyOn(tree, "parseXml");
      try {
        const again = await lifecycle.check(job.inputs, {
          name: "unchanged",
          configXml: PIPELINE_XML,
          description: "d",
          __provider: PROVIDER_TEXT,
        });
        expect(again.failures ?? []).toEqual([]);
        expect(await lifecycle.diff(job.id, job.outs, again.inputs as Props)).toMatchObject({ changes: false });
        expect(parse).not.toHaveBeenCalled();
      } finally {
        parse.mockRestore();
      }
      expect(calls(server)).toEqual([]);
    });

    it("ignores __provider (a package upgrade changes it)", async () => {
      const d = await lifecycle.diff(base.id, base.outs, {
        ...base.inputs,
        __provider: "exports.handler = () => ({});",
      });
      expect(d).toMatchObject({ changes: false, replaces: [] });
    });

    it("ignores declaration, indentation, empty-element style, entity spelling and plugin versions", async () => {
      const reformatted = FREESTYLE_XML.replace(
        "<?xml version='1.1' encoding='UTF-8'?>",
        '<?xml version="1.0" encoding="UTF-8"?>',
      )
        .replace('echo "building"', "echo &quot;building&#34;")
        .replace(/\n {2}/g, "\n    ")
        .replace("<properties/>", "<properties></properties>")
        .replace('<scm class="hudson.scm.NullSCM"/>', '<scm class="hudson.scm.NullSCM" plugin="junit@1.0"/>');
      const news = await checked({ name: "diffed", configXml: reformatted, description: "d" });
      expect(await lifecycle.diff(base.id, base.outs, news)).toMatchObject({ changes: false, replaces: [] });
    });

    it("ignores attribute order", async () => {
      const a = await checked({
        ...base.inputs,
        configXml: FREESTYLE_XML.replace(
          '<scm class="hudson.scm.NullSCM"/>',
          '<scm class="hudson.scm.NullSCM" x="1"/>',
        ),
      });
      const b = await checked({
        ...base.inputs,
        configXml: FREESTYLE_XML.replace(
          '<scm class="hudson.scm.NullSCM"/>',
          '<scm x="1" class="hudson.scm.NullSCM"/>',
        ),
      });
      expect(await lifecycle.diff(base.id, { ...base.outs, configXml: a.configXml }, b)).toMatchObject({
        changes: false,
      });
      const c = await checked({
        ...base.inputs,
        configXml: FREESTYLE_XML.replace(
          '<scm class="hudson.scm.NullSCM"/>',
          '<scm x="2" class="hudson.scm.NullSCM"/>',
        ),
      });
      expect(await lifecycle.diff(base.id, { ...base.outs, configXml: a.configXml }, c)).toMatchObject({
        changes: true,
      });
    });

    it("counts whitespace inside text", async () => {
      const news = await checked({
        name: "diffed",
        configXml: FREESTYLE_XML.replace("make test", "make test "),
        description: "d",
      });
      expect(await lifecycle.diff(base.id, base.outs, news)).toMatchObject({ changes: true, replaces: [] });
    });

    it("treats a new name as an in-place rename, a new folder as an in-place move", async () => {
      const renamed = await checked({ ...base.inputs, name: "diffed-2" });
      expect(await lifecycle.diff(base.id, base.outs, renamed)).toMatchObject({ changes: true, replaces: [] });
      const moved = await checked({ ...base.inputs, folder: "team" });
      expect(await lifecycle.diff(base.id, base.outs, moved)).toMatchObject({
        changes: true,
        replaces: [],
        diffs: ["folder"],
      });
    });

    it("replaces, deleting first, when the root element type changes", async () => {
      const news = await checked({ ...base.inputs, configXml: PIPELINE_XML });
      expect(await lifecycle.diff(base.id, base.outs, news)).toEqual({
        changes: true,
        replaces: ["configXml"],
        deleteBeforeReplace: true,
      });
    });

    it("reports a change without parsing unknown values during preview", async () => {
      for (const key of ["configXml", "description", "enabled", "name"]) {
        const d = await lifecycle.diff(base.id, base.outs, { ...base.inputs, [key]: UNKNOWN });
        expect(d).toMatchObject({ changes: true, replaces: [] });
      }
      expect(await lifecycle.diff(base.id, base.outs, { ...base.inputs, folder: UNKNOWN })).toMatchObject({
        changes: true,
      });
    });

    it("compares description and enabled on their own, explicit inputs winning over the XML", async () => {
      const desc = await checked({ ...base.inputs, description: "other" });
      expect((await lifecycle.diff(base.id, base.outs, desc)).changes).toBe(true);
      const fromXml = await checked({
        name: "diffed",
        configXml: FREESTYLE_XML.replace("<description>from xml", "<description>d"),
      });
      expect(await lifecycle.diff(base.id, base.outs, { ...fromXml })).toMatchObject({ changes: true });
      const disabled = await checked({ ...base.inputs, enabled: false });
      expect((await lifecycle.diff(base.id, base.outs, disabled)).changes).toBe(true);
    });
  });

  describe("update sends only the requests a change needs", () => {
    it("description only: one description POST", async () => {
      const { id, outs, inputs } = await createJob({ name: "upd-desc", configXml: FREESTYLE_XML, description: "a" });
      server.resetCounters();
      const res = await lifecycle.update(id, outs, { ...inputs, description: "b" });
      expect(calls(server)).toEqual(["POST /job/upd-desc/description"]);
      expect(res.outs).toMatchObject({ description: "b" });
      expect(readFields(await user.getConfig("upd-desc")).description).toBe("b");
    });

    it("enabled only: one disable POST, then one enable POST", async () => {
      const { id, outs, inputs } = await createJob({ name: "upd-enabled", configXml: FREESTYLE_XML });
      server.resetCounters();
      const off = await lifecycle.update(id, outs, { ...inputs, enabled: false });
      expect(calls(server)).toEqual(["POST /job/upd-enabled/disable"]);
      expect(readFields(await user.getConfig("upd-enabled")).enabled).toBe(false);
      server.resetCounters();
      await lifecycle.update(id, off.outs, { ...inputs, enabled: true });
      expect(calls(server)).toEqual(["POST /job/upd-enabled/enable"]);
      expect(readFields(await user.getConfig("upd-enabled")).enabled).toBe(true);
    });

    it("config: one config.xml POST that also carries description and disabled state", async () => {
      const { id, outs, inputs } = await createJob({ name: "upd-config", configXml: FREESTYLE_XML, description: "x" });
      const news = await checked({
        ...inputs,
        configXml: FREESTYLE_XML.replace("make test", "make release"),
        description: "y",
        enabled: false,
      });
      server.resetCounters();
      await lifecycle.update(id, outs, news);
      expect(calls(server)).toEqual(["POST /job/upd-config/config.xml"]);
      const stored = await user.getConfig("upd-config");
      expect(stored).toContain("make release");
      expect(readFields(stored)).toEqual({ description: "y", enabled: false });
    });

    it("folder description: one config.xml POST (folders have no description endpoint), after reading the folder's views", async () => {
      const { id, outs, inputs } = await createJob({ name: "upd-folder", configXml: FOLDER_XML, description: "a" });
      server.resetCounters();
      const res = await lifecycle.update(id, outs, { ...inputs, description: "b" });
      expect(calls(server)).toEqual(["GET /job/upd-folder/config.xml", "POST /job/upd-folder/config.xml"]);
      expect(res.outs).toMatchObject({ description: "b", enabled: true });
      const after = await refresh(id, { ...res.outs, __provider: PROVIDER_TEXT });
      expect(after).toMatchObject({ description: "b" });
      expect(await lifecycle.diff(id, after!, { ...inputs, description: "b" })).toMatchObject({ changes: false });
    });

    it("rename: one confirmRename, build history kept under the same id", async () => {
      const folder = await createJob({ name: "ren-folder", configXml: FOLDER_XML });
      const { id, outs, inputs } = await createJob({
        name: "old-name",
        folder: "ren-folder",
        configXml: FREESTYLE_XML,
      });
      server.resetCounters();
      const res = await lifecycle.update(id, outs, { ...inputs, name: "new-name" });
      expect(calls(server)).toEqual(["POST /job/ren-folder/job/old-name/confirmRename"]);
      expect(res.outs).toMatchObject({ name: "new-name", fullName: "ren-folder/new-name" });
      expect(await user.exists("ren-folder/new-name")).toBe(true);
      expect(await user.exists("ren-folder/old-name")).toBe(false);
      const after = await refresh(id, { ...res.outs, __provider: PROVIDER_TEXT });
      expect(await lifecycle.diff(id, after!, { ...inputs, name: "new-name" })).toMatchObject({ changes: false });
      expect(folder.id).toBeDefined();
    });
  });

  describe("update that fails after a rename", () => {
    it("records the new name as a partial failure, so the next run does not look for the old one", async () => {
      const { id, outs, inputs } = await createJob({ name: "before-rename", configXml: FREESTYLE_XML });
      // Called directly (diff would replace on a type change): the rename works, the config POST is refused.
      const news = await checked({ ...inputs, name: "after-rename", configXml: PIPELINE_XML });
      const err = await lifecycle.update(id, outs, news).catch((e: unknown) => e);
      errors.push(err);
      const partial = err as { id?: string; properties?: Props };
      expect(partial.id).toBe(id);
      expect(partial.properties).toMatchObject({
        name: "after-rename",
        fullName: "after-rename",
        __digest: outs.__digest,
      });
      expect(await user.exists("after-rename")).toBe(true);
      const after = await refresh(id, partial.properties!);
      expect(after).toMatchObject({ fullName: "after-rename" });
    });
  });

  describe("read and delete", () => {
    it("does not re-create behind the user's back a job deleted by hand since the last refresh", async () => {
      const { id, outs, inputs } = await createJob({ name: "vanished", configXml: FREESTYLE_XML, description: "a" });
      await user.request("POST", "job/vanished/doDelete");
      for (const news of [
        { ...inputs, configXml: FREESTYLE_XML.replace("make test", "make it") },
        { ...inputs, description: "b" },
      ]) {
        const err = await lifecycle.update(id, outs, await checked(news)).catch((e: Error) => e);
        errors.push(err);
        expect((err as Error).name).toBe("JobGoneError");
        expect((err as Error).message).toMatch(/"vanished" does not exist any more.*pulumi refresh/);
      }
      expect(await user.exists("vanished")).toBe(false);
    });

    it("reports a job deleted by hand as gone, and delete treats gone as done", async () => {
      const { id, outs } = await createJob({ name: "short-lived", configXml: FREESTYLE_XML });
      server.resetCounters();
      await lifecycle.delete(id, outs);
      // One read of its mark of ownership (and of the items inside, for a folder) before the delete.
      expect(calls(server)).toEqual(["GET /job/short-lived/api/json", "POST /job/short-lived/doDelete"]);
      expect(await user.exists("short-lived")).toBe(false);
      expect(await lifecycle.read(id, outs)).toEqual({});
      server.resetCounters();
      await expect(lifecycle.delete(id, outs)).resolves.toBeUndefined();
      expect(server.requests.map((r) => r.status)).toEqual([404]);
    });
  });

  it("never puts a credential into outputs or error messages", () => {
    const leaks = [
      ...outputs.flatMap((o, i) => findLeaks(`outputs #${i}`, textOf(o), credentialForms())),
      ...errors.flatMap((e, i) => findLeaks(`error #${i}`, textOf(e), credentialForms())),
    ];
    expect(leaks).toEqual([]);
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe("Job connection settings", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("names both ways to set a missing URL or credential, in the check of a job to create", async () => {
    for (const k of ["JENKINS_URL", "JENKINS_USER", "JENKINS_API_TOKEN", "JENKINS_PASSWORD"]) delete process.env[k];
    const news = { name: "x", configXml: FREESTYLE_XML, __provider: PROVIDER_TEXT };
    const reason = async () => (await lifecycle.check({}, news)).failures?.map((f) => f.reason).join("; ");
    await configureWith({});
    expect(await reason()).toMatch(/^Jenkins job "x" cannot be planned: .*jenkins:url.*JENKINS_URL/);
    await expect(lifecycle.create(news)).rejects.toThrow(/jenkins:url.*JENKINS_URL/);
    await configureWith({ "jenkins:url": "http://127.0.0.1:9/" });
    expect(await reason()).toMatch(/^Jenkins job "x" cannot be planned: .*jenkins:apiToken.*JENKINS_API_TOKEN/);
    await expect(lifecycle.create(news)).rejects.toThrow(/jenkins:apiToken.*JENKINS_API_TOKEN/);
  });

  it("falls back to the environment, and uses password auth (one crumb per session)", async () => {
    const server = await startServer("current");
    try {
      process.env.JENKINS_URL = server.url;
      process.env.JENKINS_USER = ADMIN.name;
      process.env.JENKINS_PASSWORD = ADMIN.password;
      delete process.env.JENKINS_API_TOKEN;
      await configureWith({});
      const a = await createJob({ name: "env-a", configXml: FREESTYLE_XML });
      await createJob({ name: "env-b", configXml: FREESTYLE_XML });
      expect(server.requests.filter((r) => r.path.includes("crumbIssuer"))).toHaveLength(1);
      expect(server.requests.every((r) => r.user === ADMIN.name && !r.viaToken)).toBe(true);
      expect(findLeaks("outputs", textOf(a.outs), credentialForms())).toEqual([]);
    } finally {
      await closeClients();
      await server.close();
    }
  });

  it("refuses a URL that does not lead to a Jenkins, naming the job, before sending anything else", async () => {
    const seen: string[] = [];
    const other = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end('{"status":"ok"}');
    });
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", () => r()));
    try {
      const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;
      await configureWith({ "jenkins:url": url, "jenkins:user": ADMIN.name, "jenkins:apiToken": ADMIN.apiToken });
      const news = { name: "elsewhere", configXml: FREESTYLE_XML, __provider: PROVIDER_TEXT };
      // The check of each job to create fails naming the setting; the question went out once for the connection.
      for (const name of ["elsewhere", "other"]) {
        const { failures } = await lifecycle.check({}, { ...news, name });
        expect(failures).toHaveLength(1);
        expect(failures![0].reason).toMatch(
          new RegExp(
            `^Jenkins job "${name}" cannot be planned: Jenkins at http://127\\.0\\.0\\.1:\\d+/: .*not a Jenkins.*Fix jenkins:url`,
          ),
        );
        expect(findLeaks("error", textOf(failures), credentialForms())).toEqual([]);
      }
      expect(seen).toEqual(["GET /api/json"]);
      // A diff that finds a change asks too (the same answer, kept); one that finds none asks nothing.
      const old = {
        name: "elsewhere",
        fullName: "elsewhere",
        configXml: FREESTYLE_XML,
        description: "",
        enabled: true,
      };
      const inputs = { ...old, __provider: PROVIDER_TEXT };
      await expect(lifecycle.diff("id", inputs, { ...inputs, description: "new" })).rejects.toThrow(
        /^Jenkins job "elsewhere" cannot be planned: Jenkins at .*not a Jenkins.*Fix jenkins:url/,
      );
      expect(seen).toEqual(["GET /api/json"]);
      // A create without a check (the engine always checks first) still refuses, naming its job.
      const err = await lifecycle.create(news).catch((e: Error) => e);
      expect((err as Error).message).toMatch(/^Jenkins job "elsewhere": .*not a Jenkins.*Check the URL/);
      expect([...new Set(seen)]).toEqual(["GET /api/json"]);
      expect(findLeaks("error", textOf(err), credentialForms())).toEqual([]);
    } finally {
      await closeClients();
      await new Promise<void>((r) => other.close(() => r()));
    }
  });

  it("refuses credentials inside the URL without echoing them", async () => {
    await configureWith({
      "jenkins:url": `http://admin:${ADMIN.password}@127.0.0.1:9/`,
      "jenkins:user": "admin",
      "jenkins:apiToken": ADMIN.apiToken,
    });
    const news = { name: "x", configXml: FREESTYLE_XML, __provider: PROVIDER_TEXT };
    const { failures } = await lifecycle.check({}, news);
    expect(failures?.[0].reason).toContain("must not contain a user name or password");
    const err = await lifecycle.create(news).catch((e: Error) => e);
    expect(String((err as Error).message)).toContain("must not contain a user name or password");
    expect(findLeaks("error", textOf([failures, err]), credentialForms())).toEqual([]);
  });
});
