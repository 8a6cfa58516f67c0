/**
 * The stack config keys the provider reads, documented in one place for the reference (`npm run docs`). The code
 * that reads each key names it next to its parser: settings.ts (`jenkins:url` … `jenkins:bodyTimeoutMs`),
 * controllers.ts (`jenkins:controllers`), plugins/preflight.ts (`jenkins:pluginCheck`), references/check.ts
 * (`jenkins:credentialsCheck`), ownership/settings.ts (`jenkins:owner`, `jenkins:ownershipMarks`). A test of the reference holds every `"jenkins:…"` key named in provider/ to a
 * property of StackConfig.
 */

/**
 * How strictly a check of the preview treats what it finds: fail the preview, warn, or not check at all.
 *
 * @category Stack config
 */
export type CheckPolicy = "error" | "warn" | "off";

/**
 * One named controller of `jenkins:controllers`: the same fields as the stack-wide connection, without the
 * `jenkins:` prefix. A field left out is read from the environment variable `JENKINS_CONTROLLER_<NAME>_<FIELD>`
 * (NAME upper-cased, every character other than A–Z and 0–9 as `_`; FIELD as `URL`, `USER`, `API_TOKEN`,
 * `PASSWORD`, `CA_CERT`, `INSECURE_SKIP_TLS_VERIFY`, `MAX_CONNECTIONS`, `ADAPTIVE_CONCURRENCY`, `CONNECT_TIMEOUT_MS`, `HEADERS_TIMEOUT_MS`,
 * `BODY_TIMEOUT_MS`), never from the stack-wide keys: a second
 * Jenkins with the first one's token would be a surprise. As with the stack-wide keys, a token or password in the
 * environment wins over the config's.
 *
 * ```sh
 * pulumi config set --path jenkins:controllers.ci2.url https://ci2.example.com/
 * pulumi config set --path jenkins:controllers.ci2.user deployer
 * pulumi config set --secret --path jenkins:controllers.ci2.apiToken <token>
 * ```
 *
 * @category Stack config
 */
export interface ControllerConfig {
  /**
   * The controller's URL, as `jenkins:url`. Required (here or in `JENKINS_CONTROLLER_<NAME>_URL`).
   *
   * @defaultValue `JENKINS_CONTROLLER_<NAME>_URL`
   */
  url?: string;
  /**
   * The user, as `jenkins:user`.
   *
   * @defaultValue `JENKINS_CONTROLLER_<NAME>_USER`
   */
  user?: string;
  /**
   * The user's API token, as `jenkins:apiToken` (set it with `--secret`).
   *
   * @defaultValue `JENKINS_CONTROLLER_<NAME>_API_TOKEN`
   * @secret
   */
  apiToken?: string;
  /**
   * The user's password, as `jenkins:password`, when there is no API token.
   *
   * @defaultValue `JENKINS_CONTROLLER_<NAME>_PASSWORD`
   * @secret
   */
  password?: string;
  /**
   * As `jenkins:caCert`.
   *
   * @defaultValue `JENKINS_CONTROLLER_<NAME>_CA_CERT`; none: the system's trusted CAs
   */
  caCert?: string;
  /**
   * As `jenkins:insecureSkipTlsVerify`.
   *
   * @defaultValue `JENKINS_CONTROLLER_<NAME>_INSECURE_SKIP_TLS_VERIFY`, else `false`
   */
  insecureSkipTlsVerify?: boolean;
  /**
   * As `jenkins:maxConnections`.
   *
   * @defaultValue `JENKINS_CONTROLLER_<NAME>_MAX_CONNECTIONS`, else `16`
   */
  maxConnections?: number;
  /**
   * As `jenkins:adaptiveConcurrency`.
   *
   * @defaultValue `JENKINS_CONTROLLER_<NAME>_ADAPTIVE_CONCURRENCY`, else `true`
   */
  adaptiveConcurrency?: boolean;
  /**
   * As `jenkins:connectTimeoutMs`.
   *
   * @defaultValue `JENKINS_CONTROLLER_<NAME>_CONNECT_TIMEOUT_MS`, else `10000`
   */
  connectTimeoutMs?: number;
  /**
   * As `jenkins:headersTimeoutMs`.
   *
   * @defaultValue `JENKINS_CONTROLLER_<NAME>_HEADERS_TIMEOUT_MS`, else `60000`
   */
  headersTimeoutMs?: number;
  /**
   * As `jenkins:bodyTimeoutMs`.
   *
   * @defaultValue `JENKINS_CONTROLLER_<NAME>_BODY_TIMEOUT_MS`, else `60000`
   */
  bodyTimeoutMs?: number;
  /**
   * As `jenkins:runnableCheck`, for the jobs on this controller; wins over the stack-wide key.
   *
   * @defaultValue the value of `jenkins:runnableCheck`
   */
  runnableCheck?: CheckPolicy;
}

