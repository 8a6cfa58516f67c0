/**
 * The two checks of a package schema: against Pulumi's metaschema (JSON Schema 2020-12, test/fixtures/pulumi-metaschema,
 * validated with ajv), and that every `$ref` names a type of the schema or one of Pulumi's built-in types (the CLI's
 * binder checks this; the metaschema cannot).
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { repoRoot } from "../docs/markdown";

export const METASCHEMA = path.join(repoRoot, "test", "fixtures", "pulumi-metaschema", "pulumi.json");

/** The types every schema may name (pulumi/pulumi `pkg/codegen/schema/bind.go`). */
const BUILTINS = new Set(["pulumi.json#/Any", "pulumi.json#/Archive", "pulumi.json#/Asset", "pulumi.json#/Json"]);

let validator: ReturnType<Ajv2020["compile"]> | undefined;

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

/** Where the schema breaks Pulumi's metaschema, as "path: message". */
export function metaschemaErrors(schema: unknown): string[] {
  validator ??= new Ajv2020({ strict: false, allErrors: true, formats: FORMATS }).compile(
    JSON.parse(readFileSync(METASCHEMA, "utf8")),
  );
  if (validator(schema)) return [];
  return (validator.errors ?? []).map((e) => `${e.instancePath || "/"}: ${e.message ?? e.keyword}`);
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
