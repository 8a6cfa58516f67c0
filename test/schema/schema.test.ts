/**
 * plugin/schema.json, the package schema the plugin serves: what the resources' types generate now
 * (`npm run schema`), valid against Pulumi's metaschema, every `$ref` resolved, saying what the types say, every
 * property described, and the SDK of each language named.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { SCHEMA_FILE, schemaText } from "../../scripts/schema";
import { generateSchema } from "../../scripts/schema/generate";
import type { ObjectTypeSpec, PackageSpec } from "../../scripts/schema/spec";
import { configKeysInSource } from "../docs/reference";
import { repoRoot } from "../docs/markdown";
import { languageErrors, metaschemaErrors, undescribed, unresolvedRefs } from "./checks";

const committedText = readFileSync(path.join(repoRoot, SCHEMA_FILE), "utf8");
const committed = JSON.parse(committedText) as PackageSpec;
const TOKENS = ["Job", "View", "Credential", "FolderSweep", "BuildTrigger"].map((n) => `jenkins:index:${n}`);

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "plugin-schema-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the sources the schema is generated from, to edit. */
function copyOfSources(): string {
  const root = mkdtempSync(path.join(scratch, "root-"));
  cpSync(path.join(repoRoot, "provider"), path.join(root, "provider"), { recursive: true });
  cpSync(path.join(repoRoot, "package.json"), path.join(root, "package.json"));
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(root, "node_modules"), "dir");
  return root;
}

function edit(root: string, file: string, from: string, to: string): void {
  const full = path.join(root, file);
  const text = readFileSync(full, "utf8");
  expect(text).toContain(from);
  writeFileSync(full, text.replace(from, to));
}

test("the committed schema is what the types generate (run `npm run schema` and commit plugin/schema.json)", () => {
  expect(schemaText()).toBe(committedText);
}, 60_000);

test("a changed doc comment, a new spec field and a new secret each change the generated schema", () => {
  const root = copyOfSources();
  edit(root, "provider/resource/job.ts", "Changing it renames the job in place", "Changing it replaces the job");
  edit(root, "provider/specs/types.ts", "  script?: string;\n", "  script?: string;\n  agentLabel?: string;\n");
  edit(
    root,
    "provider/connection/stack-config.ts",
    "   * @defaultValue the environment's `JENKINS_USER`\n",
    "   * @defaultValue the environment's `JENKINS_USER`\n   * @secret\n",
  );
  const changed = generateSchema(root);
  expect(changed).not.toEqual(committed);
  expect(changed.resources["jenkins:index:Job"].inputProperties.name.description).toMatch(
    /^The job's own name .*replaces the job/s,
  );
  expect(committed.resources["jenkins:index:Job"].inputProperties.name.description).toMatch(/renames the job in place/);
  const pipeline = (s: PackageSpec): ObjectTypeSpec => s.types["jenkins:index:PipelineSpec"] as ObjectTypeSpec;
  expect(pipeline(changed).properties.agentLabel).toEqual({ type: "string" });
  expect(pipeline(committed).properties.agentLabel).toBeUndefined();
  expect(changed.config.variables.user.secret).toBe(true);
  expect(committed.config.variables.user.secret).toBeUndefined();
}, 60_000);

test("a type no schema type expresses is refused, naming the property", () => {
  const root = copyOfSources();
  edit(root, "provider/view/view.ts", "  adopt?: pulumi.Input<boolean>;", "  adopt?: () => boolean;");
  expect(() => generateSchema(root)).toThrow(/ViewArgs\.adopt: no schema type expresses FunctionType/);
});

test("the schema validates against Pulumi's metaschema; a broken one does not", () => {
  expect(metaschemaErrors(committed)).toEqual([]);
  const broken = structuredClone(committed) as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  broken.name = "jenkins jobs";
  broken.resources["jenkins:index:Job"].inputProperties.name.type = "text";
  broken.resources["jenkins:index:View"].aliases = [42];
  broken.meta.moduleFormat = "((";
  const errors = metaschemaErrors(broken);
  expect(errors).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/name: must match pattern/),
      expect.stringMatching(
        /^\/resources\/jenkins:index:Job\/inputProperties\/name\/type: must be equal to one of the allowed values/,
      ),
      expect.stringMatching(/^\/resources\/jenkins:index:View\/aliases\/0: must be object,string/),
      expect.stringMatching(/^\/meta\/moduleFormat: must match format "regex"/),
    ]),
  );
});

