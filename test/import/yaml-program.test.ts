/**
 * `pulumi-jenkins import --language yaml`: the same estate written as a Pulumi YAML program whose resources are the
 * provider plugin's (plugin/schema.json), mirroring what the TypeScript program declares: every item, view and
 * credential with adopt: true, the same resource names, references where the TypeScript program has variables, the
 * credentials' secrets from secret config keys, every `$` of a literal escaped from Pulumi YAML's interpolation.
 * Against the server, the command as a child process; the YAML parsed with the `yaml` package.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import type { JenkinsServer } from "../../provider/server";
import type { Declaration } from "../../provider/import/declarations";
import { pulumiYamlProgram } from "../../provider/import/yaml";
import { runBin } from "../harness/bin";
import { githubApp, secretText, sshKey, usernamePassword } from "../harness/credential-configs";
import { JenkinsUser } from "../harness/jenkins-user";
import { folder, freestyle, pipeline } from "../harness/job-configs";
import { repoRoot } from "../harness/provider-process";
import { cleanEnv } from "../harness/serialized-provider";
import { ADMIN, startServer, onlyReads } from "../harness/test-server";

/** What Pulumi YAML makes of a literal string: `$$` is one `$` (pulumi-yaml `parseInterpolate`). */
const unescaped = (s: string): string => s.replace(/\$\$/g, "$");

interface YamlResource {
  type: string;
  properties: Record<string, unknown>;
}
interface YamlProject {
  name: string;
  runtime: string;
  packages: Record<string, string>;
  config?: Record<string, { type: string; secret?: boolean; default?: string }>;
  resources: Record<string, YamlResource>;
}

const SCRIPT = "node {\n  echo \"build ${env.BUILD_ID}\"\n  sh 'echo $$ $HOME'\n}";
const SECRETS = {
  token: "Team-Token-5e1",
  bot: "Bot-Pw-77a",
  key: "KEY-0f3",
  phrase: "Phrase-9c2",
  app: "App-Key-3b8",
};
const VIEW = `<hudson.model.ListView><name>ci</name><filterExecutors>false</filterExecutors><filterQueue>false</filterQueue><properties class="hudson.model.View$PropertyList"/><jobNames><comparator class="java.lang.String$CaseInsensitiveComparator"/><string>nightly</string></jobNames><jobFilters/><recurse>false</recurse></hudson.model.ListView>`;

