/**
 * A hand edit that a job's typed spec cannot hold (a property the spec does not model, properties in another order)
 * is shown as the config.xml lines it changed, never as the whole config beside the whole spec.
 *
 * The outputs of a typed job keep the config.xml its spec renders to (desired.ts `outputsFor`). A refresh that finds
 * such an edit keeps the declared spec and puts Jenkins's config, laid out like the declared one (drift.ts
 * `driftedConfig`), in `configXml`, marked `__foundConfig`; its inputs carry both too. So:
 * - `pulumi refresh --diff` shows the old outputs' config against the new: the edited lines with their context;
 * - the next check gives the declared spec's config beside the spec (`withDeclaredConfigShown`), so
 *   `pulumi preview --diff` and `pulumi-jenkins review` show those lines going back, and the plan puts the declared
 *   job back;
 * - after that `up`, the outputs hold the declared config again, and the check after it adds nothing.
 */
import { unknownPath } from "../specs/unknown";
import { declare, type Props } from "./desired";
import { isGiven, sourceOf } from "./sources";
import { UNKNOWN, type JobInputs, type JobOutputs } from "./types";

/** Whether outputs hold, beside the declared spec, a config Jenkins holds that no spec expresses. */
export function holdsFoundConfig(outs: Partial<JobOutputs>): boolean {
  return outs.__foundConfig === true && typeof outs.configXml === "string" && outs.configXml !== "";
}

/** The config.xml a typed job's inputs render to, canonical; undefined while a part is not known yet. */
function renderedConfig(inputs: Props): string | undefined {
  const key = sourceOf(inputs);
  if (key === "configXml" || !isGiven(inputs[key])) return undefined;
  if (typeof inputs.name !== "string" || inputs.name === UNKNOWN) return undefined;
  if (unknownPath(inputs[key], UNKNOWN, key) !== undefined) return undefined;
  if (inputs.description === UNKNOWN || (inputs.enabled as unknown) === UNKNOWN) return undefined;
  return declare({ ...inputs, configXml: undefined } as unknown as JobInputs).canonical();
}

/**
 * Checked inputs of a typed job with the config its spec renders to beside the spec, when the old inputs hold a
 * config Jenkins had that the old spec does not render to (a refresh found a hand edit no spec holds). Else as given.
 */
export function withDeclaredConfigShown(olds: Props, news: Props): Props {
  const key = sourceOf(news);
  if (key === "configXml" || typeof olds.configXml !== "string" || !isGiven(olds[key])) return news;
  // The old inputs' config is the one their own spec renders to (the inputs of the `up` that put it back): nothing
  // was found.
  if (renderedConfig(olds) === olds.configXml) return news;
  const declared = renderedConfig(news);
  return declared === undefined ? news : { ...news, configXml: declared };
}
