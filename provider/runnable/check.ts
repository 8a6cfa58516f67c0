/**
 * The runnable check of a job: what it names must exist on its controller, so that a green preview also means the
 * job can run. Its inline pipeline script passes the controller's linter; every agent label it asks for matches a
 * node with executors or a cloud that can provision it; every shared library it loads is defined in one of its
 * folders (nearest first) or globally, or by a folder of the program; every job it names exists in Jenkins or is
 * declared by the program. Runs in `check`, at preview and at up alike.
 *
 * Requests: answers are kept per connection (its client) for the provider process's life, so each script is
 * linted once, each label expression read once, each folder's libraries listed once, each job name looked up once,
 * and the labels of the nodes read once (only when a label is missing, for the message). An endpoint the user may
 * not use (403) or the controller does not have (404) gives one warning per connection and is not checked.
 */
import type { LabelAnswer, LibraryAnswer, LintAnswer, Unavailable } from "../client/jenkins-client";
import { warn } from "../dynamic/engine-log";
import { itemCandidates } from "../dynamic/program-jobs";
import { closestIds, folderScope } from "../references/ids";
import { declaredJobs, declaredLibraries, isDeclaredJob } from "./declared";
import type { JobNames } from "./job-names";
import { RUNNABLE_CHECK_KEY } from "./mode";

/** What the check reads from the controller (the client's runnable reads and item lookups). */
export interface RunnableReader {
  lint(script: string): Promise<LintAnswer>;
  label(expression: string): Promise<LabelAnswer>;
  nodeLabels(): Promise<string[] | Unavailable>;
  libraries(folder: string): Promise<LibraryAnswer>;
  exists(fullName: string): Promise<boolean>;
  /** Full names of the items under a folder ("" for all), for "closest existing" suggestions. */
  itemNames(folder: string): Promise<string[]>;
}

/** What one job's check reads: the job, what it names, and the controller it runs on. */
export interface RunnableReads {
  /** The job's full name. */
  job: string;
  /** The Jenkins URL, for messages. */
  where: string;
  names: JobNames;
  /** Whether to lint the script (it is new or changed). */
  lint: boolean;
  controller: string | undefined;
  /** Stands for the connection in the caches (its client). */
  connection: object;
  reader: RunnableReader;
}

export interface RunnableCheck extends RunnableReads {
  mode: "error" | "warn";
  /**
   * Whether the job is adopted with the config Jenkins already holds (equal in meaning): asked only when the check
   * finds something, as it may cost a read of the job.
   */
  adoptedAsIs?: () => Promise<boolean>;
}

const answers = new WeakMap<object, Map<string, Promise<unknown>>>();

/** One answer per connection, kind and key for the process's life; a failed read is not kept. */
function once<T>(connection: object, kind: string, key: string, read: () => Promise<T>): Promise<T> {
  if (!answers.has(connection)) answers.set(connection, new Map());
  const byKey = answers.get(connection)!;
  const k = `${kind}\n${key}`;
  let pending = byKey.get(k) as Promise<T> | undefined;
  if (pending === undefined) {
    pending = read();
    byKey.set(k, pending);
    pending.catch(() => byKey.delete(k));
  }
  return pending;
}

const warned = new WeakMap<object, Set<string>>();

/** Sends a warning about an endpoint once per connection and run. */
async function warnOnce(connection: object, kind: string, text: string): Promise<void> {
  if (!warned.has(connection)) warned.set(connection, new Set());
  const seen = warned.get(connection)!;
  if (seen.has(kind)) return;
  seen.add(kind);
  await warn(text);
}

const isUnavailable = (a: unknown): a is Unavailable => a !== null && typeof a === "object" && "unavailable" in a;

const ENDPOINTS: Record<string, { what: string; absent: string }> = {
  lint: {
    what: "pipeline scripts are not linted",
    absent: "it has no Jenkinsfile linter (the pipeline-model-definition plugin is not installed or not active)",
  },
  label: { what: "agent labels are not checked", absent: "it has no label API" },
  library: {
    what: "shared libraries are not checked",
    absent: "it lists no shared libraries (the pipeline-groovy-lib plugin is not installed)",
  },
  job: { what: "the jobs that jobs name are not checked", absent: "it could not be asked" },
};

