/**
 * Which plugins a job's config needs: every `plugin="name@version"` attribute (the version the config was written
 * for; hand-written and rendered XML often carry the name only), and the plugins behind root elements and classes
 * we can name without an attribute (a Pipeline job needs workflow-job, its inline script workflow-cps, a folder
 * cloudbees-folder). Pure: a tree in, a map out.
 */
import type { XmlElement } from "../xml/tree";
import { newerOf } from "./versions";

/** Plugin short name → the highest version the config was written for (undefined when no attribute says). */
export type RequiredPlugins = Map<string, string | undefined>;

const ROOT_PLUGINS: Readonly<Record<string, string>> = {
  "flow-definition": "workflow-job",
  "com.cloudbees.hudson.plugins.folder.Folder": "cloudbees-folder",
  "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject": "workflow-multibranch",
  "jenkins.branch.OrganizationFolder": "branch-api",
  "matrix-project": "matrix-project",
  "maven2-moduleset": "maven-plugin",
};

/** Class name prefixes (from `class` attributes and element names) and the plugin that provides them. */
const CLASS_PLUGINS: ReadonlyArray<readonly [string, string]> = [
  ["org.jenkinsci.plugins.workflow.cps.", "workflow-cps"],
  ["org.jenkinsci.plugins.workflow.job.", "workflow-job"],
  ["org.jenkinsci.plugins.workflow.multibranch.", "workflow-multibranch"],
  ["com.cloudbees.hudson.plugins.folder.", "cloudbees-folder"],
  ["org.jenkinsci.plugins.plaincredentials.", "plain-credentials"],
  ["com.cloudbees.jenkins.plugins.sshcredentials.", "ssh-credentials"],
  ["com.cloudbees.plugins.credentials.", "credentials"],
  ["hudson.plugins.git.", "git"],
  ["jenkins.plugins.git.", "git"],
  ["hudson.tasks.junit.", "junit"],
  ["hudson.plugins.timestamper.", "timestamper"],
  ["hudson.plugins.ansicolor.", "ansicolor"],
  ["hudson.plugins.ws_cleanup.", "ws-cleanup"],
];

/** Every prefix is a package, so a name without a dot (most element names: fields) names no plugin's class. */
function pluginOfClass(name: string): string | undefined {
  if (!name.includes(".")) return undefined;
  return CLASS_PLUGINS.find(([prefix]) => name.startsWith(prefix))?.[1];
}

export function requiredPlugins(root: XmlElement): RequiredPlugins {
  const out: RequiredPlugins = new Map();
  const need = (name: string, version: string | undefined): void => {
    if (name === "") return;
    out.set(name, newerOf(out.get(name), version));
  };
  const rootPlugin = ROOT_PLUGINS[root.name];
  if (rootPlugin !== undefined) need(rootPlugin, undefined);
  const visit = (e: XmlElement): void => {
    for (const [key, value] of e.attrs) {
      if (key === "plugin") {
        const at = value.indexOf("@");
        need(
          (at < 0 ? value : value.slice(0, at)).trim(),
          at < 0 ? undefined : value.slice(at + 1).trim() || undefined,
        );
      } else if (key === "class") {
        const plugin = pluginOfClass(value);
        if (plugin !== undefined) need(plugin, undefined);
      }
    }
    const fromName = pluginOfClass(e.name);
    if (fromName !== undefined) need(fromName, undefined);
    for (const c of e.children) if (c.kind === "element") visit(c);
  };
  visit(root);
  return out;
}
