/**
 * No phantom change, whatever Jenkins owns, through the language host: one stack of jobs whose configs hold a part
 * Jenkins owns (a folder's views, a folder's credentials, branch source ids, properties a pipeline set, Secret
 * fields), each declared by typed spec and by config.xml (compact and pretty-printed), with and without the part.
 * After `up` and what Jenkins does by itself (a view and a credential made in each folder by hand, the multibranch
 * projects indexed, the pipelines built), a refresh plans nothing and shows nothing, the next preview has no change,
 * and no job's outputs keep a config or its digest in public. The multibranch project declared by its config.xml
 * with a source without `<id>` is among them.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { renderFolder, renderMultibranch } from "../../provider/specs";
import type { MultibranchSpec } from "../../provider/specs";
import { canonicalizeDocument } from "../../provider/xml/canonical";
import { parseXml } from "../../provider/xml/tree";
import { usernamePassword } from "../harness/credential-configs";
import { jobPath, type JenkinsUser } from "../harness/jenkins-user";
import type { OperationResult, PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { startStack } from "./stack";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "owned-parts");
const REPO = "https://git.example.com/team/app.git";
const MULTIBRANCH: MultibranchSpec = { sources: [{ type: "git", remote: REPO }] };
const CREDENTIALS =
  "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";

/** A config on one line, as a program that builds it in code may send it. */
const compact = (xml: string) => xml.replace(/>\s+</g, "><").trim();
const pretty = (xml: string) => canonicalizeDocument(parseXml(xml));

const folderXml = (inside = "") =>
  compact(`<?xml version='1.1' encoding='UTF-8'?>
<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder">
  <description>A folder</description>
  <properties>${inside.includes(CREDENTIALS) ? inside : ""}</properties>
  ${inside.includes("folderViews") ? inside : ""}
  <healthMetrics/>
</com.cloudbees.hudson.plugins.folder.Folder>`);

const ALL_VIEW = `<hudson.model.AllView><owner class="com.cloudbees.hudson.plugins.folder.Folder" reference="../../.."/>
  <name>All</name><filterExecutors>false</filterExecutors><filterQueue>false</filterQueue>
  <properties class="hudson.model.View$PropertyList"/></hudson.model.AllView>`;
const holder = (views: string) =>
  `<folderViews class="com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder"><views>${views}</views>` +
  `<primaryView>All</primaryView><tabBar class="hudson.views.DefaultViewsTabBar"/></folderViews>`;
const OWN_VIEW =
  `<hudson.model.ListView><name>declared</name><filterExecutors>false</filterExecutors>` +
  `<filterQueue>false</filterQueue><properties class="hudson.model.View$PropertyList"/><jobNames>` +
  `<comparator class="hudson.util.CaseInsensitiveComparator"/></jobNames><jobFilters/><columns/>` +
  `<recurse>false</recurse></hudson.model.ListView>`;
const EMPTY_STORE =
  `<${CREDENTIALS}><domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash"><entry>` +
  `<com.cloudbees.plugins.credentials.domains.Domain><specifications/></com.cloudbees.plugins.credentials.domains.Domain>` +
  `<java.util.concurrent.CopyOnWriteArrayList/></entry></domainCredentialsMap></${CREDENTIALS}>`;

const SCRIPT = [
  "pipeline {",
  "  agent any",
  "  parameters { string(name: 'GREETING', defaultValue: 'hello') }",
  "  options { buildDiscarder(logRotator(numToKeepStr: '5')) }",
  "  stages { stage('Greet') { steps { echo params.GREETING } } }",
  "}",
].join("\n");
const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const GREETING =
  "<hudson.model.ParametersDefinitionProperty><parameterDefinitions><hudson.model.StringParameterDefinition>" +
  "<name>GREETING</name><defaultValue>hello</defaultValue><trim>false</trim></hudson.model.StringParameterDefinition>" +
  "</parameterDefinitions></hudson.model.ParametersDefinitionProperty>";
const pipelineXml = (properties: string) => `<?xml version='1.1' encoding='UTF-8'?>
<flow-definition plugin="workflow-job">
  <description>Greets</description>
  <keepDependencies>false</keepDependencies>
  <properties>${properties}</properties>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition" plugin="workflow-cps">
    <script>${escape(SCRIPT)}</script>
    <sandbox>true</sandbox>
  </definition>
  <triggers/>
  <disabled>false</disabled>
</flow-definition>
`;

const SECRET_XML = `<project>
  <properties>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.PasswordParameterDefinition>
          <name>TOKEN</name>
          <description>Deploy token</description>
          <defaultValue>{{SECRET}}</defaultValue>
        </hudson.model.PasswordParameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>
  </properties>
  <builders><hudson.tasks.Shell><command>./deploy.sh</command></hudson.tasks.Shell></builders>
</project>`;

const mbXml = renderMultibranch(MULTIBRANCH);
const mbWithId = mbXml.replace(/(<source [^>]*>)/, "$1<id>declared-source</id>");

