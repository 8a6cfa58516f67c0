/**
 * A job's digest keeps, in place of its declared config, what the owned-part rules read of it (config-digest.ts
 * `ownedPartsOf`). For every saved config, declared as saved and without each part Jenkins owns, against Jenkins's
 * copy with each such part added (branch source ids, a folder's views and credentials, properties a pipeline set):
 * each rule, and all of them, give a comparable copy of the same meaning (equivalence digest) with the stand-in as
 * with the declaration, and a refresh's
 * verdict from the digest is the full comparison's (drift.ts `sameConfig`).
 */
import { comparable, configEquivalence, digestOf, ownedStandIn } from "../../provider/resource/config-digest";
import { sameConfig } from "../../provider/resource/drift";
import { keptHash, sameHash } from "../../provider/resource/kept-hash";
import { OWNED_PART_RULES, withoutOwnedParts } from "../../provider/resource/owned-parts";
import { mayOwnProperties } from "../../provider/resource/owned/pipeline-properties";
import { canonicalizeDocument } from "../../provider/xml/canonical";
import { parseXml } from "../../provider/xml/tree";
import { savedConfigs } from "../harness/fixtures";

const FOLDER = "com.cloudbees.hudson.plugins.folder.Folder";
const CREDENTIALS =
  "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";
const TRACKER = "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobPropertyTrackerAction";
const PARAMETERS = "hudson.model.ParametersDefinitionProperty";

const root = (xml: string) => parseXml(xml).root.name;

/** The declaration without a part Jenkins owns (as a user writes it). */
const declaredVariants: Record<string, (xml: string) => string> = {
  "as saved": (x) => x,
  "sources without ids": (x) => x.replace(/(<source [^>]*>)\s*<id>[^<]*<\/id>/g, "$1"),
  "no folder views": (x) => x.replace(/<folderViews[\s\S]*?<\/folderViews>/, ""),
  "no folder credentials": (x) => x.replace(new RegExp(`<${CREDENTIALS}[\\s\\S]*?</${CREDENTIALS}>`), ""),
  "pretty-printed": (x) => canonicalizeDocument(parseXml(x)),
};

/** Jenkins's copy: the declaration with what Jenkins adds by itself. */
const remoteVariants: Record<string, (xml: string) => string> = {
  same: (x) => x,
  "ids given": (x) => {
    let n = 0;
    return x.replace(/(<source [^>]*>)(?!\s*<id>)/g, (m) => `${m}<id>00000000-0000-0000-0000-00000000000${n++}</id>`);
  },
  "a view added": (x) => {
    if (root(x) !== FOLDER) return x;
    const holder =
      `<folderViews class="com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder"><views>` +
      `<hudson.model.AllView><owner class="${FOLDER}" reference="../../../.."/><name>All</name>` +
      `<filterExecutors>false</filterExecutors><filterQueue>false</filterQueue>` +
      `<properties class="hudson.model.View$PropertyList"/></hudson.model.AllView>` +
      `<hudson.model.ListView><name>team</name><filterExecutors>false</filterExecutors>` +
      `<filterQueue>false</filterQueue><properties class="hudson.model.View$PropertyList"/>` +
      `<jobNames><comparator class="hudson.util.CaseInsensitiveComparator"/></jobNames><jobFilters/><columns/>` +
      `<recurse>false</recurse></hudson.model.ListView></views><primaryView>All</primaryView>` +
      `<tabBar class="hudson.views.DefaultViewsTabBar"/></folderViews>`;
    const without = x.replace(/<folderViews[\s\S]*?<\/folderViews>/, "");
    return without.replace(/<\/properties>|<properties\/>/, (m) => `${m}${holder}`);
  },
  "a credential added": (x) => {
    if (!/folder|MultiBranch|OrganizationFolder/.test(root(x))) return x;
    const store =
      `<${CREDENTIALS}><domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash"><entry>` +
      `<com.cloudbees.plugins.credentials.domains.Domain><specifications/></com.cloudbees.plugins.credentials.domains.Domain>` +
      `<java.util.concurrent.CopyOnWriteArrayList><com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>` +
      `<scope>GLOBAL</scope><id>deploy</id><description/><username>bot</username><password>{AQAAABAAAAAQ}</password>` +
      `</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl></java.util.concurrent.CopyOnWriteArrayList>` +
      `</entry></domainCredentialsMap></${CREDENTIALS}>`;
    const without = x.replace(new RegExp(`<${CREDENTIALS}[\\s\\S]*?</${CREDENTIALS}>`), "");
    if (/<properties\/>/.test(without)) return without.replace(/<properties\/>/, `<properties>${store}</properties>`);
    return without.replace(/<properties>/, `<properties>${store}`);
  },
  // A run sets properties only for a script that may set some (owned/pipeline-properties.ts mayOwnProperties).
  "the pipeline set a parameter": (x) => {
    if (root(x) !== "flow-definition" || !mayOwnProperties(parseXml(x).root)) return x;
    const param =
      `<hudson.model.StringParameterDefinition><name>FROM_SCRIPT</name><defaultValue>a</defaultValue>` +
      `<trim>false</trim></hudson.model.StringParameterDefinition>`;
    const declared = [...x.matchAll(/<hudson\.model\.\w+ParameterDefinition>\s*<name>([^<]+)<\/name>/g)].map(
      (m) => m[1],
    );
    const tracker =
      `<${TRACKER}><jobProperties/><triggers/><parameters>` +
      [...declared, "FROM_SCRIPT"].map((n) => `<string>${n}</string>`).join("") +
      `</parameters></${TRACKER}>`;
    let out = x.replace(new RegExp(`<${TRACKER}[\\s\\S]*?</${TRACKER}>`), "");
    out = /<actions\/>/.test(out) ? out.replace(/<actions\/>/, `<actions>${tracker}</actions>`) : out;
    out =
      /<actions>/.test(out) && !out.includes(`<${TRACKER}>`) ? out.replace(/<actions>/, `<actions>${tracker}`) : out;
    if (out.includes("<parameterDefinitions>"))
      return out.replace(/<parameterDefinitions>/, `<parameterDefinitions>${param}`);
    const property = `<${PARAMETERS}><parameterDefinitions>${param}</parameterDefinitions></${PARAMETERS}>`;
    if (/<properties\/>/.test(out)) return out.replace(/<properties\/>/, `<properties>${property}</properties>`);
    return out.replace(/<properties>/, `<properties>${property}`);
  },
};

