/** Real Jenkins config.xml files kept in the repository (test/fixtures/jenkins-saved-configs, see SOURCES.md). */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { repoRoot } from "./provider-process";

export const FIXTURE_DIR = path.join(repoRoot, "test", "fixtures", "jenkins-saved-configs");

export interface Fixture {
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
