/** The pure parts of the import: choosing items, naming, and generating the program's files. */
import { generateProgram, selectItems } from "../../provider/import";
import { ownersOf } from "../../provider/import/select";
import { withMark } from "../../provider/ownership/mark";
import { ConfigPathAllocator, IdentifierAllocator, fileSegment } from "../../provider/import/names";
import type { JobSummary } from "../../provider/client/jenkins-client";
import { renderFolder, renderPipeline } from "../../provider/specs";

const FOLDER = "<com.cloudbees.hudson.plugins.folder.Folder/>";
// A custom workspace is something no typed spec expresses, so this job is imported as configXml.
const FREESTYLE =
  "<?xml version='1.0' encoding='UTF-8'?>\n<project>\n<description>Builds &amp; tests</description>\n    <builders/>\n    <customWorkspace>/ws</customWorkspace>\n</project>";

function summary(fullName: string, className: string): JobSummary {
  return { fullName, className, url: `http://j/${fullName}`, isFolder: /Folder|MultiBranch/.test(className) };
}

describe("selectItems", () => {
  it("keeps plain folders' contents and leaves out what computed folders hold", () => {
    const listing = [
      summary("team", "com.cloudbees.hudson.plugins.folder.Folder"),
      summary("team/api", "hudson.model.FreeStyleProject"),
      summary("team/mb", "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject"),
      summary("team/mb/main", "org.jenkinsci.plugins.workflow.job.WorkflowJob"),
      summary("team/mb/PR-1", "org.jenkinsci.plugins.workflow.job.WorkflowJob"),
      summary("org", "jenkins.branch.OrganizationFolder"),
      summary("org/repo", "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject"),
      summary("org/repo/main", "org.jenkinsci.plugins.workflow.job.WorkflowJob"),
    ];
    const sel = selectItems(listing);
    expect(sel.items.map((i) => i.fullName)).toEqual(["team", "team/api", "team/mb", "org"]);
    expect(sel.skipped).toEqual([
      { fullName: "team/mb/main", reason: "managed by Jenkins through team/mb" },
      { fullName: "team/mb/PR-1", reason: "managed by Jenkins through team/mb" },
      { fullName: "org/repo", reason: "managed by Jenkins through org" },
    ]);
  });
});

describe("selectItems and owners", () => {
  const marked = (s: JobSummary, owner: string): JobSummary => ({ ...s, description: withMark("Text", owner) });
  const listing = [
    marked(summary("ours", "com.cloudbees.hudson.plugins.folder.Folder"), "web/prod"),
    summary("ours/job", "hudson.model.FreeStyleProject"),
    summary("free", "hudson.model.FreeStyleProject"),
    marked(summary("theirs", "hudson.model.FreeStyleProject"), "ops/ci"),
  ];

  it("lists each item's owner", () => {
    expect([...ownersOf(listing)]).toEqual([
      ["ours", "web/prod"],
      ["theirs", "ops/ci"],
    ]);
  });

  it("leaves out what another owner marked, and everything in it, naming the owner", () => {
    const sel = selectItems(listing);
    expect(sel.items.map((i) => i.fullName)).toEqual(["free"]);
    expect(sel.skipped.map((s) => s.fullName)).toEqual(["ours", "theirs"]);
    expect(sel.skipped[1].reason).toBe(
      "managed as code by ops/ci; --take-over declares it to be handed over to this " +
        "program, --owner <name> imports an owner's items as its own",
    );
  });

  it("keeps the items of the owner given as the program's own", () => {
    const sel = selectItems(listing, { owner: "web/prod" });
    expect(sel.items.map((i) => i.fullName)).toEqual(["ours", "ours/job", "free"]);
    expect(sel.skipped.map((s) => s.fullName)).toEqual(["theirs"]);
  });

  it("takes them in when asked to take them over", () => {
    expect(selectItems(listing, { takeOver: true }).items).toHaveLength(4);
  });
});