const cases = savedConfigs().flatMap((f) =>
  Object.entries(declaredVariants).flatMap(([dName, d]) => {
    const declared = d(f.xml);
    return Object.entries(remoteVariants).map(([rName, r]) => ({
      title: `${f.file}, declared ${dName}, remote ${rName}`,
      declared,
      remote: r(declared),
    }));
  }),
);

describe("a digest's stand-in for the declared config's owned parts", () => {
  it("covers every owned part of the saved configs (the matrix is not empty where it matters)", () => {
    const touched = (name: string) => cases.filter((c) => c.title.includes(name) && c.remote !== c.declared).length;
    expect(touched("remote ids given")).toBeGreaterThan(0);
    expect(touched("remote a view added")).toBeGreaterThan(0);
    expect(touched("remote a credential added")).toBeGreaterThan(0);
    expect(touched("remote the pipeline set a parameter")).toBeGreaterThan(0);
  });

  it.each(cases)("each rule gives a comparable copy of the same meaning: $title", ({ declared, remote }) => {
    const d = parseXml(declared).root;
    const r = parseXml(remote).root;
    const standIn = ownedStandIn(digestOf(canonicalizeDocument(d), d, true, { description: "", enabled: true }));
    for (const rule of OWNED_PART_RULES) {
      expect([rule.what, configEquivalence(rule.forComparison(r, standIn))]).toEqual([
        rule.what,
        configEquivalence(rule.forComparison(r, d)),
      ]);
    }
    expect(configEquivalence(withoutOwnedParts(r, standIn))).toBe(configEquivalence(withoutOwnedParts(r, d)));
  });

  it.each(cases)("the refresh verdict from the digest is the full comparison's: $title", ({ declared, remote }) => {
    const d = parseXml(declared).root;
    const digest = digestOf(canonicalizeDocument(d), d, true, { description: "", enabled: true });
    const r = parseXml(remote).root;
    expect(sameHash(digest.equivalence, configEquivalence(comparable(r, digest)))).toBe(sameConfig(d, r));
  });

  it("a multibranch project declared without source ids is the project Jenkins saved with ids", () => {
    const mb = cases.filter((c) => /multibranch-(git|single)/.test(c.title) && c.title.includes("without ids"));
    const withIds = mb.filter((c) => c.title.endsWith("remote ids given"));
    expect(withIds.length).toBeGreaterThan(0);
    for (const c of withIds) {
      const d = parseXml(c.declared).root;
      const digest = digestOf(canonicalizeDocument(d), d, true, { description: "", enabled: true });
      expect(keptHash(configEquivalence(comparable(parseXml(c.remote).root, digest)))).toBe(digest.equivalence);
    }
  });
});
