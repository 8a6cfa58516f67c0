/**
 * The connection layer: how a resource finds its Jenkins. Everything here runs inside the provider process (or the
 * import command), reads the stack config handed to `configure` and the environment at call time, and keeps
 * credentials in that process only.
 *
 * - `StackConnections` (stack-connections.ts): what `configure` received; `settingsFor(controller)` gives the
 *   settings of the stack-wide connection or of a named controller, `controllerProblem(name)` a check failure.
 * - `resolveConnection` (settings.ts): stack config first, then the environment, field by field (a credential in
 *   the environment wins), with messages
 *   that name the keys to set; `clientFor`/`verifiedClientFor` keep one client per distinct connection.
 * - `readControllers`/`connectionFor` (controllers.ts): the named controllers of `jenkins:controllers`.
 * - `resolveScriptConnection`/`withClient` (script.ts): the connection of scripts and the import command, explicit
 *   settings first, then the environment, through the same resolver as the resources.
 * - `usableClientFor` (verify.ts, through `StackConnections.usableClient`): the one check per connection that it is
 *   a Jenkins accepting the credentials, made when a resource is about to change something; its failure names the
 *   setting to fix.
 * - `ConnectionConfigError`, `ConnectionCheckError` (errors.ts).
 */
export { StackConnections } from "./stack-connections";
export { clientFor, closeClients, readConfig, resolveConnection, verifiedClientFor } from "./settings";
export type { ConfigSource, ConfigValues, ConnectionSettings } from "./settings";
export { connectionFor, CONTROLLERS_KEY, readControllers } from "./controllers";
export { ConnectionCheckError, ConnectionConfigError } from "./errors";
export { resolveScriptConnection, withClient } from "./script";
export type { ConnectionLike, ScriptConnection } from "./script";
