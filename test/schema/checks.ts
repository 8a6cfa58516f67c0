/**
 * The checks of a package schema: against Pulumi's metaschema (JSON Schema 2020-12, test/fixtures/pulumi-metaschema,
 * validated with ajv); that every `$ref` names a type of the schema or one of Pulumi's built-in types (the CLI's
 * binder checks this; the metaschema cannot); that every property and type says what it is (the text an SDK's doc
 * comments and the registry show); and that the `language` section names the SDK of each language.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { repoRoot } from "../docs/markdown";

export const METASCHEMA = path.join(repoRoot, "test", "fixtures", "pulumi-metaschema", "pulumi.json");

/** The types every schema may name (pulumi/pulumi `pkg/codegen/schema/bind.go`). */
const BUILTINS = new Set(["pulumi.json#/Any", "pulumi.json#/Archive", "pulumi.json#/Asset", "pulumi.json#/Json"]);

let validator: ReturnType<Ajv2020["compile"]> | undefined;
let languageValidator: ReturnType<Ajv2020["compile"]> | undefined;

/** The two formats the metaschema names: a regular expression (`meta.moduleFormat`) and a reference (`$ref`). */
const FORMATS = {
  regex: (text: string): boolean => {
    try {
      new RegExp(text);
      return true;
    } catch {
      return false;
    }
  },
  "uri-reference": (text: string): boolean => URL.canParse(text, "https://example.com/"),
};

/** Ajv holding the metaschema, and its `$id` to refer to it and to its definitions by. */
function metaschema(): { ajv: Ajv2020; id: string } {
  const ajv = new Ajv2020({ strict: false, allErrors: true, formats: FORMATS });
  const schema = JSON.parse(readFileSync(METASCHEMA, "utf8")) as { $id: string };
  ajv.addSchema(schema);
  return { ajv, id: schema.$id };
}

/** Where the schema breaks Pulumi's metaschema, as "path: message". */
export function metaschemaErrors(schema: unknown): string[] {
  if (validator === undefined) {
    const { ajv, id } = metaschema();
    validator = ajv.compile({ $ref: id });
  }
  if (validator(schema)) return [];
  return (validator.errors ?? []).map((e) => `${e.instancePath || "/"}: ${e.message ?? e.keyword}`);
}

/** The setting each language's generator takes the SDK's name from (what `language.<lang>` must give). */
export const SDK_NAME_KEYS: Record<string, string[]> = {
  nodejs: ["packageName"],
  python: ["packageName"],
  go: ["importBasePath"],
  csharp: ["rootNamespace", "namespaces"],
  java: ["basePackage"],
};

/**
 * What is wrong with the `language` section, as "path: message": a language without its section or the setting
 * that names its SDK, and anything the metaschema's own definition of the section (`$defs/languageSpec`, which the
 * package's top level does not refer to) refuses.
 */
export function languageErrors(schema: { language?: unknown }): string[] {
  if (schema.language === null || typeof schema.language !== "object") return ["/language: missing"];
  const language = schema.language as Record<string, Record<string, unknown> | undefined>;
  const errors: string[] = [];
  for (const [lang, keys] of Object.entries(SDK_NAME_KEYS)) {
    const section = language[lang];
    if (section === undefined) errors.push(`/language/${lang}: missing`);
    else
      for (const k of keys)
        if (section[k] === undefined || section[k] === "") errors.push(`/language/${lang}/${k}: missing`);
  }
  if (languageValidator === undefined) {
    const { ajv, id } = metaschema();
    languageValidator = ajv.compile({ $ref: `${id}#/$defs/languageSpec` });
  }
  if (!languageValidator(schema.language))
    errors.push(
      ...(languageValidator.errors ?? []).map((e) => `/language${e.instancePath}: ${e.message ?? e.keyword}`),
    );
  return errors;
}

interface Described {
  description?: string;
  properties?: Record<string, Described>;
  inputProperties?: Record<string, Described>;
}

/**
 * Every property without a description (the provider's configuration and inputs, each resource's inputs and
 * outputs, each object type's properties) and every resource or type without one, by its path.
 */
export function undescribed(schema: {
  config: { variables: Record<string, Described> };
  provider: { inputProperties: Record<string, Described> };
  resources: Record<string, Described>;
  types: Record<string, Described>;
}): string[] {
  const missing: string[] = [];
  const said = (d: Described | undefined): boolean => typeof d?.description === "string" && d.description.trim() !== "";
  const properties = (table: Record<string, Described> | undefined, at: string): void => {
    for (const [name, p] of Object.entries(table ?? {})) if (!said(p)) missing.push(`${at}/${name}`);
  };
  properties(schema.config.variables, "/config/variables");
  properties(schema.provider.inputProperties, "/provider/inputProperties");
  for (const [token, r] of Object.entries(schema.resources)) {
    if (!said(r)) missing.push(`/resources/${token}`);
    properties(r.inputProperties, `/resources/${token}/inputProperties`);
    properties(r.properties, `/resources/${token}/properties`);
  }
  for (const [token, t] of Object.entries(schema.types)) {
    if (!said(t)) missing.push(`/types/${token}`);
    properties(t.properties, `/types/${token}/properties`);
  }
  return missing;
}

/** Every `$ref` that names nothing, as "path: ref". */
export function unresolvedRefs(schema: {
  types?: Record<string, unknown>;
  resources?: Record<string, unknown>;
}): string[] {
  const found: string[] = [];
  const resolves = (ref: string): boolean => {
    if (BUILTINS.has(ref)) return true;
    const local = /^#\/(types|resources)\/(.+)$/.exec(ref);
    if (local === null) return false;
    const table = local[1] === "types" ? schema.types : schema.resources;
    return table !== undefined && Object.prototype.hasOwnProperty.call(table, decodeURIComponent(local[2]));
  };
  const walk = (value: unknown, at: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}/${i}`));
    else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (k === "$ref" && typeof v === "string") {
          if (!resolves(v)) found.push(`${at}: ${v}`);
        } else walk(v, `${at}/${k}`);
      }
    }
  };
  walk(schema, "");
  return found;
}
