/**
 * The report of `pulumi-jenkins review`, one scenario per kind of change a pull request makes, against golden files
 * (test/review/golden) and against what a reviewer must find in it.
 */
import { markdown, text } from "../../provider/review/format";
import { fitted } from "../../provider/review/fit";
import { parseDigest } from "../../provider/review/digest";
import { reviewOf } from "../../provider/review/review";
import {
  create,
  credential,
  digest,
  freestyleXml,
  job,
  jobUrn,
  remove,
  replace,
  update,
  view,
  type Step,
} from "./digests";
import { expectGolden } from "./golden";
import { asPluginPreview } from "./digests";

const report = (doc: string, maxChars = 60_000): string => fitted(reviewOf(parseDigest(doc)), markdown, maxChars);

const BUILD = "set -eu\nnpm ci\nnpm run build";
const apiBuild = (command: string): Record<string, unknown> =>
  job("team/api-build", { configXml: freestyleXml(command, "Builds the API"), description: "Builds the API" });

const scenarios: Record<string, () => Step[]> = {
  "new-job": () => [create("api-build", apiBuild(BUILD))],
  "one-line-change": () => [
    update("api-build", apiBuild(BUILD), apiBuild(BUILD.replace("npm run build", "npm run build:prod"))),
  ],
  move: () => {
    const spec = { pipeline: { script: "node {\n  sh 'make lint'\n}\n" } };
    return [update("lint", job("tools/lint", spec), job("platform/lint", spec))];
  },
  delete: () => [remove("legacy-deploy", job("legacy-deploy", { freestyle: { steps: [{ shell: "./legacy.sh" }] } }))],
  replace: () => {
    const spec = { configXml: freestyleXml("make deploy") };
    return [replace("deploy", job("deploy", spec), job("deploy", spec, { controller: "eu" }), ["controller"])];
  },
  "rotated-password": () => {
    const spec = {
      freestyle: {
        parameters: [{ default: "[secret 1]", name: "DEPLOY_PASSWORD", type: "password" }],
        steps: [{ shell: "./deploy.sh" }],
      },
      secretValues: "[secret]",
    };
    return [update("deploy", job("deploy", spec), job("deploy", spec))];
  },
  "typed-spec-change": () => {
    const script = (step: string): string =>
      `pipeline {\n  agent any\n  stages {\n    stage('Deploy') {\n      steps {\n        sh '${step}'\n      }\n    }\n  }\n}\n`;
    const target = { name: "TARGET", type: "choice", choices: ["staging", "production"] };
    const notify = {
      default: true,
      description: "Post the result to the team channel",
      name: "NOTIFY",
      type: "boolean",
    };
    return [
      update(
        "web-deploy",
        job("web/deploy", { pipeline: { parameters: [target], script: script("./deploy.sh --target $TARGET") } }),
        job("web/deploy", {
          pipeline: { parameters: [target, notify], script: script("./deploy.sh --wait --target $TARGET") },
        }),
      ),
    ];
  },
  "new-credential": () => [
    create(
      "deploy-key",
      credential(
        "deploy-key",
        { description: "Pushes release tags", sshPrivateKey: { username: "git" }, secretVersion: "2026-11" },
        "team",
      ),
      "Credential",
    ),
  ],
  "credential-description": () => [
    update(
      "registry",
      credential("registry", { description: "Docker Hub", usernamePassword: { username: "ci" } }),
      credential("registry", { description: "Docker Hub, read-only", usernamePassword: { username: "ci-ro" } }),
      "Credential",
    ),
  ],
  "rotated-credential": () => [
    update(
      "npm-token",
      credential("npm-token", { secretText: {} }, "team"),
      credential("npm-token", { secretText: {} }, "team"),
      "Credential",
    ),
    update(
      "kubeconfig",
      credential("kubeconfig", { secretFile: { fileName: "kubeconfig" }, secretVersion: "2026-10" }, "team"),
      credential("kubeconfig", { secretFile: { fileName: "kubeconfig" }, secretVersion: "2026-11" }, "team"),
      "Credential",
    ),
  ],
  "replaced-credential": () => [
    replace(
      "github-token",
      credential("github-token", { description: "GitHub", secretText: {} }),
      credential("github-token-v2", { description: "GitHub", secretText: {} }),
      ["credentialId"],
      "Credential",
    ),
  ],
  "deleted-credential": () => [
    remove(
      "legacy-token",
      credential("legacy-token", { description: "The old deploy token", secretText: {} }, "team"),
      "Credential",
    ),
  ],
  "moved-credential": () => [
    update(
      "team-token",
      credential("team-token", { secretText: {} }, "team"),
      credential("team-token", { secretText: {} }, "org/team"),
      "Credential",
    ),
  ],
  view: () => [
    update(
      "team-view",
      view("team/overview", { jobs: ["api-build", "api-deploy"], recurse: false }),
      view("team/overview", { jobs: ["api-build", "api-deploy", "web-deploy"], recurse: false }),
      "View",
    ),
  ],
};

