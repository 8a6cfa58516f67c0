/**
 * The declarations of an import as a Pulumi YAML program: one Pulumi.yaml (`runtime: yaml`) whose resources are the
 * provider plugin's (`jenkins:index:Job`, …), with the plugin named under `packages:`. Pure.
 *
 * Every string the program gives a resource is a Pulumi YAML interpolation, where `${…}` reads a value and `$$` is
 * one `$`: each `$` of a literal (a `${env.BUILD_ID}` of a Pipeline script) is written `$$`.
 */
import type { Declaration, Prop, Value } from "./declarations";

/** The package of the plugin and its resource types (plugin/schema.json). */
export const PLUGIN_PACKAGE = "jenkins";
const TYPE_TOKENS = { Job: "jenkins:index:Job", View: "jenkins:index:View", Credential: "jenkins:index:Credential" };
/** Inputs the plugin takes under another name than the TypeScript class: `id` is reserved in a package schema. */
const PLUGIN_NAMES: Partial<Record<Declaration["kind"], Record<string, string>>> = {
  Credential: { id: "credentialId" },
};

/** A YAML node: what this writer emits, block style. */
type Node = string | number | boolean | { block: string } | Node[] | { [key: string]: Node };

/** Characters YAML does not allow raw in a scalar (C0/C1 controls, DEL, line and paragraph separators, BOM). */
// eslint-disable-next-line no-control-regex -- these are the characters to find
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\ufeff]/g;

/** A double-quoted scalar: JSON's escapes are YAML's, plus the characters YAML wants escaped. */
function quoted(s: string): string {
  return JSON.stringify(s).replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * A literal block (`|`) keeps a script readable; only for text a block holds exactly as it is: lines that start
 * after the indentation with something other than a space, no blank line at its end, nothing YAML escapes.
 */
function blockable(s: string): boolean {
  if (!s.includes("\n") || s.includes("\r") || s.endsWith("\n\n") || new RegExp(UNPRINTABLE.source).test(s))
    return false;
  const lines = (s.endsWith("\n") ? s.slice(0, -1) : s).split("\n");
  return /^\S/.test(lines[0]) && lines.every((l) => l === "" || (/\S/.test(l) && !/\s$/.test(l)));
}

function scalar(s: string, indent: string): string {
  if (!blockable(s)) return quoted(s);
  const chomp = s.endsWith("\n") ? "" : "-";
  const body = (s.endsWith("\n") ? s.slice(0, -1) : s).split("\n").map((l) => (l === "" ? "" : `${indent}${l}`));
  return `|${chomp}\n${body.join("\n")}`;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_:-]*$/;

function key(k: string): string {
  return KEY.test(k) ? k : quoted(k);
}

/** `node` after a key (`key: …`) at `indent`. */
function write(node: Node, indent: string): string {
  const inner = `${indent}  `;
  if (typeof node === "string") return ` ${scalar(node, indent)}`;
  if (typeof node === "number" || typeof node === "boolean") return ` ${String(node)}`;
  if (Array.isArray(node)) {
    if (node.length === 0) return " []";
    return node.map((item) => `\n${indent}-${write(item, inner).replace(/^\n\s*/, " ")}`).join("");
  }
  if ("block" in node && typeof node.block === "string") return ` ${node.block}`;
  const entries = Object.entries(node as Record<string, Node>);
  if (entries.length === 0) return " {}";
  return entries.map(([k, v]) => `\n${indent}${key(k)}:${write(v, inner)}`).join("");
}

/** A string as a Pulumi YAML literal: every `$` doubled, so that nothing in it reads as `${…}`. */
function literal(s: string): string {
  return s.replace(/\$/g, "$$$$");
}

/** `${name.output}`, the root in brackets when the resource's name is not a plain word. */
function reference(resource: string, output?: string): string {
  const root = /^[A-Za-z_][A-Za-z0-9_-]*$/.test(resource) ? resource : `[${JSON.stringify(resource)}]`;
  return `\${${root}${output ? `.${output}` : ""}}`;
}

function node(v: Value): Node {
  switch (v.kind) {
    case "text":
      return literal(v.text);
    case "flag":
      return v.value;
    case "data":
      return data(v.value);
    case "output":
      return reference(v.resource, v.output);
    case "file":
      return { "fn::readFile": literal(`./jobs/${v.path}`) };
    case "secret":
      return reference(v.key);
    case "object":
      return Object.fromEntries(v.props.map(([k, x]) => [k, node(x)]));
    case "list":
      return v.items.map(node);
    case "template":
      return {
        "fn::secret": v.parts
          .map((p, i) => (i === 0 ? literal(p) : `${interpolated(v.values[i - 1])}${literal(p)}`))
          .join(""),
      };
  }
}

function interpolated(v: Value): string {
  if (v.kind === "secret") return reference(v.key);
  if (v.kind === "output") return reference(v.resource, v.output);
  throw new Error(`a ${v.kind} inside a template`);
}

/** Plain data (a spec): its strings as literals. */
function data(value: unknown): Node {
  if (typeof value === "string") return literal(value);
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.map(data);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => [k, data(x)]),
    );
  throw new Error(`no YAML for ${String(value)}`);
}

function properties(d: Declaration): Record<string, Node> {
  const names = PLUGIN_NAMES[d.kind] ?? {};
  return Object.fromEntries(d.props.map(([k, v]: Prop) => [names[k] ?? k, node(v)]));
}

export interface YamlProgram {
  projectName: string;
  description: string;
  /** Where the CLI gets the plugin: its folder's path (relative to the project) or `<git URL>/plugin@<tag>`. */
  pluginSource: string;
  /** Comment lines at the top. */
  header: string[];
  declarations: readonly Declaration[];
  /** Secret stack config keys the credentials read; optional ones default to "". */
  secrets: ReadonlyArray<{ key: string; optional: boolean }>;
  /** Comment lines at the end (what was not imported). */
  footer: string[];
}

export function pulumiYamlProgram(p: YamlProgram): string {
  const top: Record<string, Node> = {
    name: p.projectName,
    description: p.description,
    runtime: "yaml",
    packages: { [PLUGIN_PACKAGE]: p.pluginSource },
  };
  if (p.secrets.length > 0)
    top.config = Object.fromEntries(
      p.secrets.map((s) => [s.key, { type: "string", secret: true, ...(s.optional ? { default: "" } : {}) }]),
    );
  top.resources = Object.fromEntries(
    p.declarations.map((d) => [d.name, { type: TYPE_TOKENS[d.kind], properties: properties(d) }]),
  );
  const comments = (lines: string[]) => lines.map((l) => (l === "" ? "#" : `# ${l}`.replace(/[\r\n]+/g, " ")));
  const body = write(top, "").replace(/^\n/, "");
  return [...comments(p.header), body, ...comments(p.footer), ""].join("\n");
}
