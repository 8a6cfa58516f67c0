/**
 * The plugin manager's two endpoints a client can use before saving a job (PluginManager): `GET
 * /pluginManager/api/json` lists the installed plugins (`depth=1` or a `tree`), `POST
 * /pluginManager/prevalidateConfig` reads the `plugin="name@version"` attributes of a posted config.xml and answers
 * which plugins are missing or older. Both need Overall/Administer (SystemRead is off in a default Jenkins): other
 * users get 403 for everything under /pluginManager. A `plugin` attribute without `@version` makes prevalidation
 * fail with a 500, and a DOCTYPE is refused; a disabled plugin counts as installed there.
 */
import type { RequestContext, ServerState } from "../context";
import { NotFound, Oops } from "../http-errors";
import { PERMISSIONS } from "../permissions";
import type { Reply } from "../reply";
import { decodeXmlStream } from "../xml-body";
import type { ActivePlugins } from "../xstream/plugins";
import { isOlder } from "../../plugins/versions";
import { jsonReply, requirePermission, requirePost } from "./common";

/** Installed and enabled plugins: the ones whose classes load. */
export function activePlugins(state: ServerState): ActivePlugins {
  const { plugins, disabledPlugins } = state.options;
  if (disabledPlugins.size === 0) return plugins;
  return Object.fromEntries(Object.entries(plugins).filter(([name]) => !disabledPlugins.has(name)));
}

function pluginsJson(state: ServerState): Array<Record<string, unknown>> {
  const { plugins, disabledPlugins } = state.options;
  return Object.entries(plugins)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([shortName, version]) => ({
      active: !disabledPlugins.has(shortName),
      enabled: !disabledPlugins.has(shortName),
      hasUpdate: false,
      longName: shortName,
      shortName,
      version,
    }));
}

function prevalidate(ctx: RequestContext, state: ServerState): Reply {
  requirePost(ctx);
  const xml = decodeXmlStream(ctx.body);
  if (/<!DOCTYPE/i.test(xml)) throw new Oops("org.xml.sax.SAXParseException", "DOCTYPE is disallowed");
  const wanted = new Map<string, string>();
  for (const m of xml.matchAll(/\splugin\s*=\s*(["'])(.*?)\1/g)) {
    const value = m[2];
    const at = value.indexOf("@");
    if (at < 0) throw new Oops("java.lang.IllegalArgumentException", `Invalid plugin reference: ${value}`);
    const name = value.slice(0, at);
    const version = value.slice(at + 1);
    const seen = wanted.get(name);
    if (seen === undefined || isOlder(seen, version)) wanted.set(name, version);
  }
  const { plugins } = state.options;
  const answer: Array<{ name: string; version: string; mode: "missing" | "old" }> = [];
  for (const [name, version] of wanted) {
    const installed = plugins[name];
    if (installed === undefined) answer.push({ name, version, mode: "missing" });
    else if (isOlder(installed, version)) answer.push({ name, version, mode: "old" });
  }
  return jsonReply(ctx, state, answer as unknown as Parameters<typeof jsonReply>[2]);
}

/** `/pluginManager/…`, after Overall/Read. */
export function pluginManager(ctx: RequestContext, state: ServerState, rest: string[]): Reply {
  requirePermission(ctx, PERMISSIONS.ADMINISTER);
  if (rest[0] === "api" && rest[1] === "json") {
    return jsonReply(ctx, state, {
      _class: "hudson.LocalPluginManager",
      plugins: pluginsJson(state),
    } as unknown as Parameters<typeof jsonReply>[2]);
  }
  if (rest[0] === "prevalidateConfig" && rest.length === 1) return prevalidate(ctx, state);
  throw new NotFound();
}
