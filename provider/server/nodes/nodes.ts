/**
 * The controller's nodes and clouds as the remote API shows them: the built-in node (hudson.model.Hudson, node name
 * "", self label `built-in`, 2 executors by default), the agents (hudson.slaves.DumbSlave, self label = their name)
 * and the clouds. A node's atoms are its configured labels plus its self label (Node.getAssignedLabels); a cloud
 * answers for a label when the label matches the cloud's atoms (what Cloud.canProvision decides for a template
 * cloud). Nothing runs on these nodes, so no executor is ever busy.
 */
import { labelClassOf, matches, nameOf, type Label } from "./label-expression";
import type { Json } from "../tree-param";
import type { NodeModel } from "./specs";

export interface NodeView {
  /** "" for the built-in node. */
  nodeName: string;
  nodeClass: string;
  computerClass: string;
  displayName: string;
  description: string;
  numExecutors: number;
  offline: boolean;
  /** Configured labels, then the self label. */
  atoms: string[];
}

export const BUILT_IN_LABEL = "built-in";
export const DEFAULT_CLOUD_CLASS = "org.csanchez.jenkins.plugins.kubernetes.KubernetesCloud";

/** Every node, the built-in one first, then the agents by name (ComputerSet sorts computers by name). */
export function nodesOf(model: NodeModel): NodeView[] {
  const builtIn: NodeView = {
    nodeName: "",
    nodeClass: "hudson.model.Hudson",
    computerClass: "hudson.model.Hudson$MasterComputer",
    displayName: "Built-In Node",
    description: "the Jenkins controller's built-in node",
    numExecutors: model.builtInExecutors,
    offline: false,
    atoms: [...new Set([...model.builtInLabels, BUILT_IN_LABEL])],
  };
  const agents = [...model.agents]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((a): NodeView => ({
      nodeName: a.name,
      nodeClass: "hudson.slaves.DumbSlave",
      computerClass: "hudson.slaves.SlaveComputer",
      displayName: a.name,
      description: "",
      numExecutors: a.executors,
      offline: a.offline ?? false,
      atoms: [...new Set([...a.labels, a.name])],
    }));
  return [builtIn, ...agents];
}

/**
 * Whether a node has a computer (AbstractCIBase.createNewComputerForNode): the built-in node always, an agent only
 * with executors. A node without one is in its labels' `nodes` but never online, and missing from /computer.
 */
const hasComputer = (n: NodeView): boolean => n.nodeName === "" || n.numExecutors > 0;

/** An atom as a nested value: LabelAtom where LabelAtom is declared, so Stapler writes no `_class`. */
const atomJson = (name: string): Json => ({ name });

function nodeJson(n: NodeView, full: boolean): Json {
  // Only nodeName is visible (999) one level down; the rest needs depth=1 or a tree naming it.
  if (!full) return { _class: n.nodeClass, nodeName: n.nodeName };
  return {
    _class: n.nodeClass,
    assignedLabels: n.atoms.map(atomJson),
    mode: "NORMAL",
    nodeDescription: n.description,
    nodeName: n.nodeName,
    numExecutors: n.numExecutors,
  };
}

/** `/label/<expression>/api/json`: what Label exports, atoms adding `propertiesList`. */
export function labelJson(model: NodeModel, label: Label, full: boolean): Json {
  const nodes = nodesOf(model).filter((n) => matches(label, new Set(n.atoms)));
  const clouds = model.clouds.filter((c) => matches(label, new Set(c.labels)));
  const online = nodes.filter((n) => hasComputer(n) && !n.offline);
  const executors = online.reduce((sum, n) => sum + n.numExecutors, 0);
  // An atom's description is its own (LabelAtom.getDescription, set by an administrator, none here); an
  // expression describes what it matches.
  const description =
    label.kind === "atom"
      ? null
      : nodes.length === 1
        ? nodes[0].description
        : nodes.length > 1
          ? `group of ${nodes.map((n) => n.displayName).join(",")}`
          : clouds.length > 0
            ? `Provisioned from ${clouds.map((c) => c.name).join(",")}`
            : "invalid label";
  const doc: { [k: string]: Json } = {
    _class: labelClassOf(label),
    actions: [],
    busyExecutors: 0,
    clouds: clouds.map((c) => ({ _class: c.className ?? DEFAULT_CLOUD_CLASS })),
    description,
    idleExecutors: executors,
    loadStatistics: { _class: "hudson.model.Label$1" },
    name: nameOf(label),
    nodes: nodes.map((n) => nodeJson(n, full)),
    offline: online.length === 0,
    tiedJobs: [],
    totalExecutors: executors,
  };
  if (label.kind === "atom") doc.propertiesList = [];
  return doc;
}

function computerJson(n: NodeView): Json {
  return {
    _class: n.computerClass,
    actions: [],
    assignedLabels: n.atoms.map(atomJson),
    description: n.description,
    displayName: n.displayName,
    executors: Array.from({ length: n.offline ? 0 : n.numExecutors }, () => ({})),
    icon: n.offline ? "symbol-computer-x" : "symbol-computer",
    iconClassName: n.offline ? "symbol-computer-x" : "symbol-computer",
    idle: true,
    jnlpAgent: n.nodeName !== "",
    launchSupported: true,
    loadStatistics: { _class: "hudson.model.Label$1" },
    manualLaunchAllowed: true,
    monitorData: {},
    numExecutors: n.numExecutors,
    offline: n.offline,
    offlineCause: null,
    offlineCauseReason: "",
    oneOffExecutors: [],
    temporarilyOffline: false,
  };
}

/** `/computer/api/json` (ComputerSet): every computer inline, the built-in one first. */
export function computerSetJson(model: NodeModel): Json {
  const nodes = nodesOf(model).filter(hasComputer);
  return {
    _class: "hudson.model.ComputerSet",
    busyExecutors: 0,
    computer: nodes.map(computerJson),
    displayName: "Nodes",
    totalExecutors: nodes.filter((n) => !n.offline).reduce((sum, n) => sum + n.numExecutors, 0),
  };
}
