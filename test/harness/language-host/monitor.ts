/**
 * The engine's two gRPC services a program talks to: `pulumirpc.ResourceMonitor` (registrations) and
 * `pulumirpc.Engine` (logs, the root resource). Registrations are handed to the current Deployment; the rest is
 * answered the way the engine answers a program that uses only custom and component resources.
 */
import * as grpc from "@grpc/grpc-js";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as engineGrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as enginePb from "@pulumi/pulumi/proto/engine_pb";
import * as resourceGrpc from "@pulumi/pulumi/proto/resource_grpc_pb";
import * as resourcePb from "@pulumi/pulumi/proto/resource_pb";
import type { PropertyMap } from "../provider-process";
import type { AliasSpec, Deployment } from "./deployment";

/** Features the engine reports; the SDK shapes what it sends by them. */
const FEATURES = new Set(["secrets", "resourceReferences", "deletedWith", "aliasSpecs"]);

export interface LogEntry {
  severity: "debug" | "info" | "warning" | "error";
  message: string;
  urn: string;
}

const SEVERITIES: Record<number, LogEntry["severity"]> = { 0: "debug", 1: "info", 2: "warning", 3: "error" };

type Unary<Req, Res> = (call: grpc.ServerUnaryCall<Req, Res>, callback: grpc.sendUnaryData<Res>) => void;

function unary<Req, Res>(handler: (req: Req) => Promise<Res> | Res): Unary<Req, Res> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => handler(call.request))
      .then(
        (res) => callback(null, res),
        (e: unknown) => callback({ code: grpc.status.UNKNOWN, details: e instanceof Error ? e.message : String(e) }),
      );
  };
}

export class Monitor {
  readonly logs: LogEntry[] = [];
  deployment: Deployment | undefined;
  stackOutputs: PropertyMap = {};
  /** Where the program declared each resource, by name, as the SDK reports it: "file:///…/index.ts:12". */
  readonly sourcePositions = new Map<string, string>();
  private rootUrn = "";
  private server: grpc.Server | undefined;
  address = "";

  async start(): Promise<void> {
    const server = new grpc.Server();
    server.addService(resourceGrpc.ResourceMonitorService, {
      supportsFeature: unary((req: resourcePb.SupportsFeatureRequest) =>
        new resourcePb.SupportsFeatureResponse().setHassupport(FEATURES.has(req.getId())),
      ),
      registerResource: unary((req: resourcePb.RegisterResourceRequest) => this.registerResource(req)),
      registerResourceOutputs: unary((req: resourcePb.RegisterResourceOutputsRequest) => {
        if (req.getUrn() === this.deployment?.stackUrn)
          this.stackOutputs = (req.getOutputs()?.toJavaScript() ?? {}) as PropertyMap;
        return new Empty();
      }),
      signalAndWaitForShutdown: unary(() => new Empty()),
    } as unknown as grpc.UntypedServiceImplementation);
    server.addService(engineGrpc.EngineService, {
      log: unary((req: enginePb.LogRequest) => {
        this.logs.push({
          severity: SEVERITIES[req.getSeverity()] ?? "info",
          message: req.getMessage(),
          urn: req.getUrn(),
        });
        return new Empty();
      }),
      getRootResource: unary(() => new enginePb.GetRootResourceResponse().setUrn(this.rootUrn)),
      setRootResource: unary((req: enginePb.SetRootResourceRequest) => {
        this.rootUrn = req.getUrn();
        return new enginePb.SetRootResourceResponse();
      }),
      requirePulumiVersion: unary(() => new Empty()),
    } as unknown as grpc.UntypedServiceImplementation);
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
        err ? reject(err) : resolve(p),
      ),
    );
    this.server = server;
    this.address = `127.0.0.1:${port}`;
  }

  private async registerResource(
    req: resourcePb.RegisterResourceRequest,
  ): Promise<resourcePb.RegisterResourceResponse> {
    const deployment = this.deployment;
    if (!deployment) throw new Error("no deployment in progress");
    const position = req.getSourceposition();
    if (position) this.sourcePositions.set(req.getName(), `${position.getUri()}:${position.getLine()}`);
    const result = await deployment.register({
      type: req.getType(),
      name: req.getName(),
      parent: req.getParent(),
      custom: req.getCustom(),
      inputs: (req.getObject()?.toJavaScript() ?? {}) as PropertyMap,
      dependencies: req.getDependenciesList(),
      additionalSecretOutputs: req.getAdditionalsecretoutputsList(),
      retainOnDelete: req.getRetainondelete() === true,
      provider: req.getProvider() || undefined,
      aliases: [
        ...req.getAliasurnsList().map((urn) => ({ urn })),
        ...req.getAliasesList().map((a): AliasSpec => {
          const spec = a.getSpec();
          if (!spec) return { urn: a.getUrn() };
          return {
            name: spec.getName(),
            type: spec.getType(),
            stack: spec.getStack(),
            project: spec.getProject(),
            ...(spec.getNoparent() ? { noParent: true } : {}),
            ...(spec.getParenturn() ? { parentUrn: spec.getParenturn() } : {}),
          };
        }),
      ],
    });
    const res = new resourcePb.RegisterResourceResponse();
    res.setUrn(result.urn);
    res.setId(result.id);
    res.setObject(Struct.fromJavaScript(result.outputs as Parameters<typeof Struct.fromJavaScript>[0]));
    res.setResult(result.failed === undefined ? resourcePb.Result.SUCCESS : resourcePb.Result.FAIL);
    return res;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.tryShutdown(() => resolve()));
  }
}
