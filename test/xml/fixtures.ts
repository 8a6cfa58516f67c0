/** Loads the real Jenkins config.xml fixtures shipped in the repository (never from outside it). */
import { readdirSync, readFileSync } from "fs";
import { join, resolve } from "path";

// Tests run from dist/test/xml; the fixtures stay in the source tree.
export const FIXTURE_DIR = resolve(__dirname, "..", "..", "..", "test", "fixtures", "jenkins-saved-configs");

export interface Fixture {
  name: string;
  xml: string;
}

export function loadFixtures(): Fixture[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith(".xml"))
    .sort()
    .map((name) => ({ name, xml: readFileSync(join(FIXTURE_DIR, name), "utf8") }));
}

export function fixture(name: string): string {
  return readFileSync(join(FIXTURE_DIR, name), "utf8");
}
