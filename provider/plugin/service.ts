/**
 * The `pulumirpc.ResourceProvider` service of the plugin: each call's values adapted (values.ts, program-side.ts)
 * and handed to the resource's lifecycle (resources.ts). Served here rather than by `@pulumi/pulumi/provider`'s
 * `main()`, whose server ignores Configure's arguments, answers CheckConfig and DiffConfig as unimplemented and
 * drops a diff's detailed diff.
 */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { PROVIDER_KEY, UNKNOWN } from "../dynamic/props";
import { readFoundNothing } from "../dynamic/refresh-diff";
import { PartialFailureError } from "../dynamic/partial-failure";
import { pluginCheckOf } from "../plugins/preflight";
import { credentialsCheckOf } from "../references/check";
import { runnableCheckOf } from "../runnable/mode";
import { readControllers, CONTROLLERS_KEY } from "../connection/controllers";
import { configSource } from "./config";
import { importedProps } from "./import-ids";
import { asFromProgram } from "./program-side";
import { LIFECYCLES, resourceOf, typeOfUrn } from "./resources";
import { anyPb, emptyPb, grpc, pluginPb, providerPb, statusPb, structPb } from "./stubs";
import type { Grpc, ProviderPb, StructPb } from "./stubs";
import { plain, wire, type Props } from "./values";
import { configuredOwnerProblem, withOwner } from "./owner";

/** The types whose items carry the mark of ownership (or, for a sweep, that leave other owners' items alone). */
const OWNED_TYPES: ReadonlySet<string> = new Set([
  "jenkins:index:Job",
  "jenkins:index:View",
  "jenkins:index:Credential",
  "jenkins:index:FolderSweep",
]);

export interface ServiceOptions {
  /** The plugin's version, as GetPluginInfo reports it. */
  version: string;
  /** Path of the package schema GetSchema serves. */
  schemaPath: string;
}

type Callback<T> = (err: Partial<Grpc.ServiceError> | null, value?: T | null, metadata?: Grpc.Metadata) => void;
interface Call<Req> {
  request: Req;
}

function toStruct(props: Props): StructPb.Struct {
  return structPb.Struct.fromJavaScript(props as Parameters<typeof structPb.Struct.fromJavaScript>[0]);
}

function fromStruct(s: StructPb.Struct | undefined): Props {
  return s ? (s.toJavaScript() as Props) : {};
}

/** A map with the dynamic provider's `__provider` left out: a plugin stores none (a state moved over holds one). */
function withoutProvider(p: Props): Props {
  if (!(PROVIDER_KEY in p)) return p;
  const out = { ...p };
  delete out[PROVIDER_KEY];
  return out;
}

function plainOf(s: StructPb.Struct | undefined) {
  const p = plain(fromStruct(s));
  return { props: withoutProvider(p.props), secrets: p.secrets };
}

/** The type of a request: its `type` field where the engine sets it, else from the URN. */
function typeOf(req: { getType?: () => string; getUrn(): string }): string {
  const t = typeof req.getType === "function" ? req.getType() : "";
  return t !== "" ? t : typeOfUrn(req.getUrn());
}

/** Secret keys of an answer: those of the inputs it came from, and the ones always secret, where present. */
function secretKeys(token: string, ...from: ReadonlySet<string>[]): Set<string> {
  const out = new Set<string>();
  for (const s of from) for (const k of s) out.add(k);
  for (const k of resourceOf(token).alwaysSecret) out.add(k);
  return out;
}

/** A failed call as the engine reads it; a partial failure carries the resource's id and properties. */
function failure(e: unknown, secrets: ReadonlySet<string> = new Set()): Partial<Grpc.ServiceError> {
  const message = e instanceof Error ? e.message : String(e);
  const metadata = new grpc.Metadata();
  if (e instanceof PartialFailureError) {
    const detail = new providerPb.ErrorResourceInitFailed();
    detail.setId(e.id);
    detail.setProperties(toStruct(wire(withoutProvider(e.properties), secrets)));
    detail.setReasonsList(e.reasons);
    const any = new anyPb.Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusPb.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message, message, metadata };
}

function answer<T>(callback: Callback<T>, work: () => Promise<T>, secrets?: () => ReadonlySet<string>): void {
  work().then(
    (value) => callback(null, value),
    (e: unknown) => {
      const err = failure(e, secrets?.());
      callback(err, null, err.metadata);
    },
  );
}

/** A value the CLI should not print in front of a check failure: a config, a spec, a list, a long text. */
function isLarge(value: unknown): boolean {
  if (typeof value === "string") return value.length > 120 || value.includes("\n");
  return typeof value === "object" && value !== null;
}

/**
 * Failures as the CLI prints them: it writes a named property's value before the reason, so a failure about a
 * config or spec names the property in its reason instead, and the value (a whole config) is not printed.
 */
