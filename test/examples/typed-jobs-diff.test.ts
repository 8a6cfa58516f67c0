/**
 * The `pulumi preview --diff` that docs/guide/review.md shows for the typed-jobs example: the deploy pipeline gets a
 * changed script line and a new parameter. The program runs under the mock engine with every resource sent to the
 * real dynamic-provider process; the step is laid out as the CLI lays it out (old inputs against new checked inputs,
 * scripts/property-diff.ts, as test/harness/language-host/display.ts does), and must equal the guide's capture.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { propertyDiff } from "../../scripts/property-diff";
import { deploySpec, typedJobs } from "../../examples/typed-jobs/program";
import { expectCapture } from "../docs/captures";
import { addCredentials } from "../harness/known-credentials";
import { JenkinsUser } from "../harness/jenkins-user";
import { MockEngine } from "../harness/mock-engine";
import { ProviderProcess, repoRoot } from "../harness/provider-process";
import { startConfiguredProvider } from "../harness/configured-provider";
import { ADMIN, startServer } from "../harness/test-server";

const PROD = { "typed-jobs:deployTarget": "prod" };

let server: JenkinsServer;
let proc: ProviderProcess;

beforeAll(async () => {
  server = await startServer("current");
  await addCredentials(new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken }), ["git-read"]);
  proc = await startConfiguredProvider(server, { cwd: path.join(repoRoot, "examples", "typed-jobs") });
});
afterAll(async () => {
  await proc?.close();
  await server?.close();
});

test("the preview --diff of a reviewed pipeline change is the capture in docs/guide/review.md", async () => {
  const engine = new MockEngine(proc, { project: "typed-jobs", stack: "dev" });
  expect((await engine.up(typedJobs, { config: PROD })).steps.length).toBe(4);
  const base = deploySpec("prod");
  const edited = () =>
    typedJobs({
      deploy: {
        ...base,
        script: base.script?.replace("./deploy.sh", "./deploy.sh --wait"),
        parameters: [
          ...(base.parameters ?? []),
          { type: "boolean", name: "NOTIFY", default: true, description: "Post the result to the team channel" },
        ],
      },
    });
  const preview = await engine.up(edited, { config: PROD, preview: true });
  const lines: string[] = [];
  for (const step of preview.steps.filter((s) => s.op !== "same")) {
    const prior = engine.state.get(step.urn)!;
    const news = step.news ?? {};
    const keys = [...new Set([...Object.keys(prior.inputs), ...Object.keys(news)])].filter((k) => !k.startsWith("__"));
    lines.push(`    ~ ${prior.type}: (${step.op})`, `        [id=${prior.id}]`, `        [urn=${step.urn}]`);
    lines.push(propertyDiff(prior.inputs, news, keys.sort()));
  }
  const same = preview.steps.filter((s) => s.op === "same").length;
  lines.push("Resources:", `    ~ ${preview.steps.length - same} to update`, `    ${same} unchanged`);
  expectCapture("docs/guide/review.md", "typed-jobs-diff", lines.join("\n"));
});
