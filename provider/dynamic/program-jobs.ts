/**
 * The jobs a program has declared so far, by their literal full name, in the program's process; and how Jenkins
 * finds the item a job names (`Jenkins.getItem(name, context)`), shared with the provider's runnable check.
 *
 * A Job whose trigger or pipeline script names a job the program declared earlier then depends on it, so Pulumi
 * registers it after that job: its check (and the runnable check in it) runs once the named job's check has
 * recorded it as declared, and `up` makes the named job first. Likewise a Job in a folder given by a literal path
 * depends on the Job that declares that folder, whose shared libraries its check then knows. Imports nothing of
 * ours; loaded by the main entry.
 */
import type * as pulumi from "@pulumi/pulumi";

const byName = new Map<string, pulumi.Resource[]>();

const key = (fullName: string): string => fullName.toLowerCase();

/**
 * The full names under which Jenkins looks for `name` named by an item of `folder` ("" for the top level), in the
 * order it tries them: relative to the folder (`..` goes up, `.` stays), then the name as a full name from the root;
 * a leading `/` makes it absolute. Case is Jenkins's concern (item names are case-insensitive).
 */
export function itemCandidates(name: string, folder: string): string[] {
  const out: string[] = [];
  const segments = name.split("/").filter((s) => s !== "");
  const plain = segments.every((s) => s !== "." && s !== "..");
  if (name.startsWith("/")) return plain && segments.length > 0 ? [segments.join("/")] : [];
  const context = folder.split("/").filter((s) => s !== "");
  let resolved: string[] | undefined = [...context];
  for (const s of segments) {
    if (s === ".") continue;
    if (s === "..") {
      // The root is no item: going above it finds nothing relative (Jenkins falls back to the full name).
      if (resolved.length === 0) {
        resolved = undefined;
        break;
      }
      resolved.pop();
      continue;
    }
    resolved.push(s);
  }
  if (resolved !== undefined && resolved.length > 0) out.push(resolved.join("/"));
  if (plain && segments.length > 0 && !out.includes(segments.join("/"))) out.push(segments.join("/"));
  return out;
}

/** The literal full names behind Jobs' `fullName` outputs, so a job placed in `folder: team.fullName` knows its folder. */
const outputNames = new WeakMap<object, string>();

/**
 * Records a Job declared with a literal name (and a literal folder, or none), and its `fullName` output, which
 * other jobs take as their folder.
 */
export function recordJob(fullName: string, resource: pulumi.Resource, fullNameOutput?: unknown): void {
  const list = byName.get(key(fullName)) ?? [];
  list.push(resource);
  byName.set(key(fullName), list);
  if (fullNameOutput !== null && typeof fullNameOutput === "object") outputNames.set(fullNameOutput, fullName);
}

/** A job's folder as a literal: the text given, "" for none, the full name behind a recorded Job's output, or undefined. */
export function literalFolder(folder: unknown): string | undefined {
  if (folder === undefined) return "";
  if (typeof folder === "string") return folder.replace(/\/+$/, "");
  return folder !== null && typeof folder === "object" ? outputNames.get(folder) : undefined;
}

/** The Jobs declared so far under any of these full names. */
export function jobsNamed(fullNames: Iterable<string>): pulumi.Resource[] {
  const out: pulumi.Resource[] = [];
  for (const n of fullNames) for (const r of byName.get(key(n)) ?? []) if (!out.includes(r)) out.push(r);
  return out;
}

/** A plain object literal (not an Output, whose lifted properties are Outputs too). */
const plain = (v: unknown): v is object =>
  v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype;

const QUOTED = /'([^'\n\\$]*)'|"([^"\n\\$]*)"/g;

/**
 * Names a job's arguments may give to other jobs, as written: the upstream projects of a spec's triggers, the
 * `upstreamProjects`/`childProjects` of a config, and every quoted string of an inline script (a superset of the
 * `build job:` targets: an extra dependency only orders the job after another one of the program).
 */
export function literalJobNames(args: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  const fromScript = (script: string): void => {
    for (const m of script.matchAll(QUOTED)) names.add((m[1] ?? m[2]).trim());
  };
  for (const k of ["pipeline", "freestyle"]) {
    const given = args[k];
    // Plain objects only: an Output's lifted properties would be Outputs, never the literal names sought.
    if (!plain(given)) continue;
    const spec = given as { script?: unknown; triggers?: unknown };
    if (typeof spec.script === "string") fromScript(spec.script);
    const triggers = plain(spec.triggers) ? (spec.triggers as { upstream?: unknown }) : undefined;
    const upstream = plain(triggers?.upstream) ? (triggers.upstream as { projects?: unknown }) : undefined;
    const projects = upstream?.projects;
    if (Array.isArray(projects)) for (const p of projects) if (typeof p === "string") names.add(p.trim());
  }
  if (typeof args.configXml === "string") {
    for (const m of args.configXml.matchAll(/<(?:upstreamProjects|childProjects)>([^<]*)</g))
      for (const p of m[1].split(",")) names.add(p.trim());
    for (const m of args.configXml.matchAll(/<script>([\s\S]*?)<\/script>/g))
      fromScript(m[1].replace(/&apos;/g, "'").replace(/&quot;/g, '"'));
  }
  names.delete("");
  return names;
}
