/**
 * A small resource provider plugin for the language-host harness's own tests (test/language-host/plugins/kv): the
 * package `kv`, one resource `kv:index:Entry` (`key`, `value`, optional `secret` and `tags`) kept in a JSON file
 * named by the provider's `file` config, served on the ResourceProvider stubs that `@pulumi/pulumi/proto` ships.
 * Every call it gets is appended to `<file>.calls` (method, URN and what the harness must have sent), so a test can
 * check the order and the arguments of the engine's calls.
 *
 * What it does mirrors a real provider: CheckConfig refuses a config without `file`; DiffConfig never replaces;
 * Configure accepts secrets; Check refuses an entry without `key`, and takes over an entry a dynamic provider
 * wrote (its `__provider` dropped); Diff answers a detailed diff (`key` replaces); a secret input comes back a
 * secret output; Read with an id alone (an import) answers inputs too.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as pluginPb from "@pulumi/pulumi/proto/plugin_pb";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerPb from "@pulumi/pulumi/proto/provider_pb";

type Map = Record<string, unknown>;
const SIG = "4dabf18193072939515e22adb298388d";
const SECRET = "1b47061264138c4ac30d75fd1eb44270";

const plain = (v: unknown): unknown =>
  v && typeof v === "object" && (v as Map)[SIG] === SECRET ? (v as Map).value : v;
const isSecret = (v: unknown): boolean => !!v && typeof v === "object" && (v as Map)[SIG] === SECRET;
const toStruct = (m: Map): Struct => Struct.fromJavaScript(m as Parameters<typeof Struct.fromJavaScript>[0]);
const fromStruct = (s: Struct | undefined): Map => (s ? (s.toJavaScript() as Map) : {});

let file = "";

function log(entry: Map): void {
  if (file) appendFileSync(`${file}.calls`, `${JSON.stringify(entry)}\n`);
}

function store(): Record<string, Map> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, Map>) : {};
}

function save(s: Record<string, Map>): void {
  writeFileSync(file, JSON.stringify(s));
}

/** An entry's inputs as Check makes them: the properties it knows, `tags` sorted, nothing else. */
function entryInputs(news: Map): Map {
  const out: Map = { key: news.key, value: news.value ?? "" };
  if (news.secret !== undefined) out.secret = news.secret;
  if (Array.isArray(news.tags)) out.tags = [...(news.tags as string[])].sort();
  return out;
}

/** The outputs of a stored entry: the inputs and its `length`, the secret sealed again. */
function outputsOf(id: string, e: Map): Map {
  const out: Map = { key: id, value: e.value, length: String(e.value).length };
  if (e.secret !== undefined) out.secret = { [SIG]: SECRET, value: e.secret };
  if (e.tags !== undefined) out.tags = e.tags;
  return out;
}

type Handler<Req, Res> = (req: Req) => Res | Promise<Res>;
function unary<Req, Res>(h: Handler<Req, Res>) {
  return (call: grpc.ServerUnaryCall<Req, Res>, cb: grpc.sendUnaryData<Res>) => {
    Promise.resolve()
      .then(() => h(call.request))
      .then(
        (res) => cb(null, res),
        (e: unknown) => cb({ code: grpc.status.UNKNOWN, details: e instanceof Error ? e.message : String(e) }),
      );
  };
}

function diff(olds: Map, news: Map): providerPb.DiffResponse {
  const res = new providerPb.DiffResponse();
  const detailed = res.getDetaileddiffMap();
  const K = providerPb.PropertyDiff.Kind;
  const diffs: string[] = [];
  for (const k of ["key", "value", "secret", "tags"]) {
    const a = JSON.stringify(plain(olds[k]));
    const b = JSON.stringify(plain(news[k]));
    if (a === b) continue;
    diffs.push(k);
    const kind =
      olds[k] === undefined ? K.ADD : news[k] === undefined ? K.DELETE : k === "key" ? K.UPDATE_REPLACE : K.UPDATE;
    detailed.set(k, new providerPb.PropertyDiff().setKind(kind).setInputdiff(false));
  }
  res.setChanges(
    diffs.length ? providerPb.DiffResponse.DiffChanges.DIFF_SOME : providerPb.DiffResponse.DiffChanges.DIFF_NONE,
  );
  res.setDiffsList(diffs);
  res.setReplacesList(diffs.includes("key") ? ["key"] : []);
  res.setHasdetaileddiff(true);
  return res;
}

