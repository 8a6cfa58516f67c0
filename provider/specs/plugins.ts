/**
 * The plugin versions written into `plugin="shortName@version"` attributes of rendered configs.
 *
 * Jenkins ignores the version when it loads a config and writes the installed one on the next save, and the
 * semantic comparison ignores `plugin` attributes altogether; so these only decide how close a freshly rendered
 * config is, byte for byte, to what a current Jenkins writes. They are a recent install (late 2026).
 */
export const RENDERED_PLUGIN_VERSIONS = {
  "workflow-job": "1571.vb_423c255d6d9",
  "workflow-cps": "4259.vf653c2b_8a_b_69",
  git: "5.10.0",
  junit: "1403.vd9d1413fd205",
  "cloudbees-folder": "6.1079.vc0975c2de294",
  "workflow-multibranch": "821.vc3b_4ea_780798",
  "branch-api": "2.1280.v0d4e5b_b_460ef",
  "github-branch-source": "1967.vdea_d580c1a_b_a_",
  "scm-api": "728.vc30dcf7a_0df5",
} as const;

export type RenderedPlugin = keyof typeof RENDERED_PLUGIN_VERSIONS;

/** The value of a `plugin` attribute: "git@5.10.0". */
export function pluginAttr(shortName: RenderedPlugin): [string, string] {
  return ["plugin", `${shortName}@${RENDERED_PLUGIN_VERSIONS[shortName]}`];
}
