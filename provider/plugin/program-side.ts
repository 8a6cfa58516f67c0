/**
 * What the TypeScript classes do in the program before Pulumi sees the inputs, done here for the programs of
 * every other language, in Check: the secrets of a job's config or spec moved into `secretValues`
 * (resource/secrets/hide-text.ts, the same functions the `Job` class runs), and a Credential's typed secrets likewise.
 * Inputs that already went through the program side (a `secretValues` given) pass as they are.
 *
 * What cannot move here is ordering: the engine runs a resource's Check only after the resources it depends on,
 * and a program that names a job or credential by a literal string gives the engine no such dependency; the user
 * adds `dependsOn` (docs/architecture.md, "The provider plugin").
 */
import { UNKNOWN } from "../dynamic/props";
import { SECRET_NAMES } from "../credential/render";
import { TYPED_KINDS, type TypedKind } from "../credential/types";
import { SECRET_VALUES_KEY } from "../resource/secrets/fields";
import { hideInSpec, hideInXml, SECRET_SOURCES, type Hidden } from "../resource/secrets/hide-text";
import type { Props } from "./values";

/** New inputs and their secret keys, after the program side's work. */
export interface Prepared {
  props: Props;
  secrets: Set<string>;
}

function prepareJob(news: Props, secrets: Set<string>): Prepared {
  if (news[SECRET_VALUES_KEY] !== undefined) return { props: news, secrets: new Set([...secrets, SECRET_VALUES_KEY]) };
  // Copied only once a secret is found: most configs hold none, and their inputs pass as they came.
  let props: Props | undefined;
  let out: Set<string> | undefined;
  const values: string[] = [];
  for (const key of SECRET_SOURCES) {
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
    props ??= { ...news };
    out ??= new Set(secrets);
    props[key] = hidden.value;
    values.push(...hidden.values);
    // The rest of the config is what a diff must show; the values themselves are in secretValues.
    out.delete(key);
  }
  if (props === undefined || out === undefined) return { props: news, secrets };
  props[SECRET_VALUES_KEY] = values;
  out.add(SECRET_VALUES_KEY);
  return { props, secrets: out };
}

/** The secret fields of a typed credential (`password` of `usernamePassword`), in `secretValues` order. */
const secretFieldsOf = (kind: TypedKind): string[] => SECRET_NAMES[kind].map((n) => n.slice(kind.length + 1));

function prepareCredential(news: Props, secrets: Set<string>): Prepared {
  const props: Props = { ...news };
  const out = new Set(secrets);
  if (props.credentialId === undefined && props.id !== undefined) {
    // `id` as the TypeScript class names it.
    props.credentialId = props.id;
    delete props.id;
    if (out.delete("id")) out.add("credentialId");
  }
  if (news[SECRET_VALUES_KEY] !== undefined) {
    out.add(SECRET_VALUES_KEY);
    return { props, secrets: out };
  }
  for (const kind of TYPED_KINDS) {
    const fields = secretFieldsOf(kind);
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
    props[SECRET_VALUES_KEY] = values.some((v) => v === UNKNOWN) ? UNKNOWN : values;
    out.delete(kind);
    out.add(SECRET_VALUES_KEY);
    break;
  }
  if (props.configXml !== undefined && props[SECRET_VALUES_KEY] === undefined && typeof props.configXml === "string") {
    const hidden = props.configXml === UNKNOWN ? undefined : hideInXml(props.configXml);
    if (hidden !== undefined && hidden.values.length > 0) {
      props.configXml = hidden.value;
      props[SECRET_VALUES_KEY] = hidden.values;
      out.delete("configXml");
      out.add(SECRET_VALUES_KEY);
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