async function unavailableWarning(c: RunnableReads, kind: string, a: Unavailable | string): Promise<void> {
  const e = ENDPOINTS[kind];
  const why =
    typeof a === "string" ? a : a.unavailable === "forbidden" ? "the user may not use the endpoint (403)" : e.absent;
  await warnOnce(
    c.connection,
    kind,
    `the runnable check on ${c.where}: ${e.what}, as ${why}. Set ${RUNNABLE_CHECK_KEY} to "off" to silence this warning.`,
  );
}

/** The linter's error texts as `line N: message`, one line each (Groovy's source excerpts dropped). */
export function lintLines(errors: readonly string[], max = 5): string[] {
  const out: string[] = [];
  for (const e of errors) {
    const first =
      e
        .split("\n")
        .map((l) => l.trim())
        .find((l) => l !== "" && !/^startup failed:?$/i.test(l) && !/^\d+ errors?$/.test(l)) ?? e.trim();
    const at = /\s*@ line (\d+), column (\d+)\.?$/.exec(first);
    const text = first.replace(/^WorkflowScript: \d+: /, "").replace(/\s*@ line \d+, column \d+\.?$/, "");
    const line = at ? `line ${at[1]}, column ${at[2]}: ${text}` : text;
    out.push(line.length > 200 ? `${line.slice(0, 197)}...` : line);
  }
  if (out.length > max) return [...out.slice(0, max), `… and ${out.length - max} more`];
  return out;
}

async function lintFindings(c: RunnableReads): Promise<string[]> {
  if (!c.lint || c.names.script === undefined || c.names.script.trim() === "") return [];
  const script = c.names.script;
  const answer = await once(c.connection, "lint", script, () => c.reader.lint(script));
  if (isUnavailable(answer)) {
    await unavailableWarning(c, "lint", answer);
    return [];
  }
  if ("ok" in answer) return [];
  return [
    `its pipeline script does not pass the controller's linter:\n${lintLines(answer.errors)
      .map((l) => `      ${l}`)
      .join("\n")}`,
  ];
}

async function labelFindings(c: RunnableReads): Promise<string[]> {
  const out: string[] = [];
  for (const expression of c.names.labels) {
    const answer = await once(c.connection, "label", expression, () => c.reader.label(expression));
    if (isUnavailable(answer)) {
      await unavailableWarning(c, "label", answer);
      return [];
    }
    if (answer.clouds > 0 || answer.nodes.some((n) => n.executors > 0)) continue;
    const labels = await once(c.connection, "labels", "", () => c.reader.nodeLabels());
    const known = isUnavailable(labels) ? undefined : labels;
    const near = known === undefined ? [] : closestIds(expression, known).filter((n) => n !== expression);
    const idle = answer.nodes.length > 0 ? "matches only nodes without executors" : "matches no node";
    out.push(
      `label "${expression}" ${idle} and no cloud that can provision it, so its builds would wait in the queue` +
        (known === undefined
          ? ""
          : known.length === 0
            ? "; the controller's nodes have no labels"
            : `; the controller's labels: ${known.slice(0, 12).join(", ")}${known.length > 12 ? ", …" : ""}`) +
        (near.length > 0 ? ` (did you mean "${near[0]}"?)` : ""),
    );
  }
  return out;
}