describe("import --language yaml (the plugin's resources)", () => {
  let server: JenkinsServer;
  let yamlOut: string;
  let tsOut: string;
  let project: YamlProject;
  let stderr: string;

  beforeAll(async () => {
    server = await startServer("current");
    const user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    await user.createJob("team", folder({ description: "the team" }));
    await user.createJob("team/api", pipeline({ script: SCRIPT, description: "API $ build" }));
    await user.createJob(
      "team/ws",
      freestyle({ command: "make" }).replace("<builders>", "<customWorkspace>/ws/${X}</customWorkspace>\n  <builders>"),
    );
    await user.createJob("nightly", freestyle({ command: "echo nightly" }));
    await user.addCredential("team", secretText({ id: "token", secret: SECRETS.token }));
    await user.addCredential(
      "team",
      sshKey({ id: "key", username: "git", privateKey: SECRETS.key, passphrase: SECRETS.phrase }),
    );
    await user.addCredential("team", githubApp({ id: "app", appID: "1234", privateKey: SECRETS.app, owner: "acme" }));
    await user.addCredential(undefined, usernamePassword({ id: "git-bot", username: "bot", password: SECRETS.bot }));
    const view = await user.request("POST", "createView?name=ci", VIEW, "application/xml");
    expect(view.status).toBe(200);
    const base = fs.mkdtempSync(path.join(os.tmpdir(), "import-yaml-"));
    yamlOut = path.join(base, "yaml");
    tsOut = path.join(base, "ts");
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    server.resetCounters();
    const yaml = await runBin(["import", "--out", yamlOut, "--language", "yaml", "--credentials"], env);
    expect({ code: yaml.code, stderr: yaml.stderr }).toEqual({
      code: 0,
      stderr: expect.stringContaining("Pulumi.yaml, jobs/"),
    });
    // Reads only: the runnable check's linter (for the README's jobs that cannot run) changes nothing.
    expect(server.requests.filter((r) => !onlyReads(r))).toEqual([]);
    stderr = yaml.stderr;
    const ts = await runBin(["import", "--out", tsOut, "--credentials"], env);
    expect(ts.code).toBe(0);
    project = parse(fs.readFileSync(path.join(yamlOut, "Pulumi.yaml"), "utf8")) as YamlProject;
  });
  afterAll(async () => {
    await server?.close();
    if (yamlOut) fs.rmSync(path.dirname(yamlOut), { recursive: true, force: true });
  });

  it("writes a Pulumi YAML project that names the plugin folder under packages:, and no Node.js files", () => {
    expect(project.name).toBe("yaml");
    expect(project.runtime).toBe("yaml");
    expect(path.resolve(yamlOut, project.packages.jenkins)).toBe(path.join(repoRoot, "plugin"));
    expect(project.packages.jenkins).toMatch(/^\.\.?\//);
    expect(stderr).toContain(`Pulumi.yaml takes the provider plugin from ${path.join(repoRoot, "plugin")}`);
    expect(fs.readdirSync(yamlOut).sort()).toEqual(["Pulumi.yaml", "README.md", "jobs"]);
    // Advice only about the files it wrote: no package.json, no .npmrc.
    expect(stderr.split("\n").filter((l) => /package\.json|\.npmrc/.test(l))).toEqual([]);
  });

  it("declares what the TypeScript program declares, by the same names, as the plugin's types with adopt: true", () => {
    const index = fs.readFileSync(path.join(tsOut, "index.ts"), "utf8");
    const declared = [...index.matchAll(/new (Job|View|Credential)\(("(?:[^"\\]|\\.)*")/g)].map(
      (m) => `jenkins:index:${m[1]} ${JSON.parse(m[2]) as string}`,
    );
    expect(declared.length).toBeGreaterThanOrEqual(9);
    expect(Object.entries(project.resources).map(([name, r]) => `${r.type} ${name}`)).toEqual(declared);
    for (const r of Object.values(project.resources)) expect(r.properties.adopt).toBe(true);
  });

  it("gives each resource only inputs of its type in the plugin's schema, at every depth of a spec", () => {
    interface Spec {
      $ref?: string;
      items?: Spec;
      properties?: Record<string, Spec>;
    }
    const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, "plugin", "schema.json"), "utf8")) as {
      resources: Record<string, { inputProperties: Record<string, Spec>; requiredInputs?: string[] }>;
      types: Record<string, Spec>;
    };
    /** The paths of `value` that its schema type has no property for. */
    const unknown = (value: unknown, spec: Spec, at: string): string[] => {
      const type = spec.$ref?.startsWith("#/types/") ? schema.types[spec.$ref.slice("#/types/".length)] : spec;
      if (Array.isArray(value) && type.items)
        return value.flatMap((v, i) => unknown(v, type.items as Spec, `${at}[${i}]`));
      if (typeof value !== "object" || value === null || Array.isArray(value) || !type.properties) return [];
      if (Object.keys(value).some((k) => k.startsWith("fn::"))) return [];
      return Object.entries(value).flatMap(([k, v]) =>
        type.properties?.[k] === undefined ? [`${at}.${k}`] : unknown(v, type.properties[k], `${at}.${k}`),
      );
    };
    let specs = 0;
    for (const [name, r] of Object.entries(project.resources)) {
      const found = unknown(r.properties, { properties: schema.resources[r.type].inputProperties }, name);
      expect({ name, unknown: found }).toEqual({ name, unknown: [] });
      for (const required of schema.resources[r.type].requiredInputs ?? [])
        expect(r.properties).toHaveProperty(required);
      if (r.properties.pipeline || r.properties.freestyle || r.properties.listView) specs++;
    }
    expect(specs).toBeGreaterThanOrEqual(3);
    expect(project.resources["team/token"].properties.credentialId).toBe("token");
  });

  it("refers to the folder's and a listed job's outputs where the TypeScript program uses their variables", () => {
    const r = project.resources;
    expect(r["team/api"].properties.folder).toBe("${team.fullName}");
    expect(r["team/token"].properties.folder).toBe("${team.fullName}");
    expect(r.ci.properties.listView).toEqual({ jobs: ["${nightly.name}"] });
  });

  it("keeps every $ of a script, a description and a config as a literal", () => {
    const api = project.resources["team/api"].properties;
    const script = (api.pipeline as { script: string }).script;
    expect(script).toContain("$${env.BUILD_ID}");
    expect(unescaped(script)).toBe(SCRIPT);
    expect(unescaped(api.description as string)).toBe("API $ build");
    const ws = project.resources["team/ws"].properties.configXml as { "fn::readFile": string };
    expect(ws["fn::readFile"]).toBe("./jobs/team/ws.xml");
    expect(fs.readFileSync(path.join(yamlOut, "jobs", "team", "ws.xml"), "utf8")).toContain(
      "<customWorkspace>/ws/${X}",
    );
    expect(fs.readFileSync(path.join(yamlOut, "jobs", "team", "ws.xml"), "utf8")).toBe(
      fs.readFileSync(path.join(tsOut, "jobs", "team", "ws.xml"), "utf8"),
    );
  });

  it("reads each credential's secrets from secret config keys, the same keys as the TypeScript program, none in clear", () => {
    const tsKeys = [
      ...fs.readFileSync(path.join(tsOut, "index.ts"), "utf8").matchAll(/config\.(require|get)Secret\("([^"]+)"\)/g),
    ];
    expect(Object.keys(project.config ?? {}).sort()).toEqual(tsKeys.map((m) => m[2]).sort());
    for (const [key, decl] of Object.entries(project.config ?? {})) {
      const optional = tsKeys.find((m) => m[2] === key)?.[1] === "get";
      expect({ key, decl }).toEqual({
        key,
        decl: { type: "string", secret: true, ...(optional ? { default: "" } : {}) },
      });
    }
    const token = project.resources["team/token"].properties.secretText as { secret: string };
    expect(token.secret).toMatch(/^\$\{[a-z0-9-]+\}$/);
    const app = project.resources["team/app"].properties.configXml as { "fn::secret": string };
    expect(app["fn::secret"]).toMatch(/<privateKey>\$\{[a-z0-9-]+\}<\/privateKey>/);
    const readme = fs.readFileSync(path.join(yamlOut, "README.md"), "utf8");
    for (const key of Object.keys(project.config ?? {})) expect(readme).toContain(`pulumi config set --secret ${key} `);
    const written = [fs.readFileSync(path.join(yamlOut, "Pulumi.yaml"), "utf8"), readme].join("\n");
    for (const secret of Object.values(SECRETS)) expect(written).not.toContain(secret);
    expect(written).not.toMatch(/\{AQAAAB/);
  });

  it("refuses to write over an earlier YAML program, naming its Pulumi.yaml", async () => {
    const env = cleanEnv({ JENKINS_URL: server.url, JENKINS_USER: ADMIN.name, JENKINS_API_TOKEN: ADMIN.apiToken });
    const again = await runBin(["import", "--out", yamlOut, "--language", "yaml"], env);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain("already holds a program (Pulumi.yaml or jobs/)");
    const bad = await runBin(["import", "--out", yamlOut, "--language", "python"], env);
    expect(bad.stderr).toContain('--language must be one of typescript, yaml; "python" is not.');
  });
});

