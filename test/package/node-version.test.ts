/**
 * On an unsupported Node.js every entry point, the bin and the repository's scripts stop at once with one line
 * naming the version found and the versions supported. Each is loaded in a child process whose
 * `process.versions.node` is set to an old version before anything of ours loads, so the test sees what a user of
 * that version sees, on whichever Node.js runs the suite.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { OLDEST_SUPPORTED_MAJOR, unsupportedNodeMessage } from "../../provider/runtime/node-version";
import { repoRoot } from "../harness/provider-process";

const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
  engines: { node: string };
  bin: Record<string, string>;
  scripts: Record<string, string>;
};

/** Loads `target` (a package specifier or a file) in a fresh process that reports Node.js `version`. */
function loadAs(version: string, target: string): { status: number | null; stdout: string; stderr: string } {
  const script = `Object.defineProperty(process.versions, "node", { value: ${JSON.stringify(version)} });
    require(${JSON.stringify(target)});`;
  const r = spawnSync(process.execPath, ["-e", script], { cwd: repoRoot, encoding: "utf8", timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const ONE_LINE = /^pulumi-jenkins-jobs needs Node\.js 22 or 24, but this is Node\.js 20\.19\.2 \(.+\); [^\n]+\n$/;

describe("unsupportedNodeMessage", () => {
  it("names the version found and the versions supported, below 22 only", () => {
    expect(unsupportedNodeMessage("20.19.2")).toMatch(
      /^pulumi-jenkins-jobs needs Node\.js 22 or 24, but this is Node\.js 20\.19\.2 /,
    );
    expect(unsupportedNodeMessage("18.20.8")).toMatch(/this is Node\.js 18\.20\.8/);
    expect(unsupportedNodeMessage("21.7.3")).toMatch(/this is Node\.js 21\.7\.3/);
    expect(unsupportedNodeMessage("20.19.2")).not.toContain("\n");
    for (const ok of ["22.0.0", "22.12.0", "24.21.0", "v24.1.0", "26.0.0"])
      expect([ok, unsupportedNodeMessage(ok)]).toEqual([ok, undefined]);
  });

  it("agrees with engines.node in package.json", () => {
    expect(manifest.engines.node).toBe(`>=${OLDEST_SUPPORTED_MAJOR}`);
  });
});

describe("on Node.js 20", () => {
  const entries = [
    "pulumi-jenkins-jobs",
    "pulumi-jenkins-jobs/client",
    "pulumi-jenkins-jobs/xml",
    "pulumi-jenkins-jobs/testing",
  ];
  it.each(entries)("%s stops with one line and exit code 1", (specifier) => {
    expect(loadAs("20.19.2", specifier)).toEqual({ status: 1, stdout: "", stderr: expect.stringMatching(ONE_LINE) });
  });

  it("the bin stops with one line and exit code 1", () => {
    const bin = path.join(repoRoot, manifest.bin["pulumi-jenkins"]);
    expect(loadAs("20.19.2", bin)).toEqual({ status: 1, stdout: "", stderr: expect.stringMatching(ONE_LINE) });
  });

  // What `npm run demo`, `npm run jenkins` and `npm run bench` run after their build, and `npm test`'s jest config.
  const scripts = ["demo", "jenkins", "bench"];
  it.each(scripts)("npm run %s stops with one line and exit code 1", (name) => {
    const file = /&& node (\S+\.js)/.exec(manifest.scripts[name])?.[1];
    expect(file).toBeDefined();
    expect(loadAs("20.19.2", path.join(repoRoot, file!))).toEqual({
      status: 1,
      stdout: "",
      stderr: expect.stringMatching(ONE_LINE),
    });
  });

  it("npm test stops with one line and exit code 1 (its jest config loads the check)", () => {
    expect(manifest.scripts.test).toBe("npm run build && jest");
    expect(loadAs("20.19.2", path.join(repoRoot, "jest.config.js"))).toEqual({
      status: 1,
      stdout: "",
      stderr: expect.stringMatching(ONE_LINE),
    });
  });
});

test("on Node.js 22 the main entry loads as usual", () => {
  const r = loadAs("22.12.0", "pulumi-jenkins-jobs");
  expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: "" });
});
