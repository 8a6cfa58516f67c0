/**
 * The resources an import declares, as data: what each input is given (a literal, another resource's output, a
 * config file, a secret from the stack config), so that one plan is written as TypeScript (typescript.ts) or as
 * Pulumi YAML (yaml.ts), never worked out twice.
 */

export type Value =
  /** A string. */
  | { kind: "text"; text: string }
  | { kind: "flag"; value: boolean }
  /** Plain data (a spec, a list of column names): written as a block, or on one line. */
  | { kind: "data"; value: unknown; layout: "block" | "inline" }
  /** An output of another declared resource, named by its resource name. */
  | { kind: "output"; resource: string; output: "fullName" | "name" }
  /** The text of a file of the program, under jobs/. */
  | { kind: "file"; path: string }
  /** A secret of the stack config; optional: absent when the key is not set. */
  | { kind: "secret"; key: string; optional: boolean }
  | { kind: "object"; props: Prop[] }
  | { kind: "list"; items: Value[] }
  /** Text with values between its parts: `parts[0] values[0] parts[1] …`. */
  | { kind: "template"; parts: string[]; values: Value[] };

export type Prop = readonly [name: string, value: Value];

export type ResourceKind = "Job" | "View" | "Credential";

export interface Declaration {
  kind: ResourceKind;
  /** The resource's name (a job's full name, "team/apps" for a view, "system/git-bot" for a credential). */
  name: string;
  /** The inputs, as the TypeScript class takes them. */
  props: Prop[];
  /** A TypeScript variable, for a resource another one refers to. */
  variable?: string;
}

export const text = (t: string): Value => ({ kind: "text", text: t });
export const flag = (value: boolean): Value => ({ kind: "flag", value });
