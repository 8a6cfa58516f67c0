/**
 * Every inline pipeline script the repository carries: `script` properties written as string literals in the
 * TypeScript of tests, examples, templates and benchmarks (a `${…}` of a template literal stands in as `x()`, which reads as a value and as a step), and the
 * `<script>` of `CpsFlowDefinition` in XML files and in XML written inside TypeScript strings.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { parseXml, textOf, type XmlElement } from "../../provider/xml/tree";

export interface FoundScript {
  /** "test/harness/job-configs.ts:144" */
  where: string;
  script: string;
}

const ROOT = path.resolve(__dirname, "../../..");
const DIRS = ["test", "examples", "templates", "provider", "scripts"];
const SKIP = new Set(["node_modules", "dist", ".git"]);

function filesUnder(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(p, out);
    else if (/\.(ts|xml)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

/**
 * A string's text: a literal, a template literal with each substitution as `x()`, or an array of literals joined
 * with "\n" (`[…].join("\n")`).
 */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((s) => "x()" + s.literal.text).join("");
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === "join" &&
    ts.isArrayLiteralExpression(node.expression.expression) &&
    node.arguments.length === 1
  ) {
    const sep = literalText(node.arguments[0]);
    const parts = node.expression.expression.elements.map((e) => literalText(e));
    if (sep !== undefined && parts.every((x) => x !== undefined)) return parts.join(sep);
  }
  return undefined;
}

/** Text that reads as a pipeline script on its own: a `pipeline {}` or `node` block at the start of a line. */
const LOOKS_LIKE_SCRIPT = /^\s*(pipeline\s*\{|node\s*[({])/m;

/** The `<script>` texts of the CpsFlowDefinition elements of an XML document; none when it does not parse. */
export function cpsScriptsOf(xml: string): string[] {
  let root: XmlElement;
  try {
    root = parseXml(xml).root;
  } catch {
    return [];
  }
  const out: string[] = [];
  const walk = (e: XmlElement): void => {
    const isCps =
      e.attrs.some(([k, v]) => k === "class" && v === "org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition") ||
      e.name === "org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition";
    for (const c of e.children) {
      if (c.kind !== "element") continue;
      if (isCps && c.name === "script") out.push(textOf(c));
      walk(c);
    }
  };
  walk(root);
  return out;
}

export function repositoryScripts(): FoundScript[] {
  const found: FoundScript[] = [];
  for (const file of DIRS.flatMap((d) => filesUnder(path.join(ROOT, d)))) {
    const rel = path.relative(ROOT, file);
    const text = fs.readFileSync(file, "utf8");
    if (file.endsWith(".xml")) {
      if (!text.includes("CpsFlowDefinition")) continue;
      for (const script of cpsScriptsOf(text)) found.push({ where: rel, script });
      continue;
    }
    // Parsing only the files that can hold a script keeps the scan quick.
    if (!/pipeline\s*\{|node\s*[({]|script:|<script>/.test(text)) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node): void => {
      const value = literalText(node);
      if (value !== undefined) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        if (value.includes("CpsFlowDefinition") && value.includes("<script>")) {
          for (const script of cpsScriptsOf(value)) found.push({ where: `${rel}:${line}`, script });
          return;
        }
        const isScriptProperty =
          ts.isPropertyAssignment(node.parent) &&
          node.parent.initializer === node &&
          node.parent.name.getText(source) === "script";
        if (isScriptProperty || LOOKS_LIKE_SCRIPT.test(value)) {
          found.push({ where: `${rel}:${line}`, script: value });
          return;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
