/** The JSON documents of the remote API (/api/json) for the root, jobs and folders. */
import type { ServerState } from "./context";
import { infoOf } from "./item-info";
import { fullNameOf, type Item } from "./store";
import type { Json } from "./tree-param";
import { viewsJson } from "./view-json";
import { isViewGroup } from "./view-store";

export function itemUrlPath(item: Item): string {
  return (item.parent ? itemUrlPath(item.parent) : "/") + `job/${encodeURIComponent(item.name)}/`;
}

/** An entry of a `jobs` list at depth 0. */
function summary(item: Item, origin: string, state: ServerState): Json {
  const out: { [k: string]: Json } = { _class: item.type.className, name: item.name, url: origin + itemUrlPath(item) };
  if (!item.type.isFolder) out.color = colorOf(item, state);
  return out;
}

/** Ball colour: disabled, never built, or the last result, with `_anime` while a build runs. */
function colorOf(item: Item, state?: ServerState): string {
  if (item.type.canDisable && infoOf(item).disabled) return "disabled";
  const runs = state?.queue.runsOf(fullNameOf(item)) ?? [];
  if (runs.length === 0) return "notbuilt";
  return runs[0].building ? "blue_anime" : "blue";
}

/** The run class Jenkins reports for a job's builds. */
function runClassOf(item: Item): string {
  return item.type.className === "org.jenkinsci.plugins.workflow.job.WorkflowJob"
    ? "org.jenkinsci.plugins.workflow.job.WorkflowRun"
    : "hudson.model.FreeStyleBuild";
}

/** `/job/…/N/api/json`: one build of a job; undefined when the job has no such build. */
export function buildJson(item: Item, state: ServerState, origin: string, number: number): Json | undefined {
  const run = state.queue.runsOf(fullNameOf(item)).find((r) => r.number === number);
  if (!run) return undefined;
  return {
    _class: runClassOf(item),
    building: run.building,
    displayName: `#${number}`,
    fullDisplayName: `${fullNameOf(item).split("/").join(" » ")} #${number}`,
    id: String(number),
    number,
    result: run.building ? null : "SUCCESS",
    url: `${origin}${itemUrlPath(item)}${number}/`,
  };
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
      jobs: children.map((c) => (deep ? itemJson(c, state, origin, true) : summary(c, origin, state))),
      ...(isViewGroup(item)
        ? viewsJson(state, item, origin, deep)
        : {
            primaryView: { _class: "hudson.model.AllView", name: "All", url },
            views: [{ _class: "hudson.model.AllView", name: "All", url }],
          }),
    };
  }
  const waiting = state.queue.waiting().find((q) => q.job === fullName);
  const disabled = item.type.canDisable && info.disabled;
  const next = state.queue.nextBuildNumber(fullName);
  const runs = state.queue.runsOf(fullName);
  const ref = (n: number): Json => ({ _class: runClassOf(item), number: n, url: `${url}${n}/` });
  const finished = runs.find((r) => !r.building);
  return {
    ...base,
    buildable: !disabled,
    builds: runs.map((r) => ref(r.number)),
    color: colorOf(item, state),
    firstBuild: runs.length > 0 ? ref(runs[runs.length - 1].number) : null,
    healthReport: [],
    inQueue: waiting !== undefined,
    keepDependencies: false,
    lastBuild: runs.length > 0 ? ref(runs[0].number) : null,
    lastCompletedBuild: finished ? ref(finished.number) : null,
    lastFailedBuild: null,
    lastStableBuild: finished ? ref(finished.number) : null,
    lastSuccessfulBuild: finished ? ref(finished.number) : null,
    lastUnstableBuild: null,
    lastUnsuccessfulBuild: null,
    nextBuildNumber: next,
    property: info.parameters
      ? [
          {
            _class: "hudson.model.ParametersDefinitionProperty",
            parameterDefinitions: info.parameters.map((p) => ({
              _class: "hudson.model.StringParameterDefinition",
              defaultParameterValue: {
                _class: "hudson.model.StringParameterValue",
                name: p.name,
                value: p.defaultValue,
              },
              name: p.name,
            })),
          },
        ]
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
    jobs: state.store
      .children(undefined)
      .map((c) => (deep ? itemJson(c, state, origin, true) : summary(c, origin, state))),
    overallLoad: {},
    primaryView: viewsJson(state, undefined, origin, deep).primaryView,
    quietDownReason: null,
    quietingDown: false,
    slaveAgentPort: -1,
    unlabeledLoad: { _class: "jenkins.model.UnlabeledLoadStatistics" },
    url,
    useCrumbs: state.options.csrf,
    useSecurity: true,
    views: viewsJson(state, undefined, origin, deep).views,
  };
}