/**
 * The stack config of a program using this package: the `jenkins:*` keys, set with `pulumi config set` (add
 * `--secret` for a token or password, `--path` for a field of `jenkins:controllers`). The provider reads them in its
 * own process when the engine configures it; they are never written into a resource's serialized provider.
 *
 * A connection key left unset is read from the environment variable named with it (`JENKINS_URL`,
 * `JENKINS_USER`, `JENKINS_API_TOKEN`, `JENKINS_PASSWORD`, `JENKINS_MAX_CONNECTIONS`, `JENKINS_ADAPTIVE_CONCURRENCY`, `JENKINS_CONNECT_TIMEOUT_MS`,
 * `JENKINS_HEADERS_TIMEOUT_MS`, `JENKINS_BODY_TIMEOUT_MS`). One exception: an API token
 * or password in the environment wins over the stack config's (with the environment's user, when it names one),
 * because `refresh` and `destroy` run with the config stored at the last `up`, and the environment is how a
 * rotated token reaches them. `JENKINS_LOG_REQUESTS=1` writes one line per request (method, path, status, time;
 * never a credential) to the provider's stderr. A value that is not valid fails the operation that needs the
 * connection, naming the key, before any request is sent.
 *
 * An HTTP(S) proxy is taken from the environment of the provider process, as undici's `EnvHttpProxyAgent` reads
 * it: `https_proxy` (else `HTTPS_PROXY`, else the HTTP proxy) for an `https://` Jenkins, `http_proxy` (else
 * `HTTP_PROXY`) for an `http://` one, and `no_proxy` (else `NO_PROXY`) for the hosts reached directly. They are read
 * when the provider first connects to a Jenkins; the custom CA and `insecureSkipTlsVerify` apply to Jenkins inside
 * the proxy's tunnel. There is no stack config key for them.
 *
 * The keys are not inputs of any resource: changing one shows no change in a preview, and the next operation uses
 * the new value.
 *
 * ```sh
 * pulumi config set jenkins:url https://jenkins.example.com/
 * pulumi config set jenkins:user deployer
 * pulumi config set --secret jenkins:apiToken <token>
 * ```
 *
 * @category Stack config
 */
