/**
 * The layer rules of docs/architecture.md, held against the source: every relative import in `provider/` (static,
 * dynamic or `require`) must go to its own layer or to one the table allows. A new edge fails here with the file and
 * the import, so the table and the code cannot drift apart. Within a layer, no two files may import each other,
 * directly or round a longer circle (type-only imports included): a type two files share lives in a module below
 * both.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
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
  // The mark of ownership (pure), its config keys, and the program side's owner (the SDK's project and stack); the
  // mark in the root description of a view's or a credential's config (parsed XML).
  ownership: ["xml"],
  connection: ["client"],
  resource: ["ownership", "connection", "dynamic", "plugins", "references", "runnable", "client", "specs", "xml"],
  // The reference check of jobs: which credentials a job names, where it looks, the stores' listings.
  references: ["client", "dynamic", "xml"],
  // The runnable check of jobs: what a job names (scripts, labels, libraries, jobs) and what the controller has.
  runnable: ["client", "dynamic", "references", "xml"],
  // The Credential resource; the program side hides secrets with the Job's table (resource/secrets).
  credential: ["ownership", "connection", "dynamic", "plugins", "references", "client", "xml", "resource/secrets"],
  triggers: ["connection", "dynamic", "client"],
  sweep: ["ownership", "connection", "dynamic", "client"],
  view: ["ownership", "connection", "dynamic", "plugins", "client", "xml"],
  import: [
    // The mark of ownership, read from listings and stripped from the configs an import declares.
    "ownership/mark",
    "ownership/config-owner",
    "ownership/root-mark",
    "connection",
    "client",
    "specs",
    "xml",
    "resource/job-kinds",
    // How an item found in Jenkins is declared (the spec it fits, without what Jenkins owns), as the Job's read by
    // id alone declares it too; likewise a credential's typed kind.
    "resource/found",
    "credential/found",
    "view/list-view",
    "runtime",
    // The runnable check of the imported jobs, for the README's list of the jobs that cannot run today.
    "runnable",
  ],
  // The provider plugin: the gRPC service over every resource's lifecycle, adapting values and nothing else.
  plugin: [
    "resource/lifecycle",
    // The text-level hiding, not hide.ts: the plugin never loads the SDK's root module (the program side's Outputs).
    "resource/secrets/hide-text",
    "resource/secrets/fields",
    "view/lifecycle",
    "credential/lifecycle",
    "credential/render",
    "credential/types",
    "sweep/lifecycle",
    "triggers/lifecycle",
    "dynamic",
    "connection",
    "plugins/preflight",
    "references/check",
    "runnable/mode",
    "runtime",
    // The owner a resource's URN names, as the classes' program side names it; never the program side itself.
    "ownership/mark",
    "ownership/settings",
  ],
  // The review command reads a preview's JSON and writes text: it imports nothing of ours, so it never loads the
  // server, a client or a lifecycle.
  review: [],
  // The bin dispatcher loads the import command, the review command or the server's command line, only the one it runs.
  entries: ["client", "connection", "server", "specs", "triggers", "xml", "runtime", "import/cli", "review/cli"],
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
    "connection/stack-config",
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

/**
 * The import circles of a graph (module → the modules it imports): one per strongly connected component of more
 * than one module, or a module importing itself, each written as a path that starts and ends at the same module
 * (`a → b → a`). Tarjan's algorithm, iterative so that a deep graph cannot overflow the stack.
 */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  for (const root of [...graph.keys()].sort()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; edge: number }> = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((c) => circleThrough(graph, new Set(c)));
}

/** One circle inside a strongly connected component: from its first module (by name) back to it, shortest first. */
function circleThrough(graph: ReadonlyMap<string, readonly string[]>, members: ReadonlySet<string>): string[] {
  const start = [...members].sort()[0];
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const to of graph.get(queue[i]) ?? []) {
      if (!members.has(to)) continue;
      if (to === start) {
        const between: string[] = [];
        for (let at = queue[i]; at !== start; at = cameFrom.get(at)!) between.unshift(at);
        return [start, ...between, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, queue[i]);
        queue.push(to);
      }
    }
  }
  throw new Error(`no circle through ${start}`); // cannot happen: every member lies on a circle through start
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
  expect(allowed("import", "resource/found/declaration")).toBe(true);
  expect(allowed("import", "resource/lifecycle")).toBe(false);
  expect(allowed("import", "credential/found")).toBe(true);
  expect(allowed("import", "credential/lifecycle")).toBe(false);
  expect(allowed("server", "plugins/versions")).toBe(true);
  expect(allowed("server", "plugins/preflight")).toBe(false);
  expect(allowed("index.ts", "server/index")).toBe(false);
  expect(allowed("plugin", "server/index")).toBe(false);
  expect(allowed("plugin", "resource/job")).toBe(false);
  expect(allowed("plugin", "resource/secrets/hide")).toBe(false);
  expect(allowed("resource", "plugin/service")).toBe(false);
});

/** The graph of relative imports between provider files, by module path (`resource/job`). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const from = modulePath(file);
    const targets = new Set<string>();
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), m[1]));
      // `./secrets` names secrets/index.ts.
      targets.add(existsSync(path.join(PROVIDER, `${target}.ts`)) ? target : `${target}/index`);
    }
    graph.set(from, [...targets].sort());
  }
  return graph;
}

test("no provider file imports itself back through others (no import circle)", () => {
  const graph = importGraph();
  // Every edge leads to a file that exists, so the graph is the whole graph.
  const missing = [...graph.values()].flat().filter((t) => !graph.has(t));
  expect(missing).toEqual([]);
  expect(importCircles(graph).map((c) => c.join(" → "))).toEqual([]);
});

test("the circle detector finds circles of any length, and only circles", () => {
  const graph = (edges: Record<string, string[]>): Map<string, string[]> => new Map(Object.entries(edges));
  // Two files importing each other (the shape that came back three times), beside a chain that is no circle.
  expect(importCircles(graph({ a: ["b"], b: ["a", "c"], c: ["d"], d: [] }))).toEqual([["a", "b", "a"]]);
  // Three files round a circle, and another circle elsewhere in the graph.
  const found = importCircles(graph({ x: ["y"], y: ["z"], z: ["x"], p: ["q"], q: ["p"], r: ["x"] }));
  expect(found.map((c) => c.join(" → ")).sort()).toEqual(["p → q → p", "x → y → z → x"]);
  // A file importing itself.
  expect(importCircles(graph({ s: ["s"] }))).toEqual([["s", "s"]]);
  // A diamond: two paths to one module, no circle.
  expect(importCircles(graph({ top: ["l", "r"], l: ["bottom"], r: ["bottom"], bottom: [] }))).toEqual([]);
  // The shortest circle through the first member is the one shown.
  expect(importCircles(graph({ a: ["c", "b"], b: ["a"], c: ["d"], d: ["a"] }))).toEqual([["a", "b", "a"]]);
});