/** The stack's jobs: [resource key, Job arguments]; folders first. */
const JOBS: Array<Record<string, unknown> & { key: string }> = [
  // A folder's views: left to Jenkins (spec, XML without a holder, XML with the default holder), or its own.
  { key: "views-spec", name: "views-spec", folderSpec: {} },
  { key: "views-xml", name: "views-xml", configXml: folderXml() },
  { key: "views-xml-default", name: "views-xml-default", configXml: pretty(folderXml(holder(ALL_VIEW))) },
  { key: "views-xml-own", name: "views-xml-own", configXml: folderXml(holder(ALL_VIEW + OWN_VIEW)) },
  // A folder's credentials: left to Jenkins (spec, XML without the property), or declared (an empty store).
  { key: "creds-spec", name: "creds-spec", folderSpec: { displayName: "Credentials" } },
  { key: "creds-xml", name: "creds-xml", configXml: pretty(renderFolder({})) },
  { key: "creds-xml-own", name: "creds-xml-own", configXml: folderXml(EMPTY_STORE) },
  // Branch source ids: given by Jenkins (spec, XML compact and pretty-printed), or declared.
  { key: "mb-spec", name: "mb-spec", multibranch: MULTIBRANCH },
  { key: "mb-xml", name: "mb-xml", configXml: mbXml },
  { key: "mb-xml-compact", name: "mb-xml-compact", configXml: compact(mbXml) },
  { key: "mb-xml-id", name: "mb-xml-id", configXml: mbWithId },
  // Properties the pipeline sets: a spec, XML declaring the parameter the script sets too, XML without it.
  { key: "pipe-spec", name: "pipe-spec", pipeline: { script: SCRIPT } },
  { key: "pipe-xml", name: "pipe-xml", configXml: pipelineXml(GREETING) },
  { key: "pipe-xml-bare", name: "pipe-xml-bare", configXml: compact(pipelineXml("")) },
  // Secret fields: a password parameter's default from a secret, in XML and in a spec.
  { key: "secret-xml", name: "secret-xml", configXml: SECRET_XML },
  {
    key: "secret-spec",
    name: "secret-spec",
    freestyle: {
      parameters: [{ type: "password", name: "TOKEN", default: "{{SECRET}}" }],
      steps: [{ shell: "./deploy.sh" }],
    },
  },
];

const nameOf = (urn: string) => urn.split("::").pop() as string;
const changes = (r: OperationResult) => r.steps.filter((s) => s.op !== "same").map((s) => `${s.op} ${nameOf(s.urn)}`);

describe("jobs whose configs hold parts Jenkins owns, declared both ways", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let cli: PulumiCli;

  beforeAll(async () => {
    ({ server, user, cli } = await startStack(PROJECT, {
      server: { repositories: { [REPO]: ["main", "dev"] }, quietPeriodMs: 0 },
    }));
    cli.setConfig("jobs", JOBS).setConfig("secret", "s3cr3t-token-value", { secret: true });
  });
  afterAll(async () => {
    await cli?.destroy();
    await server?.close();
  });

  it("up, what Jenkins does by itself, refresh and preview: no change planned or shown", async () => {
    const up = await cli.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(changes(up)).toHaveLength(JOBS.length);

    // What Jenkins and its users do by themselves: views and credentials made in the folders that leave them to
    // Jenkins, indexing (ids given to the sources declared without one), builds that set the pipelines' properties.
    const view = "<hudson.model.ListView><jobNames/></hudson.model.ListView>";
    for (const folder of ["views-spec", "views-xml", "views-xml-default"]) {
      const made = await user.request("POST", `/${jobPath(folder)}createView?name=mine`, view, "text/xml");
      expect([folder, made.status]).toEqual([folder, 200]);
      expect(await user.getConfig(folder)).toContain("<name>mine</name>");
    }
    for (const folder of ["creds-spec", "creds-xml", "views-xml"]) {
      await user.addCredential(folder, usernamePassword({ id: "by-hand", username: "ci", password: "hand-made" }));
      expect(await user.getConfig(folder)).toContain("<id>by-hand</id>");
    }
    for (const mb of ["mb-spec", "mb-xml", "mb-xml-compact"])
      expect(await user.getConfig(mb)).toMatch(/<source [^>]*>\s*<id>[0-9a-f-]{36}<\/id>/);
    expect(await user.getConfig("mb-xml-id")).toContain("<id>declared-source</id>");
    for (const job of ["pipe-spec", "pipe-xml", "pipe-xml-bare"]) {
      const parameterized = (await user.getConfig(job)).includes("ParametersDefinitionProperty");
      const res = await user.request("POST", `/${jobPath(job)}${parameterized ? "buildWithParameters" : "build"}`);
      expect([job, res.status]).toEqual([job, 201]);
      expect(await user.getConfig(job)).toContain("DeclarativeJobPropertyTrackerAction");
      expect(await user.getConfig(job)).toContain("<name>GREETING</name>");
    }

    const refresh = await cli.refresh();
    expect({ ok: refresh.ok, errors: refresh.errors, gone: refresh.gone }).toEqual({ ok: true, errors: [], gone: [] });
    const shown = refresh.steps.filter((s) => s.op !== "same").map((s) => `${nameOf(s.urn)}:\n${s.display}`);
    expect(shown).toEqual([]);
    expect(refresh.steps).toHaveLength(JOBS.length);

    const preview = await cli.preview();
    expect({ ok: preview.ok, changes: changes(preview) }).toEqual({ ok: true, changes: [] });

    for (const r of cli.state.resources.filter((x) => x.custom)) {
      const keys = Object.keys(r.outputs);
      // A config declared as configXml is kept once, in the inputs; a spec's rendered config sits beside the spec.
      const typed = ["pipeline", "freestyle", "folderSpec", "multibranch"].some((k) => keys.includes(k));
      expect([nameOf(r.urn), keys.filter((k) => (k === "configXml" && !typed) || k === "configDigest")]).toEqual([
        nameOf(r.urn),
        [],
      ]);
      expect(r.outputs.__digest).toBeDefined();
    }
  });
});
