/**
 * A job read by id alone, with nothing declared: `pulumi import` through the provider plugin. When its config fits
 * a typed spec exactly, it is reported as `pulumi-jenkins import` declares it (declaration.ts): the inputs hold the
 * spec, written as a person writes one, and the outputs are those of a job declared with that spec, so the program
 * the CLI writes from the inputs previews with no change and a refresh finds none. Pure.
 */
import { canonicalizeDocument } from "../../xml/canonical";
import { parseXml } from "../../xml/tree";
import type { Props } from "../desired";
import { givenSources, renderSpec } from "../sources";
import type { JobOutputs } from "../types";
import { foundDeclaration, specInputsOf } from "./declaration";

/** Whether outputs declare nothing at all (no config, no spec): what the engine reads by id alone. */
export function declaresNothing(olds: Partial<JobOutputs>): boolean {
  return givenSources(olds as Props).length === 0;
}

/**
 * Outputs and inputs for a job found as `config` (its secrets already placeholders) that fits a spec; undefined
 * when none fits (then it is reported as its config).
 */
export function importedAsSpec(props: JobOutputs, config: string): { props: JobOutputs; inputs: Props } | undefined {
  const parsed = foundDeclaration(config).spec;
  if (parsed === undefined) return undefined;
  const written = specInputsOf(parsed);
  // The config the spec renders to stands for the declared one, as after a refresh that found a spec's edit.
  const configXml = canonicalizeDocument(parseXml(renderSpec(written.key, written.spec, parsed.fields)));
  const outputs: JobOutputs = { ...props, [written.key]: written.spec, configXml };
  const inputs: Props = { name: props.name, fullName: props.fullName, url: props.url };
  if (props.folder) inputs.folder = props.folder;
  if (props.controller) inputs.controller = props.controller;
  inputs[written.key] = written.spec;
  if (written.description !== undefined) inputs.description = written.description;
  if (written.enabled !== undefined) inputs.enabled = written.enabled;
  return { props: outputs, inputs };
}
