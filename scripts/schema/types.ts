/**
 * TypeScript types of the resources' inputs and outputs, as schema types. Read from the type syntax (with the checker
 * resolving names), so that an alias such as `SweepAction` or `ParameterSpec` keeps its name:
 *
 * - `pulumi.Input<T>`, `pulumi.Output<T>`, `Promise<T>` are T; `undefined` and `null` mean optional;
 * - `string`, `boolean`, `unknown` are the schema's string, boolean and Any; `number` is an integer (every number
 *   of these types is a count: days, builds, seconds, connections), except among other primitives (a value passed
 *   on, such as a build parameter's);
 * - `T[]`, `Array<T>` arrays; `Record<string, T>` maps;
 * - an interface is an object type named after it (`ListViewArgs` and `ListViewSpec` both `ListViewSpec`: the
 *   argument type of an output type is the same schema type);
 * - a union of string literals is an enum named after its alias, or a string when a value is no identifier (enum
 *   members become names in Go, C# and Python);
 * - a union of interfaces is flattened into one object type named after its alias: Go's code generator makes a
 *   union untyped, while a flat object with its `type` field (or its one field per member) types in every language;
 * - a union with members no schema type expresses (mapped or conditional types that let a TypeScript program pass
 *   outputs deep inside a spec) keeps the members that are plain types.
 * A property whose doc comment carries `@secret` is secret.
 */
import ts from "typescript";
import type { ComplexTypeSpec, EnumTypeSpec, ObjectTypeSpec, PropertySpec, TypeSpec } from "./spec";

export const PACKAGE = "jenkins";
const MODULE = "index";
export const ANY: TypeSpec = { $ref: "pulumi.json#/Any" };

export function token(name: string): string {
  return `${PACKAGE}:${MODULE}:${name}`;
}

/** A type node's meaning: a schema type, the absence of a value, a string literal, or nothing a schema expresses. */
type Mapped =
  | { kind: "type"; type: TypeSpec; optional?: boolean; values?: string[] }
  | { kind: "absent" }
  | { kind: "literal"; value: string }
  | { kind: "interface"; symbol: ts.Symbol }
  | { kind: "none"; why: string };

const WRAPPERS = new Set(["Input", "Output", "Promise", "OutputInstance"]);
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Schema object types of our interfaces, named from them. */
function schemaName(interfaceName: string): string {
  return interfaceName.endsWith("Args") ? `${interfaceName.slice(0, -"Args".length)}Spec` : interfaceName;
}

/** A doc comment's text with its tags, as a schema description: `{@link X}` as `X`, the default as a sentence. */
export function describe(symbol: ts.Symbol, checker: ts.TypeChecker): string | undefined {
  const text = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
  const parts = text === "" ? [] : [text];
  for (const tag of symbol.getJsDocTags(checker)) {
    if (tag.name === "defaultValue") parts.push(`Default: ${ts.displayPartsToString(tag.text).trim()}.`);
  }
  const joined = parts.join("\n\n").replace(/\{@link\s+([^}\s|]+)[^}]*\}/g, "`$1`");
  return joined === "" ? undefined : joined;
}

export function isSecret(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  return symbol.getJsDocTags(checker).some((t) => t.name === "secret");
}

/** Collects the named schema types that the properties it maps refer to. */
export class TypeMapper {
  readonly types: Record<string, ComplexTypeSpec> = {};
  /** The interface each object type was made from, to catch two different shapes under one name. */
  private readonly origins = new Map<string, string[]>();

  constructor(private readonly checker: ts.TypeChecker) {}