function shownFailures(failures: Array<{ property?: string; reason: string }> | undefined, news: Props) {
  return (failures ?? []).map((f) => {
    const property = f.property ?? "";
    if (property === "" || !isLarge(news[property])) return { property, reason: f.reason };
    return { property: "", reason: f.reason.startsWith(property) ? f.reason : `${property}: ${f.reason}` };
  });
}

function checkResponse(inputs: Props, failures: Array<{ property?: string; reason: string }> | undefined) {
  const resp = new providerPb.CheckResponse();
  resp.setInputs(toStruct(inputs));
  resp.setFailuresList(
    (failures ?? []).map((f) => {
      const out = new providerPb.CheckFailure();
      out.setProperty(f.property ?? "");
      out.setReason(f.reason);
      return out;
    }),
  );
  return resp;
}

/** The kind of a property's change: added, deleted or updated, replacing or not. */
function kindOf(key: string, olds: Props, news: Props, replace: boolean): ProviderPb.PropertyDiff.Kind {
  const K = providerPb.PropertyDiff.Kind;
  if (olds[key] === undefined && news[key] !== undefined) return replace ? K.ADD_REPLACE : K.ADD;
  if (olds[key] !== undefined && news[key] === undefined) return replace ? K.DELETE_REPLACE : K.DELETE;
  return replace ? K.UPDATE_REPLACE : K.UPDATE;
}

interface LifecycleDiff {
  changes?: boolean;
  replaces?: string[];
  deleteBeforeReplace?: boolean;
  /** The properties that change in place, where the lifecycle names them. */
  diffs?: string[];
  /** Of those, the ones shown against the old outputs. */
  fromOutputs?: string[];
}

/** `oldInputs`: read only for a diff that shows changes (a no-op plan's Diff never needs them). */
function diffResponse(result: LifecycleDiff, oldInputsOf: () => Props, news: Props): ProviderPb.DiffResponse {
  const resp = new providerPb.DiffResponse();
  const D = providerPb.DiffResponse.DiffChanges;
  resp.setChanges(result.changes === true ? D.DIFF_SOME : result.changes === false ? D.DIFF_NONE : D.DIFF_UNKNOWN);
  const replaces = result.replaces ?? [];
  resp.setReplacesList(replaces);
  resp.setDeletebeforereplace(result.deleteBeforeReplace === true);
  const inPlace = result.diffs ?? [];
  // Without the lifecycle's list of changed properties, the engine compares the inputs itself.
  if (result.changes === true && (replaces.length > 0 || inPlace.length > 0)) {
    const keys = [...new Set([...replaces, ...inPlace])];
    const oldInputs = oldInputsOf();
    resp.setDiffsList(keys);
    resp.setHasdetaileddiff(true);
    const detailed = resp.getDetaileddiffMap();
    for (const key of keys) {
      const d = new providerPb.PropertyDiff();
      const fromOutputs = (result.fromOutputs ?? []).includes(key);
      // A config the old outputs hold is an update whichever inputs carry it (a refresh's new inputs do not).
      d.setKind(
        fromOutputs ? providerPb.PropertyDiff.Kind.UPDATE : kindOf(key, oldInputs, news, replaces.includes(key)),
      );
      // Shown against the old inputs (the outputs keep a digest, not the config text), unless the property is an
      // output only (a config Jenkins holds that no input declares): then against the old outputs.
      d.setInputdiff(!fromOutputs && (oldInputs[key] !== undefined || news[key] !== undefined));
      detailed.set(key, d);
    }
  }
  return resp;
}