export function serve(): void {
  const server = new grpc.Server();
  server.addService(providerGrpc.ResourceProviderService, {
    getPluginInfo: unary(() => new pluginPb.PluginInfo().setVersion("0.0.1")),
    getSchema: unary(() => new providerPb.GetSchemaResponse().setSchema("{}")),
    checkConfig: unary((req: providerPb.CheckRequest) => {
      const news = fromStruct(req.getNews());
      const res = new providerPb.CheckResponse().setInputs(toStruct(news));
      if (typeof plain(news.file) !== "string") {
        res.setFailuresList([new providerPb.CheckFailure().setProperty("file").setReason("kv:file is required")]);
      }
      return res;
    }),
    diffConfig: unary((req: providerPb.DiffRequest) => {
      const olds = fromStruct(req.getOldInputs());
      const news = fromStruct(req.getNews());
      appendFileSync(
        `${String(plain(news.file))}.calls`,
        `${JSON.stringify({ m: "diffConfig", urn: req.getUrn(), olds: Object.keys(olds).sort() })}\n`,
      );
      const changed = JSON.stringify(plain(olds.file)) !== JSON.stringify(plain(news.file));
      return new providerPb.DiffResponse()
        .setChanges(
          changed ? providerPb.DiffResponse.DiffChanges.DIFF_SOME : providerPb.DiffResponse.DiffChanges.DIFF_NONE,
        )
        .setDiffsList(changed ? ["file"] : []);
    }),
    configure: unary((req: providerPb.ConfigureRequest) => {
      const args = fromStruct(req.getArgs());
      file = String(plain(args.file));
      const vars = Object.fromEntries(req.getVariablesMap().toArray());
      log({
        m: "configure",
        urn: req.getUrn(),
        id: req.getId(),
        argKeys: Object.keys(args).sort(),
        secretArgs: Object.keys(args)
          .filter((k) => isSecret(args[k]))
          .sort(),
        varKeys: Object.keys(vars).sort(),
        env: JSON.parse(process.env.PULUMI_CONFIG ?? "null")
          ? Object.keys(JSON.parse(process.env.PULUMI_CONFIG ?? "{}")).sort()
          : [],
        cwd: process.cwd(),
      });
      return new providerPb.ConfigureResponse().setAcceptsecrets(true).setAcceptresources(true);
    }),
    check: unary((req: providerPb.CheckRequest) => {
      const olds = fromStruct(req.getOlds());
      const news = fromStruct(req.getNews());
      log({
        m: "check",
        urn: req.getUrn(),
        name: req.getName(),
        type: req.getType(),
        oldKeys: Object.keys(olds).sort(),
      });
      const res = new providerPb.CheckResponse();
      if (typeof plain(news.key) !== "string" || plain(news.key) === "") {
        res.setFailuresList([new providerPb.CheckFailure().setProperty("key").setReason("an entry needs a key")]);
      }
      return res.setInputs(toStruct(entryInputs(news)));
    }),
    diff: unary((req: providerPb.DiffRequest) => {
      const olds = fromStruct(req.getOlds());
      log({
        m: "diff",
        urn: req.getUrn(),
        id: req.getId(),
        oldKeys: Object.keys(olds).sort(),
        oldInputKeys: Object.keys(fromStruct(req.getOldInputs())).sort(),
      });
      return diff(olds, fromStruct(req.getNews()));
    }),
    create: unary((req: providerPb.CreateRequest) => {
      const props = fromStruct(req.getProperties());
      log({
        m: "create",
        urn: req.getUrn(),
        preview: req.getPreview(),
        secretProps: Object.keys(props).filter((k) => isSecret(props[k])),
      });
      const s = store();
      const id = String(plain(props.key));
      s[id] = { value: plain(props.value), secret: plain(props.secret), tags: props.tags };
      save(s);
      return new providerPb.CreateResponse().setId(id).setProperties(toStruct(outputsOf(id, s[id])));
    }),
    read: unary((req: providerPb.ReadRequest) => {
      log({ m: "read", urn: req.getUrn(), id: req.getId(), withState: req.hasProperties() });
      const e = store()[req.getId()];
      const res = new providerPb.ReadResponse();
      if (!e) return res.setId("");
      const outs = outputsOf(req.getId(), e);
      const ins: Map = { key: req.getId(), value: e.value };
      if (e.secret !== undefined) ins.secret = outs.secret;
      if (e.tags !== undefined) ins.tags = e.tags;
      return res.setId(req.getId()).setProperties(toStruct(outs)).setInputs(toStruct(ins));
    }),
    update: unary((req: providerPb.UpdateRequest) => {
      const news = fromStruct(req.getNews());
      log({ m: "update", urn: req.getUrn(), id: req.getId(), preview: req.getPreview() });
      const s = store();
      s[req.getId()] = { value: plain(news.value), secret: plain(news.secret), tags: news.tags };
      save(s);
      return new providerPb.UpdateResponse().setProperties(toStruct(outputsOf(req.getId(), s[req.getId()])));
    }),
    delete: unary((req: providerPb.DeleteRequest) => {
      log({
        m: "delete",
        urn: req.getUrn(),
        id: req.getId(),
        oldInputKeys: Object.keys(fromStruct(req.getOldInputs())).sort(),
      });
      const s = store();
      delete s[req.getId()];
      save(s);
      return new Empty();
    }),
    cancel: unary(() => new Empty()),
  } as unknown as grpc.UntypedServiceImplementation);
  server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
    if (err) throw err;
    process.stdout.write(`${port}\n`);
  });
}