  /** A property (of an interface, or a class's declared output) as a schema property, and whether it is optional. */
  property(symbol: ts.Symbol, where: string): { spec: PropertySpec; optional: boolean } {
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    if (
      declaration === undefined ||
      !(ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration)) ||
      declaration.type === undefined
    )
      throw new Error(`${where}: a property with a written type is expected`);
    const mapped = this.typeOf(declaration.type, `${where}`);
    const spec: PropertySpec = { ...mapped.type };
    const values = mapped.values && `One of ${mapped.values.map((v) => `\`${v}\``).join(", ")}.`;
    const description = [describe(symbol, this.checker), values].filter(Boolean).join(" ");
    if (description !== "") spec.description = description;
    if (isSecret(symbol, this.checker)) spec.secret = true;
    return { spec, optional: declaration.questionToken !== undefined || mapped.optional };
  }

  /** A type node as a schema type; `optional` when it admits `undefined`. */
  typeOf(
    node: ts.TypeNode,
    where: string,
    aliasName?: string,
  ): { type: TypeSpec; optional: boolean; values?: string[] } {
    const m = this.map(node, where, aliasName);
    const type = this.asType(m, where, aliasName);
    if (m.kind !== "type") return { type, optional: false };
    return {
      type,
      optional: m.optional === true,
      ...(m.values && type.$ref === undefined ? { values: m.values } : {}),
    };
  }

  private asType(m: Mapped, where: string, aliasName?: string): TypeSpec {
    if (m.kind === "type") return m.type;
    if (m.kind === "interface") return { $ref: this.objectType(m.symbol) };
    if (m.kind === "literal") return this.literals([m.value], aliasName);
    if (m.kind === "absent") throw new Error(`${where}: a type that is only undefined`);
    throw new Error(`${where}: no schema type expresses ${m.why}`);
  }

  private map(node: ts.TypeNode, where: string, aliasName?: string): Mapped {
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { kind: "type", type: { type: "string" } };
      case ts.SyntaxKind.NumberKeyword:
        return { kind: "type", type: { type: "integer" } };
      case ts.SyntaxKind.BooleanKeyword:
        return { kind: "type", type: { type: "boolean" } };
      case ts.SyntaxKind.UnknownKeyword:
      case ts.SyntaxKind.AnyKeyword:
        return { kind: "type", type: ANY };
      case ts.SyntaxKind.UndefinedKeyword:
        return { kind: "absent" };
    }
    if (ts.isLiteralTypeNode(node)) {
      if (ts.isStringLiteral(node.literal)) return { kind: "literal", value: node.literal.text };
      if (node.literal.kind === ts.SyntaxKind.NullKeyword) return { kind: "absent" };
      return { kind: "none", why: `the literal ${node.getText()}` };
    }
    if (ts.isParenthesizedTypeNode(node)) return this.map(node.type, where, aliasName);
    if (ts.isArrayTypeNode(node))
      return { kind: "type", type: { type: "array", items: this.element(node.elementType, where) } };
    if (ts.isUnionTypeNode(node)) return this.union(node, where, aliasName);
    if (ts.isTypeReferenceNode(node)) return this.reference(node, where);
    return { kind: "none", why: ts.SyntaxKind[node.kind] };
  }

  private element(node: ts.TypeNode, where: string): TypeSpec {
    const { type, optional } = this.typeOf(node, `${where}[]`);
    if (optional) throw new Error(`${where}: an array of optional values`);
    return type;
  }

  private reference(node: ts.TypeReferenceNode, where: string): Mapped {
    const name = ts.isIdentifier(node.typeName) ? node.typeName.text : node.typeName.right.text;
    const args = node.typeArguments ?? [];
    if (WRAPPERS.has(name) && args.length === 1) return this.map(args[0], where);
    if (name === "Array" && args.length === 1)
      return { kind: "type", type: { type: "array", items: this.element(args[0], where) } };
    if (name === "Record" && args.length === 2) {
      const value = this.typeOf(args[1], `${where}{}`);
      return { kind: "type", type: { type: "object", additionalProperties: value.type } };
    }
    let symbol = this.checker.getSymbolAtLocation(node.typeName);
    if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    if (symbol === undefined || declaration === undefined) return { kind: "none", why: `the unknown type ${name}` };
    if (ts.isInterfaceDeclaration(declaration)) return { kind: "interface", symbol };
    if (ts.isTypeAliasDeclaration(declaration)) {
      if (declaration.typeParameters !== undefined) return { kind: "none", why: `the generic type ${name}` };
      this.aliases.set(symbol.name, symbol);
      return this.map(declaration.type, where, symbol.name);
    }
    return { kind: "none", why: `the type ${name}` };
  }

  private union(node: ts.UnionTypeNode, where: string, aliasName?: string): Mapped {
    const members = node.types.map((t) => this.map(t, where)).filter((m) => m.kind !== "absent");
    const optional = members.length < node.types.length;
    const plain = members.filter((m) => m.kind !== "none");
    if (plain.length === 0) return members[0] ?? { kind: "absent" };
    let result: TypeSpec;
    if (plain.length === 1 && !optional) return plain[0];
    if (plain.every((m) => m.kind === "literal")) {
      const values = plain.map((m) => (m as { value: string }).value);
      return { kind: "type", type: this.literals(values, aliasName), optional, values };
    } else if (plain.every((m) => m.kind === "interface")) {
      const symbols = [...new Set(plain.map((m) => (m as { symbol: ts.Symbol }).symbol))];
      if (symbols.length === 1) result = { $ref: this.objectType(symbols[0]) };
      else {
        if (aliasName === undefined) throw new Error(`${where}: a union of interfaces needs a type alias to name it`);
        result = { $ref: this.flattened(aliasName, symbols) };
      }
    } else {
      const types = dedupe(plain.map((m) => this.asType(m, where)));
      // A number among other primitives is a value passed on (a build parameter's), not a count.
      result =
        types.length === 1
          ? types[0]
          : { oneOf: types.map((t): TypeSpec => (t.type === "integer" ? { type: "number" } : t)) };
    }
    return { kind: "type", type: result, optional };
  }

  /** A union of string literals: an enum named after its alias, else a string whose description lists the values. */
  private literals(values: string[], aliasName?: string): TypeSpec {
    if (aliasName === undefined || !values.every((v) => IDENTIFIER.test(v))) return { type: "string" };
    const ref = token(aliasName);
    if (this.types[ref] === undefined) {
      const alias = this.aliases.get(aliasName);
      const spec: EnumTypeSpec = { type: "string", enum: values.map((value) => ({ value })) };
      const description = alias === undefined ? undefined : describe(alias, this.checker);
      if (description !== undefined) spec.description = description;
      this.types[ref] = spec;
    }
    return { $ref: `#/types/${ref}` };
  }

  /** The type aliases met so far, by name: their doc comments describe the enum and flattened types. */
  private readonly aliases = new Map<string, ts.Symbol>();

  /** An interface as a named object type; its reference. */
  objectType(symbol: ts.Symbol): string {
    const name = schemaName(symbol.name);
    const ref = token(name);
    const seen = this.origins.get(ref);
    const spec = this.interfaceSpec(symbol);
    if (seen !== undefined) {
      const existing = this.types[ref] as ObjectTypeSpec;
      const a = Object.keys(existing.properties).sort().join(",");
      const b = Object.keys(spec.properties).sort().join(",");
      if (a !== b) throw new Error(`${symbol.name} and ${seen.join(", ")} are both ${ref}, with other properties`);
      if (!seen.includes(symbol.name)) seen.push(symbol.name);
      return `#/types/${ref}`;
    }
    this.origins.set(ref, [symbol.name]);
    this.types[ref] = spec; // before the properties' own types, so that a type naming itself ends
    return `#/types/${ref}`;
  }

  private interfaceSpec(symbol: ts.Symbol): ObjectTypeSpec {
    const type = this.checker.getDeclaredTypeOfSymbol(symbol);
    const properties: Record<string, PropertySpec> = {};
    const required: string[] = [];
    const spec: ObjectTypeSpec = { type: "object", properties };
    const description = describe(symbol, this.checker);
    if (description !== undefined) spec.description = description;
    for (const p of this.checker.getPropertiesOfType(type)) {
      const { spec: property, optional } = this.property(p, `${symbol.name}.${p.name}`);
      properties[p.name] = property;
      if (!optional) required.push(p.name);
    }
    if (required.length > 0) spec.required = required;
    return spec;
  }

  /**
   * A union of interfaces as one object type: every member's properties; required where every member requires it;
   * a property typed differently by members as a union of those types. A `type` field with one literal per member
   * is the discriminator: its description lists the values, and a property of some members only names them.
   */
  private flattened(aliasName: string, members: ts.Symbol[]): string {
    const ref = token(aliasName);
    if (this.types[ref] !== undefined) return `#/types/${ref}`;
    const shapes = members.map((m) => this.interfaceSpec(m));
    const tags = shapes.map((s, i) => {
      const t = this.checker.getPropertyOfType(this.checker.getDeclaredTypeOfSymbol(members[i]), "type");
      const d = t?.valueDeclaration;
      return d &&
        ts.isPropertySignature(d) &&
        d.type &&
        ts.isLiteralTypeNode(d.type) &&
        ts.isStringLiteral(d.type.literal)
        ? d.type.literal.text
        : undefined;
    });
    const discriminated = tags.every((t) => t !== undefined);
    const label = (i: number): string =>
      discriminated ? `\`${tags[i]}\`` : `\`${Object.keys(shapes[i].properties).join("`, `")}\``;
    const names = [...new Set(shapes.flatMap((s) => Object.keys(s.properties)))];
    const properties: Record<string, PropertySpec> = {};
    const required: string[] = [];
    for (const name of names) {
      const having = shapes.map((s, i) => ({ s, i })).filter(({ s }) => s.properties[name] !== undefined);
      const specs = having.map(({ s }) => s.properties[name]);
      const types = dedupe(specs.map(({ description: _d, secret: _s, ...t }) => t as TypeSpec));
      const property: PropertySpec =
        discriminated && name === "type" ? { type: "string" } : types.length === 1 ? { ...types[0] } : { oneOf: types };
      const descriptions = [...new Set(specs.map((s) => s.description).filter((d) => d !== undefined))];
      if (discriminated && name === "type") {
        property.description = `${descriptions[0] ?? ""} One of ${tags.map((t) => `\`${t}\``).join(", ")}.`.trim();
      } else if (having.length < shapes.length || descriptions.length > 1) {
        property.description = having
          .map(({ s, i }) => `${label(i)}: ${s.properties[name].description ?? ""}`.trim())
          .join("\n\n");
      } else if (descriptions.length === 1) property.description = descriptions[0];
      if (specs.some((s) => s.secret)) property.secret = true;
      properties[name] = property;
      if (having.length === shapes.length && having.every(({ s }) => s.required?.includes(name))) required.push(name);
    }
    const alias = this.aliases.get(aliasName);
    const lead = alias === undefined ? undefined : describe(alias, this.checker);
    const how = discriminated
      ? "One object type for every kind, told apart by `type`; a property only some kinds have says which."
      : `Exactly one of ${shapes.map((_s, i) => label(i)).join(", ")}.`;
    const spec: ObjectTypeSpec = { type: "object", description: [lead, how].filter(Boolean).join(" "), properties };
    if (required.length > 0) spec.required = required;
    this.types[ref] = spec;
    return `#/types/${ref}`;
  }
}

function dedupe(types: TypeSpec[]): TypeSpec[] {
  const seen = new Map<string, TypeSpec>();
  for (const t of types) seen.set(JSON.stringify(t), t);
  return [...seen.values()];
}