test("every $ref resolves, to a type of the schema or a built-in; a broken one is named", () => {
  const refs = JSON.stringify(committed).match(/"\$ref":"[^"]+"/g) ?? [];
  expect(refs.length).toBeGreaterThan(20);
  expect(refs).toContainEqual('"$ref":"pulumi.json#/Any"');
  expect(unresolvedRefs(committed)).toEqual([]);
  const broken = structuredClone(committed);
  const pipeline = broken.types["jenkins:index:PipelineSpec"] as ObjectTypeSpec;
  pipeline.properties.scm = { $ref: "#/types/jenkins:index:Nope" };
  broken.resources["jenkins:index:BuildTrigger"].inputProperties.triggers.items = { $ref: "pulumi.json#/Anything" };
  delete broken.types["jenkins:index:SweepAction"];
  expect(unresolvedRefs(broken)).toEqual([
    "/resources/jenkins:index:FolderSweep/properties/action: #/types/jenkins:index:SweepAction",
    "/resources/jenkins:index:FolderSweep/inputProperties/action: #/types/jenkins:index:SweepAction",
    "/resources/jenkins:index:BuildTrigger/inputProperties/triggers/items: pulumi.json#/Anything",
    "/types/jenkins:index:PipelineSpec/properties/scm: #/types/jenkins:index:Nope",
  ]);
});

test("every property says what it is: the configuration, each resource's inputs and outputs, every type's fields", () => {
  expect(undescribed(committed)).toEqual([]);
  const all = (spec: PackageSpec): number =>
    Object.keys(spec.config.variables).length +
    Object.values(spec.resources).reduce(
      (n, r) => n + Object.keys(r.inputProperties).length + Object.keys(r.properties).length,
      0,
    ) +
    Object.values(spec.types).reduce(
      (n, t) => n + Object.keys((t as Partial<ObjectTypeSpec>).properties ?? {}).length,
      0,
    );
  expect(all(committed)).toBeGreaterThan(150);
  const broken = structuredClone(committed);
  delete broken.config.variables.url.description;
  broken.resources["jenkins:index:View"].properties.url.description = " ";
  delete (broken.types["jenkins:index:GitScmSpec"] as ObjectTypeSpec).properties.branch.description;
  delete broken.types["jenkins:index:CheckPolicy"].description;
  expect(undescribed(broken)).toEqual([
    "/config/variables/url",
    "/resources/jenkins:index:View/properties/url",
    "/types/jenkins:index:CheckPolicy",
    "/types/jenkins:index:GitScmSpec/properties/branch",
  ]);
});

test("a property whose doc comment is removed from its type is reported", () => {
  const root = copyOfSources();
  const file = path.join(root, "provider/specs/types.ts");
  const text = readFileSync(file, "utf8");
  const comment = /\n {2}\/\*\* Inline Pipeline script \(Groovy\)\. \*\/\n/;
  expect(text).toMatch(comment);
  writeFileSync(file, text.replace(comment, "\n"));
  expect(undescribed(generateSchema(root))).toEqual(["/types/jenkins:index:PipelineSpec/properties/script"]);
}, 60_000);

test("the language section names the SDK each language's generator writes, as the metaschema defines the section", () => {
  expect(languageErrors(committed)).toEqual([]);
  expect(committed.language).toEqual({
    nodejs: { packageName: "pulumi-jenkins-jobs-sdk" },
    python: { packageName: "pulumi_jenkins_jobs" },
    go: { importBasePath: "example.com/pulumi-jenkins/sdk/go/jenkins" },
    csharp: { rootNamespace: "Pulumi", namespaces: { jenkins: "JenkinsJobs" } },
    java: { basePackage: "com.pulumi" },
  });
  // The TypeScript SDK must not take the name of the package of classes that a project moving over holds too.
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { name: string };
  expect(committed.language.nodejs.packageName).not.toBe(manifest.name);
  expect(committed.publisher).toBe(manifest.name);

  const broken = structuredClone(committed) as unknown as { language: Record<string, Record<string, unknown>> };
  delete broken.language.java;
  delete broken.language.python.packageName;
  broken.language.go.importBasePath = 42;
  broken.language.csharp.namespaces = ["JenkinsJobs"];
  expect(languageErrors(broken)).toEqual([
    "/language/python/packageName: missing",
    "/language/java: missing",
    "/language/csharp/namespaces: must be object",
    "/language/go/importBasePath: must be string",
  ]);
  expect(languageErrors({})).toEqual(["/language: missing"]);
});

test("package.json's repository and author become the schema's repository, publisher and Go import path", () => {
  // Without a repository, Go's import path is the one `pulumi package add` derives itself, so the two agree.
  expect(committed.repository).toBeUndefined();
  const root = copyOfSources();
  const manifest = path.join(root, "package.json");
  const pkg = JSON.parse(readFileSync(manifest, "utf8")) as Record<string, unknown>;
  pkg.repository = { type: "git", url: "git+https://github.com/acme/jenkins-jobs.git" };
  pkg.author = "Acme Platform Team <platform@acme.example>";
  writeFileSync(manifest, JSON.stringify(pkg));
  const spec = generateSchema(root);
  expect(spec.repository).toBe("https://github.com/acme/jenkins-jobs");
  expect(spec.publisher).toBe("Acme Platform Team");
  expect(spec.language.go.importBasePath).toBe("github.com/acme/jenkins-jobs/sdk/go/jenkins");
  expect(metaschemaErrors(spec)).toEqual([]);
  expect(languageErrors(spec)).toEqual([]);
}, 60_000);

