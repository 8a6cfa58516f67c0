/**
 * The plugins "installed" on the simulated Jenkins, and which Java classes each one provides.
 *
 * XStream marks an element with `plugin="shortName@version"` when its class comes from a plugin (see ownership.ts),
 * always with the version that is installed now: that is how a plugin upgrade changes a saved config with no user
 * action. Versions are a representative recent install, newer than nearly every version in the test fixtures.
 *
 * Classes of a plugin that is not installed cannot be loaded, so Jenkins drops those elements on the next save.
 * NOT_INSTALLED lists plugins the server recognises but deliberately lacks, to reproduce that: `timestamper` and
 * `ansicolor` are common on other controllers, so jobs copied from there carry their build wrappers.
 */
export const INSTALLED_PLUGINS: Readonly<Record<string, string>> = {
  "analysis-model-api": "13.9.0",
  ant: "520.vd082ecfb_16a_9",
  "basic-branch-build-strategies": "81.v05e333931c7d",
  "branch-api": "2.1280.v0d4e5b_b_460ef",
  "cloudbees-folder": "6.1079.vc0975c2de294",
  "config-file-provider": "1006.vc7366c201f57",
  coverage: "2.26.0",
  credentials: "1491.v6d6145e96e1c",
  "docker-commons": "457.v0f62a_94f11a_3",
  "docker-workflow": "611.v16e84da_6d3ff",
  git: "5.10.0",
  github: "1.46.0",
  "github-branch-source": "1967.vdea_d580c1a_b_a_",
  junit: "1403.vd9d1413fd205",
  mailer: "525.v2458b_d8a_1a_71",
  "matrix-project": "870.v9db_fcfc2f45b_",
  "maven-plugin": "3.27",
  naginator: "1.18.2",
  nodelabelparameter: "1.13.0",
  "pipeline-groovy-lib": "787.ve2fef0efdca_6",
  "pipeline-maven": "1672.v1b_d4c0435b_20",
  "pipeline-model-definition": "2.2277.v00573e73ddf1",
  "plain-credentials": "199.v9f8e1f741799",
  "plugin-util-api": "6.1192.v30fe6e2837ff",
  preSCMbuildstep: "0.3",
  "scm-api": "728.vc30dcf7a_0df5",
  "ssh-credentials": "361.vb_f6760818e8c",
  "text-finder": "1.31",
  "throttle-concurrents": "2.18",
  "view-job-filters": "392.v2b_1f7b_a_3d9e5",
  "warnings-ng": "12.9.0",
  "workflow-cps": "4259.vf653c2b_8a_b_69",
  "workflow-job": "1571.vb_423c255d6d9",
  "workflow-multibranch": "821.vc3b_4ea_780798",
  "ws-cleanup": "0.49",
  xshell: "0.10",
  "elastic-axis": "615.vb_f7c20ec040e",
};

/** Plugins whose classes the server recognises but which are not installed: their elements are dropped on save. */
export const NOT_INSTALLED_PLUGINS: readonly string[] = ["timestamper", "ansicolor"];

/**
 * Which plugin provides a class: package prefixes (ending in ".") or single classes (nested classes included).
 * `null` marks core packages, so that a more general plugin prefix cannot claim them. The longest match wins.
 */