const preflightError = (): string =>
  digest([], {
    diagnostics: [
      {
        urn: jobUrn("api-build"),
        message:
          'freestyle: Jenkins job "api-build" needs plugins that https://jenkins.example.com/ does not have: plugin "git" ' +
          "is not installed (the config was written for git 5.10.0). Install or enable the plugin (Manage Jenkins → " +
          'Plugins), or remove what uses it; set jenkins:pluginCheck to "warn" to go ahead anyway.\n',
        severity: "error",
      },
    ],
  });

function sameChangeIn(n: number): Step[] {
  return Array.from({ length: n }, (_, i) => {
    const name = `service-${String(i + 1).padStart(3, "0")}`;
    const xml = (cmd: string): string => freestyleXml(cmd, `Builds ${name}`);
    return update(
      name,
      job(`services/${name}`, { configXml: xml("make build") }),
      job(`services/${name}`, { configXml: xml("make build-all") }),
    );
  });
}

function mix(): string {
  const steps = [
    ...Object.entries(scenarios)
      .filter(([name]) => name !== "new-job")
      .flatMap(([, s]) => s()),
    ...sameChangeIn(3),
    create("nightly", job("nightly", { pipeline: { script: "node {\n  sh 'make nightly'\n}\n" } }), "Job"),
    create("build-api", { __provider: "…", job: "team/api-build", kind: "build", triggers: ["v2"] }, "BuildTrigger"),
    update(
      "sweep-team",
      { __provider: "…", action: "report", folder: "team", keep: ["team/api-build"] },
      { __provider: "…", action: "delete", folder: "team", keep: ["team/api-build"] },
      "FolderSweep",
      { action: "report", folder: "team", keep: ["team/api-build"], plan: ["delete team/old-job", "delete team/tmp"] },
    ),
  ];
  return digest(steps, {
    same: 12,
    diagnostics: [
      {
        message:
          "Jenkins https://jenkins.example.com/: the plugin check was skipped for deployer, who may not read the plugin list\n",
        severity: "warning",
      },
      { message: "debug noise\n", severity: "debug" },
    ],
  });
}

/**
 * The resources whose secret changed in each scenario, for the provider plugin's preview (its diff sees the values):
 * where the dynamic provider's preview shows "[secret]" on both sides and nothing else changed, it is the secret.
 */
const SECRET_CHANGED: Record<string, string[]> = {
  "rotated-password": ["deploy"],
  "rotated-credential": ["npm-token"],
};

