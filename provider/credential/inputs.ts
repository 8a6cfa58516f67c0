/**
 * Credential inputs checked before any request: a clear failure per property, naming places and never a secret
 * value. Values not known yet in a preview are let through. Pure.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { UNKNOWN, type Props } from "../dynamic/props";
import { canonicalizeConfig } from "../xml/canonical";
import { parseXml, childText } from "../xml/tree";
import { maskSecrets, secretsProblem } from "../resource/secrets/state";
import { takeOverFromProblem } from "../ownership/hand-over";
import { SECRET_NAMES, TYPED_CLASSES } from "./render";
import { KINDS, TYPED_KINDS, type TypedKind } from "./types";

/** What the credentials plugin accepts as an id (BaseStandardCredentials' form check). */
export const ID_PATTERN = /^[a-zA-Z0-9_.-]+$/;

const isUnknown = (v: unknown): boolean => v === UNKNOWN;
const hasUnknown = (v: unknown): boolean => JSON.stringify(v ?? null).includes(UNKNOWN);

/** Non-secret properties each typed kind takes; its secrets travel in `secretValues`. */
const SPEC_KEYS: Readonly<Record<TypedKind, readonly string[]>> = {
  secretText: [],
  usernamePassword: ["username"],
  sshPrivateKey: ["username"],
  secretFile: ["fileName"],
};

const NO_CLASS =
  "Declare the credential with the Credential class of this package, which moves every secret into an input Pulumi encrypts.";

function checkSpec(kind: TypedKind, spec: unknown, failures: dynamic.CheckFailure[]): void {
  if (isUnknown(spec)) return;
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) {
    failures.push({ property: kind, reason: `${kind} must be an object.` });
    return;
  }
  const allowed = SPEC_KEYS[kind];
  for (const [key, value] of Object.entries(spec as Props)) {
    if (allowed.includes(key)) {
      if (isUnknown(value)) continue;
      if (typeof value !== "string" || value.trim() === "")
        failures.push({ property: `${kind}.${key}`, reason: `${kind}.${key} must be a non-empty string.` });
      else if (key === "fileName" && /[/\\]/.test(value))
        failures.push({ property: `${kind}.${key}`, reason: `${kind}.fileName is a file name, without a folder.` });
      continue;
    }
    const secret = SECRET_NAMES[kind].some((n) => n === `${kind}.${key}`);
    failures.push({
      property: `${kind}.${key}`,
      reason: secret
        ? `${kind}.${key} arrived as a plain input, so it would be stored in the state in clear. ${NO_CLASS}`
        : `${kind} has no property "${key}"; it takes ${[...allowed, ...SECRET_NAMES[kind].map((n) => n.split(".")[1])].join(", ")}.`,
    });
  }
  for (const key of allowed)
    if ((spec as Props)[key] === undefined)
      failures.push({ property: `${kind}.${key}`, reason: `${kind}.${key} is required.` });
}

function checkValues(kind: TypedKind, values: unknown, failures: dynamic.CheckFailure[]): void {
  if (isUnknown(values) || hasUnknown(values)) return;
  const names = SECRET_NAMES[kind];
  if (!Array.isArray(values) || values.length !== names.length || !values.every((v) => typeof v === "string")) {
    // Named for every language: the Credential class (TypeScript) and the provider plugin's Check both take the
    // secret fields as given and move them into the encrypted input.
    failures.push({
      property: "secretValues",
      reason: `the secret values of ${kind} are missing: give ${names[0]} as a secret (pulumi.secret, or a secret stack config value).`,
    });
    return;
  }
  const list = values as string[];
  if (list[0] === "") failures.push({ property: names[0], reason: `${names[0]} must not be empty.` });
  if (kind === "sshPrivateKey" && list[0] !== "" && !/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(list[0]))
    failures.push({
      property: names[0],
      reason: `${names[0]} is not a private key in PEM or OpenSSH form (no "-----BEGIN … PRIVATE KEY-----" line).`,
    });
}

