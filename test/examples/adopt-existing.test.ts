/**
 * The committed sample of examples/adopt-existing is what the import command really writes for the jobs the
 * capture script puts on the server, and adopting with it changes nothing. The command runs as the compiled bin
 * (a child process), the sample program through the Layer-3 mock engine and the real provider process.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import {
  captureAdoptExisting,
  EXISTING,
  SAMPLE_URL,
  type AdoptExistingCapture,
} from "../../scripts/capture-adopt-existing";
import { expectCapture } from "../docs/captures";
import { runBin } from "../harness/bin";
import { FIXTURE_DIR } from "../harness/fixtures";
import { JenkinsUser } from "../harness/jenkins-user";
import { MockEngine } from "../harness/mock-engine";
import { ProviderProcess, repoRoot } from "../harness/provider-process";
import { startConfiguredProvider } from "../harness/configured-provider";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN, startServer, beyondPreflight, RUNNABLE_CHECK_REQUEST } from "../harness/test-server";
import { programFrom } from "../import/run-program";
import { configWithoutMark, ownerOfConfig } from "../../provider/ownership/config-owner";
import { configsEquivalent } from "../../provider/xml/semantic";

/** The URL path of a job ("/job/a/job/b/"). */
const jobPath = (fullName: string): string =>
  `/${fullName
    .split("/")
    .map((n) => `job/${encodeURIComponent(n)}/`)
    .join("")}`;

const SAMPLE = path.join(repoRoot, "examples", "adopt-existing", "sample");

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
}

describe("examples/adopt-existing sample", () => {
  let server: JenkinsServer;
  let proc: ProviderProcess;
  let out: string;

  beforeAll(async () => {
    server = await startServer("current");
    const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    for (const item of EXISTING)
      await user.createJob(item.fullName, fs.readFileSync(path.join(FIXTURE_DIR, item.fixture), "utf8"));
    out = fs.mkdtempSync(path.join(os.tmpdir(), "adopt-sample-"));
    proc = await startConfiguredProvider(server, { cwd: SAMPLE });
  });
  afterAll(async () => {
    await proc?.close();
    await server?.close();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it("is exactly what the import command writes (apart from the server's URL and the path to this checkout)", async () => {
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    const res = await runBin(["import", "--out", out, "--project", "jenkins-jobs", "--force"], env);
    expect({ code: res.code, stderr: res.stderr }).toEqual({
      code: 0,
      stderr: expect.stringContaining("Wrote 5 items"),
    });
    expect(filesUnder(out)).toEqual(filesUnder(SAMPLE));
    for (const file of filesUnder(out)) {
      // The package is taken from this checkout by a path relative to the project: the sample's is its own.
      const generated = fs
        .readFileSync(path.join(out, file), "utf8")
        .split(server.url)
        .join(SAMPLE_URL)
        .split(`file:${path.relative(out, repoRoot)}`)
        .join(`file:${path.relative(SAMPLE, repoRoot)}`);
      expect({ file, text: generated }).toEqual({ file, text: fs.readFileSync(path.join(SAMPLE, file), "utf8") });
    }
  });

  it("previews five adoptions, adopts writing only each job's mark of ownership, then previews no changes", async () => {
    const engine = new MockEngine(proc, { project: "jenkins-jobs", stack: "sample" });
    const program = programFrom(SAMPLE);
    server.resetCounters();
    const preview = await engine.up(program, { preview: true });
    expect(preview.steps.map((s) => `${s.op} ${s.name}`).sort()).toEqual(
      EXISTING.map((i) => `create ${i.fullName}`).sort(),
    );
    expect(beyondPreflight(server)).toEqual([]);

    const before = EXISTING.map((i) => server.jobConfigOnDisk(i.fullName));
    await engine.up(program);
    // The linter's POST (the runnable check) reads; it changes nothing.
    const writes = server.requests.filter(
      (r) =>
        r.method === "POST" &&
        !(r.path.endsWith("/createItem") && r.status === 400) &&
        !RUNNABLE_CHECK_REQUEST.test(`${r.method} ${r.path}`),
    );
    // One write per job: its description with the stack's mark as its last line (a folder's goes in its config.xml,
    // as its description is kept there with what Jenkins owns).
    expect(writes.map((r) => r.path.replace(/(description|config\.xml)$/, "")).sort()).toEqual(
      EXISTING.map((i) => jobPath(i.fullName)).sort(),
    );
    const after = EXISTING.map((i) => server.jobConfigOnDisk(i.fullName) ?? "");
    expect(after.map((xml) => ownerOfConfig(xml))).toEqual(EXISTING.map(() => "jenkins-jobs/sample"));
    // Jenkins saves a job again whenever its description changes (in its own layout and plugin versions): each
    // config holds what it held before, as Jenkins compares configs.
    expect(after.map((xml, i) => configsEquivalent(before[i] ?? "", configWithoutMark(xml)))).toEqual(
      EXISTING.map(() => true),
    );

    server.resetCounters();
    const again = await engine.up(program, { preview: true });
    expect(again.steps.filter((s) => s.op !== "same")).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

describe("examples/adopt-existing README: the captured output", () => {
  let dir: string;
  let captured: AdoptExistingCapture;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopt-capture-"));
    captured = await captureAdoptExisting({ out: path.join(dir, "jenkins-jobs") });
  });
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is what a fresh run of the walkthrough prints, on the README and in the import guide", () => {
    expectCapture("examples/adopt-existing/README.md", "adopt-import", captured.import);
    expectCapture("docs/guide/import.md", "adopt-import", captured.import);
    expectCapture("examples/adopt-existing/README.md", "adopt-steps", captured.steps);
    expectCapture("examples/adopt-existing/README.md", "adopt-diff", captured.diff);
  });

  it("shows the generated index.ts as the import writes it", () => {
    const index = fs.readFileSync(path.join(dir, "jenkins-jobs", "index.ts"), "utf8");
    // The README leaves out the opening comment.
    expectCapture("examples/adopt-existing/README.md", "adopt-index", index.replace(/^\/\*\*[\s\S]*?\*\/\n/, ""));
  });
});