/** The configuration checks' own failures: values of the `jenkins:*` keys that a resource's check would refuse. */
function configFailures(news: Props): Array<{ property: string; reason: string }> {
  const source = configSource(news);
  const out: Array<{ property: string; reason: string }> = [];
  for (const [property, mode] of [
    ["pluginCheck", pluginCheckOf(source)],
    ["credentialsCheck", credentialsCheckOf(source)],
  ] as const) {
    if (mode instanceof Error) out.push({ property, reason: mode.message });
  }
  const runnable = runnableCheckOf(source);
  for (const mode of [runnable.stack, ...Object.values(runnable.controllers)]) {
    if (mode instanceof Error) out.push({ property: "runnableCheck", reason: mode.message });
  }
  try {
    readControllers(source.get(CONTROLLERS_KEY));
  } catch (e) {
    out.push({ property: "controllers", reason: e instanceof Error ? e.message : String(e) });
  }
  return out;
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export function providerService(options: ServiceOptions): Grpc.UntypedServiceImplementation {
  /** `jenkins:owner` as Configure gave it: the owner of every resource's items, else the URN's project and stack. */
  let configuredOwner: unknown;
  return {
    getPluginInfo(_call: Call<unknown>, callback: Callback<unknown>) {
      const info = new pluginPb.PluginInfo();
      info.setVersion(options.version);
      callback(null, info);
    },

    getSchema(call: Call<ProviderPb.GetSchemaRequest>, callback: Callback<ProviderPb.GetSchemaResponse>) {
      answer(callback, async () => {
        if (call.request.getVersion() !== 0) throw new Error(`unsupported schema version ${call.request.getVersion()}`);
        const resp = new providerPb.GetSchemaResponse();
        if (!existsSync(options.schemaPath))
          throw new Error(`The jenkins plugin's package schema is missing: ${options.schemaPath} is not there.`);
        resp.setSchema(readFileSync(options.schemaPath, "utf8"));
        return resp;
      });
    },

    handshake(_call: Call<unknown>, callback: Callback<ProviderPb.ProviderHandshakeResponse>) {
      const resp = new providerPb.ProviderHandshakeResponse();
      resp.setAcceptSecrets(true);
      resp.setAcceptResources(true);
      resp.setAcceptOutputs(false);
      callback(null, resp);
    },

    attach(_call: Call<unknown>, callback: Callback<unknown>) {
      callback(null, new emptyPb.Empty());
    },

    cancel(_call: Call<unknown>, callback: Callback<unknown>) {
      callback(null, new emptyPb.Empty());
    },

    checkConfig(call: Call<ProviderPb.CheckRequest>, callback: Callback<ProviderPb.CheckResponse>) {
      answer(callback, async () => {
        const news = fromStruct(call.request.getNews());
        // The inputs as given, secrets still marked: the engine keeps them as the provider's configuration.
        return checkResponse(news, configFailures(plain(news).props));
      });
    },

    diffConfig(call: Call<ProviderPb.DiffRequest>, callback: Callback<ProviderPb.DiffResponse>) {
      answer(callback, async () => {
        const olds = plain(fromStruct(call.request.getOldInputs() ?? call.request.getOlds())).props;
        const news = plain(fromStruct(call.request.getNews())).props;
        const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter(
          (k) => k !== "version" && !sameValue(olds[k], news[k]),
        );
        // A new URL, user or credential reaches the resources through this process; it never replaces a job.
        const unknown = changed.some((k) => news[k] === UNKNOWN);
        return diffResponse(
          { changes: unknown ? undefined : changed.length > 0, replaces: [], diffs: changed },
          () => olds,
          news,
        );
      });
    },

    configure(call: Call<ProviderPb.ConfigureRequest>, callback: Callback<ProviderPb.ConfigureResponse>) {
      answer(callback, async () => {
        const args = plain(fromStruct(call.request.getArgs())).props;
        const variables: Record<string, string> = {};
        call.request.getVariablesMap().forEach((v: string, k: string) => (variables[k] = v));
        const config = configSource(args, variables);
        configuredOwner = config.get("jenkins:owner");
        const ownerProblem = configuredOwnerProblem(configuredOwner);
        if (ownerProblem !== undefined) throw new Error(ownerProblem);
        for (const lifecycle of LIFECYCLES) await lifecycle.configure({ config } as never);
        const resp = new providerPb.ConfigureResponse();
        resp.setAcceptsecrets(true);
        resp.setAcceptresources(true);
        resp.setAcceptoutputs(false);
        // As the dynamic provider: a preview shows the checked inputs and calls neither Create nor Update.
        resp.setSupportspreview(false);
        return resp;
      });
    },

    check(call: Call<ProviderPb.CheckRequest>, callback: Callback<ProviderPb.CheckResponse>) {
      answer(callback, async () => {
        const token = typeOf(call.request);
        const { lifecycle } = resourceOf(token);
        const olds = plainOf(call.request.getOlds());
        const given = plainOf(call.request.getNews());
        const prepared = asFromProgram(token, given.props, given.secrets);
        const owned = OWNED_TYPES.has(token);
        const news = owned
          ? { ...prepared, props: withOwner(prepared.props, call.request.getUrn(), configuredOwner) }
          : prepared;
        const result = await lifecycle.check(olds.props, news.props);
        const inputs = withoutProvider((result.inputs ?? news.props) as Props);
        return checkResponse(
          wire(inputs, secretKeys(token, news.secrets)),
          shownFailures(result.failures, given.props),
        );
      });
    },

    diff(call: Call<ProviderPb.DiffRequest>, callback: Callback<ProviderPb.DiffResponse>) {
      answer(callback, async () => {
        const token = typeOf(call.request);
        const olds = plainOf(call.request.getOlds());
        const given = call.request.getOldInputs();
        const oldInputs = () => (given ? plainOf(given).props : olds.props);
        const news = plainOf(call.request.getNews());
        const result = (await resourceOf(token).lifecycle.diff(
          call.request.getId(),
          olds.props,
          news.props,
        )) as LifecycleDiff;
        return diffResponse(result, oldInputs, news.props);
      });
    },

    create(call: Call<ProviderPb.CreateRequest>, callback: Callback<ProviderPb.CreateResponse>) {
      const token = typeOf(call.request);
      const inputs = plainOf(call.request.getProperties());
      answer(
        callback,
        async () => {
          const resp = new providerPb.CreateResponse();
          if (call.request.getPreview()) {
            // Not asked while supportsPreview is false; an engine that asks anyway sees the inputs.
            resp.setProperties(call.request.getProperties());
            return resp;
          }
          const result = await resourceOf(token).lifecycle.create(inputs.props);
          resp.setId(result.id);
          resp.setProperties(toStruct(wire(withoutProvider(result.outs as Props), secretKeys(token, inputs.secrets))));
          return resp;
        },
        () => secretKeys(token, inputs.secrets),
      );
    },

    read(call: Call<ProviderPb.ReadRequest>, callback: Callback<ProviderPb.ReadResponse>) {
      answer(callback, async () => {
        const token = typeOf(call.request);
        const id = call.request.getId();
        const state = plainOf(call.request.getProperties());
        const inputs = plainOf(call.request.getInputs());
        // `pulumi import` and `get`: only an id, no state. The id names the item; its config is read into inputs.
        const imported = Object.keys(state.props).length === 0 && Object.keys(inputs.props).length === 0;
        const props = imported
          ? importedProps(token, id)
          : Object.keys(state.props).length > 0
            ? state.props
            : inputs.props;
        const result = await resourceOf(token).lifecycle.read(id, props);
        // An import's Diff compares the program's inputs with what was read: it is not a refresh's (refresh-diff.ts).
        if (imported) readFoundNothing(id);
        const resp = new providerPb.ReadResponse();
        if (!result.id) return resp; // gone: the engine drops it from the state
        const secrets = secretKeys(token, state.secrets, inputs.secrets);
        resp.setId(result.id);
        resp.setProperties(toStruct(wire(withoutProvider((result.props ?? props) as Props), secrets)));
        const newInputs = result.inputs ?? (imported ? result.props : undefined);
        if (newInputs !== undefined) resp.setInputs(toStruct(wire(withoutProvider(newInputs as Props), secrets)));
        return resp;
      });
    },

    update(call: Call<ProviderPb.UpdateRequest>, callback: Callback<ProviderPb.UpdateResponse>) {
      const token = typeOf(call.request);
      const olds = plainOf(call.request.getOlds());
      const news = plainOf(call.request.getNews());
      const secrets = () => secretKeys(token, news.secrets);
      answer(
        callback,
        async () => {
          const resp = new providerPb.UpdateResponse();
          if (call.request.getPreview()) {
            resp.setProperties(call.request.getNews());
            return resp;
          }
          const result = await resourceOf(token).lifecycle.update(call.request.getId(), olds.props, news.props);
          resp.setProperties(toStruct(wire(withoutProvider((result.outs ?? {}) as Props), secrets())));
          return resp;
        },
        secrets,
      );
    },

    delete(call: Call<ProviderPb.DeleteRequest>, callback: Callback<unknown>) {
      answer(callback, async () => {
        const token = typeOf(call.request);
        await resourceOf(token).lifecycle.delete(call.request.getId(), plainOf(call.request.getProperties()).props);
        return new emptyPb.Empty();
      });
    },

    // Not what this provider offers: no functions, components, methods, parameterization or mappings.
    invoke: unimplemented("Invoke"),
    call: unimplemented("Call"),
    construct: unimplemented("Construct"),
    parameterize: unimplemented("Parameterize"),
    getMapping(_call: Call<unknown>, callback: Callback<ProviderPb.GetMappingResponse>) {
      callback(null, new providerPb.GetMappingResponse());
    },
    getMappings(_call: Call<unknown>, callback: Callback<ProviderPb.GetMappingsResponse>) {
      callback(null, new providerPb.GetMappingsResponse());
    },
    list(call: { emit(event: string, e: unknown): void }) {
      call.emit("error", { code: grpc.status.UNIMPLEMENTED, details: "The jenkins provider does not list resources." });
    },
  };
}

function unimplemented(what: string) {
  return (_call: Call<unknown>, callback: Callback<unknown>) =>
    callback({ code: grpc.status.UNIMPLEMENTED, details: `The jenkins provider does not implement ${what}.` });
}

/** The version of this package, for GetPluginInfo. */
export function packageVersion(): string {
  const manifest = path.join(__dirname, "..", "..", "..", "package.json");
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}
