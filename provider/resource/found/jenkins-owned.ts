/**
 * What an imported config leaves out because Jenkins, not the declaration, owns it: the job properties (and
 * parameters, triggers) that a pipeline's tracker actions say its script sets, with those tracker actions; and a
 * folder's FolderCredentialsProperty (its credentials become `Credential` resources, or stay Jenkins's). Declared
 * without them, the job compares equal to what Jenkins holds, so adopting or importing it sends no write, and the
 * parts stay Jenkins's (resource/owned-parts.ts keeps them on every update). Pure.
 */
import { pipelinePropertiesRule } from "../owned/pipeline-properties";
import { FOLDER_CREDENTIALS_RULE } from "../owned/folder-credentials";
import { canonicalizeDocument } from "../../xml/canonical";
import { parseXml, type XmlElement } from "../../xml/tree";

/** An empty declaration of the same root: it claims nothing, so each rule leaves out all that Jenkins owns. */
const claimsNothing = (root: XmlElement): XmlElement => ({ kind: "element", name: root.name, attrs: [], children: [] });

/** `configXml` without the parts Jenkins owns; the text itself when it holds none. */
export function withoutJenkinsOwned(configXml: string): string {
  const doc = parseXml(configXml);
  const nothing = claimsNothing(doc.root);
  const root = [pipelinePropertiesRule, FOLDER_CREDENTIALS_RULE].reduce(
    (r, rule) => rule.forComparison(r, nothing),
    doc.root,
  );
  return root === doc.root ? configXml : canonicalizeDocument({ ...doc, root });
}
