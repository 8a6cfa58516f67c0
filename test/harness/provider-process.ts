/**
 * Layer 2 driver: runs the real `@pulumi/pulumi/cmd/dynamic-provider` process and talks to it over gRPC the way the
 * Pulumi engine does, so the serialized provider text, the require-from-string loading, the protobuf conversions and
 * the error packing are all the production code paths. Only the engine's bookkeeping is played by the caller.
 */
import { ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as emptyPb from "google-protobuf/google/protobuf/empty_pb";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerPb from "@pulumi/pulumi/proto/provider_pb";
import * as statusPb from "@pulumi/pulumi/proto/status_pb";

/** The marker the engine sends for values that are not known yet (during preview). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export type PropertyMap = Record<string, unknown>;

export interface CheckOutcome {
  inputs: PropertyMap;
  failures: Array<{ property: string; reason: string }>;
}
export interface DiffOutcome {
  changes: "none" | "some" | "unknown";
  replaces: string[];
  deleteBeforeReplace: boolean;
  /** Only when the provider sent one (a provider plugin; the dynamic provider never does). */
  detailedDiff?: Record<string, { kind: string; inputDiff: boolean }>;
}

/** What a provider answers to Configure. */
export interface ConfigureOutcome {
  acceptSecrets: boolean;
  acceptResources: boolean;
  supportsPreview: boolean;
}
export interface ReadOutcome {
  /** Empty when the provider reports the resource gone. */
  id: string;
  properties: PropertyMap;
  inputs?: PropertyMap;
}

/** A failed call: the message the engine would show, plus a partial-failure record when the provider sent one. */
export class ProviderCallError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly initFailed?: { id: string; properties: PropertyMap; reasons: string[] },
  ) {
    super(message);
    this.name = "ProviderCallError";
  }
}

/** Wraps a value the way the engine marks a secret in a property map. */
export function secret(value: unknown): PropertyMap {
  return { [SECRET_SIG_KEY]: SECRET_SIG, value };
}

export interface StartOptions {
  /** Working directory of the provider process; the engine uses the program's folder. */
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Engine address passed as argv[2]. The dynamic provider only checks that one is given. */
  engineAddress?: string;
  /** The Node.js binary; default: the one running this process. */
  node?: string;
  /** The provider's entry script; default: this checkout's `@pulumi/pulumi/cmd/dynamic-provider`. */
  entry?: string;
  /** Node.js flags before the entry script (e.g. `--cpu-prof`, which NODE_OPTIONS does not accept). */
  nodeArgs?: string[];
  /** Arguments after the entry script and before the engine address (run-plugin's plugin folder). */
  args?: string[];
}

function toStruct(props: PropertyMap): Struct {
  return Struct.fromJavaScript(props as Parameters<typeof Struct.fromJavaScript>[0]);
}

function fromStruct(s: Struct | undefined): PropertyMap {
  return s ? (s.toJavaScript() as PropertyMap) : {};
}

const KIND_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(providerPb.PropertyDiff.Kind).map(([name, n]) => [n as number, name]),
);

function diffOutcome(res: providerPb.DiffResponse): DiffOutcome {
  const c = res.getChanges();
  const D = providerPb.DiffResponse.DiffChanges;
  const out: DiffOutcome = {
    changes: c === D.DIFF_NONE ? "none" : c === D.DIFF_SOME ? "some" : "unknown",
    replaces: res.getReplacesList(),
    deleteBeforeReplace: res.getDeletebeforereplace(),
  };
  if (res.getHasdetaileddiff()) {
    out.detailedDiff = {};
    res.getDetaileddiffMap().forEach((d, key) => {
      out.detailedDiff![key] = { kind: KIND_NAMES[d.getKind()], inputDiff: d.getInputdiff() };
    });
  }
  return out;
}

function decodeError(err: grpc.ServiceError): ProviderCallError {
  let initFailed: ProviderCallError["initFailed"];
  const raw = err.metadata?.get("grpc-status-details-bin")?.[0];
  if (raw) {
    const status = statusPb.Status.deserializeBinary(new Uint8Array(raw as Buffer));
    for (const any of status.getDetailsList()) {
      if (any.getTypeName() === "pulumirpc.ErrorResourceInitFailed") {
        const detail = providerPb.ErrorResourceInitFailed.deserializeBinary(any.getValue_asU8());
        initFailed = {
          id: detail.getId(),
          properties: fromStruct(detail.getProperties()),
          reasons: detail.getReasonsList(),
        };
      }
    }
  }
  return new ProviderCallError(err.details || err.message, err.code, initFailed);
}

