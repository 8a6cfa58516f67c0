/** `pulumi-jenkins-jobs/xml`: the canonical form of a config.xml and the semantic comparison the diff uses. */
export { canonicalizeConfig, configsEqual, configDifferences, configsEquivalent } from "../xml";
