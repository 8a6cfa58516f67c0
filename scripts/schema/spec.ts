/**
 * The parts of a Pulumi package schema (pulumi/pulumi `pkg/codegen/schema/pulumi.json`) this package's schema uses.
 */
import type { LanguageSection } from "./languages";

/** A reference to a type: a primitive, an array, a map, a named type (`$ref`) or a union of them (`oneOf`). */
export interface TypeSpec {
  type?: "string" | "integer" | "number" | "boolean" | "array" | "object";
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
  oneOf?: TypeSpec[];
}

export interface PropertySpec extends TypeSpec {
  description?: string;
  secret?: boolean;
}

export interface ObjectTypeSpec {
  type: "object";
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
}

export interface EnumTypeSpec {
  type: "string";
  description?: string;
  enum: Array<{ value: string; description?: string }>;
}

export type ComplexTypeSpec = ObjectTypeSpec | EnumTypeSpec;

export interface ResourceSpec {
  description?: string;
  properties: Record<string, PropertySpec>;
  required?: string[];
  inputProperties: Record<string, PropertySpec>;
  requiredInputs?: string[];
  aliases?: Array<{ type: string }>;
}

export interface PackageSpec {
  name: string;
  displayName: string;
  version: string;
  description: string;
  keywords: string[];
  license: string;
  repository?: string;
  publisher: string;
  meta: { moduleFormat: string };
  config: { variables: Record<string, PropertySpec> };
  provider: { description?: string; inputProperties: Record<string, PropertySpec> };
  resources: Record<string, ResourceSpec>;
  types: Record<string, ComplexTypeSpec>;
  /** What each language's code generator names the SDK (scripts/schema/languages.ts). */
  language: LanguageSection;
}
