/** The declarations of an import as the statements of a TypeScript program (index.ts). Pure. */
import type { Declaration, Prop, Value } from "./declarations";

/** The function of index.ts that reads a config file of ./jobs. */
export const CONFIG_FUNCTION = "jobConfig";

function quote(s: string): string {
  return JSON.stringify(s);
}

/** Text for a template literal: what would end it or start a substitution is escaped. */
function templateText(s: string): string {
  return s.replace(/[\\`]/g, (c) => `\\${c}`).replace(/\$\{/g, "\\${");
}

function expression(v: Value, variableOf: (resource: string) => string): string {
  switch (v.kind) {
    case "text":
      return quote(v.text);
    case "flag":
      return String(v.value);
    case "data":
      return v.layout === "block" ? JSON.stringify(v.value, null, 2) : JSON.stringify(v.value);
    case "output":
      return `${variableOf(v.resource)}.${v.output}`;
    case "file":
      return `${CONFIG_FUNCTION}(${quote(v.path)})`;
    case "secret":
      return `config.${v.optional ? "getSecret" : "requireSecret"}(${quote(v.key)})`;
    case "object":
      return v.props.length === 0 ? "{}" : `{ ${props(v.props, variableOf)} }`;
    case "list":
      return `[${v.items.map((i) => expression(i, variableOf)).join(", ")}]`;
    case "template":
      return `pulumi.interpolate\`${v.parts
        .map((p, i) => (i === 0 ? templateText(p) : `\${${expression(v.values[i - 1], variableOf)}}${templateText(p)}`))
        .join("")}\``;
  }
}

function props(list: readonly Prop[], variableOf: (resource: string) => string): string {
  return list.map(([name, value]) => `${name}: ${expression(value, variableOf)}`).join(", ");
}

/**
 * One statement per declaration, in order: `new Job("team/api", { … });`, or `const team = new Job(…);` (after a
 * blank line, unless first) for a resource others refer to.
 */
export function statements(declarations: readonly Declaration[], all: readonly Declaration[] = declarations): string[] {
  const variables = new Map(all.filter((d) => d.variable).map((d) => [d.name, d.variable as string]));
  const variableOf = (resource: string): string => {
    const v = variables.get(resource);
    if (v === undefined) throw new Error(`no variable for ${resource}`);
    return v;
  };
  const out: string[] = [];
  for (const d of declarations) {
    const statement = `new ${d.kind}(${quote(d.name)}, { ${props(d.props, variableOf)} });`;
    out.push(d.variable ? `${out.length > 0 ? "\n" : ""}const ${d.variable} = ${statement}` : statement);
  }
  return out;
}
