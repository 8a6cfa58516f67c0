/**
 * A resource provider plugin started from its folder as the CLI starts a source-based Node.js plugin, and driven
 * with the calls the engine makes to it.
 *
 * Start (pkg/resource/plugin/plugin.go `ExecPlugin`, the Node.js language host's `RunPlugin`): the folder's
 * `PulumiPlugin.yaml` names the runtime; the language host runs `node <@pulumi/pulumi/cmd/run-plugin resolved from
 * the plugin folder> [nodeargs] <plugin folder> <engine address>` in the program's working directory, with the CLI's
 * environment plus `PULUMI_CONFIG` (the stack config of the plugin's package, keys without their namespace,
 * pkg/host `Provider`), `PULUMI_PROJECT`, the project's runtime options as `PULUMI_RUNTIME_<NAME>`, and
 * `PULUMI_NODEJS_TYPESCRIPT`/`PULUMI_NODEJS_TSCONFIG_PATH` from the plugin's own runtime options (TypeScript on
 * unless they say `typescript: false`). The plugin prints its port as its first line.
 *
 * Calls (pkg/resource/plugin/provider_plugin.go): Configure carries the provider's URN, name, type and id, the
 * inputs as `args` (secrets kept) and as the deprecated `variables` (`<pkg>:config:<key>`, strings, secrets opened),
 * `acceptSecrets`, `acceptResources`, `sendsOldInputs`, `sendsOldInputsToDelete`; every resource call carries the
 * URN, name and type, Diff, Update and Delete the old inputs too. What Configure answers (`acceptSecrets`,
 * `supportsPreview`) shapes the calls after it.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as pluginPb from "@pulumi/pulumi/proto/plugin_pb";
import * as providerPb from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { ProviderProcess, UNKNOWN, type CheckOutcome, type PropertyMap, type ReadOutcome } from "../provider-process";
import { nodeArgsFrom, resolveFrom } from "./launch";

const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";

/** The kinds of `PropertyDiff.Kind`, as the CLI names them (`plugin.DiffKind`'s String, and `preview --json`). */
export type DiffKind = "add" | "add-replace" | "delete" | "delete-replace" | "update" | "update-replace";
const KINDS: DiffKind[] = ["add", "add-replace", "delete", "delete-replace", "update", "update-replace"];

export interface PropertyDiff {
  kind: DiffKind;
  inputDiff: boolean;
}

/** A Diff or DiffConfig answer, all of it. */
export interface DiffDetail {
  changes: "none" | "some" | "unknown";
  replaces: string[];
  stables: string[];
  deleteBeforeReplace: boolean;
  /** The top-level keys that differ (`diffs`). */
  diffs: string[];
  /** Set when the provider sent one (`hasDetailedDiff`): property paths and how each changes. */
  detailedDiff?: Record<string, PropertyDiff>;
}

export interface PluginRuntime {
  name: string;
  options: Record<string, string>;
}