export interface StackConfig {
  /**
   * The Jenkins URL, e.g. `https://jenkins.example.com/` (`http://` or `https://`; a context path such as
   * `/jenkins/` is fine; no user or password in it; a trailing `/` is added). Required (here or in `JENKINS_URL`)
   * for every resource without a `controller`.
   *
   * @defaultValue the environment's `JENKINS_URL`
   */
  "jenkins:url"?: string;
  /**
   * The Jenkins user the provider acts as (or `JENKINS_USER`). Required with a token or password.
   *
   * @defaultValue the environment's `JENKINS_USER`
   */
  "jenkins:user"?: string;
  /**
   * The user's API token (or `JENKINS_API_TOKEN`); set it with `--secret`. Preferred: no CSRF crumb is needed.
   * Used instead of the password when both are set.
   *
   * @defaultValue the environment's `JENKINS_API_TOKEN`
   * @secret
   */
  "jenkins:apiToken"?: string;
  /**
   * The user's password (or `JENKINS_PASSWORD`), when there is no API token; set it with `--secret`. A CSRF crumb
   * is then fetched once per session, with its session cookie.
   *
   * @defaultValue the environment's `JENKINS_PASSWORD`
   * @secret
   */
  "jenkins:password"?: string;
  /**
   * The CA certificate(s) to trust for an `https://` Jenkins, as PEM text or the path of a PEM file (read again on
   * every call). No environment variable.
   *
   * @defaultValue none: the system's trusted CAs
   */
  "jenkins:caCert"?: string;
  /**
   * Accept any TLS certificate (`true`, `1`, `yes`; `false`, `0`, `no`). For a test Jenkins only. No environment
   * variable.
   *
   * @defaultValue `false`
   */
  "jenkins:insecureSkipTlsVerify"?: boolean;
  /**
   * Sockets to one Jenkins at most, shared by every resource of the provider process: a whole number from 1 to
   * 1024 (or `JENKINS_MAX_CONNECTIONS`).
   *
   * @defaultValue the environment's `JENKINS_MAX_CONNECTIONS`, else `16`
   */
  "jenkins:maxConnections"?: number;
  /**
   * Send fewer requests at once while Jenkins, or the proxy in front of it, answers 429, 502, 503 or 504, times out,
   * or answers, on average over its last few answers of a kind, more than twice as slowly as its fastest (and 20 ms
   * slower): half as many after an overload answer or a timeout, a fifth fewer once answers turn slow; then one more
   * for each round of good answers, up to `jenkins:maxConnections`. `false` keeps `jenkins:maxConnections` in flight whatever Jenkins answers (or
   * `JENKINS_ADAPTIVE_CONCURRENCY`).
   *
   * @defaultValue the environment's `JENKINS_ADAPTIVE_CONCURRENCY`, else `true`
   */
  "jenkins:adaptiveConcurrency"?: boolean;
  /**
   * Longest wait, in milliseconds, for a connection to Jenkins (TCP and TLS; through the proxy, the connection to
   * the proxy and the TLS handshake inside its tunnel): a whole number from 1 to 3600000 (or
   * `JENKINS_CONNECT_TIMEOUT_MS`). A connection that times out is not retried.
   *
   * @defaultValue the environment's `JENKINS_CONNECT_TIMEOUT_MS`, else `10000`
   */
  "jenkins:connectTimeoutMs"?: number;
  /**
   * Longest wait, in milliseconds, for Jenkins to start answering a request once it is sent (a big config save on a
   * slow disk, a busy controller): a whole number from 1 to 3600000 (or `JENKINS_HEADERS_TIMEOUT_MS`). A request
   * that times out is not repeated; a create, delete or rename whose outcome that leaves unknown is looked up on
   * the server before the provider decides.
   *
   * @defaultValue the environment's `JENKINS_HEADERS_TIMEOUT_MS`, else `60000`
   */
  "jenkins:headersTimeoutMs"?: number;
  /**
   * Longest pause, in milliseconds, between two parts of an answer's body (a large listing or config): a whole
   * number from 1 to 3600000 (or `JENKINS_BODY_TIMEOUT_MS`).
   *
   * @defaultValue the environment's `JENKINS_BODY_TIMEOUT_MS`, else `60000`
   */
  "jenkins:bodyTimeoutMs"?: number;
  /**
   * Named controllers besides the stack-wide connection; a resource's `controller` input names one. Set each field
   * with `pulumi config set --path jenkins:controllers.<name>.<field>`. Changing a resource's `controller` replaces
   * the resource (it moves to another Jenkins).
   *
   * @defaultValue `{}` (no named controllers)
   */
  "jenkins:controllers"?: Record<string, ControllerConfig>;
  /**
   * The plugin check of a job, view or credential whose config is created or changed: `error` fails the preview
   * when a plugin the config needs is missing or disabled (an older version is a warning), `warn` reports
   * everything as a warning, `off` does not check. A user who may not read the installed plugins gets one warning
   * that the check was skipped.
   *
   * @defaultValue `"error"`
   */
  "jenkins:pluginCheck"?: CheckPolicy;
  /**
   * The credentials check of a new or changed job: every credential id its config or spec names must be in a store
   * of its scope
   * (the folders above it, then the system store) or declared by a Credential of the program. `error` fails the
   * preview, `warn` reports a warning, `off` does not check.
   *
   * @defaultValue `"error"`
   */
  "jenkins:credentialsCheck"?: CheckPolicy;
  /**
   * The runnable check of a new, moved or changed job: its inline pipeline script goes to the controller's linter,
   * and every agent label, shared library and job it names must exist there (or be declared by the program). `error`
   * fails the preview, `warn` reports each finding as a warning, `off` does not check. A named controller may set its
   * own (`jenkins:controllers.<name>.runnableCheck`).
   *
   * @defaultValue `"error"`
   */
  "jenkins:runnableCheck"?: CheckPolicy;
  /**
   * The owner named in the mark of ownership that every job, folder, multibranch project, view and credential this
   * stack creates or adopts carries as the last line of its description ("Managed as code by <owner>. …"), and
   * that another stack must name (`takeOverFrom`) to take the item over. Letters, digits and `. _ @ -`, in parts
   * separated by `/`. Set it when two stacks should share one owner name, or to give the items a name a person
   * recognises; changing it re-marks the stack's items on the next `up`. See docs/guide/ownership.md.
   *
   * @defaultValue the Pulumi project and stack, as `<project>/<stack>`
   */
  "jenkins:owner"?: string;
  /**
   * Whether the stack writes its mark of ownership into the description of the items it manages. `false` writes
   * none (and removes the stack's mark at each item's next update); the stack still refuses to create over, adopt
   * or delete an item another owner marked.
   *
   * @defaultValue `true`
   */
  "jenkins:ownershipMarks"?: boolean;
}
