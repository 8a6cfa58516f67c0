/**
 * Plugins renamed or merged upstream. A config saved while the old plugin was installed names it in its
 * `plugin="old@version"` attributes; a controller that runs the successor loads the same classes, so the config
 * loses nothing there, and the pre-flight must not refuse it. The successor's versions are numbered on their own,
 * so no "older than" is judged across a rename.
 *
 * Where the rows come from (facts, read in the sources named; nothing copied):
 * - `workflow-cps-global-lib` → `pipeline-groovy-lib`: JENKINS-57023; the library code moved to pipeline-groovy-lib
 *   and workflow-cps-global-lib became a deprecated shell (jenkinsci/workflow-cps-global-lib-plugin pull request
 *   #172); dependants switched in 2022 (e.g. jenkinsci/workflow-multibranch-plugin #180,
 *   jenkinsci/pipeline-model-definition-plugin #530). The classes kept their package
 *   (`org.jenkinsci.plugins.workflow.libs`).
 * - `aws-java-sdk-core`, `-jmespath`, `-kms`, `-s3`, `-sts` → `aws-java-sdk-minimal`: "merged into
 *   aws-java-sdk-minimal" (jenkinsci/aws-java-sdk-plugin pull request #540), as listed in the update center's
 *   `resources/artifact-ignores.properties` (jenkins-infra/update-center2).
 * - The other rows: artifact ids the update center hides as "renamed to" (or "subsumed into") their successor, in
 *   the same `artifact-ignores.properties` (jenkins-infra/update-center2, commit 02730294d6dd).
 */
const RENAMED: ReadonlyArray<readonly [string, string]> = [
  ["workflow-cps-global-lib", "pipeline-groovy-lib"],
  ["aws-java-sdk-core", "aws-java-sdk-minimal"],
  ["aws-java-sdk-jmespath", "aws-java-sdk-minimal"],
  ["aws-java-sdk-kms", "aws-java-sdk-minimal"],
  ["aws-java-sdk-s3", "aws-java-sdk-minimal"],
  ["aws-java-sdk-sts", "aws-java-sdk-minimal"],
  ["jmeter", "performance"],
  ["hipchat-plugin", "hipchat"],
  ["openstack-plugin", "openstack-cloud"],
  ["aws-lambda-plugin", "aws-lambda"],
  ["aws-lambda-jenkins-plugin", "aws-lambda"],
  ["vagrant-plugin", "vagrant"],
  ["create-fingerprint-plugin", "create-fingerprint"],
  ["icon-shim-plugin", "icon-shim"],
  ["datadog-build-reporter", "datadog"],
  ["jgiven-plugin", "jgiven"],
  ["schedule-build-plugin", "schedule-build"],
  ["paranoia", "extended-security-settings"],
  ["ivy2", "ivy"],
];

const SUCCESSOR = new Map(RENAMED);

/** The plugin that took over `name` upstream, following renames of renames; undefined when there is none. */
export function successorOf(name: string): string | undefined {
  let next = SUCCESSOR.get(name);
  for (let seen = 0; next !== undefined && SUCCESSOR.has(next) && seen < RENAMED.length; seen++) {
    next = SUCCESSOR.get(next);
  }
  return next;
}
