/** The nodes and clouds a server is started with (its options), apart from how the remote API shows them. */
export interface AgentSpec {
  name: string;
  /** Labels besides the agent's own name. */
  labels: readonly string[];
  executors: number;
  /** A disconnected agent: listed, but its executors do not count. Default false. */
  offline?: boolean;
}

export interface CloudSpec {
  name: string;
  /** The label atoms the cloud can provision an agent for. */
  labels: readonly string[];
  /** Remote API class; default the Kubernetes plugin's cloud. */
  className?: string;
}

export interface NodeModel {
  builtInExecutors: number;
  builtInLabels: readonly string[];
  agents: readonly AgentSpec[];
  clouds: readonly CloudSpec[];
}