/** `runtime` of a PulumiPlugin.yaml: `runtime: nodejs`, or `runtime: { name, options: { ... } }`. */
export function readPluginRuntime(dir: string): PluginRuntime {
  const file = path.join(dir, "PulumiPlugin.yaml");
  const out: PluginRuntime = { name: "", options: {} };
  let block: string[] = [];
  for (const raw of readFileSync(file, "utf8").split("\n")) {
    const line = raw.replace(/\s+#.*$/, "").replace(/^#.*$/, "");
    const m = /^(\s*)([A-Za-z0-9_-]+):\s*(.*)$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 2;
    block = [...block.slice(0, depth), m[2]];
    const value = m[3].trim().replace(/^["'](.*)["']$/, "$1");
    if (value === "") continue;
    if (depth === 0 && m[2] === "runtime") out.name = value;
    if (depth === 1 && block[0] === "runtime" && m[2] === "name") out.name = value;
    if (depth === 2 && block[0] === "runtime" && block[1] === "options") out.options[m[2]] = value;
  }
  if (out.name === "") throw new Error(`${file}: no runtime`);
  return out;
}

export interface PluginLaunch {
  /** The plugin's folder (holding PulumiPlugin.yaml). */
  dir: string;
  /** The program's working directory: the plugin's working directory too. */
  pwd: string;
  engineAddress: string;
  /** The CLI's environment. */
  env: NodeJS.ProcessEnv;
  node?: string;
  /** The stack config of the plugin's package, keys without the namespace, secrets in plain. */
  packageConfig: Record<string, string>;
  project: string;
  /** The project's `runtime.options`. */
  runtimeOptions: Record<string, string>;
}

function toStruct(props: PropertyMap): Struct {
  return Struct.fromJavaScript(props as Parameters<typeof Struct.fromJavaScript>[0]);
}

function fromStruct(s: Struct | undefined): PropertyMap {
  return s ? (s.toJavaScript() as PropertyMap) : {};
}

/** A URN's resource type (the last of its qualified types) and name. */
export function urnParts(urn: string): { type: string; name: string } {
  const parts = urn.split("::");
  const qualified = parts[2] ?? "";
  return { type: qualified.split("$").pop() ?? qualified, name: parts.slice(3).join("::") };
}

/** A value with every secret opened: what `variables` carry. */
function opened(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(opened);
  if (v && typeof v === "object") {
    const o = v as PropertyMap;
    if (SECRET_SIG_KEY in o && "value" in o) return opened(o.value);
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, opened(x)]));
  }
  return v;
}

/** Whether a value holds the engine's unknown marker anywhere. */
export function holdsUnknown(v: unknown): boolean {
  if (v === UNKNOWN) return true;
  if (Array.isArray(v)) return v.some(holdsUnknown);
  if (v && typeof v === "object") return Object.values(v).some(holdsUnknown);
  return false;
}

function diffDetail(res: providerPb.DiffResponse): DiffDetail {
  const D = providerPb.DiffResponse.DiffChanges;
  const c = res.getChanges();
  const out: DiffDetail = {
    changes: c === D.DIFF_NONE ? "none" : c === D.DIFF_SOME ? "some" : "unknown",
    replaces: res.getReplacesList(),
    stables: res.getStablesList(),
    deleteBeforeReplace: res.getDeletebeforereplace(),
    diffs: res.getDiffsList(),
  };
  if (res.getHasdetaileddiff()) {
    out.detailedDiff = {};
    for (const [k, d] of res.getDetaileddiffMap().entries()) {
      out.detailedDiff[k] = { kind: KINDS[d.getKind()] ?? "update", inputDiff: d.getInputdiff() };
    }
  }
  return out;
}

export class PluginProcess {
  /** From Configure's answer: whether the plugin takes secrets as secrets, and runs Create/Update in a preview. */
  acceptSecrets = false;
  supportsPreview = false;
  /** False while the provider's config holds unknowns (a preview): the engine then does not configure it. */
  configured = false;

  private constructor(
    readonly process: ProviderProcess,
    readonly dir: string,
  ) {}

  static async start(l: PluginLaunch): Promise<PluginProcess> {
    const node = l.node ?? process.execPath;
    const runtime = readPluginRuntime(l.dir);
    if (runtime.name !== "nodejs") throw new Error(`${l.dir}: runtime ${runtime.name} is not run by this harness`);
    const env: NodeJS.ProcessEnv = { ...l.env };
    for (const [k, v] of Object.entries(l.runtimeOptions)) env[`PULUMI_RUNTIME_${k.toUpperCase()}`] = v;
    env.PULUMI_PROJECT = l.project;
    env.PULUMI_CONFIG = JSON.stringify(l.packageConfig);
    if (runtime.options.typescript !== "false") env.PULUMI_NODEJS_TYPESCRIPT = "true";
    if (runtime.options.tsconfig !== undefined) env.PULUMI_NODEJS_TSCONFIG_PATH = runtime.options.tsconfig;
    const entry = resolveFrom(l.dir, "@pulumi/pulumi/cmd/run-plugin", node);
    const nodeArgs = (runtime.options.nodeargs ?? "").split(/\s+/).filter((a) => a !== "");
    const proc = await ProviderProcess.start({
      cwd: l.pwd,
      env,
      node,
      entry,
      engineAddress: l.engineAddress,
      args: [...nodeArgs, l.dir],
      // Opt-in, for profiling (launch.ts): Node.js flags before the script, as for the dynamic provider.
      nodeArgs: nodeArgsFrom(l.env, "LANGUAGE_HOST_PROVIDER_NODE_ARGS"),
    });
    return new PluginProcess(proc, l.dir);
  }

