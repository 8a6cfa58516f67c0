/**
 * A Jenkins home the way a real controller leaves it, a few hundred items generated reproducibly from the saved
 * configs in test/fixtures: the 200-item layout of home.ts (plain folders three levels deep; freestyle, pipeline,
 * matrix, maven, multibranch and organization-folder jobs under varied names), plus
 *  - multibranch projects made from the typed spec and saved with the source id Jenkins gave them, placed in the
 *    nested folders;
 *  - branch jobs inside every multibranch project, under its `branches/` directory, as branch indexing wrote them;
 *  - folders saved before the shared-library plugin was renamed, so their `<FolderLibraries>` names
 *    `workflow-cps-global-lib` although the home runs its successor `pipeline-groovy-lib`;
 *  - credentials where a real home keeps them: half the plain folders carry a FolderCredentialsProperty (15 of the 29
 *    folders of a measured home did), some with an empty list, the others with credentials of the common types, and
 *    the system store's credentials.xml; every secret encrypted with the home's own key;
 *  - declarative pipelines whose Jenkinsfile set a job property that stands before one declared by hand (4 of the
 *    268 jobs of a measured home);
 * and the plugin list that home ran with: every plugin its configs name, at the newest version any config names,
 * with a renamed plugin present as its successor only.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { requiredPlugins } from "../../provider/plugins/required";
import { successorOf } from "../../provider/plugins/renames";
import { newerOf } from "../../provider/plugins/versions";
import { branchesOf, branchSourcesOf, withSourceIds } from "../../provider/server/multibranch";
import { encryptSecret, loadOrCreateKey } from "../../provider/server/secrets/secret-key";
import { idsInConfig } from "../../provider/references/ids";
import { renderMultibranch, type MultibranchSpec } from "../../provider/specs";
import { parseXml } from "../../provider/xml/tree";
import { fixture, pipelineOwningFirstProperty, savedConfigs } from "../harness/fixtures";
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
  /** Folders holding a FolderCredentialsProperty (with an empty list or not). */
  credentialFolders: string[];
  /** Every credential of the home: its store ("" for the system store), id and the plaintext of each secret field. */
  credentials: HomeCredential[];
  /** Declarative pipelines whose Jenkinsfile owns a property saved before one declared by hand. */
  pipelinesOwningFirstProperty: string[];
}

