/**
 * What the TypeScript classes do in the program before Pulumi sees the inputs, done here for the programs of
 * every other language, in Check: the secrets of a job's config or spec moved into `secretValues`
 * (resource/secrets/hide.ts, the same functions the `Job` class runs), and a Credential's typed secrets likewise.
 * Inputs that already went through the program side (a `secretValues` given) pass as they are.
 *
 * What cannot move here is ordering: the engine runs a resource's Check only after the resources it depends on,
 * and a program that names a job or credential by a literal string gives the engine no such dependency; the user
 * adds `dependsOn` (docs/guide/other-languages.md).
 */
import { UNKNOWN } from "../dynamic/props";
import { hideInSpec, hideInXml, type Hidden } from "../resource/secrets/hide";
import type { Props } from "./values";

const SECRET_VALUES = "secretValues";

/** New inputs and their secret keys, after the program side's work. */
export interface Prepared {
  props: Props;
  secrets: Set<string>;
}

/** The job's sources, in the order the `Job` class takes their secrets out. */
const JOB_SOURCES = ["configXml", "pipeline", "freestyle"] as const;

function prepareJob(news: Props, secrets: Set<string>): Prepared {
  if (news[SECRET_VALUES] !== undefined) return { props: news, secrets: new Set([...secrets, SECRET_VALUES]) };
  const props: Props = { ...news };
  const out = new Set(secrets);
  const values: string[] = [];
  let anyHeld = false;
  for (const key of JOB_SOURCES) {
    const given = news[key];
    // Not known in this preview: its secrets are taken out when it is (the `up` runs Check again).
    if (given === undefined || given === null || given === UNKNOWN) continue;
    const hidden: Hidden<unknown> =
      key === "configXml"
        ? typeof given === "string"
          ? hideInXml(given)
          : { value: given, values: [] }
        : hideInSpec(given);
    if (hidden.values.length === 0) continue;
    anyHeld = true;
    props[key] = hidden.value;
    values.push(...hidden.values);
    // The rest of the config is what a diff must show; the values themselves are in secretValues.
    out.delete(key);
  }
  if (anyHeld) {
    props[SECRET_VALUES] = values;
    out.add(SECRET_VALUES);
  }
  return { props, secrets: out };
}

/** The secret field of each typed credential, in the order the `Credential` class lists them. */
const CREDENTIAL_SECRETS: Record<string, readonly string[]> = {
  secretText: ["secret"],
  usernamePassword: ["password"],
  sshPrivateKey: ["privateKey", "passphrase"],
  secretFile: ["content"],
};

function prepareCredential(news: Props, secrets: Set<string>): Prepared {
  const props: Props = { ...news };
  const out = new Set(secrets);
  if (props.credentialId === undefined && props.id !== undefined) {
    // `id` as the TypeScript class names it.
    props.credentialId = props.id;
    delete props.id;
    if (out.delete("id")) out.add("credentialId");
  }
  if (news[SECRET_VALUES] !== undefined) {
    out.add(SECRET_VALUES);
    return { props, secrets: out };
  }
  for (const [kind, fields] of Object.entries(CREDENTIAL_SECRETS)) {
    const spec = news[kind];
    if (typeof spec !== "object" || spec === null || Array.isArray(spec)) continue;
    if (!fields.some((f) => f in (spec as Props))) continue;
    const rest: Props = { ...(spec as Props) };
    const values = fields.map((f) => {
      const v = rest[f];
      delete rest[f];
      return v === undefined || v === null ? "" : v;
    });
    props[kind] = rest;
    props[SECRET_VALUES] = values.some((v) => v === UNKNOWN) ? UNKNOWN : values;
    out.delete(kind);
    out.add(SECRET_VALUES);
    break;
  }
  if (props.configXml !== undefined && props[SECRET_VALUES] === undefined && typeof props.configXml === "string") {
    const hidden = props.configXml === UNKNOWN ? undefined : hideInXml(props.configXml);
    if (hidden !== undefined && hidden.values.length > 0) {
      props.configXml = hidden.value;
      props[SECRET_VALUES] = hidden.values;
      out.delete("configXml");
      out.add(SECRET_VALUES);
    }
  }
  return { props, secrets: out };
}

/** The inputs of a resource as the program side of its TypeScript class would have sent them. */
export function asFromProgram(token: string, news: Props, secrets: Set<string>): Prepared {
  if (token === "jenkins:index:Job") return prepareJob(news, secrets);
  if (token === "jenkins:index:Credential") return prepareCredential(news, secrets);
  return { props: news, secrets };
}
