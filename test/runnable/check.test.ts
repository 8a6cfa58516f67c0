/**
 * The runnable check of jobs through the Job lifecycle's check (layer 1), against the server over HTTP: labels that
 * a node with executors or a cloud has pass, one nothing has fails naming the labels there are; shared libraries of
 * the job's folders, of a folder the program declares and global ones pass, others fail; jobs named relative to the
 * folder or absolutely pass when Jenkins or the program has them; each label, folder listing and name is read once
 * per run; a failure has no property; an endpoint the controller lacks gives one warning and is not checked.
 */
import type { Props } from "../../provider/dynamic/props";
import * as jobs from "../../provider/resource/lifecycle";
import type { JenkinsServer } from "../../provider/server";
import { folder, freestyle } from "../harness/job-configs";
import { JenkinsUser } from "../harness/jenkins-user";
import { ADMIN, startServer, tokenConfig } from "../harness/test-server";

const FOLDER_LIBRARIES = (...names: string[]) => `<?xml version='1.1' encoding='UTF-8'?>
<com.cloudbees.hudson.plugins.folder.Folder>
  <description/>
  <properties>
    <org.jenkinsci.plugins.workflow.libs.FolderLibraries>
      <libraries>
${names
  .map(
    (n) => `        <org.jenkinsci.plugins.workflow.libs.LibraryConfiguration>
          <name>${n}</name>
          <retriever class="org.jenkinsci.plugins.workflow.libs.SCMSourceRetriever">
            <clone>false</clone>
            <scm class="jenkins.plugins.git.GitSCMSource"><remote>https://git.example.com/${n}.git</remote></scm>
          </retriever>
          <implicit>false</implicit>
          <allowVersionOverride>true</allowVersionOverride>
          <includeInChangesets>true</includeInChangesets>
        </org.jenkinsci.plugins.workflow.libs.LibraryConfiguration>`,
  )
  .join("\n")}
      </libraries>
    </org.jenkinsci.plugins.workflow.libs.FolderLibraries>
  </properties>
</com.cloudbees.hudson.plugins.folder.Folder>
`;

let server: JenkinsServer;

async function configure(s: JenkinsServer, extra: Record<string, string> = {}): Promise<void> {
  const config: Record<string, string> = { ...tokenConfig(s), ...extra };
  await jobs.configure({ config: { get: (k: string) => config[k] } });
}

const job = (name: string, parent: string, script: string): Props => ({ name, folder: parent, pipeline: { script } });

async function failuresOf(inputs: Props): Promise<Array<{ property: string; reason: string }>> {
  return ((await jobs.check({}, inputs)).failures ?? []).map((f) => ({ property: f.property, reason: f.reason }));
}

