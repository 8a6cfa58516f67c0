/** `pulumi-jenkins-jobs/xml`: the canonical form of a config.xml and the semantic comparison the diff uses. */
import "../runtime/node-version"; // first: an unsupported Node.js stops here with one line
export { canonicalizeConfig, configsEqual, configDifferences, configsEquivalent } from "../xml";
