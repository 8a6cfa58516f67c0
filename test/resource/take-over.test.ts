/**
 * A create that finds the job already there (Layer 1, the lifecycle called directly): without `adopt`, a job Jenkins
 * holds as declared (config equal in meaning, Jenkins's own parts set aside, description and enabled state the
 * same) is taken over with a warning and nothing sent, as an `up` cut short before saving its state leaves it; any
 * other still fails naming the job and the fix. And the runnable check of an adoption: a job adopted as Jenkins
 * holds it gets warnings for what it lacks, read with one GET of its config only when something is found; adopted
 * with another config, or created, it fails.
 */
import type { JenkinsServer } from "../../provider/server";
import * as lifecycle from "../../provider/resource/lifecycle";
import { closeClients } from "../../provider/connection/settings";
import { secretText } from "../harness/credential-configs";
import { JenkinsUser } from "../harness/jenkins-user";
import { FOLDER_XML, FREESTYLE_XML } from "../harness/job-configs";
import { ADMIN, MODES, calls, startServer, tokenConfig } from "../harness/test-server";
import { checked, PROVIDER_TEXT } from "./lifecycle-calls";

/** Runs `work`, returning what it wrote as warnings (the provider's warnings go to stderr without an engine). */
async function warningsOf<T>(work: () => Promise<T>): Promise<{ result?: T; error?: Error; warnings: string[] }> {
  const written: string[] = [];
  const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    return { result: await work(), warnings: written.filter((w) => w.startsWith("warning: ")) };
  } catch (e) {
    return { error: e as Error, warnings: written.filter((w) => w.startsWith("warning: ")) };
  } finally {
    spy.mockRestore();
  }
}

/** FREESTYLE_XML tied to a label no node of the server has. */
const ON_GPU = FREESTYLE_XML.replace(
  "<canRoam>true</canRoam>",
  "<assignedNode>gpu</assignedNode>\n  <canRoam>false</canRoam>",
);

