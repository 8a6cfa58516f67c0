/**
 * A job's required plugins against a controller's installed ones: what is missing or disabled (Jenkins would drop
 * those elements on the next save, silently) and what is older than the config was written for. Pure.
 */
import type { RequiredPlugins } from "./required";
import { successorOf } from "./renames";
import { isOlder } from "./versions";

export interface InstalledPlugin {
  version: string;
  /** Installed and enabled (its classes load). */
  active: boolean;
}

export type InstalledPlugins = ReadonlyMap<string, InstalledPlugin>;

export interface PluginIssue {
  plugin: string;
  kind: "missing" | "disabled" | "old";
  /** The version the config was written for, when it says. */
  wanted?: string;
  installed?: string;
}

export function pluginIssues(required: RequiredPlugins, installed: InstalledPlugins): PluginIssue[] {
  const issues: PluginIssue[] = [];
  for (const [plugin, wanted] of [...required].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const have = installed.get(plugin);
    const successor = have ? undefined : successorOf(plugin);
    const heir = successor === undefined ? undefined : installed.get(successor);
    if (heir) {
      // Renamed or merged upstream (renames.ts): the successor loads the classes; its versions count on their own.
      if (!heir.active) issues.push({ plugin: successor as string, kind: "disabled", installed: heir.version });
    } else if (!have) issues.push({ plugin, kind: "missing", wanted });
    else if (!have.active) issues.push({ plugin, kind: "disabled", wanted, installed: have.version });
    else if (wanted !== undefined && isOlder(have.version, wanted))
      issues.push({ plugin, kind: "old", wanted, installed: have.version });
  }
  return issues;
}

/** One line per issue, for messages. */
export function describeIssue(i: PluginIssue): string {
  const wanted = i.wanted ? ` (the config was written for ${i.plugin} ${i.wanted})` : "";
  if (i.kind === "missing") return `plugin "${i.plugin}" is not installed${wanted}`;
  if (i.kind === "disabled") return `plugin "${i.plugin}" ${i.installed} is installed but disabled${wanted}`;
  return `plugin "${i.plugin}" ${i.installed} is older than the config was written for (${i.wanted})`;
}
