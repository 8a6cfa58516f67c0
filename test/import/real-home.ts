/**
 * A Jenkins home the way a real controller leaves it, a few hundred items generated reproducibly from the saved
 * configs in test/fixtures: the 200-item layout of home.ts (plain folders three levels deep; freestyle, pipeline,
 * matrix, maven, multibranch and organization-folder jobs under varied names), plus
 *  - multibranch projects made from the typed spec and saved with the source id Jenkins gave them, placed in the
 *    nested folders;
 *  - branch jobs inside every multibranch project, under its `branches/` directory, as branch indexing wrote them;
 *  - folders saved before the shared-library plugin was renamed, so their `<FolderLibraries>` names
 *    `workflow-cps-global-lib` although the home runs its successor `pipeline-groovy-lib`;
 * and the plugin list that home ran with: every plugin its configs name, at the newest version any config names,
 * with a renamed plugin present as its successor only.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { requiredPlugins } from "../../provider/plugins/required";
import { successorOf } from "../../provider/plugins/renames";
import { newerOf } from "../../provider/plugins/versions";
import { withSourceIds } from "../../provider/server/multibranch";
import { renderMultibranch, type MultibranchSpec } from "../../provider/specs";
import { parseXml } from "../../provider/xml/tree";
import { fixture, savedConfigs } from "../harness/fixtures";
import { homeLayout, writeHome, type HomeItem } from "./home";

export interface RealHome {
  dir: string;
  /** Every item the import should declare (branch jobs are not among them). */
  items: HomeItem[];
  /** Branch jobs on disk, by full name. */
  branchJobs: string[];
  /** Multibranch projects made from the typed spec. */
  typedProjects: string[];
  /** Folders whose config names workflow-cps-global-lib. */
  renamedPluginFolders: string[];
  /** Plugin short name → version, as the home ran them. */
  plugins: Record<string, string>;
  /** Repository URL → branches, for the server's branch indexing. */
  repositories: Record<string, string[]>;
}

const MULTIBRANCH_ROOT = "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject";
const BRANCHES = ["main", "feature/login", "release/2.0"];

/** A stable UUID-shaped id per index, so the home is the same on every run. */
function sourceId(i: number): string {
  const hex = (i * 2654435761).toString(16).padStart(12, "0").slice(-12);
  return `5eed${hex.slice(0, 4)}-0000-4000-8000-${hex}`;
}

function encodeBranch(branch: string): string {
  return branch.replace(/\//g, "%2F");
}

/** The config of a branch job of the source `id`, from the branch job a real controller saved. */
function branchJob(id: string, branch: string): string {
  return fixture("multibranch-branch-job-scmbinder-v1.0.xml")
    .replace(/<sourceId>[^<]*<\/sourceId>/, `<sourceId>${id}</sourceId>`)
    .replace(/<head plugin="([^"]*)">\s*<name>master<\/name>/, (m) => m.replace("master", branch));
}

function writeItem(home: string, fullName: string, xml: string, branchOf?: string): void {
  const segments = fullName.split("/");
  const leaf = segments.pop() as string;
  const parentDir = path.join(home, ...segments.flatMap((s) => ["jobs", s]));
  const dir = branchOf ? path.join(parentDir, "branches", leaf) : path.join(parentDir, "jobs", leaf);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "config.xml"), xml, "utf8");
}

function sourceIdsOf(xml: string): string[] {
  return [...xml.matchAll(/<source [^>]*>\s*<id>([^<]+)<\/id>/g)].map((m) => m[1]);
}

export function buildRealHome(opts: { base?: number; typedProjects?: number } = {}): RealHome {
  const items = homeLayout(opts.base ?? 200);
  const folders = items.filter((i) => i.isFolder).map((i) => i.fullName);
  const dir = writeHome(items);
  const typedProjects: string[] = [];
  const repositories: Record<string, string[]> = {};
  for (let i = 0; i < (opts.typedProjects ?? 24); i++) {
    const parent = folders[(i * 5) % folders.length];
    const remote = `https://git.example.com/team/service-${i}.git`;
    const spec: MultibranchSpec = {
      sources: [{ type: "git", remote, ...(i % 3 === 0 ? { credentialsId: "git-readonly" } : {}) }],
      ...(i % 4 === 1 ? { scriptPath: "ci/Jenkinsfile" } : {}),
      ...(i % 5 === 2 ? { orphanedItems: { numToKeep: 10 } } : {}),
      ...(i % 2 === 0 ? { periodicIndexing: "1d" as const } : {}),
    };
    const fullName = `${parent}/service-${i}`;
    const xml = withSourceIds(renderMultibranch(spec, { description: `Branches of service ${i}` }), () => sourceId(i));
    writeItem(dir, fullName, xml);
    items.push({ fullName, fixture: "(multibranch spec)", isFolder: true });
    typedProjects.push(fullName);
    repositories[remote] = BRANCHES;
  }
  // Branch jobs inside every multibranch project, as indexing left them.
  const branchJobs: string[] = [];
  const configs = new Map(savedConfigs().map((f) => [f.file, f.xml]));
  for (const item of items) {
    const xml = configs.get(item.fixture) ?? fs.readFileSync(configPath(dir, item.fullName), "utf8");
    if (parseXml(xml).root.name !== MULTIBRANCH_ROOT) continue;
    for (const id of sourceIdsOf(xml)) {
      for (const branch of BRANCHES) {
        const name = `${item.fullName}/${encodeBranch(branch)}`;
        writeItem(dir, name, branchJob(id, branch), item.fullName);
        branchJobs.push(name);
      }
    }
  }
  // Folders saved before the shared-library plugin's rename.
  const renamedPluginFolders: string[] = [];
  for (const item of items) {
    if (item.fixture !== "folder-listviews-folder-libraries.xml") continue;
    const file = configPath(dir, item.fullName);
    const before = fs.readFileSync(file, "utf8");
    const after = before.replace(/plugin="pipeline-groovy-lib@[^"]*"/, 'plugin="workflow-cps-global-lib@2.21"');
    if (after === before) continue;
    fs.writeFileSync(file, after, "utf8");
    renamedPluginFolders.push(item.fullName);
  }
  return { dir, items, branchJobs, typedProjects, renamedPluginFolders, plugins: pluginsOf(dir), repositories };
}

function configPath(home: string, fullName: string): string {
  return path.join(home, ...fullName.split("/").flatMap((s) => ["jobs", s]), "config.xml");
}

/** Every plugin the home's configs name (newest version named), a renamed one as its successor. */
function pluginsOf(home: string): Record<string, string> {
  const named = new Map<string, string | undefined>();
  const visit = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) visit(p);
      else if (e.name === "config.xml") {
        for (const [name, version] of requiredPlugins(parseXml(fs.readFileSync(p, "utf8")).root)) {
          named.set(name, newerOf(named.get(name), version));
        }
      }
    }
  };
  visit(home);
  const out: Record<string, string> = {};
  for (const [name, version] of named) {
    const installed = successorOf(name) ?? name;
    // A successor numbers its releases afresh: the home ran a current release of it.
    out[installed] = installed === name ? (newerOf(out[installed], version) ?? "1.0") : (out[installed] ?? "1.0");
  }
  return out;
}