describe.each(MODES)("a create that finds the job already there (%s server)", (mode) => {
  let server: JenkinsServer;
  let user: JenkinsUser;

  beforeAll(async () => {
    server = await startServer(mode);
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await lifecycle.configure({ config: { get: (k: string) => tokenConfig(server)[k] } });
  });
  afterAll(async () => {
    await closeClients();
    await server.close();
  });

  it("takes over a job Jenkins holds as declared, with a warning naming it, and sends nothing else", async () => {
    await user.createJob("made-before", FREESTYLE_XML);
    const stored = server.jobConfigOnDisk("made-before");
    const news = await checked({ name: "made-before", configXml: FREESTYLE_XML });
    server.resetCounters();
    const { result, error, warnings } = await warningsOf(() => lifecycle.create(news));
    expect(error).toBeUndefined();
    expect(result?.outs).toMatchObject({ fullName: "made-before", description: "from xml", enabled: true });
    // Refused as existing, its config read and compared, its name read (no other letter case): no write.
    expect(calls(server)).toEqual([
      "POST /createItem",
      "GET /job/made-before/config.xml",
      "GET /job/made-before/api/json",
    ]);
    expect(server.jobConfigOnDisk("made-before")).toBe(stored);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: Jenkins job "made-before" already existed with the declared configuration .*manages it from now on\.\n$/,
      ),
    ]);
    // As made by this stack: a read of it finds nothing to change.
    const read = await lifecycle.read(result!.id, { ...result!.outs, __provider: PROVIDER_TEXT });
    expect(await lifecycle.diff(result!.id, { ...read.props, __provider: PROVIDER_TEXT }, news)).toMatchObject({
      changes: false,
    });
  });

  it("takes over a folder whose views and credentials Jenkins added (its own parts are set aside)", async () => {
    await user.createJob("folder-made-before", FOLDER_XML);
    const view = "<hudson.model.ListView><name>apps</name></hudson.model.ListView>";
    expect((await user.request("POST", "job/folder-made-before/createView?name=apps", view, "text/xml")).status).toBe(
      200,
    );
    await user.addCredential("folder-made-before", secretText({ id: "folder-token", secret: "Folder-secret-91c2" }));
    const news = await checked({ name: "folder-made-before", configXml: FOLDER_XML });
    const { error, warnings } = await warningsOf(() => lifecycle.create(news));
    expect(error).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('Jenkins job "folder-made-before" already existed')]);
    expect(await user.getConfig("folder-made-before")).toContain("<name>apps</name>");
    expect(await user.credentialIds("folder-made-before")).toEqual(["folder-token"]);
  });

  it("refuses a job Jenkins holds as declared under a name in another letter case", async () => {
    await user.createJob("Case-Made", FREESTYLE_XML);
    const news = await checked({ name: "case-made", configXml: FREESTYLE_XML });
    const { error, warnings } = await warningsOf(() => lifecycle.create(news));
    expect(error?.name).toBe("JobCaseClashError");
    expect(error?.message).toContain('Jenkins job "case-made" differs only in case from "Case-Made"');
    expect(warnings).toEqual([]);
  });

  it.each([
    ["another config", FREESTYLE_XML.replace("make test", "make legacy")],
    ["another description", FREESTYLE_XML.replace("from xml", "edited in the UI")],
    ["another enabled state", FREESTYLE_XML.replace("<disabled>false</disabled>", "<disabled>true</disabled>")],
  ])("still refuses a job Jenkins holds with %s, naming it and the fix, and leaves it as it is", async (what, held) => {
    const name = `held-${what.replace(/ /g, "-")}`;
    await user.createJob(name, held);
    const stored = server.jobConfigOnDisk(name);
    const news = await checked({ name, configXml: FREESTYLE_XML });
    const { error, warnings } = await warningsOf(() => lifecycle.create(news));
    expect(error?.name).toBe("JobExistsError");
    expect(error?.message).toContain(`Jenkins job "${name}" already exists and is not managed by this stack.`);
    expect(error?.message).toContain("set `adopt: true` on this Job");
    expect(warnings).toEqual([]);
    expect(server.jobConfigOnDisk(name)).toBe(stored);
  });

  describe("the runnable check of an adoption", () => {
    const GET_CONFIG = "GET /job/on-gpu/config.xml";

    beforeAll(async () => {
      await user.createJob("on-gpu", ON_GPU);
    });

    it("adopting the job as Jenkins holds it warns, naming the job and the label, after one read", async () => {
      server.resetCounters();
      const { result, warnings } = await warningsOf(() =>
        lifecycle.check({}, { name: "on-gpu", configXml: ON_GPU, adopt: true, __provider: PROVIDER_TEXT }),
      );
      expect(result?.failures ?? []).toEqual([]);
      expect(warnings).toEqual([
        expect.stringMatching(
          /^warning: Jenkins job "on-gpu" on .* cannot run today \(adopted as Jenkins holds it, so this is a warning; a change to the job is checked in full\): label "gpu" matches no node/,
        ),
      ]);
      expect(calls(server).filter((c) => c === GET_CONFIG)).toHaveLength(1);
    });

    it("adopting it with another config, or creating it, fails as any change does", async () => {
      const changed = ON_GPU.replace("make test", "make all");
      for (const inputs of [
        { name: "on-gpu", configXml: changed, adopt: true },
        { name: "on-gpu", configXml: ON_GPU },
      ]) {
        const { result } = await warningsOf(() => lifecycle.check({}, { ...inputs, __provider: PROVIDER_TEXT }));
        expect(result?.failures).toEqual([
          {
            property: "",
            reason: expect.stringMatching(/^Jenkins job "on-gpu" could not run as declared .*label "gpu"/s),
          },
        ]);
      }
    });

    it("an adoption whose job can run reads nothing more", async () => {
      await user.createJob("runs-anywhere", FREESTYLE_XML);
      server.resetCounters();
      const res = await lifecycle.check(
        {},
        { name: "runs-anywhere", configXml: FREESTYLE_XML, adopt: true, __provider: PROVIDER_TEXT },
      );
      expect(res.failures ?? []).toEqual([]);
      expect(calls(server).filter((c) => c.endsWith("/config.xml"))).toEqual([]);
    });
  });
});