describe("the YAML writer", () => {
  it("writes any text so that a YAML parser reads it back, blocks for scripts, quotes for the rest", () => {
    const texts = [
      "plain",
      "line one\nline two\n",
      "no final newline\n\tindented by a tab",
      "  leading spaces\nsecond",
      "trailing space \nnext",
      "ends in blank lines\n\n\n",
      "crlf\r\nline",
      "control \u0001 \u007f \u0085 \u2028 and \ufeff",
      "# not a comment: [x] {y} & *z ! | > ' \" %",
      "${dollar} $$ $",
      "",
      "中文 ünïcödé",
    ];
    const declarations: Declaration[] = texts.map((t, i) => ({
      kind: "Job",
      name: `job ${i}: "x"`,
      props: [
        ["name", { kind: "text", text: t }],
        [
          "pipeline",
          { kind: "data", value: { script: t, parameters: [{ type: "string", name: t }] }, layout: "block" },
        ],
      ],
    }));
    const text = pulumiYamlProgram({
      projectName: "p",
      description: "d: x",
      pluginSource: "../plugin",
      header: ["a header"],
      declarations,
      secrets: [],
      footer: ["a footer"],
    });
    const parsed = parse(text) as YamlProject;
    texts.forEach((t, i) => {
      const r = parsed.resources[`job ${i}: "x"`];
      expect(unescaped(r.properties.name as string)).toBe(t);
      expect(unescaped((r.properties.pipeline as { script: string }).script)).toBe(t);
      expect(unescaped((r.properties.pipeline as { parameters: Array<{ name: string }> }).parameters[0].name)).toBe(t);
    });
    expect(text).toContain("script: |\n");
    expect(text.startsWith("# a header\n")).toBe(true);
  });
});
