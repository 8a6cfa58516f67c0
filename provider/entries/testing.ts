/**
 * `pulumi-jenkins-jobs/testing`: a Jenkins-compatible server to test your own programs against, without a Jenkins.
 * It answers the remote API the way Jenkins 2.x does (crumbs, permissions, XStream re-serialization, folders).
 */
import "../runtime/node-version"; // first: an unsupported Node.js stops here with one line
export { startJenkinsServer, type JenkinsServer } from "../server";
export type {
  JenkinsServerOptions,
  RequestRecord,
  BuildRecord,
  PollRecord,
  FaultSettings,
  LoadSettings,
  LoadStats,
  UserSpec,
  AgentSpec,
  CloudSpec,
  ToolSpec,
} from "../server";