test("the five resources, each with the alias of the dynamic type it replaces and every property described", () => {
  expect(committed.name).toBe("jenkins");
  expect(Object.keys(committed.resources)).toEqual(TOKENS);
  for (const t of TOKENS) {
    const r = committed.resources[t];
    expect(r.aliases).toEqual([{ type: `pulumi-nodejs:dynamic/jenkins:${t.split(":")[2]}` }]);
    expect(r.description).toBeTruthy();
    for (const p of [...Object.values(r.inputProperties), ...Object.values(r.properties)])
      expect(p.description).toBeTruthy();
    // `id` and `urn` are every resource's own: a schema may not use them as property names.
    expect(Object.keys(r.inputProperties)).not.toEqual(expect.arrayContaining(["id"]));
  }
  const job = committed.resources["jenkins:index:Job"];
  expect(job.requiredInputs).toEqual(["name"]);
  expect(job.inputProperties.pipeline).toMatchObject({ $ref: "#/types/jenkins:index:PipelineSpec" });
  expect(job.properties.fullName).toMatchObject({ type: "string" });
  expect(committed.resources["jenkins:index:Credential"].requiredInputs).toEqual(["credentialId"]);
  expect(committed.resources["jenkins:index:FolderSweep"].inputProperties.action).toMatchObject({
    $ref: "#/types/jenkins:index:SweepAction",
  });
  expect(committed.types["jenkins:index:SweepAction"]).toMatchObject({
    type: "string",
    enum: [{ value: "report" }, { value: "disable" }, { value: "delete" }],
  });
});

test("secrets are marked: the connection's token and password, a credential's secret fields, the secret outputs", () => {
  const secret = (p: { secret?: boolean } | undefined): boolean | undefined => p?.secret;
  for (const key of ["apiToken", "password"]) {
    expect(secret(committed.config.variables[key])).toBe(true);
    expect(secret(committed.provider.inputProperties[key])).toBe(true);
    expect(secret((committed.types["jenkins:index:ControllerConfig"] as ObjectTypeSpec).properties[key])).toBe(true);
  }
  expect(secret(committed.config.variables.url)).toBeUndefined();
  const field = (type: string, name: string) =>
    (committed.types[`jenkins:index:${type}`] as ObjectTypeSpec).properties[name];
  expect(secret(field("SecretTextSpec", "secret"))).toBe(true);
  expect(secret(field("UsernamePasswordSpec", "password"))).toBe(true);
  expect(secret(field("UsernamePasswordSpec", "username"))).toBeUndefined();
  expect(secret(field("SshPrivateKeySpec", "privateKey"))).toBe(true);
  expect(secret(field("SshPrivateKeySpec", "passphrase"))).toBe(true);
  expect(secret(field("SecretFileSpec", "content"))).toBe(true);
  // The outputs the dynamic resources register as additionalSecretOutputs.
  expect(secret(committed.resources["jenkins:index:Job"].properties.secretValues)).toBe(true);
  expect(secret(committed.resources["jenkins:index:Credential"].properties.secretValues)).toBe(true);
});

test("unions are flat object types with their `type` field (or one field per kind), so Go types them too", () => {
  const parameter = committed.types["jenkins:index:ParameterSpec"] as ObjectTypeSpec;
  expect(parameter.required).toEqual(["type", "name"]);
  expect(parameter.properties.type.description).toMatch(/One of `string`, `boolean`, `choice`, `password`\./);
  expect(parameter.properties.choices).toMatchObject({ type: "array", items: { type: "string" } });
  expect(parameter.properties.default.oneOf).toEqual([{ type: "string" }, { type: "boolean" }]);
  const source = committed.types["jenkins:index:BranchSourceSpec"] as ObjectTypeSpec;
  expect(source.required).toEqual(["type"]);
  expect(source.properties.remote.description).toMatch(/^`git`: /);
  expect(source.properties.repoOwner.description).toMatch(/^`github`: /);
  const step = committed.types["jenkins:index:BuildStepSpec"] as ObjectTypeSpec;
  expect(Object.keys(step.properties)).toEqual(["shell", "batch"]);
  expect(step.description).toMatch(/Exactly one of `shell`, `batch`\./);
  expect(JSON.stringify(committed)).not.toMatch(/"oneOf":\[\{"\$ref"/);
});

test("the provider's configuration is the stack config: every jenkins:* key the provider reads", () => {
  const read = [...configKeysInSource().keys()].map((k) => k.slice("jenkins:".length)).sort();
  expect(read.length).toBeGreaterThanOrEqual(10);
  expect(Object.keys(committed.config.variables).sort()).toEqual(read);
  expect(committed.provider.inputProperties).toEqual(committed.config.variables);
  expect(committed.config.variables.controllers).toMatchObject({
    type: "object",
    additionalProperties: { $ref: "#/types/jenkins:index:ControllerConfig" },
  });
  expect(committed.config.variables.maxConnections).toMatchObject({ type: "integer" });
  expect(committed.config.variables.pluginCheck).toMatchObject({ $ref: "#/types/jenkins:index:CheckPolicy" });
});