  async getPluginInfo(): Promise<{ version: string }> {
    const res = await this.process.rpc<pluginPb.PluginInfo>("getPluginInfo", new Empty());
    return { version: res.getVersion() };
  }

  async checkConfig(urn: string, olds: PropertyMap, news: PropertyMap): Promise<CheckOutcome> {
    const { type, name } = urnParts(urn);
    const req = new providerPb.CheckRequest();
    req.setUrn(urn).setName(name).setType(type);
    req.setOlds(toStruct(olds));
    req.setNews(toStruct(news));
    try {
      const res = await this.process.rpc<providerPb.CheckResponse>("checkConfig", req);
      return {
        inputs: fromStruct(res.getInputs()),
        failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
      };
    } catch (e) {
      // Unimplemented: the engine takes the new config as it is.
      if (isUnimplemented(e)) return { inputs: news, failures: [] };
      throw e;
    }
  }

  async diffConfig(
    urn: string,
    oldInputs: PropertyMap,
    oldOutputs: PropertyMap,
    news: PropertyMap,
  ): Promise<DiffDetail> {
    const { type, name } = urnParts(urn);
    const req = new providerPb.DiffRequest();
    req.setUrn(urn).setName(name).setType(type);
    req.setOldInputs(toStruct(oldInputs));
    req.setOlds(toStruct(oldOutputs));
    req.setNews(toStruct(news));
    try {
      return diffDetail(await this.process.rpc<providerPb.DiffResponse>("diffConfig", req));
    } catch (e) {
      // Unimplemented: the engine assumes no replacement.
      if (isUnimplemented(e))
        return { changes: "unknown", replaces: [], stables: [], deleteBeforeReplace: false, diffs: [] };
      throw e;
    }
  }

  /** Configure, as the engine sends it for the provider resource `urn` with id `id` and its checked inputs. */
  async configure(urn: string, id: string, inputs: PropertyMap): Promise<void> {
    if (holdsUnknown(inputs)) return;
    const { type, name } = urnParts(urn);
    const pkg = type.split(":")[2];
    const req = new providerPb.ConfigureRequest();
    req.setUrn(urn).setName(name).setType(type).setId(id);
    const vars = req.getVariablesMap();
    for (const [k, v] of Object.entries(inputs)) {
      if (k === "version") continue;
      const plain = opened(v);
      vars.set(`${pkg}:config:${k}`, typeof plain === "string" ? plain : JSON.stringify(plain));
    }
    req.setArgs(toStruct(inputs));
    req.setAcceptsecrets(true).setAcceptresources(true).setSendsOldInputs(true).setSendsOldInputsToDelete(true);
    const res = await this.process.rpc<providerPb.ConfigureResponse>("configure", req);
    this.acceptSecrets = res.getAcceptsecrets();
    this.supportsPreview = res.getSupportspreview();
    this.configured = true;
  }

  /** What the plugin is sent of a property map: secrets stripped when it does not accept them. */
  private sent(map: PropertyMap): PropertyMap {
    return this.acceptSecrets ? map : (opened(map) as PropertyMap);
  }

