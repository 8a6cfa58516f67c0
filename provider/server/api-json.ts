/** The JSON documents of the remote API (/api/json) for the root, jobs and folders. */
import type { ServerState } from "./context";
import { infoOf } from "./item-info";
import { fullNameOf, type Item } from "./store";
import type { Json } from "./tree-param";

export function itemUrlPath(item: Item): string {
  return (item.parent ? itemUrlPath(item.parent) : "/") + `job/${encodeURIComponent(item.name)}/`;
}

/** An entry of a `jobs` list at depth 0. */
function summary(item: Item, origin: string): Json {
  const out: { [k: string]: Json } = { _class: item.type.className, name: item.name, url: origin + itemUrlPath(item) };
  if (!item.type.isFolder) out.color = colorOf(item);
  return out;
}

function colorOf(item: Item): string {
  return item.type.canDisable && infoOf(item).disabled ? "disabled" : "notbuilt";
}

/**
 * Full document of an item. `deep` builds the children as full documents too (needed when a `tree`
 * parameter reaches into nested folders); otherwise they are depth-0 summaries.
 */
export function itemJson(item: Item, state: ServerState, origin: string, deep: boolean): Json {
  const info = infoOf(item);
  const fullName = fullNameOf(item);
  const url = origin + itemUrlPath(item);
  const base: { [k: string]: Json } = {
    _class: item.type.className,
    actions: [],
    description: info.description === "" ? null : info.description,
    displayName: item.name,
    displayNameOrNull: null,
    fullDisplayName: fullName.split("/").join(" » "),
    fullName,
    name: item.name,
    url,
  };
  if (item.type.isFolder) {
    const children = state.store.children(item);
    return {
      ...base,
      healthReport: [],
      jobs: children.map((c) => (deep ? itemJson(c, state, origin, true) : summary(c, origin))),
      primaryView: { _class: "hudson.model.AllView", name: "All", url },
      views: [{ _class: "hudson.model.AllView", name: "All", url }],
    };
  }
  const waiting = state.queue.waiting().find((q) => q.job === fullName);
  const disabled = item.type.canDisable && info.disabled;
  const next = state.queue.nextBuildNumber(fullName);
  return {
    ...base,
    buildable: !disabled,
    builds: [],
    color: colorOf(item),
    firstBuild: null,
    healthReport: [],
    inQueue: waiting !== undefined,
    keepDependencies: false,
    lastBuild: null,
    lastCompletedBuild: null,
    lastFailedBuild: null,
    lastStableBuild: null,
    lastSuccessfulBuild: null,
    lastUnstableBuild: null,
    lastUnsuccessfulBuild: null,
    nextBuildNumber: next,
    property: info.parameters
      ? [{
        _class: "hudson.model.ParametersDefinitionProperty",
        parameterDefinitions: info.parameters.map((p) => ({
          _class: "hudson.model.StringParameterDefinition",
          defaultParameterValue: { _class: "hudson.model.StringParameterValue", name: p.name, value: p.defaultValue },
          name: p.name,
        })),
      }]
      : [],
    queueItem: waiting ? { _class: "hudson.model.Queue$WaitingItem", id: waiting.id } : null,
    concurrentBuild: false,
    disabled,
  };
}

export function rootJson(state: ServerState, origin: string, deep: boolean): Json {
  const url = origin + "/";
  return {
    _class: "hudson.model.Hudson",
    assignedLabels: [{ name: "built-in" }],
    mode: "NORMAL",
    nodeDescription: "the Jenkins controller's built-in node",
    nodeName: "",
    numExecutors: 2,
    description: null,
    jobs: state.store.children(undefined).map((c) => (deep ? itemJson(c, state, origin, true) : summary(c, origin))),
    overallLoad: {},
    primaryView: { _class: "hudson.model.AllView", name: "all", url },
    quietDownReason: null,
    quietingDown: false,
    slaveAgentPort: -1,
    unlabeledLoad: { _class: "jenkins.model.UnlabeledLoadStatistics" },
    url,
    useCrumbs: state.options.csrf,
    useSecurity: true,
    views: [{ _class: "hudson.model.AllView", name: "all", url }],
  };
}