/** A `configXml` credential: well-formed, an `<id>` (if any) equal to `id`, secrets only as placeholders. */
function checkConfigXml(news: Props, failures: dynamic.CheckFailure[]): void {
  if (isUnknown(news.configXml)) return;
  if (typeof news.configXml !== "string") {
    failures.push({ property: "configXml", reason: "configXml must be the credential's config.xml text." });
    return;
  }
  let text: string;
  try {
    text = canonicalizeConfig(news.configXml);
  } catch (e) {
    failures.push({ property: "configXml", reason: `configXml is not well-formed XML: ${(e as Error).message}` });
    return;
  }
  const root = parseXml(text).root;
  const typed = Object.entries(TYPED_CLASSES).find(([, c]) => c.root === root.name);
  if (typed !== undefined)
    failures.push({
      property: "configXml",
      reason: `configXml declares a ${root.name}; declare it as \`${typed[0]}\` instead, so its secrets are typed inputs.`,
    });
  const ownId = childText(root, "id")?.trim();
  if (
    ownId !== undefined &&
    ownId !== "" &&
    typeof news.credentialId === "string" &&
    !isUnknown(news.credentialId) &&
    ownId !== news.credentialId
  )
    failures.push({
      property: "configXml",
      reason: `configXml has <id>${ownId}</id> but the resource's id is "${news.credentialId}"; leave <id> out (the id input sets it).`,
    });
  if (!hasUnknown(news.secretValues)) {
    const problem = secretsProblem(maskSecrets(root, text), news.secretValues);
    if (problem !== undefined) failures.push({ property: "configXml", reason: problem });
  }
  news.configXml = text;
}

/** The checked inputs (empty optional values dropped, domain `_` and scope GLOBAL as absent) and the failures. */
export function checkCredentialInputs(newsRaw: Props): { inputs: Props; failures: dynamic.CheckFailure[] } {
  const news: Props = { ...newsRaw };
  const failures: dynamic.CheckFailure[] = [];
  const optional = [
    "folder",
    "domain",
    "controller",
    "adopt",
    "letGo",
    "scope",
    "secretVersion",
    "description",
    "takeOverFrom",
  ];
  for (const key of [...optional, ...KINDS])
    if (news[key] === null || (news[key] === "" && key !== "description")) delete news[key];
  const handOver = isUnknown(news.takeOverFrom) ? undefined : takeOverFromProblem(news.takeOverFrom);
  if (handOver !== undefined) failures.push({ property: "takeOverFrom", reason: handOver });
  if (news.domain === "_") delete news.domain;
  if (news.scope === "GLOBAL") delete news.scope;
  if (!isUnknown(news.credentialId)) {
    if (typeof news.credentialId !== "string" || news.credentialId === "")
      failures.push({
        property: "credentialId",
        reason: 'id is required: the id jobs name as credentialsId, e.g. "github-token".',
      });
    else if (!ID_PATTERN.test(news.credentialId))
      failures.push({
        property: "credentialId",
        reason: `credential id ${JSON.stringify(news.credentialId)} may hold only letters, digits, "_", "-" and ".", as Jenkins requires.`,
      });
  }
  if (news.folder !== undefined && !isUnknown(news.folder)) {
    if (typeof news.folder !== "string" || news.folder.startsWith("/") || news.folder.endsWith("/"))
      failures.push({
        property: "folder",
        reason: `folder must be the full name of a folder, e.g. "team" or "team/apps" (often a Job's fullName); got ${JSON.stringify(news.folder)}.`,
      });
  }
  if (
    news.domain !== undefined &&
    !isUnknown(news.domain) &&
    (typeof news.domain !== "string" || /[/?#]/.test(news.domain))
  )
    failures.push({
      property: "domain",
      reason: 'domain must be the name of a credentials domain ("_" is the global one).',
    });
  if (news.scope !== undefined && !isUnknown(news.scope)) {
    if (news.scope !== "SYSTEM")
      failures.push({
        property: "scope",
        reason: `scope must be "GLOBAL" or "SYSTEM"; got ${JSON.stringify(news.scope)}.`,
      });
    else if (news.folder !== undefined)
      failures.push({
        property: "scope",
        reason: "a folder's store holds only GLOBAL credentials; SYSTEM is for the system store (no folder).",
      });
  }
  for (const key of ["description", "secretVersion", "controller"] as const)
    if (news[key] !== undefined && !isUnknown(news[key]) && typeof news[key] !== "string")
      failures.push({ property: key, reason: `${key} must be a string.` });
  for (const flag of ["adopt", "letGo"])
    if (news[flag] !== undefined && !isUnknown(news[flag]) && typeof news[flag] !== "boolean")
      failures.push({ property: flag, reason: `${flag} must be true or false.` });
  const given = KINDS.filter((k) => news[k] !== undefined);
  if (given.length !== 1) {
    failures.push({
      property: given[1] ?? "secretText",
      reason: `give exactly one of ${TYPED_KINDS.join(", ")} and configXml (any other type)${given.length > 1 ? `; got ${given.join(" and ")}` : ""}.`,
    });
    return { inputs: news, failures };
  }
  const kind = given[0];
  if (kind === "configXml") checkConfigXml(news, failures);
  else {
    checkSpec(kind, news[kind], failures);
    checkValues(kind, news.secretValues, failures);
  }
  return { inputs: news, failures };
}