describe("names", () => {
  it("makes unique identifiers that never clash with the program's own names or keywords", () => {
    const ids = new IdentifierAllocator(["Job", "path"]);
    expect(ids.allocate("team/api-build")).toBe("teamApiBuild");
    expect(ids.allocate("team/api_build")).toBe("teamApiBuild2");
    expect(ids.allocate("class")).toBe("classItem");
    expect(ids.allocate("path")).toBe("path2");
    expect(ids.allocate("42")).toBe("_42");
    expect(ids.allocate("中文")).toBe("item");
    expect(ids.allocate("déploiement")).toBe("deploiement");
  });

  it("maps job names to portable, unique file paths", () => {
    expect(fileSegment('a"b<c>')).toBe("a_b_c_");
    expect(fileSegment("v1.")).toBe("v1_");
    expect(fileSegment("con")).toBe("_con");
    const paths = new ConfigPathAllocator();
    expect(paths.allocate("team")).toBe("team.xml");
    expect(paths.allocate('team/x"y')).toBe("team/x_y.xml");
    expect(paths.allocate("team/x_y")).toBe("team/x_y~2.xml");
    expect(paths.allocate("team.xml")).toBe("team.xml~2.xml");
    expect(paths.allocate("outside/child")).toBe("outside/child.xml");
  });
});

