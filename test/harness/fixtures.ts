/** Real Jenkins config.xml files kept in the repository (test/fixtures/jenkins-saved-configs, see SOURCES.md). */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";

// Tests run from dist/test/harness; the fixtures stay in the source tree.
export const FIXTURE_DIR = path.resolve(__dirname, "..", "..", "..", "test", "fixtures", "jenkins-saved-configs");

export interface Fixture {
  /** The file name, e.g. "freestyle-unbuilt-defaults.xml". */
  file: string;
  /** A job name derived from the file name. */
  name: string;
  xml: string;
}

export function savedConfigs(): Fixture[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith(".xml"))
    .sort()
    .map((file) => ({
      file,
      name: file.replace(/\.xml$/, "").replace(/\./g, "-"),
      xml: readFileSync(path.join(FIXTURE_DIR, file), "utf8"),
    }));
}

/** One fixture's text, by file name. */
export function fixture(file: string): string {
  return readFileSync(path.join(FIXTURE_DIR, file), "utf8");
}

const DISCARDER = "jenkins.model.BuildDiscarderProperty";

/**
 * A saved declarative pipeline whose Jenkinsfile set a build discarder at its last run (its tracker lists the
 * property), saved before the parameters declared by hand: the property the pipeline owns stands first.
 */
export function pipelineOwningFirstProperty(): string {
  return fixture("pipeline-declarative-parameters.xml")
    .replace(/<jobProperties\/>/, `<jobProperties><string>${DISCARDER}</string></jobProperties>`)
    .replace(
      "<properties>",
      `<properties>\n    <${DISCARDER}><strategy class="hudson.tasks.LogRotator"><daysToKeep>-1</daysToKeep><numToKeep>10</numToKeep><artifactDaysToKeep>-1</artifactDaysToKeep><artifactNumToKeep>-1</artifactNumToKeep></strategy></${DISCARDER}>`,
    );
}
