/**
 * A stand-in for the engine's `pulumirpc.Engine` service, recording every `Log` call. A provider process started with
 * its address (argv and PULUMI_NODEJS_ENGINE) sends `pulumi.log.*` messages here, as it would to the real engine.
 */
import * as grpc from "@grpc/grpc-js";
import * as engineGrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import type * as enginePb from "@pulumi/pulumi/proto/engine_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";

export interface EngineLogStub {
  address: string;
  messages: Array<{ severity: number; message: string; urn: string }>;
  close(): Promise<void>;
}

export async function startEngineLogStub(): Promise<EngineLogStub> {
  const messages: EngineLogStub["messages"] = [];
  const server = new grpc.Server();
  const unimplemented = (_call: unknown, cb: grpc.sendUnaryData<unknown>) =>
    cb({ code: grpc.status.UNIMPLEMENTED, details: "stub" }, null);
  server.addService(engineGrpc.EngineService, {
    log: (call: grpc.ServerUnaryCall<enginePb.LogRequest, Empty>, cb: grpc.sendUnaryData<Empty>) => {
      messages.push({
        severity: call.request.getSeverity(),
        message: call.request.getMessage(),
        urn: call.request.getUrn(),
      });
      cb(null, new Empty());
    },
    getRootResource: unimplemented,
    setRootResource: unimplemented,
    startDebugging: unimplemented,
    requirePulumiVersion: unimplemented,
  } as unknown as grpc.UntypedServiceImplementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  return {
    address: `127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}