describe("generateProgram", () => {
  const items = [
    { fullName: "team/sub/deploy", configXml: FREESTYLE },
    { fullName: "team", configXml: FOLDER },
    { fullName: "team/sub", configXml: FOLDER },
    { fullName: "nightly", configXml: FREESTYLE },
    { fullName: "team/view", configXml: "<listView/>" },
    { fullName: "team/broken", configXml: "<project>" },
    { fullName: "team/trailing ", configXml: FREESTYLE },
  ];
  const program = generateProgram({
    items,
    sourceUrl: "https://ci.example.com/",
    projectName: "ci jobs!",
    packageRange: "^0.1.0",
    pulumiRange: "^3.270.0",
  });
  const index = program.files.get("index.ts")!;

  it("declares folders before their contents, children referring to the folder resource", () => {
    expect(program.declared).toEqual(["team", "team/sub", "team/sub/deploy", "nightly"]);
    expect(index).toContain(
      'const team = new Job("team", { name: "team", configXml: jobConfig("team.xml"), adopt: true });',
    );
    expect(index).toContain(
      'const teamSub = new Job("team/sub", { name: "sub", folder: team.fullName, configXml: jobConfig("team/sub.xml"), adopt: true });',
    );
    expect(index).toContain(
      'new Job("team/sub/deploy", { name: "deploy", folder: teamSub.fullName, configXml: jobConfig("team/sub/deploy.xml"), adopt: true });',
    );
    expect(index).toContain(
      'new Job("nightly", { name: "nightly", configXml: jobConfig("nightly.xml"), adopt: true });',
    );
    expect(index).toContain('import { Job } from "pulumi-jenkins-jobs";');
  });

  it("saves each config in canonical form in its own file", () => {
    expect(program.files.get("jobs/nightly.xml")).toBe(
      "<?xml version='1.1' encoding='UTF-8'?>\n<project>\n  <description>Builds &amp; tests</description>\n  <builders/>\n  <customWorkspace>/ws</customWorkspace>\n</project>\n",
    );
    expect([...program.files.keys()].filter((f) => f.startsWith("jobs/")).sort()).toEqual([
      "jobs/nightly.xml",
      "jobs/team.xml",
      "jobs/team/sub.xml",
      "jobs/team/sub/deploy.xml",
    ]);
  });

  it("lists what it could not declare, and why", () => {
    expect(program.skipped.map((s) => s.fullName)).toEqual(["team/view", "team/broken", "team/trailing "]);
    expect(program.skipped[0].reason).toMatch(/<listView> is not a job or folder type/);
    expect(program.skipped[1].reason).toMatch(/not well-formed/);
    expect(program.skipped[2].reason).toMatch(/name is not accepted/);
    expect(index).toContain(
      "// Not imported:\n//   team/view: <listView> is not a job or folder type the Job resource manages",
    );
  });

  it("writes the project files", () => {
    expect(program.files.get("Pulumi.yaml")).toBe(
      'name: "ci-jobs"\ndescription: "Jenkins jobs imported from https://ci.example.com/"\nmain: index.ts\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n',
    );
    expect(JSON.parse(program.files.get("package.json")!)).toMatchObject({
      name: "ci-jobs",
      dependencies: { "@pulumi/pulumi": "^3.270.0", "pulumi-jenkins-jobs": "^0.1.0" },
    });
    expect(JSON.parse(program.files.get("tsconfig.json")!).files).toEqual(["index.ts"]);
    expect(program.files.get("README.md")).toContain("pulumi config set --secret jenkins:apiToken <token>");
  });

  it("refers to the folder the import started from by its path", () => {
    const sub = generateProgram({
      items: [{ fullName: "team/sub/deploy", configXml: FREESTYLE }],
      root: "team/sub",
      sourceUrl: "https://ci.example.com/",
    });
    expect(sub.files.get("index.ts")).toContain(
      'new Job("team/sub/deploy", { name: "deploy", folder: "team/sub", configXml: jobConfig("team/sub/deploy.xml"), adopt: true });',
    );
    expect(sub.files.get("index.ts")).toContain("imported from the folder team/sub of https://ci.example.com/");
  });

  it("declares a job that fits a typed spec exactly with that spec, and writes no config file for it", () => {
    const script = "pipeline {\n  agent any\n  stages { stage('Build') { steps { sh 'make' } } }\n}";
    const rendered = renderPipeline({ script }, { description: "Nightly build", enabled: false });
    const typed = generateProgram({
      items: [{ fullName: "nightly-pipeline", configXml: rendered }],
      sourceUrl: "https://ci.example.com/",
    });
    const text = typed.files.get("index.ts")!;
    const decl = text.slice(text.indexOf('new Job("nightly-pipeline"'));
    expect(decl).toContain("pipeline: {");
    expect(decl).toContain(JSON.stringify(script));
    expect(decl).toContain('description: "Nightly build", enabled: false, adopt: true });');
    expect(decl).not.toContain("configXml");
    expect([...typed.files.keys()].filter((f) => f.startsWith("jobs/"))).toEqual([]);
  });

  it("leaves jobs/ out of the program and its README when every item fits a typed spec", () => {
    const script = "pipeline {\n  agent any\n  stages { stage('Build') { steps { sh 'make' } } }\n}";
    const typed = generateProgram({
      items: [
        { fullName: "team", configXml: renderFolder({ displayName: "Team" }) },
        { fullName: "team/nightly", configXml: renderPipeline({ script }, { description: "", enabled: true }) },
      ],
      sourceUrl: "https://ci.example.com/",
    });
    const index = typed.files.get("index.ts")!;
    expect([...typed.files.keys()].filter((f) => f.startsWith("jobs/"))).toEqual([]);
    // No helper reading ./jobs and none of the imports only it used: the program has nothing unused.
    expect(index).not.toMatch(/readFileSync|node:path|jobConfig|\.\/jobs/);
    expect(index).toMatch(/^import \{ Job \} from "pulumi-jenkins-jobs";$/m);
    const readme = typed.files.get("README.md")!;
    expect(readme).not.toContain("jobs/");
    expect(readme).toContain("edit a typed spec in `index.ts`");
    // With one item as raw XML, the helper, its imports and the README's jobs/ come back.
    expect(program.files.get("index.ts")).toMatch(/import \{ readFileSync \} from "node:fs";[\s\S]*function jobConfig/);
    expect(program.files.get("README.md")).toContain("a file under `jobs/`");
  });

  it("is deterministic", () => {
    const again = generateProgram({
      items,
      sourceUrl: "https://ci.example.com/",
      projectName: "ci jobs!",
      packageRange: "^0.1.0",
      pulumiRange: "^3.270.0",
    });
    expect([...again.files]).toEqual([...program.files]);
  });
});
