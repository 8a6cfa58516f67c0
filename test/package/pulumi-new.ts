/**
 * What `pulumi new <template>` does with a template folder before it installs dependencies: every file copied with
 * `${PROJECT}` and `${DESCRIPTION}` replaced, the `template:` section dropped from the new Pulumi.yaml, and one
 * prompt per entry of `template.config` (its answers become the stack's config).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";

export interface ConfigPrompt {
  key: string;
  description: string;
  secret: boolean;
}

/** The entries of `template.config` in a template's Pulumi.yaml (two-space indented YAML, as Pulumi writes it). */
export function templatePrompts(templateDir: string): ConfigPrompt[] {
  const lines = readFileSync(path.join(templateDir, "Pulumi.yaml"), "utf8").split("\n");
  const start = lines.findIndex((l) => l === "template:");
  const configAt = lines.findIndex((l, i) => i > start && l === "  config:");
  if (start < 0 || configAt < 0) return [];
  const prompts: ConfigPrompt[] = [];
  for (const line of lines.slice(configAt + 1)) {
    if (!line.startsWith("    ")) break;
    const key = /^ {4}(\S+):\s*$/.exec(line);
    if (key) {
      prompts.push({ key: key[1], description: "", secret: false });
      continue;
    }
    const field = /^ {6}(description|secret): (.*)$/.exec(line);
    const current = prompts[prompts.length - 1];
    if (!field || !current) throw new Error(`unexpected line in template.config: ${line}`);
    if (field[1] === "description") current.description = field[2];
    else current.secret = field[2] === "true";
  }
  return prompts;
}

/** The Pulumi.yaml without its top-level `template:` block. */
function withoutTemplateSection(yaml: string): string {
  const out: string[] = [];
  let skipping = false;
  for (const line of yaml.split("\n")) {
    if (line === "template:") skipping = true;
    else if (skipping && !/^\s/.test(line) && line !== "") skipping = false;
    if (!skipping) out.push(line);
  }
  return out.join("\n");
}

export function instantiateTemplate(
  templateDir: string,
  dest: string,
  values: { project: string; description: string },
): void {
  const copy = (from: string, to: string): void => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) {
        copy(source, target);
        continue;
      }
      let text = readFileSync(source, "utf8")
        .split("${PROJECT}")
        .join(values.project)
        .split("${DESCRIPTION}")
        .join(values.description);
      if (entry.name === "Pulumi.yaml" && from === templateDir) text = withoutTemplateSection(text);
      writeFileSync(target, text);
    }
  };
  copy(templateDir, dest);
}
