/**
 * The Credential resources a program has declared so far, by their literal id, in the program's process. A Job
 * that names one of those ids as a literal `credentialsId` (rather than as the Credential's `credentialId` output)
 * then depends on it, so Pulumi registers the job after the credential: its check (and the credentials reference
 * check in it) runs once the Credential's check has recorded the id, and `up` makes the credential first. Imports
 * nothing of ours; loaded by the main entry.
 */
import type * as pulumi from "@pulumi/pulumi";

const byId = new Map<string, pulumi.Resource[]>();

/** Records a Credential declared with a literal id. */
export function recordCredential(id: string, resource: pulumi.Resource): void {
  const list = byId.get(id) ?? [];
  list.push(resource);
  byId.set(id, list);
}

/** The Credentials declared so far with any of these ids. */
export function credentialsNamed(ids: Iterable<string>): pulumi.Resource[] {
  const out: pulumi.Resource[] = [];
  for (const id of ids) out.push(...(byId.get(id) ?? []));
  return out;
}

/** The literal ids a job's arguments name: `credentialsId` strings of a spec, `<credentialsId>` in a plain XML. */
export function literalCredentialIds(args: Record<string, unknown>): Set<string> {
  const ids = new Set<string>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype)
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (k === "credentialsId" && typeof x === "string") ids.add(x.trim());
        else visit(x);
      }
  };
  for (const key of ["pipeline", "freestyle", "multibranch"]) visit(args[key]);
  if (typeof args.configXml === "string")
    for (const m of args.configXml.matchAll(/<credentialsId>\s*([^<\s]+)\s*<\/credentialsId>/g)) ids.add(m[1]);
  return ids;
}
