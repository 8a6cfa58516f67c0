/**
 * Multibranch Pipeline projects (workflow-multibranch's WorkflowMultiBranchProject, on branch-api's
 * MultiBranchProject), as a controller keeps them:
 *
 * - Every branch source (`<sources class="jenkins.branch.MultiBranchProject$BranchSourceList"><data>
 *   <jenkins.branch.BranchSource><source class="…">`) gets an `<id>` (a random UUID) when it has none, and the
 *   config is saved with it; a given id is kept (SCMSource.setId only fills a missing one).
 * - The branch jobs inside are computed children: branch indexing creates one Pipeline job per branch the source's
 *   repository has, disables the jobs of branches that are gone (the orphaned-item strategy decides how many such
 *   jobs it keeps) and deletes the others. Nobody else creates them (no `createItem`), and they are neither moved
 *   nor renamed. They live under the project's `branches/` directory (MultiBranchProject.getJobsDir), named by
 *   the branch name with characters a URL cannot hold percent-encoded (branch-api's NameEncoder).
 * - Creating the project, posting its config, and "Scan Multibranch Pipeline Now" (`POST …/build`) start an
 *   indexing. Here the indexing runs at once; which branches a repository has is the server's `repositories`
 *   option (URL → branch names), changed at run time with `setRepositoryBranches`.
 */
import { randomUUID } from "node:crypto";
import { childText, elementChildren, parseXml, type XmlElement } from "../xml/tree";
import type { ServerState } from "./context";
import { activePlugins } from "./handlers/plugin-manager";
import { infoOf } from "./item-info";
import { fullNameOf, MAX_CONFIG_BYTES, type Item } from "./store";
import { itemTypeOf, resave, type ItemType } from "./xstream";

export const MULTIBRANCH_CLASS = "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject";
const BRANCH_JOB_PROPERTY = "org.jenkinsci.plugins.workflow.multibranch.BranchJobProperty";
const GIT_SOURCE = "jenkins.plugins.git.GitSCMSource";
const GITHUB_SOURCE = "org.jenkinsci.plugins.github_branch_source.GitHubSCMSource";
const SINGLE_SOURCE = "jenkins.scm.impl.SingleSCMSource";

export function isMultibranch(item: Item | undefined): boolean {
  return item?.type.className === MULTIBRANCH_CLASS;
}

/** Whether an item is a branch job: a child that its multibranch parent computes. */
export function isComputedChild(item: Item): boolean {
  return isMultibranch(item.parent);
}

/**
 * The stored text with an `<id>` added to every branch source that has none. Text-level, so the rest of the file
 * keeps its bytes: the id is the first field of the source (SCMSource's own field, written before the subclass's).
 */
export function withSourceIds(xml: string, newId: () => string = randomUUID): string {
  return xml.replace(
    /(<jenkins\.branch\.BranchSource>(\s*))<source(\s[^>]*?)?(\/?)>/g,
    (whole: string, prefix: string, space: string, attrs: string | undefined, selfClosing: string, at: number) => {
      if (!selfClosing && /^\s*<id[\s>/]/.test(xml.slice(at + whole.length, at + whole.length + 200))) return whole;
      const indent = space.includes("\n") ? space.slice(space.lastIndexOf("\n") + 1) : "";
      const open = `${prefix}<source${attrs ?? ""}>\n${indent}  <id>${newId()}</id>`;
      return selfClosing ? `${open}\n${indent}</source>` : open;
    },
  );
}

/** One branch source as indexing sees it. */
export interface BranchSourceInfo {
  id: string;
  /** The repository's URL (the key of the `repositories` option); undefined for a single fixed branch. */
  repository?: string;
  /** SingleSCMSource: the one branch it names. */
  fixedBranch?: string;
  /** Git sources: space-separated wildcards of branch names to take and to leave (`includes`, `excludes`). */
  includes: string;
  excludes: string;
}

function child(e: XmlElement, name: string): XmlElement | undefined {
  return elementChildren(e).find((c) => c.name === name);
}

function classOf(e: XmlElement): string | undefined {
  return e.attrs.find(([k]) => k === "class")?.[1];
}

/** The repository URL of a GitHub source: its server's web address, owner and repository. */
function githubUrl(source: XmlElement): string {
  const api = (childText(source, "apiUri") ?? "").trim();
  let host = "https://github.com";
  if (api !== "") {
    try {
      host = new URL(api).origin;
    } catch {
      host = api.replace(/\/+$/, "");
    }
  }
  return `${host}/${(childText(source, "repoOwner") ?? "").trim()}/${(childText(source, "repository") ?? "").trim()}`;
}