async function libraryFindings(c: RunnableReads): Promise<string[]> {
  if (c.names.libraries.length === 0) return [];
  const folders = folderScope(c.job, false);
  const available = new Set<string>();
  const allFound = (): boolean => c.names.libraries.every((l) => available.has(l));
  let listed = false;
  for (const folder of [...folders, ""]) {
    for (const l of (folder === "" ? undefined : declaredLibraries(c.controller, folder)) ?? []) available.add(l);
    if (allFound()) return [];
    const answer = await once(c.connection, "library", folder.toLowerCase(), () => c.reader.libraries(folder));
    if (isUnavailable(answer)) {
      await unavailableWarning(c, "library", answer);
      return [];
    }
    if ("missingFolder" in answer) continue;
    // The listing of a folder covers the folders above it and the global libraries.
    for (const n of answer.names) available.add(n);
    listed = true;
    break;
  }
  if (!listed) return [];
  const searched =
    folders.length > 0
      ? `folder${folders.length > 1 ? "s" : ""} ${folders.map((f) => `"${f}"`).join(", ")} and the global libraries`
      : "the global libraries";
  return c.names.libraries
    .filter((l) => !available.has(l))
    .map((l) => {
      const near = closestIds(l, available);
      return (
        `shared library "${l}" is defined nowhere it can be loaded from (searched ${searched}` +
        (available.size > 0
          ? `; defined: ${[...available].sort().slice(0, 12).join(", ")}`
          : "; none is visible: none is defined, or the user lacks Item/Extended Read on the folders") +
        `)${near.length > 0 ? ` (did you mean "${near[0]}"?)` : ""}`
      );
    });
}

async function jobFindings(c: RunnableReads): Promise<string[]> {
  const out: string[] = [];
  const folder = c.job.includes("/") ? c.job.slice(0, c.job.lastIndexOf("/")) : "";
  for (const name of c.names.jobs) {
    const candidates = itemCandidates(name, folder);
    if (candidates.length === 0) continue;
    if (candidates.some((n) => isDeclaredJob(c.controller, n))) continue;
    let found = false;
    try {
      for (const n of candidates) {
        if (await once(c.connection, "job", n.toLowerCase(), () => c.reader.exists(n))) {
          found = true;
          break;
        }
      }
    } catch (e) {
      await unavailableWarning(c, "job", e instanceof Error ? e.message : String(e));
      return out;
    }
    if (found) continue;
    let existing: string[] = declaredJobs(c.controller);
    try {
      existing = [
        ...existing,
        ...(await once(c.connection, "items", folder.toLowerCase(), () => c.reader.itemNames(folder))),
      ];
    } catch {
      // Suggestions only: the finding stands without them.
    }
    // Compared as written: relative to the job's folder for items under it, else by full name.
    const byShown = new Map<string, string>();
    for (const e of existing) {
      const under = folder !== "" && e.toLowerCase().startsWith(`${folder.toLowerCase()}/`);
      byShown.set(under ? e.slice(folder.length + 1) : e, e);
    }
    const near = closestIds(name.replace(/^\/+/, ""), byShown.keys()).map((n) => byShown.get(n)!);
    const looked = candidates.map((n) => `"${n}"`).join(", then ");
    out.push(
      `job "${name}" does not exist (looked for ${looked}), so it would never be triggered or built` +
        (near.length > 0 ? ` (closest existing: "${near[0]}")` : ""),
    );
  }
  return out;
}

/** What the job lacks to run, one finding each (no warning, no failure): the check's reads without its verdict. */
export async function runnableFindings(c: RunnableReads): Promise<string[]> {
  return (await Promise.all([lintFindings(c), labelFindings(c), libraryFindings(c), jobFindings(c)])).flat();
}

/**
 * The failure message (mode `error`), after sending the warnings (mode `warn`); undefined when all is well. A job
 * adopted as Jenkins holds it (`adoptedAsIs`, asked only when something is found) gets warnings in mode `error`
 * too: adopting it changes nothing in Jenkins, so it could not run before either.
 */
export async function checkRunnable(c: RunnableCheck): Promise<string | undefined> {
  const findings = await runnableFindings(c);
  if (findings.length === 0) return undefined;
  if (c.mode === "warn") {
    for (const f of findings) await warn(`Jenkins job "${c.job}" on ${c.where}: ${f}`);
    return undefined;
  }
  if (c.adoptedAsIs !== undefined && (await c.adoptedAsIs())) {
    for (const f of findings)
      await warn(
        `Jenkins job "${c.job}" on ${c.where} cannot run today (adopted as Jenkins holds it, so this is a warning; ` +
          `a change to the job is checked in full): ${f}`,
      );
    return undefined;
  }
  return (
    `Jenkins job "${c.job}" could not run as declared on ${c.where}:\n` +
    findings.map((f) => `  - ${f}`).join("\n") +
    `\nFix what it names, or set ${RUNNABLE_CHECK_KEY} to "warn" to go ahead anyway.`
  );
}