type Method =
  | "configure"
  | "check"
  | "diff"
  | "create"
  | "read"
  | "update"
  | "delete"
  | "getPluginInfo"
  | "getSchema"
  | "checkConfig"
  | "diffConfig";
type Callback<Res> = (err: grpc.ServiceError | null, res: Res) => void;

export class ProviderProcess {
  /** Everything the process wrote, for log assertions (and the secrets scan). */
  stdout = "";
  stderr = "";
  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly client: providerGrpc.ResourceProviderClient,
    readonly port: number,
  ) {}

  static async start(opts: StartOptions = {}): Promise<ProviderProcess> {
    const entry = opts.entry ?? require.resolve("@pulumi/pulumi/cmd/dynamic-provider/index.js");
    const child = spawn(
      opts.node ?? process.execPath,
      [...(opts.nodeArgs ?? []), entry, ...(opts.args ?? []), opts.engineAddress ?? "127.0.0.1:0"],
      {
        cwd: opts.cwd ?? process.cwd(),
        env: opts.env ?? process.env,
        stdio: ["pipe", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    const port = await new Promise<number>((resolve, reject) => {
      const onData = (chunk: string): void => {
        stdout += chunk;
        const nl = stdout.indexOf("\n");
        if (nl >= 0) {
          child.stdout.off("data", onData);
          const p = Number(stdout.slice(0, nl).trim());
          if (Number.isInteger(p) && p > 0) resolve(p);
          else reject(new Error(`provider printed no port: ${stdout.slice(0, 200)}`));
        }
      };
      child.stdout.on("data", onData);
      child.stderr.on("data", (c: string) => (stderr += c));
      child.once("exit", (code) => reject(new Error(`provider exited (${code}) before listening: ${stderr}`)));
      child.once("error", reject);
    });
    // Like the engine, which stops its plugins: never leave the provider process behind when this one exits.
    const stop = (): void => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    };
    process.once("exit", stop);
    child.once("exit", () => process.off("exit", stop));
    const client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    const proc = new ProviderProcess(child, client, port);
    proc.stdout = stdout;
    proc.stderr = stderr;
    child.stdout.on("data", (c: string) => (proc.stdout += c));
    child.stderr.on("data", (c: string) => (proc.stderr += c));
    return proc;
  }

  /** Any method of the ResourceProvider service, for drivers that need more of the protocol than the calls below. */
  rpc<Res>(method: string, req: object): Promise<Res> {
    return this.call<Res>(method as Method, req);
  }

  private call<Res>(method: Method, req: object): Promise<Res> {
    // The generated client's methods are overloaded; one untyped entry point keeps the call sites readable.
    const fn = this.client[method] as unknown as (req: object, cb: Callback<Res>) => unknown;
    return new Promise<Res>((resolve, reject) => {
      fn.call(this.client, req, (err: grpc.ServiceError | null, res: Res) =>
        err ? reject(decodeError(err)) : resolve(res),
      );
    });
  }

  /** Configure, as the engine sends it: the whole stack config under full keys, as `variables` and as `args`. */
  async configure(config: Record<string, unknown>): Promise<void> {
    await this.configureWith(config, config);
  }

  /**
   * Configure with the arguments and variables given apart: an explicit provider resource's inputs come as
   * arguments under short keys, with no variables.
   */
  async configureWith(
    args: Record<string, unknown>,
    variables: Record<string, unknown> = {},
  ): Promise<ConfigureOutcome> {
    const req = new providerPb.ConfigureRequest();
    const vars = req.getVariablesMap();
    for (const [k, v] of Object.entries(variables)) {
      const plain = v && typeof v === "object" && SECRET_SIG_KEY in v ? (v as PropertyMap).value : v;
      vars.set(k, typeof plain === "string" ? plain : JSON.stringify(plain));
    }
    req.setArgs(toStruct(args));
    req.setAcceptsecrets(true);
    req.setAcceptresources(true);
    const res = await this.call<providerPb.ConfigureResponse>("configure", req);
    return {
      acceptSecrets: res.getAcceptsecrets(),
      acceptResources: res.getAcceptresources(),
      supportsPreview: res.getSupportspreview(),
    };
  }

  async getPluginInfo(): Promise<{ version: string }> {
    const res = await this.call<{ getVersion(): string }>("getPluginInfo", new emptyPb.Empty());
    return { version: res.getVersion() };
  }

  async getSchema(): Promise<string> {
    const req = new providerPb.GetSchemaRequest();
    const res = await this.call<providerPb.GetSchemaResponse>("getSchema", req);
    return res.getSchema();
  }

  async checkConfig(urn: string, olds: PropertyMap, news: PropertyMap): Promise<CheckOutcome> {
    const req = new providerPb.CheckRequest();
    req.setUrn(urn);
    req.setOlds(toStruct(olds));
    req.setNews(toStruct(news));
    const res = await this.call<providerPb.CheckResponse>("checkConfig", req);
    return {
      inputs: fromStruct(res.getInputs()),
      failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diffConfig(urn: string, olds: PropertyMap, news: PropertyMap): Promise<DiffOutcome> {
    const req = new providerPb.DiffRequest();
    req.setUrn(urn);
    req.setOlds(toStruct(olds));
    req.setOldInputs(toStruct(olds));
    req.setNews(toStruct(news));
    return diffOutcome(await this.call<providerPb.DiffResponse>("diffConfig", req));
  }

  async check(urn: string, olds: PropertyMap, news: PropertyMap): Promise<CheckOutcome> {
    const req = new providerPb.CheckRequest();
    req.setUrn(urn);
    req.setOlds(toStruct(olds));
    req.setNews(toStruct(news));
    const res = await this.call<providerPb.CheckResponse>("check", req);
    return {
      inputs: fromStruct(res.getInputs()),
      failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  /** Diff; `oldInputs` as the engine sends them beside the old outputs (a provider plugin shows diffs against them). */
  async diff(
    urn: string,
    id: string,
    olds: PropertyMap,
    news: PropertyMap,
    oldInputs?: PropertyMap,
  ): Promise<DiffOutcome> {
    const req = new providerPb.DiffRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setOlds(toStruct(olds));
    req.setNews(toStruct(news));
    if (oldInputs) req.setOldInputs(toStruct(oldInputs));
    return diffOutcome(await this.call<providerPb.DiffResponse>("diff", req));
  }

  async create(urn: string, properties: PropertyMap): Promise<{ id: string; properties: PropertyMap }> {
    const req = new providerPb.CreateRequest();
    req.setUrn(urn);
    req.setProperties(toStruct(properties));
    const res = await this.call<providerPb.CreateResponse>("create", req);
    return { id: res.getId(), properties: fromStruct(res.getProperties()) };
  }

  async read(urn: string, id: string, properties: PropertyMap, inputs?: PropertyMap): Promise<ReadOutcome> {
    const req = new providerPb.ReadRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setProperties(toStruct(properties));
    if (inputs) req.setInputs(toStruct(inputs));
    const res = await this.call<providerPb.ReadResponse>("read", req);
    const out: ReadOutcome = { id: res.getId(), properties: fromStruct(res.getProperties()) };
    if (res.getInputs()) out.inputs = fromStruct(res.getInputs());
    return out;
  }

  async update(urn: string, id: string, olds: PropertyMap, news: PropertyMap): Promise<PropertyMap> {
    const req = new providerPb.UpdateRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setOlds(toStruct(olds));
    req.setNews(toStruct(news));
    const res = await this.call<providerPb.UpdateResponse>("update", req);
    return fromStruct(res.getProperties());
  }

  async delete(urn: string, id: string, properties: PropertyMap): Promise<void> {
    const req = new providerPb.DeleteRequest();
    req.setUrn(urn);
    req.setId(id);
    req.setProperties(toStruct(properties));
    await this.call<unknown>("delete", req);
  }

  /** Ends the process at once (SIGKILL), as when the CLI that started it is killed: nothing it does is finished. */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      this.child.once("exit", () => resolve());
      this.child.kill("SIGKILL");
    });
    this.client.close();
  }

  async close(): Promise<void> {
    this.client.close();
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      this.child.once("exit", () => resolve());
      this.child.kill("SIGTERM");
    });
  }
}

/** The URN the engine would give a Job resource, for logs and messages. */
export function jobUrn(name: string, type = "pulumi-nodejs:dynamic/jenkins:Job"): string {
  return `urn:pulumi:test::jenkins-jobs::${type}::${name}`;
}

/** Folder of the installed package, used as the provider process's working directory in tests. */
export const repoRoot = path.resolve(__dirname, "..", "..", "..");