const CLASS_OWNERS: ReadonlyArray<readonly [string, string | null]> = [
  // Jenkins core and the JDK
  ["hudson.model.", null],
  ["hudson.tasks.", null],
  ["hudson.triggers.", null],
  ["hudson.scm.", null],
  ["hudson.views.", null],
  ["hudson.util.", null],
  ["hudson.security.", null],
  ["hudson.slaves.", null],
  ["jenkins.model.", null],
  ["jenkins.triggers.", null],
  ["jenkins.mvn.", null],
  ["jenkins.scm.", null],
  ["java.", null],
  // plugins split from core or living in core-looking packages
  ["hudson.tasks.junit.", "junit"],
  ["hudson.tasks.test.", "junit"],
  ["hudson.tasks.Ant", "ant"],
  ["hudson.tasks._ant.", "ant"],
  ["hudson.tasks.Mailer", "mailer"],
  ["hudson.views.BuildStatusFilter", "view-job-filters"],
  ["hudson.views.JobStatusFilter", "view-job-filters"],
  ["hudson.views.RegExJobFilter", "view-job-filters"],
  ["hudson.matrix.", "matrix-project"],
  ["hudson.maven.", "maven-plugin"],
  // plugins
  ["com.cloudbees.hudson.plugins.folder.", "cloudbees-folder"],
  ["com.cloudbees.plugins.credentials.", "credentials"],
  ["com.cloudbees.jenkins.plugins.sshcredentials.", "ssh-credentials"],
  ["com.cloudbees.jenkins.plugins.awscredentials.", "aws-credentials"],
  ["com.datapipe.jenkins.vault.", "hashicorp-vault-plugin"],
  ["org.jenkinsci.plugins.plaincredentials.", "plain-credentials"],
  ["com.chikli.hudson.plugin.naginator.", "naginator"],
  ["com.coravy.hudson.plugins.github.", "github"],
  ["edu.hm.hafner.analysis.", "analysis-model-api"],
  ["hudson.plugins.git.", "git"],
  ["hudson.plugins.textfinder.", "text-finder"],
  ["hudson.plugins.throttleconcurrents.", "throttle-concurrents"],
  ["hudson.plugins.ws_cleanup.", "ws-cleanup"],
  ["hudson.plugins.xshell.", "xshell"],
  ["hudson.plugins.timestamper.", "timestamper"],
  ["hudson.plugins.ansicolor.", "ansicolor"],
  ["io.jenkins.plugins.analysis.", "warnings-ng"],
  ["io.jenkins.plugins.coverage.", "coverage"],
  ["io.jenkins.plugins.util.", "plugin-util-api"],
  ["jenkins.branch.", "branch-api"],
  ["jenkins.branch.buildstrategies.basic.", "basic-branch-build-strategies"],
  ["jenkins.plugins.git.", "git"],
  ["jenkins.scm.api.", "scm-api"],
  ["jenkins.scm.impl.", "scm-api"],
  ["org.jenkinsci.plugins.configfiles.", "config-file-provider"],
  ["org.jenkinsci.plugins.docker.commons.", "docker-commons"],
  ["org.jenkinsci.plugins.docker.workflow.", "docker-workflow"],
  ["org.jenkinsci.plugins.elasticaxisplugin.", "elastic-axis"],
  ["org.jenkinsci.plugins.github_branch_source.", "github-branch-source"],
  ["org.jenkinsci.plugins.pipeline.maven.", "pipeline-maven"],
  ["org.jenkinsci.plugins.pipeline.modeldefinition.", "pipeline-model-definition"],
  ["org.jenkinsci.plugins.preSCMbuildstep.", "preSCMbuildstep"],
  ["org.jenkinsci.plugins.workflow.cps.", "workflow-cps"],
  ["org.jenkinsci.plugins.workflow.job.", "workflow-job"],
  ["org.jenkinsci.plugins.workflow.libs.", "pipeline-groovy-lib"],
  ["org.jenkinsci.plugins.workflow.multibranch.", "workflow-multibranch"],
  ["org.jvnet.jenkins.plugins.nodelabelparameter.", "nodelabelparameter"],
];

function matches(className: string, key: string): boolean {
  if (key.endsWith(".")) return className.startsWith(key);
  return className === key || className.startsWith(`${key}$`);
}

/**
 * The plugin that provides `className`: a short name, `null` for core/JDK classes, `undefined` when the table
 * does not know the class (the caller may then trust a `plugin` attribute written by another Jenkins).
 */
export function pluginOfClass(className: string): string | null | undefined {
  let best: readonly [string, string | null] | undefined;
  for (const entry of CLASS_OWNERS) {
    if (matches(className, entry[0]) && (best === undefined || entry[0].length > best[0].length)) best = entry;
  }
  return best === undefined ? undefined : best[1];
}

/** The plugins whose classes load: installed and enabled, short name → version. */
export type ActivePlugins = Readonly<Record<string, string>>;

export function isInstalled(shortName: string, active: ActivePlugins = INSTALLED_PLUGINS): boolean {
  return Object.prototype.hasOwnProperty.call(active, shortName);
}

/** `shortName@version` as XStream writes it, for an installed plugin. */
export function pluginReference(shortName: string, active: ActivePlugins = INSTALLED_PLUGINS): string {
  const version = active[shortName];
  if (version === undefined) throw new Error(`plugin ${shortName} is not installed`);
  return `${shortName}@${version}`;
}

/** The short name in a `plugin` attribute value (`git@5.2.1` → `git`). */
export function shortNameOf(pluginAttr: string): string {
  const at = pluginAttr.indexOf("@");
  return (at < 0 ? pluginAttr : pluginAttr.slice(0, at)).trim();
}