  async check(urn: string, olds: PropertyMap, news: PropertyMap): Promise<CheckOutcome> {
    // An unconfigured provider (unknown config in a preview) checks nothing: the engine keeps the inputs.
    if (!this.configured) return { inputs: news, failures: [] };
    const { type, name } = urnParts(urn);
    const req = new providerPb.CheckRequest();
    req.setUrn(urn).setName(name).setType(type);
    req.setOlds(toStruct(this.sent(olds)));
    req.setNews(toStruct(this.sent(news)));
    const res = await this.process.rpc<providerPb.CheckResponse>("check", req);
    return {
      inputs: fromStruct(res.getInputs()),
      failures: res.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
    };
  }

  async diff(
    urn: string,
    id: string,
    olds: PropertyMap,
    oldInputs: PropertyMap,
    news: PropertyMap,
  ): Promise<DiffDetail> {
    if (!this.configured)
      return { changes: "unknown", replaces: [], stables: [], deleteBeforeReplace: false, diffs: [] };
    const { type, name } = urnParts(urn);
    const req = new providerPb.DiffRequest();
    req.setUrn(urn).setName(name).setType(type).setId(id);
    req.setOlds(toStruct(this.sent(olds)));
    req.setOldInputs(toStruct(this.sent(oldInputs)));
    req.setNews(toStruct(this.sent(news)));
    return diffDetail(await this.process.rpc<providerPb.DiffResponse>("diff", req));
  }

  async create(
    urn: string,
    properties: PropertyMap,
    preview = false,
  ): Promise<{ id: string; properties: PropertyMap }> {
    const { type, name } = urnParts(urn);
    const req = new providerPb.CreateRequest();
    req.setUrn(urn).setName(name).setType(type).setPreview(preview);
    req.setProperties(toStruct(this.sent(properties)));
    const res = await this.process.rpc<providerPb.CreateResponse>("create", req);
    return { id: res.getId(), properties: fromStruct(res.getProperties()) };
  }

  /** Read for a refresh (old outputs and inputs) or an import (the id alone). */
  async read(urn: string, id: string, properties?: PropertyMap, inputs?: PropertyMap): Promise<ReadOutcome> {
    const { type, name } = urnParts(urn);
    const req = new providerPb.ReadRequest();
    req.setUrn(urn).setName(name).setType(type).setId(id);
    if (properties) req.setProperties(toStruct(this.sent(properties)));
    if (inputs) req.setInputs(toStruct(this.sent(inputs)));
    const res = await this.process.rpc<providerPb.ReadResponse>("read", req);
    const out: ReadOutcome = { id: res.getId(), properties: fromStruct(res.getProperties()) };
    if (res.getInputs()) out.inputs = fromStruct(res.getInputs());
    return out;
  }

  async update(
    urn: string,
    id: string,
    olds: PropertyMap,
    oldInputs: PropertyMap,
    news: PropertyMap,
    preview = false,
  ): Promise<PropertyMap> {
    const { type, name } = urnParts(urn);
    const req = new providerPb.UpdateRequest();
    req.setUrn(urn).setName(name).setType(type).setId(id).setPreview(preview);
    req.setOlds(toStruct(this.sent(olds)));
    req.setOldInputs(toStruct(this.sent(oldInputs)));
    req.setNews(toStruct(this.sent(news)));
    const res = await this.process.rpc<providerPb.UpdateResponse>("update", req);
    return fromStruct(res.getProperties());
  }

  async delete(urn: string, id: string, properties: PropertyMap, oldInputs: PropertyMap): Promise<void> {
    const { type, name } = urnParts(urn);
    const req = new providerPb.DeleteRequest();
    req.setUrn(urn).setName(name).setType(type).setId(id);
    req.setProperties(toStruct(this.sent(properties)));
    req.setOldInputs(toStruct(this.sent(oldInputs)));
    await this.process.rpc<unknown>("delete", req);
  }

  close(): Promise<void> {
    return this.process.close();
  }
}

function isUnimplemented(e: unknown): boolean {
  return typeof e === "object" && e !== null && (e as { code?: number }).code === 12;
}
