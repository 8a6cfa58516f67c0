/**
 * The declarative pipeline linter of the pipeline-model-definition plugin (ModelConverterAction, a root action at
 * `/pipeline-model-converter/`): `POST validateJenkinsfile` with the form field `jenkinsfile` answers 200 with
 * `{"status":"ok","data":…}` whatever the script holds. @RequirePOST (405 otherwise), Overall/Read. The plugin's
 * CrumbExclusion lets every POST under the path through without a crumb (server.ts). Without the plugin active the
 * path does not exist.
 */
import type { RequestContext, ServerState } from "../context";
import { NotFound } from "../http-errors";
import { TOOL_TYPES, type ToolSetup } from "../lint/declarative";
import { validateJenkinsfile } from "../lint/validate";
import { JSON_TYPE, reply, type Reply } from "../reply";
import { jenkinsHeaders } from "../http-errors";
import { activePlugins } from "./plugin-manager";
import { pageInfo, requirePost } from "./common";

export const CONVERTER_URL = "pipeline-model-converter";
export const CONVERTER_PLUGIN = "pipeline-model-definition";

/** Whether the linter exists on this server: its plugin is installed and enabled. */
export function hasLinter(state: ServerState): boolean {
  return activePlugins(state)[CONVERTER_PLUGIN] !== undefined;
}

/**
 * The tool types of core and of the active plugins (a type with a configured installation counts too: the
 * installation implies its plugin), and the configured installations.
 */
export function toolSetupOf(state: ServerState): ToolSetup {
  const plugins = activePlugins(state);
  const configured = new Set(state.options.tools.map((t) => t.type));
  const types = TOOL_TYPES.filter(
    (t) => t.plugin === undefined || plugins[t.plugin] !== undefined || configured.has(t.symbol),
  );
  const installations = new Map<string, string[]>();
  for (const tool of state.options.tools) {
    const type = TOOL_TYPES.find((t) => t.symbol === tool.type || t.className === tool.type);
    if (!type) continue;
    installations.set(type.className, [...(installations.get(type.className) ?? []), tool.name]);
  }
  return { types, installations };
}

/** `/pipeline-model-converter/…`, after Overall/Read. */
export function pipelineModelConverter(ctx: RequestContext, state: ServerState, rest: string[]): Reply {
  if (!hasLinter(state)) throw new NotFound();
  if (rest.length === 1 && rest[0] === "validateJenkinsfile") {
    requirePost(ctx);
    const data = validateJenkinsfile(ctx.params.get("jenkinsfile"), toolSetupOf(state));
    return reply(
      200,
      [["Content-Type", JSON_TYPE], ...jenkinsHeaders(pageInfo(ctx, state))],
      JSON.stringify({ status: "ok", data }),
    );
  }
  throw new NotFound();
}