export interface HomeCredential {
  folder: string;
  id: string;
  /** Secret field (as the Credential resource names it: secret, password, privateKey, passphrase, content) → value. */
  secrets: Record<string, string>;
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
    // The branches indexing finds (as the server's indexing computes them), so that an indexing the project's next
    // config POST starts keeps them: a Git source's repository has BRANCHES, a single-branch source its one branch.
    for (const source of branchSourcesOf(xml)) {
      if (source.id === "") continue;
      if (source.repository !== undefined) repositories[source.repository] ??= BRANCHES;
      for (const branch of branchesOf(source, new Map(Object.entries(repositories)))) {
        const name = `${item.fullName}/${encodeBranch(branch)}`;
        writeItem(dir, name, branchJob(source.id, branch), item.fullName);
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
  const key = loadOrCreateKey(dir);
  const credentialFolders: string[] = [];
  const credentials: HomeCredential[] = [];
  const plainFolders = items.filter(
    (i) => i.isFolder && parseXml(readConfig(dir, i.fullName)).root.name === FOLDER_ROOT,
  );
  plainFolders.forEach((item, i) => {
    if (i % 2 === 1) return;
    const made = homeCredentials(item.fullName, i % 4 === 2 ? 0 : 1 + (i % 3));
    const file = configPath(dir, item.fullName);
    fs.writeFileSync(file, withCredentialsProperty(fs.readFileSync(file, "utf8"), made, key), "utf8");
    credentialFolders.push(item.fullName);
    credentials.push(...made.map((c) => c.credential));
  });
  // The system store: two credentials of its own, and one for each id the home's jobs name (as on a controller
  // whose builds work).
  const system = [...homeCredentials("", 2), ...namedIds(dir).map((id) => loginFor(id))];
  fs.writeFileSync(
    path.join(dir, "credentials.xml"),
    `<?xml version='1.1' encoding='UTF-8'?>\n<com.cloudbees.plugins.credentials.SystemCredentialsProvider plugin="credentials@1309.v8835d63eb_d8a_">\n  ${domainMap(system, key)}\n</com.cloudbees.plugins.credentials.SystemCredentialsProvider>\n`,
    "utf8",
  );
  credentials.push(...system.map((c) => c.credential));
  // Declarative pipelines whose Jenkinsfile's build discarder was saved before the parameters declared by hand.
  const pipelinesOwningFirstProperty = items
    .filter((i) => i.fixture === "pipeline-declarative-parameters.xml")
    .slice(0, 4)
    .map((i) => i.fullName);
  for (const fullName of pipelinesOwningFirstProperty)
    fs.writeFileSync(configPath(dir, fullName), pipelineOwningFirstProperty(), "utf8");
  return {
    dir,
    items,
    branchJobs,
    typedProjects,
    renamedPluginFolders,
    plugins: pluginsOf(dir),
    repositories,
    credentialFolders,
    credentials,
    pipelinesOwningFirstProperty,
  };
}

const FOLDER_ROOT = "com.cloudbees.hudson.plugins.folder.Folder";
const PROPERTY = "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";

function readConfig(home: string, fullName: string): string {
  return fs.readFileSync(configPath(home, fullName), "utf8");
}

interface MadeCredential {
  credential: HomeCredential;
  /** The credential's XML with each secret given as a function of its plaintext (to encrypt with the home's key). */
  xml: (encrypt: (plain: string) => string) => string;
}

/** `count` credentials of the common types for a store, each secret a value telling where it belongs. */
function homeCredentials(folder: string, count: number): MadeCredential[] {
  const store = folder === "" ? "system" : folder;
  const value = (id: string, field: string): string => `${field} of ${store}/${id}`;
  const kinds: Array<(n: number) => MadeCredential> = [
    (n) => {
      const id = `deploy-token-${n}`;
      const secrets = { secret: value(id, "secret") };
      return {
        credential: { folder, id, secrets },
        xml: (e) =>
          `<org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl plugin="plain-credentials@183.va_de8f1dd5a_2b_"><scope>GLOBAL</scope><id>${id}</id><description>Deploy token</description><secret>${e(secrets.secret)}</secret></org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>`,
      };
    },
    (n) => {
      const id = `git-key-${n}`;
      const secrets = {
        privateKey: `-----BEGIN OPENSSH PRIVATE KEY-----\n${Buffer.from(value(id, "privateKey")).toString("base64")}\n-----END OPENSSH PRIVATE KEY-----`,
        passphrase: value(id, "passphrase"),
      };
      return {
        credential: { folder, id, secrets },
        xml: (e) =>
          `<com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey plugin="ssh-credentials@343.v884f71d78167"><scope>GLOBAL</scope><id>${id}</id><description></description><username>git</username><usernameSecret>false</usernameSecret><privateKeySource class="com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey$DirectEntryPrivateKeySource"><privateKey>${e(secrets.privateKey)}</privateKey></privateKeySource><passphrase>${e(secrets.passphrase)}</passphrase></com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey>`,
      };
    },
    (n) => {
      const id = `deployer-${n}`;
      const secrets = { password: value(id, "password") };
      return {
        credential: { folder, id, secrets },
        xml: (e) =>
          `<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl plugin="credentials@1309.v8835d63eb_d8a_"><scope>GLOBAL</scope><id>${id}</id><description>Deployer</description><username>deploy</username><password>${e(secrets.password)}</password><usernameSecret>false</usernameSecret></com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>`,
      };
    },
    (n) => {
      const id = `kubeconfig-${n}`;
      const secrets = { content: `${value(id, "content")}\n` };
      return {
        credential: { folder, id, secrets },
        xml: (e) =>
          `<org.jenkinsci.plugins.plaincredentials.impl.FileCredentialsImpl plugin="plain-credentials@183.va_de8f1dd5a_2b_"><scope>GLOBAL</scope><id>${id}</id><description></description><fileName>kubeconfig</fileName><secretBytes>${e(Buffer.from(secrets.content).toString("base64"))}</secretBytes></org.jenkinsci.plugins.plaincredentials.impl.FileCredentialsImpl>`,
      };
    },
  ];
  return Array.from({ length: count }, (_, n) => kinds[(n + store.length) % kinds.length](n));
}

/** Every credentials id the configs of the home name (branch jobs included), sorted. */
function namedIds(home: string): string[] {
  const ids = new Set<string>();
  const visit = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) visit(p);
      else if (e.name === "config.xml")
        idsInConfig(parseXml(fs.readFileSync(p, "utf8")).root, "\u0000").forEach((id) => ids.add(id));
    }
  };
  visit(path.join(home, "jobs"));
  return [...ids].sort();
}

/** A login of the system store with the id a job names. */
function loginFor(id: string): MadeCredential {
  const secrets = { password: `password of system/${id}` };
  return {
    credential: { folder: "", id, secrets },
    xml: (e) =>
      `<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl plugin="credentials@1309.v8835d63eb_d8a_"><scope>GLOBAL</scope><id>${id}</id><description>Named by the jobs</description><username>ci</username><password>${e(secrets.password)}</password><usernameSecret>false</usernameSecret></com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>`,
  };
}

function domainMap(made: readonly MadeCredential[], key: Buffer): string {
  const encrypt = (plain: string): string => encryptSecret(key, plain);
  return `<domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash"><entry><com.cloudbees.plugins.credentials.domains.Domain plugin="credentials@1309.v8835d63eb_d8a_"><specifications/></com.cloudbees.plugins.credentials.domains.Domain><java.util.concurrent.CopyOnWriteArrayList>${made.map((c) => c.xml(encrypt)).join("")}</java.util.concurrent.CopyOnWriteArrayList></entry></domainCredentialsMap>`;
}

/** A folder's config with the property holding `made` (an empty list when none), first among its properties. */
function withCredentialsProperty(xml: string, made: readonly MadeCredential[], key: Buffer): string {
  const property = `<${PROPERTY}>${domainMap(made, key)}</${PROPERTY}>`;
  if (/<properties\/>/.test(xml)) return xml.replace(/<properties\/>/, `<properties>${property}</properties>`);
  return xml.replace(/<properties>/, `<properties>${property}`);
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
