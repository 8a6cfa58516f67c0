/**
 * The plugin pre-flight of a job whose config is created or changed: the plugins it needs against the ones the
 * controller has, so that a preview (and the pull request showing it) fails before Jenkins accepts a config and
 * silently drops the parts whose plugin is missing. Policy, from the stack config `jenkins:pluginCheck`:
 * `error` (default: missing or disabled plugins fail the check; an older one is a warning), `warn` (everything is
 * a warning), `off`. The installed list is read at most once per connection and provider process; a user who may
 * not read it (Overall/Administer in a default Jenkins) gets one warning that the check was skipped.
 */
import { PermissionError } from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import { warn } from "../dynamic/engine-log";
import type { XmlElement } from "../xml/tree";
import { describeIssue, pluginIssues, type InstalledPlugins } from "./issues";
import { requiredPlugins } from "./required";

export const PLUGIN_CHECK_KEY = "jenkins:pluginCheck";
export type PluginCheckMode = "error" | "warn" | "off";

export function parsePluginCheck(raw: unknown): PluginCheckMode {
  if (raw === undefined || raw === null || raw === "") return "error";
  const v = String(raw).trim().toLowerCase();
  if (v === "error" || v === "warn" || v === "off") return v;
  throw new Error(`${PLUGIN_CHECK_KEY} must be "error", "warn" or "off" (got "${String(raw)}").`);
}

/**
 * `jenkins:pluginCheck` of a stack config, or why its value is refused: an error is kept rather than thrown, so
 * every check of a new or changed config reports it with the resource it is about.
 */
export function pluginCheckOf(config: { get(key: string): unknown }): PluginCheckMode | Error {
  try {
    return parsePluginCheck(config.get(PLUGIN_CHECK_KEY));
  } catch (e) {
    return e as Error;
  }
}

/** The installed plugins per client, or why they could not be read. */
const installedBy = new WeakMap<JenkinsClient, Promise<InstalledPlugins | { skipped: string }>>();

function installedOn(client: JenkinsClient, where: string): Promise<InstalledPlugins | { skipped: string }> {
  let pending = installedBy.get(client);
  if (!pending) {
    pending = client.installedPlugins().then(
      (list) => list as InstalledPlugins,
      (e: unknown) => {
        const skipped =
          e instanceof PermissionError
            ? `the plugin check was skipped for ${where}: the user may not read the list of installed plugins (it needs Overall/Administer). ` +
              `A job that uses a missing plugin loses those parts when Jenkins saves it. Set ${PLUGIN_CHECK_KEY} to "off" to silence this warning.`
            : `the plugin check was skipped for ${where}: ${e instanceof Error ? e.message : String(e)}`;
        void warn(skipped);
        return { skipped };
      },
    );
    installedBy.set(client, pending);
  }
  return pending;
}

/**
 * Checks one job's config. Returns the failure message for the preview (mode `error` with missing or disabled
 * plugins), after sending the warnings; undefined when the job may go ahead.
 */
export async function preflight(
  client: JenkinsClient,
  job: string,
  where: string,
  config: XmlElement,
  mode: PluginCheckMode,
  opts: { versionsChosenByProvider?: boolean } = {},
  kind: "job" | "view" | "credential" = "job",
): Promise<string | undefined> {
  if (mode === "off") return undefined;
  const installed = await installedOn(client, where);
  if ("skipped" in installed) return undefined;
  // For a config rendered from a typed spec, the versions in its `plugin` attributes are the renderer's own choice
  // (specs/plugins.ts), not the user's: Jenkins ignores them on load, so an older installed plugin is no issue.
  const issues = pluginIssues(requiredPlugins(config), installed as InstalledPlugins).filter(
    (i) => !(opts.versionsChosenByProvider === true && i.kind === "old"),
  );
  const blocking = mode === "error" ? issues.filter((i) => i.kind !== "old") : [];
  for (const issue of issues.filter((i) => !blocking.includes(i))) {
    await warn(
      `Jenkins ${kind} "${job}" on ${where}: ${describeIssue(issue)}. Jenkins drops the parts of a missing or disabled plugin when it saves the ${kind}.`,
    );
  }
  if (blocking.length === 0) return undefined;
  return (
    `Jenkins ${kind} "${job}" needs plugins that ${where} does not have: ${blocking.map(describeIssue).join("; ")}. ` +
    `Jenkins would accept this config and silently drop those parts on its next save. Install or enable the ` +
    `plugin (Manage Jenkins → Plugins), or remove what uses it; set ${PLUGIN_CHECK_KEY} to "warn" to go ahead anyway.`
  );
}