describe("the report of one kind of change", () => {
  for (const [name, steps] of Object.entries(scenarios)) {
    it(`${name} matches its golden file`, () => expectGolden(`${name}.md`, report(digest(steps(), { same: 2 }))));
  }

  // The provider plugin's preview: the same report, except that its diff tells whether a secret changed where the
  // dynamic provider's preview cannot (then the report says so in one line instead).
  const UNTOLD = "`secretValues`: a secret; the preview does not show whether it changed";
  for (const [name, steps] of Object.entries(scenarios)) {
    const dynamic = digest(steps(), { same: 2 });
    if (!report(dynamic).includes(UNTOLD)) {
      it(`${name}, as the provider plugin's preview shows it, matches the same golden file`, () => {
        const plugin = asPluginPreview(dynamic, SECRET_CHANGED[name]);
        expect(plugin).toContain('"type": "jenkins:index:');
        expect(plugin).not.toContain("pulumi-nodejs");
        expect(plugin).not.toContain("__provider");
        for (const step of (JSON.parse(plugin) as { steps: Array<{ op: string; detailedDiff: unknown }> }).steps)
          expect(step.detailedDiff === null).toBe(!["update", "replace"].includes(step.op));
        expectGolden(`${name}.md`, report(plugin));
      });
    } else {
      it(`${name}, as the provider plugin's preview shows it, says whether the secret changed`, () => {
        const names = steps().map((s) => s.urn.split("::").pop() as string);
        const plugin = report(asPluginPreview(dynamic, SECRET_CHANGED[name]));
        expectGolden(`${name}.plugin.md`, plugin);
        expect(plugin).not.toContain(UNTOLD);
        // Every secret changed, or none: each is told as changed, or not mentioned.
        const all = report(asPluginPreview(dynamic, names));
        expect(all).not.toContain(UNTOLD);
        expect(all).toContain("`secretValues`: changed (a secret: its value is never shown)");
        expect(report(asPluginPreview(dynamic, []))).not.toContain("`secretValues`");
      });
    }
  }

  it("shows a new job's whole config, collapsed", () => {
    const out = report(digest(scenarios["new-job"]()));
    expect(out).toContain(
      "<details><summary>job <code>team/api-build</code> https://jenkins.example.com/job/team/job/api-build/</summary>",
    );
    for (const line of freestyleXml(BUILD, "Builds the API").trimEnd().split("\n")) expect(out).toContain(`  ${line}`);
    expect(out).not.toContain("__provider");
  });

  it("shows a one-line change as that line, with three lines around it", () => {
    const out = report(digest(scenarios["one-line-change"]()));
    const diff = out.slice(out.indexOf("```diff"), out.lastIndexOf("```"));
    expect(diff.split("\n").filter((l) => /^[-+]/.test(l))).toEqual([
      "-npm run build</command>",
      "+npm run build:prod</command>",
    ]);
    expect(diff).toContain("@@ -15,7 +15,7 @@");
  });

  it("says a replaced job loses its build history, and why it is replaced", () => {
    const out = report(digest(scenarios.replace()));
    expect(out).toContain("**replace** job `deploy`");
    expect(out).toContain("because `controller` changes: its build history is lost");
    expect(out).toContain('- `controller`: added `"eu"`');
  });

  it("reports a rotated password as changed and nothing of it", () => {
    const out = report(digest(scenarios["rotated-password"]()));
    expect(out).toContain("- `secretValues`: changed (a secret: its value is never shown)");
    expect(out).not.toContain("[secret]");
  });

  it("shows a typed spec's change as the properties that changed", () => {
    const out = report(digest(scenarios["typed-spec-change"]()));
    expect(out).toContain(
      '- `pipeline.parameters[1]`: added `{"default":true,"description":"Post the result to the team channel","name":"NOTIFY","type":"boolean"}`',
    );
    expect(out).toContain("`pipeline.script`:");
    expect(out).toContain(
      "-        sh './deploy.sh --target $TARGET'\n+        sh './deploy.sh --wait --target $TARGET'",
    );
  });

  it("reports a view like a job", () => {
    const out = report(digest(scenarios.view()));
    expect(out).toContain("#### view `team/overview` <https://jenkins.example.com/job/team/view/overview/>");
    expect(out).toContain('- `listView.jobs`: added `"web-deploy"`');
  });

  it("lists a new credential's non-secret fields and says its secrets are set, never their values", () => {
    const out = report(digest(scenarios["new-credential"]()));
    expect(out).toContain("| Credential | 1 |");
    expect(out).toContain(
      "<details><summary>credential <code>team/folder/_/deploy-key</code> " +
        "https://jenkins.example.com/job/team/credentials/store/folder/domain/_/credential/deploy-key/</summary>",
    );
    for (const line of [
      'credentialId: "deploy-key"',
      'description: "Pushes release tags"',
      "secretValues: (set; a secret: its value is never shown)",
      "secretVersion: (set; its value is never shown)",
      "sshPrivateKey:",
      '  username: "git"',
    ])
      expect(out).toContain(line);
    expect(out).not.toContain("2026-11");
    expect(out).not.toContain("[secret]");
  });

  it("shows a credential's changed fields as old → new", () => {
    const out = report(digest(scenarios["credential-description"]()));
    expect(out).toContain(
      "#### credential `system/_/registry` <https://jenkins.example.com/credentials/store/system/domain/_/credential/registry/>",
    );
    expect(out).toContain('- `description`: `"Docker Hub"` → `"Docker Hub, read-only"`');
    expect(out).toContain('- `usernamePassword.username`: `"ci"` → `"ci-ro"`');
  });

  it("reports a rotated credential secret and a new secretVersion only as changed", () => {
    const out = report(digest(scenarios["rotated-credential"]()));
    expect(out).toContain("#### credential `team/folder/_/npm-token`");
    expect(out).toContain("- `secretValues`: changed (a secret: its value is never shown)");
    expect(out).toContain("- `secretVersion`: changed (its value is never shown)");
    expect(out).toContain("- `secretValues`: a secret; the preview does not show whether it changed");
    for (const value of ["2026-10", "2026-11", "[secret]"]) expect(out).not.toContain(value);
  });

  it("says what a replaced or deleted credential means for the jobs that name it", () => {
    const replaced = report(digest(scenarios["replaced-credential"]()));
    expect(replaced).toContain(
      "- **replace** credential `system/_/github-token` → `system/_/github-token-v2` " +
        "<https://jenkins.example.com/credentials/store/system/domain/_/credential/github-token-v2/> because " +
        "`credentialId` changes: `github-token-v2` takes the place of `github-token`; jobs naming `github-token` " +
        "fail their builds until they name the new id",
    );
    expect(replaced).toContain('- `credentialId`: `"github-token"` → `"github-token-v2"`');
    const sameId = report(
      digest([
        replace(
          "deploy-key",
          credential("deploy-key", { sshPrivateKey: { username: "git" } }, "team"),
          credential("deploy-key", { domain: "git", sshPrivateKey: { username: "git" } }, "team"),
          ["domain"],
          "Credential",
        ),
      ]),
    );
    expect(sameId).toContain(
      "- **replace** credential `team/folder/_/deploy-key` → `team/folder/git/deploy-key` " +
        "<https://jenkins.example.com/job/team/credentials/store/folder/domain/git/credential/deploy-key/> because " +
        "`domain` changes: jobs naming `deploy-key` fail their builds in between",
    );
    const deleted = report(digest(scenarios["deleted-credential"]()));
    expect(deleted).toContain(
      "- **delete** credential `team/folder/_/legacy-token` " +
        "<https://jenkins.example.com/job/team/credentials/store/folder/domain/_/credential/legacy-token/>: " +
        "jobs naming `legacy-token` fail their builds until it exists again",
    );
  });

  it("tells a view renamed in place or moved with its folder in one line, as the same view", () => {
    const spec = { jobs: ["api-build"], recurse: false };
    const out = report(
      digest([
        update("team-view", view("team/overview", spec), view("org/team/overview", spec), "View"),
        update("ops-view", view("ops/board", spec), view("ops/wall", spec), "View"),
      ]),
    );
    expect(out).toContain(
      "### Moves and renames (2)\n- `ops/board` → `ops/wall` (same view)\n- `team/overview` → `org/team/overview` (same view)\n",
    );
    expect(out).not.toContain("replace");
  });

  it("tells a credential that follows its folder's move in one line", () => {
    const out = report(digest(scenarios["moved-credential"]()));
    expect(out).toContain(
      "### Moves and renames (1)\n- `team/folder/_/team-token` → `org/team/folder/_/team-token` (credential follows its folder)\n",
    );
    // Nothing else of it: only that the preview cannot tell whether its secret changed in the same step.
    expect(out.slice(out.indexOf("### Changes"))).toBe(
      "### Changes\n\n#### credential `org/team/folder/_/team-token` " +
        "<https://jenkins.example.com/job/org/job/team/credentials/store/folder/domain/_/credential/team-token/>\n\n" +
        "- `secretValues`: a secret; the preview does not show whether it changed\n",
    );
  });

  it("puts the pre-flight's error right under the summary", () => {
    const out = report(preflightError());
    expectGolden("preflight-error.md", out);
    expect(out).toMatch(/^\*\*Plan:\*\* no changes \(1 unchanged\)\.\n\n### The preview failed: 1 error\n/m);
    expect(out).toContain('**error** in `api-build`:\n\n```text\nfreestyle: Jenkins job "api-build" needs plugins');
  });

  it("shows a runnable check's lint error with its line, one finding a line, under the summary", () => {
    const message =
      'Jenkins job "team/app" could not run as declared on https://jenkins.example.com/:\n' +
      "  - its pipeline script does not pass the controller's linter:\n" +
      "      line 9, column 1: expecting '}', found ''\n" +
      '  - label "gpu" matches no node and no cloud that can provision it, so its builds would wait in the queue; ' +
      'the controller\'s labels: built-in, linux (did you mean "linux"?)\n' +
      'Fix what it names, or set jenkins:runnableCheck to "warn" to go ahead anyway.';
    const out = report(
      digest([], { diagnostics: [{ urn: jobUrn("app"), message: `${message}\n`, severity: "error" }] }),
    );
    expect(out).toMatch(/^\*\*Plan:\*\* no changes \(1 unchanged\)\.\n\n### The preview failed: 1 error\n/m);
    expect(out).toContain(`**error** in \`app\`:\n\n\`\`\`text\n${message}\n\`\`\`\n`);
  });

  it("shows the same change in 300 jobs once, with the count and the first names", () => {
    const out = report(digest(sameChangeIn(300)));
    expectGolden("same-change-300.md", out);
    expect(out).toContain("#### The same change in 300 jobs");
    expect(out.split("-      <command>make build</command>").length - 1).toBe(1);
    expect(out).toContain("`services/service-010` and 290 more");
    // Without a budget every job is there, with its URL.
    const all = report(digest(sameChangeIn(300)), 0);
    expect(all).toContain(
      "**In 300 jobs:**\n\n- `services/service-001` <https://jenkins.example.com/job/services/job/service-001/>\n",
    );
    expect(all).toContain("- `services/service-300` <https://jenkins.example.com/job/services/job/service-300/>\n");
  });

  it("names the mark of ownership an update writes where the state names no owner, once for every job", () => {
    const spec = { pipeline: { script: "node {\n  sh 'make'\n}\n" } };
    const steps = ["a", "b", "c"].map((n) =>
      update(n, job(`team/${n}`, spec), job(`team/${n}`, spec, { __owner: "web/prod" })),
    );
    const out = report(digest(steps));
    expect(out).toContain("#### The same change in 3 jobs");
    expect(out.split('- `mark of ownership`: added `"web/prod"`').length - 1).toBe(1);
    expect(out).not.toContain("No input changes");
    // A stack that marked them already, with the same owner: no such change.
    const marked = report(
      digest([update("a", job("team/a", spec, { __owner: "web/prod" }), job("team/a", spec, { __owner: "web/prod" }))]),
    );
    expect(marked).not.toContain("mark of ownership");
  });

  it("names the mark of ownership an update of a view or a credential writes where the state names none", () => {
    const listView = { listView: { jobs: ["api"] } };
    const token = { description: "The app's token", secretText: {} };
    const out = report(
      digest([
        update("apps", view("team/apps", listView), { ...view("team/apps", listView), __owner: "web/prod" }, "View"),
        update(
          "app-token",
          credential("app-token", token),
          { ...credential("app-token", token), __owner: "web/prod" },
          "Credential",
        ),
      ]),
    );
    // Shown once for both, as for jobs.
    expect(out).toContain("#### The same change in 2 items");
    expect(out.split('- `mark of ownership`: added `"web/prod"`').length - 1).toBe(1);
    expect(out).toContain("**In 2 items:** `system/_/app-token`, `team/apps`");
    expect(out).not.toContain("__owner");
  });

  it("orders a mix: errors and warnings, destructive changes, moves, changes, new items", () => {
    const out = report(mix());
    expectGolden("mix.md", out);
    expectGolden("mix.txt", fitted(reviewOf(parseDigest(mix())), text, 60_000));
    const at = (s: string): number => {
      const i = out.indexOf(s);
      expect(i).toBeGreaterThanOrEqual(0);
      return i;
    };
    const order = [
      "**Plan:**",
      "### Warnings of the preview",
      "### Destructive changes (5)",
      "**delete** job `legacy-deploy`",
      "**delete** credential `team/folder/_/legacy-token`",
      "**replace** job `deploy`",
      "**replace** credential `system/_/github-token` → `system/_/github-token-v2`",
      "**sweep** of folder `team` deletes every item in it the program does not declare (found: `team/old-job`, `team/tmp`)",
      "### Moves and renames (2)",
      "- `team/folder/_/team-token` → `org/team/folder/_/team-token` (credential follows its folder)",
      "### Changes",
      "#### The same change in 3 credentials",
      "#### The same change in 3 jobs",
      "#### The same change in 2 items",
      "#### credential `system/_/registry`",
      "### New (3)",
      "<details><summary>credential <code>team/folder/_/deploy-key</code>",
    ].map(at);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(out).toContain("| Job | 1 | 7 | 1 | 1 |");
    expect(out).toContain("| Credential | 1 | 4 | 1 | 1 |");
    expect(out).toContain("**In 2 items:** `deploy`, `team/folder/_/npm-token`");
    expect(out).not.toContain("[secret]");
    expect(out).not.toContain("2026-1");
    expect(out).not.toContain("debug noise");
  });

  it("counts but does not list the steps of a --refresh preview or --show-replacement-steps", () => {
    const spec = { configXml: freestyleXml("make") };
    const refresh = { ...update("api", job("api", spec), job("api", spec)), op: "refresh" };
    const steps = [refresh, { ...create("web", job("web", spec)), op: "create-replacement" }];
    const out = report(digest(steps));
    expect(out).toContain("| Job | 1 | 1 |");
    expect(out).not.toMatch(/^###/m);
  });

  it("prints the same bytes for the same input", () => {
    expect(report(mix())).toBe(report(mix()));
  });
});

describe("the size budget", () => {
  /** 2,000 jobs, each with a change of its own: nothing groups. */
  function changedJobs(n: number): string {
    return digest(
      Array.from({ length: n }, (_, i) => {
        const name = `job-${i + 1}`;
        return update(
          name,
          job(`fleet/${name}`, { configXml: freestyleXml(`make ${name}`) }),
          job(`fleet/${name}`, { configXml: freestyleXml(`make ${name}-all`) }),
        );
      }),
    );
  }

  it("keeps 2,000 changed jobs within 60,000 characters, says what it folded and what it left out", () => {
    const out = report(changedJobs(2000));
    expect(out.length).toBeLessThanOrEqual(60_000);
    expect(out).toContain(
      "> Shortened to fit 60,000 characters: left out the unchanged lines around changes. " +
        "`pulumi-jenkins review --max-chars 0` writes everything.",
    );
    const left =
      /> (\d[\d,]*) more entries left out to stay within 60,000 characters; `--max-chars 0` writes everything\.\n$/.exec(
        out,
      );
    expect(left).not.toBeNull();
    const shown = out.split("\n#### job ").length - 1;
    expect(shown + Number(left![1].replace(/,/g, ""))).toBe(2000);
    // Never cut inside a block: every diff that opens closes.
    expect((out.match(/^```/gm) ?? []).length % 2).toBe(0);
  });

  it("writes everything with --max-chars 0", () => {
    const out = report(changedJobs(2000), 0);
    expect(out.length).toBeGreaterThan(60_000);
    expect(out.split("\n#### job ").length - 1).toBe(2000);
    expect(out).not.toContain("Shortened");
  });

  it("states the count of 2,000 new jobs within the budget", () => {
    const steps = Array.from({ length: 2000 }, (_, i) =>
      create(`job-${i + 1}`, job(`fleet/job-${i + 1}`, { configXml: freestyleXml("make") })),
    );
    const out = report(digest(steps));
    expect(out.length).toBeLessThanOrEqual(60_000);
    expect(out).toContain("### New (2,000)");
    expect(out).toContain(
      "- **2,000 jobs**: `fleet/job-1`, `fleet/job-2`, `fleet/job-3`, `fleet/job-4`, `fleet/job-5` and 1,995 more",
    );
  });
});
