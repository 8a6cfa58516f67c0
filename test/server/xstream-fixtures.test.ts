/**
 * The re-serialization model against the 32 config.xml files real Jenkins servers wrote: a re-save keeps every
 * element and every text of the source in order; the only differences allowed are plugin versions, default
 * fields the server adds for classes it models, and elements of plugins that are not installed.
 */
import * as fs from "fs";
import * as path from "path";
import { parseXml, type XmlElement, type XmlNode } from "../../provider/xml/tree";
import { writeXml } from "../../provider/xml/writer";
import {
  CLASS_FIELDS,
  INSTALLED_PLUGINS,
  identityTransform,
  itemTypeOf,
  readBack,
  resave,
} from "../../provider/server/xstream";

function fixtureDir(): string {
  // Compiled tests run from dist/test/server; the fixtures stay in the source tree.
  let dir = __dirname;
  for (;;) {
    const candidate = path.join(dir, "test", "fixtures", "jenkins-saved-configs");
    if (fs.existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("test/fixtures/jenkins-saved-configs not found");
    dir = parent;
  }
}

const DIR = fixtureDir();
const FIXTURES = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith(".xml"))
  .sort();
const read = (f: string): string => fs.readFileSync(path.join(DIR, f), "utf8");

// ---------------------------------------------------------------------------------------------------------------
// The checker. Written independently of the module's internals except for the two data tables it must honour
// (which fields may be added, which plugin versions are installed).

function attrOf(e: XmlElement, name: string): string | undefined {
  return e.attrs.find(([k]) => k === name)?.[1];
}
function elements(e: XmlElement): XmlElement[] {
  return e.children.filter((c): c is XmlElement => c.kind === "element");
}
function text(e: XmlElement): string {
  return e.children
    .filter((c): c is Extract<XmlNode, { kind: "text" | "cdata" }> => c.kind === "text" || c.kind === "cdata")
    .map((c) => c.text)
    .join("");
}
function classOf(e: XmlElement, isRoot: boolean): string | undefined {
  if (isRoot) return itemTypeOf(e.name)?.className;
  const c = attrOf(e, "class");
  if (c !== undefined) return c;
  return e.name.includes(".") ? e.name.replace(/_([_-])/g, (_m, ch: string) => (ch === "_" ? "_" : "$")) : undefined;
}
const pretty = (e: XmlElement): string => writeXml(e, { declaration: null, style: "pretty" });

interface Report {
  /** Paths where something of the source is missing or changed: must stay empty. */
  violations: string[];
  /** Elements added by the save (path + name). */
  added: string[];
  /** Source elements dropped because their plugin is not installed. */
  dropped: string[];
  /** Paths where a plugin attribute appeared or disappeared compared with the source. */
  pluginAttrChanges: string[];
}

function withoutEmptyText(e: XmlElement): XmlElement {
  const children = e.children
    .filter((c) => !(c.kind === "text" && c.text === ""))
    .map((c) => (c.kind === "element" ? withoutEmptyText(c) : c));
  return { ...e, children };
}

function isAllowedAddition(parent: XmlElement, parentIsRoot: boolean, child: XmlElement): boolean {
  const fields = CLASS_FIELDS[classOf(parent, parentIsRoot) ?? ""];
  const spec = fields?.find((s) => s.name === child.name);
  return spec?.default !== undefined && pretty(parseXml(spec.default).root) === pretty(child);
}

function isDroppable(e: XmlElement): boolean {
  const p = attrOf(e, "plugin");
  return p !== undefined && !Object.prototype.hasOwnProperty.call(INSTALLED_PLUGINS, p.split("@")[0]);
}

function compare(src: XmlElement, out: XmlElement, at: string, isRoot: boolean, r: Report): void {
  const here = `${at}/${src.name}`;
  if (src.name !== out.name) {
    r.violations.push(`${here}: became ${out.name}`);
    return;
  }
  const withoutPlugin = (e: XmlElement): string => JSON.stringify(e.attrs.filter(([k]) => k !== "plugin"));
  if (withoutPlugin(src) !== withoutPlugin(out)) r.violations.push(`${here}: attributes changed`);
  const sp = attrOf(src, "plugin");
  const op = attrOf(out, "plugin");
  if (op !== undefined) {
    const [name, version] = op.split("@");
    if (INSTALLED_PLUGINS[name] !== version) r.violations.push(`${here}: plugin="${op}" is not the installed version`);
    if (sp !== undefined && sp.split("@")[0] !== name) r.violations.push(`${here}: plugin changed from ${sp} to ${op}`);
  }
  if ((sp === undefined) !== (op === undefined)) r.pluginAttrChanges.push(here);

  const srcKids = elements(src);
  const outKids = elements(out);
  if (srcKids.length === 0) {
    if (text(src) !== text(out)) r.violations.push(`${here}: text changed`);
    for (const extra of outKids) {
      if (isAllowedAddition(out, isRoot, extra)) r.added.push(`${here}/${extra.name}`);
      else r.violations.push(`${here}: unexpected ${extra.name}`);
    }
    return;
  }
  let j = 0;
  for (const c of srcKids) {
    if (isDroppable(c)) {
      r.dropped.push(`${here}/${c.name}`);
      continue;
    }
    // Look ahead for c; whatever lies before it must be an addition.
    const k = outKids.findIndex((o, i) => i >= j && o.name === c.name);
    if (k >= 0) {
      for (; j < k; j++) {
        if (isAllowedAddition(out, isRoot, outKids[j])) r.added.push(`${here}/${outKids[j].name}`);
        else r.violations.push(`${here}: unexpected ${outKids[j].name}`);
      }
    }
    if (j >= outKids.length || outKids[j].name !== c.name) {
      r.violations.push(`${here}: ${c.name} missing or out of order`);
      return;
    }
    compare(c, outKids[j], here, false, r);
    j++;
  }
  for (; j < outKids.length; j++) {
    if (isAllowedAddition(out, isRoot, outKids[j])) r.added.push(`${here}/${outKids[j].name}`);
    else r.violations.push(`${here}: unexpected ${outKids[j].name}`);
  }
}

