/**
 * A Jenkins home holding 200 items, built from the real saved configs in test/fixtures: plain folders nested three
 * levels deep, and every kind of job the fixtures have (freestyle, pipeline, matrix, maven, multibranch,
 * organization folders) spread across the root and the folders, with names that need quoting and escaping.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { savedConfigs } from "../harness/fixtures";

export interface HomeItem {
  fullName: string;
  fixture: string;
  isFolder: boolean;
}

const FOLDERS = [
  "platform",
  "platform/services",
  "platform/services/internal",
  "platform/libs",
  "apps",
  "apps/web",
  "apps/web/legacy",
  "apps/mobile",
  "data",
  "data/etl",
  "data/etl/nightly jobs",
  "data/reports",
  "tools",
  "tools/infra",
  "tools/infra/déploiement",
  "tools/sandbox",
];

/** Unusual but valid Jenkins names, used for every 17th job. */
const ODD_NAMES = [
  "release build",
  "déploiement",
  "v1.2.3",
  "it's-quoted",
  "class",
  "42-answers",
  "a (b) + c",
  "中文作业",
];

export function homeLayout(total = 200): HomeItem[] {
  const fixtures = savedConfigs();
  const folderFixtures = fixtures.filter((f) => f.file.startsWith("folder-"));
  const jobFixtures = fixtures.filter((f) => !f.file.startsWith("folder-"));
  const items: HomeItem[] = FOLDERS.map((fullName, i) => ({
    fullName,
    fixture: folderFixtures[i % folderFixtures.length].file,
    isFolder: true,
  }));
  const containers = ["", ...FOLDERS];
  for (let n = 0; items.length < total; n++) {
    const fixture = jobFixtures[n % jobFixtures.length];
    const parent = containers[(n * 7) % containers.length];
    const leaf = n % 17 === 5 ? `${ODD_NAMES[Math.floor(n / 17) % ODD_NAMES.length]} ${n}` : `${fixture.name}-${n}`;
    items.push({ fullName: parent ? `${parent}/${leaf}` : leaf, fixture: fixture.file, isFolder: false });
  }
  return items;
}

/** Writes the layout as a Jenkins home (jobs/<a>/jobs/<b>/config.xml) and returns its folder. */
export function writeHome(items: readonly HomeItem[]): string {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "jenkins-import-home-"));
  const xmlOf = new Map(savedConfigs().map((f) => [f.file, f.xml]));
  for (const item of items) {
    const dir = path.join(home, ...item.fullName.split("/").flatMap((segment) => ["jobs", segment]));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "config.xml"), xmlOf.get(item.fixture)!, "utf8");
  }
  return home;
}