const reads = (s: JenkinsServer, pattern: RegExp): string[] =>
  s.requests.map((r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ""}`).filter((c) => pattern.test(c));

async function capturingWarnings<T>(run: () => Promise<T>): Promise<{ result: T; warnings: string[] }> {
  const written: string[] = [];
  const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    return { result: await run(), warnings: written };
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  server = await startServer("current", {
    agents: [
      { name: "agent-1", labels: ["linux", "docker"], executors: 2 },
      { name: "idle", labels: ["zero"], executors: 0 },
    ],
    clouds: [{ name: "kubernetes", labels: ["cloud-x"] }],
    globalLibraries: ["shared"],
  });
  const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
  await user.createJob("team", FOLDER_LIBRARIES("team-lib"));
  await user.createJob("team/apps", folder());
  await user.createJob("team/api", freestyle());
  await user.createJob("ops", folder());
  await configure(server);
});
afterAll(async () => {
  await server.close();
});

describe("what Jenkins has passes, once per name and run", () => {
  test("labels of nodes with executors and of clouds, folder and global libraries, relative and absolute jobs", async () => {
    server.resetCounters();
    const script = `@Library(['team-lib@main', 'shared']) _
node('linux && docker') { build job: '../api' }
node('cloud-x') { build job: '/ops' }`;
    expect(await failuresOf(job("one", "team/apps", script))).toEqual([]);
    expect(await failuresOf(job("two", "team/apps", "@Library('shared') _\nnode('linux && docker') {}"))).toEqual([]);
    expect(reads(server, /label|computer|autoComplete/).sort()).toEqual([
      "GET /job/team/job/apps/descriptorByName/org.jenkinsci.plugins.workflow.libs.LibraryStep/autoCompleteIdentifier?value=",
      "GET /label/cloud-x/api/json?tree=nodes%5BnodeName%2CnumExecutors%5D%2Cclouds%5Bname%5D",
      "GET /label/linux%20%26%26%20docker/api/json?tree=nodes%5BnodeName%2CnumExecutors%5D%2Cclouds%5Bname%5D",
    ]);
    expect(reads(server, /^GET \/job\/(team\/job\/api|ops)\/api\/json/)).toEqual([
      "GET /job/team/job/api/api/json?tree=name",
      "GET /job/ops/api/json?tree=name",
    ]);
  });

  test("a folder and jobs declared by the program count before they exist", async () => {
    expect(await failuresOf({ name: "fresh", configXml: FOLDER_LIBRARIES("fresh-lib") })).toEqual([]);
    expect(await failuresOf(job("first", "fresh", "echo 'x'"))).toEqual([]);
    server.resetCounters();
    expect(await failuresOf(job("second", "fresh", "library 'fresh-lib'\nbuild job: 'first'"))).toEqual([]);
    expect(reads(server, /autoComplete|fresh/)).toEqual([]);
  });
});

describe("what Jenkins lacks fails, without a property, naming the job and what is missing", () => {
  test("a label nothing has, one only idle nodes have, a library and a job defined nowhere", async () => {
    const script = `@Library('team-lb') _
node('linuks') { build job: 'twoo' }
node('zero') {}`;
    const failures = await failuresOf(job("bad", "team/apps", script));
    expect(failures).toHaveLength(1);
    expect(failures[0].property).toBe("");
    const where = server.url;
    // An agent without executors has no computer: its labels are not among the controller's (Jenkins's own rule).
    expect(failures[0].reason).toBe(
      `Jenkins job "team/apps/bad" could not run as declared on ${where}:\n` +
        `  - label "linuks" matches no node and no cloud that can provision it, so its builds would wait in the queue; the controller's labels: agent-1, built-in, docker, linux (did you mean "linux"?)\n` +
        `  - label "zero" matches only nodes without executors and no cloud that can provision it, so its builds would wait in the queue; the controller's labels: agent-1, built-in, docker, linux\n` +
        `  - shared library "team-lb" is defined nowhere it can be loaded from (searched folders "team/apps", "team" and the global libraries; defined: shared, team-lib) (did you mean "team-lib"?)\n` +
        `  - job "twoo" does not exist (looked for "team/apps/twoo", then "twoo"), so it would never be triggered or built (closest existing: "team/apps/two")\n` +
        `Fix what it names, or set jenkins:runnableCheck to "warn" to go ahead anyway.`,
    );
  });

  test("a freestyle label and upstream trigger of a spec; an upstream list of a config", async () => {
    const spec = { name: "fs", freestyle: { label: "gpu", triggers: { upstream: { projects: ["team/ap"] } } } };
    const [failure] = await failuresOf(spec);
    expect(failure.reason).toMatch(
      /^Jenkins job "fs" could not run as declared on .*:\n {2}- label "gpu" matches no node/,
    );
    expect(failure.reason).toContain(
      '  - job "team/ap" does not exist (looked for "team/ap"), so it would never be triggered or built (closest existing: "team/api")',
    );
  });

  test("warn sends each finding as a warning and passes; off reads nothing", async () => {
    await configure(server, { "jenkins:runnableCheck": "warn" });
    try {
      const { result, warnings } = await capturingWarnings(() => failuresOf(job("w", "", "node('gpu2') {}")));
      expect(result).toEqual([]);
      expect(warnings.filter((w) => w.includes("gpu2"))).toEqual([
        expect.stringMatching(/Jenkins job "w" on .*: label "gpu2" matches no node and no cloud that can provision it/),
      ]);
      await configure(server, { "jenkins:controllers": JSON.stringify({}), "jenkins:runnableCheck": "off" });
      server.resetCounters();
      expect(await failuresOf(job("o", "", "node('gpu3') {}"))).toEqual([]);
      expect(reads(server, /label/)).toEqual([]);
      await configure(server, { "jenkins:runnableCheck": "loud" });
      expect(await failuresOf(job("l", "", "node('x') {}"))).toEqual([
        { property: "", reason: 'jenkins:runnableCheck must be "error", "warn" or "off" (got "loud").' },
      ]);
    } finally {
      await configure(server);
    }
  });
});

describe("a controller without the shared-library plugin", () => {
  test("gives one warning per run and does not check libraries", async () => {
    const bare = await startServer("current", { disabledPlugins: ["pipeline-groovy-lib"] });
    try {
      await configure(bare);
      const { result, warnings } = await capturingWarnings(async () => [
        ...(await failuresOf(job("a", "", "@Library('x') _\necho 'a'"))),
        ...(await failuresOf(job("b", "", "@Library('y') _\necho 'b'"))),
      ]);
      expect(result).toEqual([]);
      const about = warnings.filter((w) => w.includes("shared libraries"));
      expect(about).toHaveLength(1);
      expect(about[0]).toContain(
        `the runnable check on ${bare.url}: shared libraries are not checked, as it lists no shared libraries`,
      );
    } finally {
      await configure(server);
      await bare.close();
    }
  });
});
