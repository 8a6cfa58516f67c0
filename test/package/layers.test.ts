/**
 * The layer rules of docs/architecture.md, held against the source: every relative import in `provider/` (static,
 * dynamic or `require`) must go to its own layer or to one the table allows. A new edge fails here with the file and
 * the import, so the table and the code cannot drift apart.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../harness/provider-process";

const PROVIDER = path.join(repoRoot, "provider");

/** Layer → the layers it may import (besides itself). `plugins/versions` is allowed to the server alone. */
const ALLOWED: Record<string, string[]> = {
  xml: [],
  // The Node.js version check, loaded first by every entry point and command; it imports nothing.
  runtime: [],
  client: ["xml"],
  specs: ["xml"],
  server: ["xml", "plugins/versions", "runtime"],
  plugins: ["client", "dynamic", "xml"],
  dynamic: [],
  connection: ["client"],
  resource: ["connection", "dynamic", "plugins", "references", "client", "specs", "xml"],
  // The reference check of jobs: which credentials a job names, where it looks, the stores' listings.
  references: ["client", "dynamic", "xml"],
  // The Credential resource; the program side hides secrets with the Job's table (resource/secrets).
  credential: ["connection", "dynamic", "plugins", "references", "client", "xml", "resource/secrets"],
  triggers: ["connection", "dynamic", "client"],
  sweep: ["connection", "dynamic", "client"],
  view: ["connection", "dynamic", "plugins", "client", "xml"],
  import: [
    "connection",
    "client",
    "specs",
    "xml",
    "resource/job-kinds",
    "resource/owned/pipeline-properties",
    "resource/owned/folder-credentials",
    "view/list-view",
    "runtime",
  ],
  // The bin dispatcher loads the import command or the server's command line, only the one it runs.
  entries: ["client", "connection", "server", "specs", "triggers", "xml", "runtime", "import/cli"],
  // The main entry: the resource classes and the spec types, nothing a program does not need.
  "index.ts": [
    "runtime/node-version",
    "resource/job",
    "triggers/build-trigger",
    "sweep/folder-sweep",
    "sweep/types",
    "view/view",
    "view/types",
    "credential/credential",
    "credential/types",
    "triggers/types",
    "specs/types",
  ],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith(".ts") ? [full] : [];
  });
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm;

/** "resource/job" for provider/resource/job.ts, "index.ts" for provider/index.ts. */
function modulePath(file: string): string {
  return path.relative(PROVIDER, file).replace(/\.ts$/, "").split(path.sep).join("/");
}

/** The layer a module path belongs to: its top folder, or "index.ts" for the main entry. */
function layerOf(modulePathOf: string): string {
  return modulePathOf.includes("/") ? modulePathOf.split("/")[0] : "index.ts";
}

function allowed(fromLayer: string, target: string): boolean {
  const targetLayer = layerOf(target);
  if (fromLayer === targetLayer) return true;
  return (ALLOWED[fromLayer] ?? []).some((a) => a === targetLayer || a === target || target.startsWith(a + "/"));
}

const files = sourceFiles(PROVIDER);

test("every provider file belongs to a layer of the table", () => {
  const layers = new Set(files.map((f) => layerOf(modulePath(f))));
  expect([...layers].filter((l) => !(l in ALLOWED))).toEqual([]);
  expect(layers.size).toBe(Object.keys(ALLOWED).length);
});

test("no provider file imports a layer the table does not allow it", () => {
  const offences: string[] = [];
  let edges = 0;
  for (const file of files) {
    const from = modulePath(file);
    const layer = layerOf(from);
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), m[1]));
      edges++;
      if (!allowed(layer, target)) offences.push(`${from} imports ${target}`);
    }
  }
  expect(offences).toEqual([]);
  // The scan sees the imports at all (a broken pattern would find none and pass).
  expect(edges).toBeGreaterThan(300);
});

test("the rules catch an import the table forbids", () => {
  expect(allowed("xml", "client/names")).toBe(false);
  expect(allowed("resource", "server/index")).toBe(false);
  expect(allowed("import", "triggers/functions")).toBe(false);
  expect(allowed("import", "resource/job-kinds")).toBe(true);
  expect(allowed("server", "plugins/versions")).toBe(true);
  expect(allowed("server", "plugins/preflight")).toBe(false);
  expect(allowed("index.ts", "server/index")).toBe(false);
});
