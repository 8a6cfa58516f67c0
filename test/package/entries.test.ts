/**
 * The package surface as Node.js resolves it by name (the exports map), each entry loaded in a fresh process so the
 * modules it pulls in are its own: the main entry loads the resource classes and nothing of the client, the XML
 * layer or the server; each subpath gives the names that docs/guide/first-stack.md ("What a program imports") and
 * its own doc comment promise.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../harness/provider-process";

/** Loads `specifier` (resolved by package name from the repository root) and reports its exports and our modules it loaded. */
function load(specifier: string): { exports: Record<string, string>; modules: string[] } {
  const script = `
    const m = require(${JSON.stringify(specifier)});
    const exportsByType = Object.fromEntries(Object.keys(m).map((k) => [k, typeof m[k]]));
    const modules = Object.keys(require.cache)
      .filter((f) => f.includes("/dist/provider/"))
      .map((f) => f.slice(f.indexOf("/dist/provider/") + "/dist/provider/".length));
    process.stdout.write(JSON.stringify({ exports: exportsByType, modules }));
  `;
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { cwd: repoRoot, encoding: "utf8" }));
}

test("the main entry gives the resource classes and loads none of the client, XML, server or lifecycle code", () => {
  const { exports, modules } = load("pulumi-jenkins-jobs");
  expect(exports).toEqual({
    Job: "function",
    BuildTrigger: "function",
    FolderSweep: "function",
    View: "function",
    Credential: "function",
  });
  expect(modules.filter((m) => /^(client|xml|server|connection|plugins|specs|import)\//.test(m))).toEqual([]);
  expect(modules.filter((m) => /lifecycle/.test(m))).toEqual([]);
  expect(modules).toContain("view/view.js");
  expect(modules).toContain("credential/credential.js");
  // The resource classes, their thin providers, the Node.js version check, the program-side secret hiding (its
  // Outputs, and the text-level hiding the plugin shares), the choice of the properties a resource registers and the
  // program's record of the jobs it declares, and the owner a Job and a FolderSweep pass (ownership/program-owner,
  // the mark's pure functions and the hidden keys), and the quieting of the SDK's promise stack traces while a
  // resource registers (dynamic/promise-stacks).
  expect(modules.length).toBeLessThanOrEqual(23);
});

test("pulumi-jenkins-jobs/testing gives the Jenkins-compatible server", () => {
  const { exports, modules } = load("pulumi-jenkins-jobs/testing");
  expect(exports.startJenkinsServer).toBe("function");
  expect(modules).toContain("server/index.js");
});

test("pulumi-jenkins-jobs/client gives the client, its errors and the script functions", () => {
  const { exports } = load("pulumi-jenkins-jobs/client");
  for (const name of ["JenkinsClient", "triggerBuild", "triggerScmCheck", "JenkinsError", "JobNotFoundError"]) {
    expect([name, exports[name]]).toEqual([name, "function"]);
  }
});

test("pulumi-jenkins-jobs/xml gives the canonical form and the semantic comparison", () => {
  const { exports } = load("pulumi-jenkins-jobs/xml");
  for (const name of ["canonicalizeConfig", "configsEqual"]) expect([name, exports[name]]).toEqual([name, "function"]);
});

test("the bin is the pulumi-jenkins command (import and serve), compiled and runnable", () => {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8"));
  const bin = path.join(repoRoot, manifest.bin["pulumi-jenkins"]);
  expect(existsSync(bin)).toBe(true);
  expect(readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node")).toBe(true);
  const help = execFileSync(process.execPath, [bin, "--help"], { encoding: "utf8" });
  expect(help).toMatch(/^ {2}import /m);
  expect(help).toMatch(/^ {2}serve /m);
});

test("the provider plugin's server loads the SDK's gRPC stubs, not the SDK itself", () => {
  // The plugin's process starts when a program first uses a resource of the package, and the engine waits for its
  // port: the SDK's root module (its runtime, OpenTelemetry) took most of that start.
  const script = `
    require(${JSON.stringify(path.join(repoRoot, "dist", "provider", "plugin", "serve.js"))});
    const sdk = Object.keys(require.cache)
      .filter((f) => f.includes("/node_modules/@pulumi/pulumi/"))
      .map((f) => f.slice(f.indexOf("/node_modules/@pulumi/pulumi/") + "/node_modules/@pulumi/pulumi/".length));
    const others = Object.keys(require.cache).filter((f) => f.includes("/node_modules/@opentelemetry/"));
    process.stdout.write(JSON.stringify({ sdk, others }));
  `;
  const { sdk, others } = JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as {
    sdk: string[];
    others: string[];
  };
  expect(sdk).toContain("proto/provider_grpc_pb.js");
  expect(sdk.filter((f) => !f.startsWith("proto/") && f !== "package.json")).toEqual([]);
  expect(others).toEqual([]);
});