export function branchSourcesOf(xml: string): BranchSourceInfo[] {
  const root = parseXml(xml, { maxBytes: MAX_CONFIG_BYTES }).root;
  const data = child(child(root, "sources") ?? root, "data");
  const out: BranchSourceInfo[] = [];
  for (const bs of data ? elementChildren(data) : []) {
    const source = child(bs, "source");
    if (!source) continue;
    // Current sources say what they discover and filter with traits; older git sources had includes/excludes.
    const traits = child(source, "traits");
    const filter = traits && child(traits, "jenkins.scm.impl.trait.WildcardSCMHeadFilterTrait");
    const discovers = !traits || elementChildren(traits).some((t) => t.name.endsWith(".BranchDiscoveryTrait"));
    const info: BranchSourceInfo = {
      id: (childText(source, "id") ?? "").trim(),
      includes: discovers ? (childText(filter ?? source, "includes") ?? "*") : "",
      excludes: childText(filter ?? source, "excludes") ?? "",
    };
    const cls = classOf(source);
    if (cls === GIT_SOURCE) info.repository = (childText(source, "remote") ?? "").trim();
    else if (cls === GITHUB_SOURCE) info.repository = githubUrl(source);
    else if (cls === SINGLE_SOURCE) info.fixedBranch = (childText(source, "name") ?? "").trim();
    out.push(info);
  }
  return out;
}

