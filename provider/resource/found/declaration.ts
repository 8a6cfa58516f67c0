/**
 * How a job or folder found in Jenkins is declared when it is brought under a program: by `pulumi-jenkins import`,
 * which writes a whole program, and by `pulumi import` through the provider plugin (the Job's read by id alone).
 * One decision for both, so the two declare the same item alike. Pure.
 *
 * The config is taken without what Jenkins owns rather than the declaration (a folder's views other than `All`, the
 * job properties a pipeline's script sets, a folder's credentials: folder-views.ts, jenkins-owned.ts); the typed
 * spec is the one that config fits exactly (specs/parse.ts), else there is none and the config is declared as
 * `configXml`. Written as a person writes a spec: the description only when there is one, `enabled` only when false.
 */
import { parseJobSpec, type ParsedJobSpec } from "../../specs/parse";
import { canonicalizeConfig } from "../../xml/canonical";
import { specKeyOf, type SpecKey } from "../sources";
import { withoutFolderViews } from "./folder-views";
import { withoutJenkinsOwned } from "./jenkins-owned";

export interface FoundDeclaration {
  /** The config as declared: without the parts Jenkins owns, in canonical form. */
  canonical: string;
  /** The typed spec that config fits exactly (rendering it gives an equivalent config), if any. */
  spec?: ParsedJobSpec;
}

/** The declaration of an item whose config.xml is `configXml`; throws XmlSyntaxError for a config not well-formed. */
export function foundDeclaration(configXml: string): FoundDeclaration {
  const own = withoutJenkinsOwned(withoutFolderViews(configXml));
  return { canonical: canonicalizeConfig(own), spec: parseJobSpec(own) };
}

/** The Job inputs that declare a spec found, in the order a program writes them. */
export interface SpecInputs {
  key: SpecKey;
  spec: ParsedJobSpec["spec"];
  description?: string;
  enabled?: false;
}

export function specInputsOf(parsed: ParsedJobSpec): SpecInputs {
  const out: SpecInputs = { key: specKeyOf(parsed.kind), spec: parsed.spec };
  if (parsed.fields.description !== "") out.description = parsed.fields.description;
  if (!parsed.fields.enabled) out.enabled = false;
  return out;
}
