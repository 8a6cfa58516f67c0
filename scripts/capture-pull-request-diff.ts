/**
 * Prints what a reviewer sees in the pull-request comment for a typical change to the typed-jobs example: one line
 * of the Pipeline script changed and a parameter added. `node dist/scripts/capture-pull-request-diff.js`
 * (after `npm run build`).
 *
 * The typed-jobs program is deployed to the Jenkins-compatible server through the test engine (every resource
 * sent to the real dynamic-provider process), then previewed with the change; the provider's answer is printed
 * property by property, in the layout of `pulumi preview --diff`.
 */
import { randomBytes } from "node:crypto";
import * as path from "node:path";
import { startJenkinsServer } from "../provider/server";
import { MockEngine } from "../test/harness/mock-engine";
import { ProviderProcess, repoRoot, secret } from "../test/harness/provider-process";
import { cleanEnv } from "../test/harness/serialized-provider";
import { deploySpec, typedJobs, DEFAULT_TARGET } from "../examples/typed-jobs/program";
import { propertyDiff } from "./property-diff";

/** The change under review. */
export function reviewedChange() {
  const base = deploySpec(DEFAULT_TARGET);
  return {
    ...base,
    script: base.script?.replace("./deploy.sh --target", "./deploy.sh --wait --target"),
    parameters: [
      ...(base.parameters ?? []),
      { type: "boolean" as const, name: "NOTIFY", default: true, description: "Post the result to the team channel" },
    ],
  };
}

const SHOWN = [
  "name",
  "folder",
  "description",
  "enabled",
  "configXml",
  "pipeline",
  "freestyle",
  "folderSpec",
  "job",
  "parameters",
  "triggers",
];

async function main(): Promise<void> {
  const user = "admin";
  const token = `11${randomBytes(16).toString("hex")}`;
  const server = await startJenkinsServer({
    port: 0,
    users: [{ name: user, password: randomBytes(12).toString("hex"), apiToken: token, permissions: "admin" }],
  });
  let proc: ProviderProcess | undefined;
  try {
    proc = await ProviderProcess.start({ cwd: path.join(repoRoot, "examples", "typed-jobs"), env: cleanEnv() });
    await proc.configure({ "jenkins:url": server.url, "jenkins:user": user, "jenkins:apiToken": secret(token) });
    const engine = new MockEngine(proc, { project: "typed-jobs", stack: "dev" });
    await engine.up(typedJobs);

    server.resetCounters();
    const preview = await engine.up(() => typedJobs({ deploy: reviewedChange() }), { preview: true });
    for (const step of preview.steps.filter((s) => s.op !== "same")) {
      const type = step.urn.split("::")[2];
      const prior = engine.state.get(step.urn);
      process.stdout.write(`    ~ ${type}: (${step.op})\n        [id=${prior?.id}]\n        [urn=${step.urn}]\n`);
      // Like the CLI, the old inputs against the new ones (a preview leaves the state as it was).
      process.stdout.write(`${propertyDiff(prior?.inputs ?? {}, step.news ?? {}, SHOWN)}\n`);
    }
    const same = preview.steps.filter((s) => s.op === "same").length;
    process.stdout.write(`Resources:\n    ~ ${preview.steps.length - same} to update\n    ${same} unchanged\n`);
    process.stdout.write(`(requests sent to Jenkins by the preview: ${server.requests.length})\n`);
    await engine.destroy();
  } finally {
    await proc?.close();
    await server.close();
  }
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`capture failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
