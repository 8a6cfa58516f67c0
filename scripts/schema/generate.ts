/**
 * The plugin's package schema (`plugin/schema.json`), generated from the types of the dynamic resources, the one
 * source of both: each resource's inputs are its `…Args` interface, its outputs the properties its class declares
 * (with the outputs it registers as `additionalSecretOutputs`, secret), its aliases the type its class registers
 * today, and the provider's configuration the stack config keys (`StackConfig`). Where the package comes from
 * (package.json) and what each language names its SDK: languages.ts.
 *
 * An input the class registers under another name keeps that name (`id` of a Credential is registered as
 * `credentialId`, and `id` is reserved in a schema): the name the class registers is the one the lifecycle reads.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { languageSection, publisherOf, repositoryUrl } from "./languages";
import type { PackageSpec, PropertySpec, ResourceSpec } from "./spec";
import { describe, PACKAGE, token, TypeMapper } from "./types";

/** The resources of the package: the class each is declared by today, its arguments and its outputs' shape. */
export const RESOURCES = [
  { name: "Job", file: "provider/resource/job.ts", args: "JobArgs", outputs: "provider/resource/types.ts#JobOutputs" },
  { name: "View", file: "provider/view/view.ts", args: "ViewArgs", outputs: "provider/view/types.ts#ViewOutputs" },
  {
    name: "Credential",
    file: "provider/credential/credential.ts",
    args: "CredentialArgs",
    outputs: "provider/credential/types.ts#CredentialOutputs",
  },
  {
    name: "FolderSweep",
    file: "provider/sweep/folder-sweep.ts",
    args: "FolderSweepArgs",
    outputs: "provider/sweep/types.ts#SweepOutputs",
  },
  {
    name: "BuildTrigger",
    file: "provider/triggers/build-trigger.ts",
    args: "BuildTriggerArgs",
    outputs: "provider/triggers/types.ts#TriggerOutputs",
  },
] as const;

const STACK_CONFIG = "provider/connection/stack-config.ts#StackConfig";

class Source {
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;

  constructor(readonly root: string) {
    const files = [...RESOURCES.flatMap((r) => [r.file, r.outputs.split("#")[0]]), STACK_CONFIG.split("#")[0]];
    this.program = ts.createProgram(
      files.map((f) => path.join(root, f)),
      {
        strict: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.CommonJS,
        skipLibCheck: true,
        noEmit: true,
      },
    );
    this.checker = this.program.getTypeChecker();
  }

  file(relative: string): ts.SourceFile {
    const file = this.program.getSourceFile(path.join(this.root, relative));
    if (file === undefined) throw new Error(`${relative}: not found`);
    return file;
  }

  /** A declaration of `name` at the top of `relative`. */
  declaration<T extends ts.Node>(relative: string, name: string, is: (n: ts.Node) => n is T): T {
    const found = this.file(relative).statements.find(
      (s): s is ts.Statement & T => is(s) && (s as unknown as { name?: ts.Identifier }).name?.text === name,
    );
    if (found === undefined) throw new Error(`${relative}: no ${name}`);
    return found;
  }

  symbol(node: ts.Node & { name?: ts.Node }): ts.Symbol {
    const symbol = node.name && this.checker.getSymbolAtLocation(node.name);
    if (symbol === undefined) throw new Error(`no symbol for ${node.getText().slice(0, 40)}`);
    return symbol;
  }

  interfaceAt(reference: string): ts.Symbol {
    const [file, name] = reference.split("#");
    return this.symbol(this.declaration(file, name, ts.isInterfaceDeclaration));
  }
}

/** What the class's constructor passes to `super(...)` of `pulumi.dynamic.Resource`. */
interface Registration {
  /** The dynamic resource's type, `pulumi-nodejs:dynamic/<module>:<type>` (the SDK's dynamic.Resource). */
  type: string;
  /** Registered input name by argument name, where the two differ (`credentialId: args.id`). */
  renamed: Map<string, string>;
  /** The outputs registered as `additionalSecretOutputs`. */
  secretOutputs: string[];
}

function registration(cls: ts.ClassDeclaration): Registration {
  const constructor = cls.members.find(ts.isConstructorDeclaration);
  let call: ts.CallExpression | undefined;
  const secretOutputs: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.SuperKeyword) call = n;
    if (ts.isPropertyAssignment(n) && n.name.getText() === "additionalSecretOutputs") {
      n.initializer.forEachChild(function strings(c) {
        if (ts.isStringLiteral(c)) secretOutputs.push(c.text);
        c.forEachChild(strings);
      });
    }
    n.forEachChild(visit);
  };
  if (constructor) visit(constructor);
  if (call === undefined) throw new Error(`${cls.name?.text}: no super(...) call`);
  const [, , props, , module, type] = call.arguments;
  if (!module || !type || !ts.isStringLiteral(module) || !ts.isStringLiteral(type))
    throw new Error(`${cls.name?.text}: super(...) without a literal module and type`);
  const renamed = new Map<string, string>();
  const objects = [props, ...(props && ts.isCallExpression(props) ? props.arguments : [])];
  for (const o of objects) {
    if (!o || !ts.isObjectLiteralExpression(o)) continue;
    for (const p of o.properties) {
      if (!ts.isPropertyAssignment(p) || !ts.isPropertyAccessExpression(p.initializer)) continue;
      const from = p.initializer.name.text;
      const to = p.name.getText();
      if (p.initializer.expression.getText() === "args" && from !== to) renamed.set(from, to);
    }
  }
  return {
    type: `pulumi-nodejs:dynamic/${module.text}:${type.text}`,
    renamed,
    secretOutputs: [...new Set(secretOutputs)],
  };
}