function check(sourceXml: string, savedXml: string): Report {
  const r: Report = { violations: [], added: [], dropped: [], pluginAttrChanges: [] };
  compare(parseXml(sourceXml).root, parseXml(savedXml).root, "", true, r);
  return r;
}

// ---------------------------------------------------------------------------------------------------------------

describe("fixtures", () => {
  it("the fixture folder holds the real saved configs with their sources", () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(32);
    expect(fs.existsSync(path.join(DIR, "SOURCES.md"))).toBe(true);
  });

  it("every fixture's root element is a known item type", () => {
    for (const f of FIXTURES) expect([f, itemTypeOf(parseXml(read(f)).root.name) !== undefined]).toEqual([f, true]);
  });
});

describe.each(FIXTURES)("%s", (file) => {
  const source = read(file);
  const saved = resave(source);

  it("identityTransform keeps every element, attribute, text and blank, and rewrites the declaration", () => {
    const created = identityTransform(source);
    expect(created.startsWith(`<?xml version="1.0" encoding="UTF-8"?><`)).toBe(true);
    // `<a></a>` is written `<a/>` by the identity copy: the only difference, and not one in content.
    expect(withoutEmptyText(parseXml(created).root)).toEqual(withoutEmptyText(parseXml(source).root));
    expect(created).not.toMatch(/<([\w.-]+)><\/\1>/);
  });

  it("resave keeps every element and text of the source in order", () => {
    const r = check(source, saved);
    expect(r.violations).toEqual([]);
    expect(r.dropped).toEqual([]);
  });

  it("resave puts plugin attributes on the same elements Jenkins did", () => {
    const r = check(source, saved);
    // That file comes from a plugin test harness, where classes are not loaded from an installed plugin.
    const expected = file === "pipeline-no-root-plugin-attr.xml" ? ["/flow-definition"] : [];
    expect(r.pluginAttrChanges).toEqual(expected);
  });

  it("resave writes XStream's layout", () => {
    expect(saved.startsWith("<?xml version='1.1' encoding='UTF-8'?>\n<")).toBe(true);
    expect(saved.endsWith("\n")).toBe(false);
    expect(saved).not.toContain("<!--");
    for (const line of saved.split("\n").slice(1)) {
      const indent = /^ */.exec(line)?.[0].length ?? 0;
      if (line.trimStart().startsWith("<")) expect(indent % 2).toBe(0);
    }
  });

  it("resave is idempotent", () => {
    expect(resave(saved)).toBe(saved);
  });

  it("resave does not depend on whether the stored file was the createItem copy or an earlier save", () => {
    expect(resave(identityTransform(source))).toBe(saved);
  });

  it("readBack: legacy returns the stored bytes, current re-serializes with a double-quoted declaration", () => {
    const created = identityTransform(source);
    expect(readBack(created, "legacy")).toBe(created);
    expect(readBack(source, "legacy")).toBe(source);
    const served = readBack(created, "current");
    expect(served.startsWith(`<?xml version="1.1" encoding="UTF-8"?>\n<`)).toBe(true);
    expect(served.slice(served.indexOf("\n"))).toBe(saved.slice(saved.indexOf("\n")));
    expect(readBack(saved, "current")).toBe(served);
  });
});

describe("the checker itself", () => {
  const source = read("freestyle-git-shell-archiveartifacts.xml");
  const saved = resave(source);

  it("notices a changed character inside a script", () => {
    const tampered = saved.replace("rm -rf *.zip", "rm -rf  *.zip");
    expect(check(source, tampered).violations).toEqual(["/project/builders/hudson.tasks.Shell/command: text changed"]);
  });

  it("notices a missing element and a reordered one", () => {
    expect(check(source, saved.replace("<quietPeriod>0</quietPeriod>", "")).violations.length).toBeGreaterThan(0);
    const swapped = saved.replace(/(<canRoam>false<\/canRoam>)(\s*)(<disabled>false<\/disabled>)/, "$3$2$1");
    expect(check(source, swapped).violations.length).toBeGreaterThan(0);
  });

  it("notices an added element that is not a modelled default", () => {
    const extra = saved.replace("<triggers>", "<jdk2>x</jdk2>\n  <triggers>");
    expect(check(source, extra).violations).toEqual(["/project: unexpected jdk2"]);
  });

  it("notices a default field with a non-default value", () => {
    const src = "<project><description>d</description></project>";
    const wrong = resave(src).replace(
      "<concurrentBuild>false</concurrentBuild>",
      "<concurrentBuild>true</concurrentBuild>",
    );
    expect(check(src, wrong).violations).toEqual(["/project: unexpected concurrentBuild"]);
  });
});