function wildcard(patterns: string): RegExp[] {
  return patterns
    .split(/\s+/)
    .filter((p) => p !== "")
    .map((p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`));
}

/** The branches a source's repository has that the source takes (its `includes`, less its `excludes`). */
export function branchesOf(source: BranchSourceInfo, repositories: ReadonlyMap<string, readonly string[]>): string[] {
  if (source.fixedBranch !== undefined) return source.fixedBranch === "" ? [] : [source.fixedBranch];
  const all = source.repository === undefined ? [] : (repositories.get(source.repository) ?? []);
  const inc = wildcard(source.includes);
  const exc = wildcard(source.excludes);
  return all.filter((b) => inc.some((r) => r.test(b)) && !exc.some((r) => r.test(b)));
}

/** branch-api's NameEncoder: a branch name as an item name (`feature/x` → `feature%2Fx`). */
export function encodeBranchName(branch: string): string {
  return branch.replace(/[%/\\?#*:<>|"]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** The script path of the project's factory (WorkflowBranchProjectFactory), "Jenkinsfile" by default. */
function scriptPathOf(projectXml: string): string {
  const root = parseXml(projectXml, { maxBytes: MAX_CONFIG_BYTES }).root;
  const factory = child(root, "factory");
  return (factory && childText(factory, "scriptPath")) || "Jenkinsfile";
}

/** The config.xml branch indexing writes for a branch job (BranchJobProperty + SCMBinder, as saved homes show). */
function branchJobXml(state: ServerState, source: BranchSourceInfo, branch: string, scriptPath: string): string {
  const v = (name: string): string => `${name}@${activePlugins(state)[name] ?? ""}`;
  const encoded = encodeBranchName(branch);
  return [
    "<?xml version='1.1' encoding='UTF-8'?>",
    `<flow-definition plugin="${v("workflow-job")}">`,
    "  <actions/>",
    "  <description></description>",
    ...(encoded !== branch ? [`  <displayName>${escapeText(branch)}</displayName>`] : []),
    "  <keepDependencies>false</keepDependencies>",
    "  <properties>",
    `    <${BRANCH_JOB_PROPERTY} plugin="${v("workflow-multibranch")}">`,
    `      <branch plugin="${v("branch-api")}">`,
    `        <sourceId>${escapeText(source.id)}</sourceId>`,
    `        <head class="jenkins.plugins.git.GitBranchSCMHead" plugin="${v("git")}">`,
    `          <name>${escapeText(branch)}</name>`,
    "        </head>",
    '        <properties class="java.util.concurrent.CopyOnWriteArrayList"/>',
    "      </branch>",
    `    </${BRANCH_JOB_PROPERTY}>`,
    "  </properties>",
    `  <definition class="org.jenkinsci.plugins.workflow.multibranch.SCMBinder" plugin="${v("workflow-multibranch")}">`,
    `    <scriptPath>${escapeText(scriptPath)}</scriptPath>`,
    "  </definition>",
    "  <triggers/>",
    "  <disabled>false</disabled>",
    "</flow-definition>",
  ].join("\n");
}

/** A branch job's config with its SCMBinder reading the script at `scriptPath`. */
function withScriptPath(xml: string, scriptPath: string): string {
  return xml.replace(
    /(<definition class="org\.jenkinsci\.plugins\.workflow\.multibranch\.SCMBinder"[^>]*>\s*<scriptPath>)([^<]*)(<\/scriptPath>)/,
    (whole, open: string, current: string, close: string) =>
      current === escapeText(scriptPath) ? whole : `${open}${escapeText(scriptPath)}${close}`,
  );
}

/** How many jobs of gone branches the project keeps (DefaultOrphanedItemStrategy). */
function orphansKept(projectXml: string): number {
  const root = parseXml(projectXml, { maxBytes: MAX_CONFIG_BYTES }).root;
  const strategy = child(root, "orphanedItemStrategy");
  if (!strategy) return 0;
  if ((childText(strategy, "pruneDeadBranches") ?? "true").trim() !== "true") return Infinity;
  const days = Number((childText(strategy, "daysToKeep") ?? "-1").trim());
  const num = Number((childText(strategy, "numToKeep") ?? "-1").trim());
  // A job of a branch gone just now is younger than any day limit; a count limit keeps that many.
  if (days > 0 && !(num > 0)) return Infinity;
  return num > 0 ? num : 0;
}

/** The id of the source a branch job was computed from. */
function sourceIdOf(job: Item): string {
  const root = parseXml(job.xml, { maxBytes: MAX_CONFIG_BYTES }).root;
  const prop = child(child(root, "properties") ?? root, BRANCH_JOB_PROPERTY);
  const branch = prop && child(prop, "branch");
  return (branch && childText(branch, "sourceId"))?.trim() ?? "";
}

export interface IndexingResult {
  created: string[];
  disabled: string[];
  deleted: string[];
}

/**
 * Branch indexing of one project: a job per branch its sources take (the first source to offer a branch name
 * wins, as in branch-api), the jobs of gone branches disabled or deleted. A disabled project does not index.
 */
export function indexBranches(state: ServerState, project: Item): IndexingResult {
  const result: IndexingResult = { created: [], disabled: [], deleted: [] };
  if (!isMultibranch(project) || infoOf(project).disabled) return result;
  const scriptPath = scriptPathOf(project.xml);
  const wanted = new Map<string, { source: BranchSourceInfo; branch: string }>();
  for (const source of branchSourcesOf(project.xml)) {
    for (const branch of branchesOf(source, state.repositories)) {
      const name = encodeBranchName(branch);
      if (!wanted.has(name.toLowerCase())) wanted.set(name.toLowerCase(), { source, branch });
    }
  }
  const plugins = activePlugins(state);
  const orphans: Item[] = [];
  for (const job of state.store.children(project)) {
    const want = wanted.get(job.name.toLowerCase());
    if (want && sourceIdOf(job) === want.source.id) {
      // The project's factory decorates its branch jobs again (script path); a branch back again is enabled again.
      const decorated = withScriptPath(job.xml, scriptPath);
      if (decorated !== job.xml) state.store.save(job, decorated);
      if (infoOf(job).disabled) state.store.save(job, resave(job.xml, { disabled: false }, plugins));
      wanted.delete(job.name.toLowerCase());
    } else {
      orphans.push(job);
    }
  }
  const keep = orphansKept(project.xml);
  orphans.forEach((job, i) => {
    if (i < keep && wanted.get(job.name.toLowerCase()) === undefined) {
      if (!infoOf(job).disabled) {
        state.store.save(job, resave(job.xml, { disabled: true }, plugins));
        result.disabled.push(fullNameOf(job));
      }
    } else {
      state.queue.cancel(fullNameOf(job));
      state.store.delete(job);
      result.deleted.push(fullNameOf(job));
    }
  });
  for (const { source, branch } of wanted.values()) {
    const job = state.store.create(
      project,
      encodeBranchName(branch),
      branchJobXml(state, source, branch, scriptPath),
      itemTypeOf("flow-definition") as ItemType,
    );
    result.created.push(fullNameOf(job));
  }
  return result;
}

/**
 * What the controller does with a multibranch project's config once it holds it (after createItem or a config.xml
 * POST): ids for the sources that have none, saved, then an indexing.
 */
export function afterConfigSaved(state: ServerState, project: Item): void {
  if (!isMultibranch(project)) return;
  const withIds = withSourceIds(project.xml);
  if (withIds !== project.xml) state.store.save(project, withIds);
  indexBranches(state, project);
}