function resource(source: Source, mapper: TypeMapper, r: (typeof RESOURCES)[number]): ResourceSpec {
  const cls = source.declaration(r.file, r.name, ts.isClassDeclaration);
  const reg = registration(cls);
  const inputProperties: Record<string, PropertySpec> = {};
  const requiredInputs: string[] = [];
  const args = source.checker.getDeclaredTypeOfSymbol(source.interfaceAt(`${r.file}#${r.args}`));
  for (const p of source.checker.getPropertiesOfType(args)) {
    const name = reg.renamed.get(p.name) ?? p.name;
    const { spec, optional } = mapper.property(p, `${r.args}.${p.name}`);
    inputProperties[name] = spec;
    if (!optional) requiredInputs.push(name);
  }
  const properties: Record<string, PropertySpec> = {};
  const required: string[] = [];
  for (const member of cls.members) {
    if (
      !ts.isPropertyDeclaration(member) ||
      !ts.getModifiers(member)?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)
    )
      continue;
    const symbol = source.symbol(member);
    const { spec, optional } = mapper.property(symbol, `${r.name}.${symbol.name}`);
    properties[symbol.name] = spec;
    if (!optional) required.push(symbol.name);
  }
  const outputs = source.checker.getDeclaredTypeOfSymbol(source.interfaceAt(r.outputs));
  for (const name of reg.secretOutputs) {
    const p = source.checker.getPropertyOfType(outputs, name);
    if (p === undefined) throw new Error(`${r.outputs}: no ${name}, which ${r.name} registers as a secret output`);
    const { spec } = mapper.property(p, `${r.outputs}.${name}`);
    properties[name] = { ...spec, secret: true };
  }
  return {
    description: describe(source.symbol(cls), source.checker),
    properties,
    ...(required.length > 0 ? { required } : {}),
    inputProperties,
    ...(requiredInputs.length > 0 ? { requiredInputs } : {}),
    aliases: [{ type: reg.type }],
  };
}

/** The stack config keys as the provider's configuration: `jenkins:url` is the variable (and input) `url`. */
function configuration(
  source: Source,
  mapper: TypeMapper,
): { variables: Record<string, PropertySpec>; description?: string } {
  const symbol = source.interfaceAt(STACK_CONFIG);
  const variables: Record<string, PropertySpec> = {};
  for (const p of source.checker.getPropertiesOfType(source.checker.getDeclaredTypeOfSymbol(symbol))) {
    const prefix = `${PACKAGE}:`;
    if (!p.name.startsWith(prefix)) throw new Error(`StackConfig.${p.name}: a key of the package is "${prefix}…"`);
    variables[p.name.slice(prefix.length)] = mapper.property(p, `StackConfig.${p.name}`).spec;
  }
  return { variables, description: describe(symbol, source.checker) };
}

export function generateSchema(root: string): PackageSpec {
  const source = new Source(root);
  const mapper = new TypeMapper(source.checker);
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    name: string;
    version: string;
    license: string;
    author?: string | { name?: string };
    repository?: string | { url?: string };
  };
  const repository = repositoryUrl(pkg.repository);
  const resources: Record<string, ResourceSpec> = {};
  for (const r of RESOURCES) resources[token(r.name)] = resource(source, mapper, r);
  const config = configuration(source, mapper);
  const spec: PackageSpec = {
    name: PACKAGE,
    displayName: "Jenkins",
    version: pkg.version,
    description:
      "Jenkins jobs, folders, views and credentials as code, with a semantic diff and checks at preview (pulumi-jenkins-jobs).",
    keywords: ["pulumi", "jenkins", "ci", "kind/native"],
    license: pkg.license,
    ...(repository !== undefined ? { repository } : {}),
    publisher: publisherOf(pkg),
    meta: { moduleFormat: "(.*)" },
    config: { variables: config.variables },
    provider: {
      description: `The connection to Jenkins. ${config.description ?? ""}`.trim(),
      inputProperties: config.variables,
    },
    resources,
    types: Object.fromEntries(Object.entries(mapper.types).sort(([a], [b]) => a.localeCompare(b))),
    language: languageSection(repository),
  };
  return spec;
}
