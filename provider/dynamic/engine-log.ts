/**
 * Warnings and messages of information from inside a provider process, shown by the CLI like any other
 * diagnostic. The engine starts the provider with its own address as the first argument after its logging flags (the dynamic provider host and the
 * plugin's run-plugin alike); the engine's `Log` call takes the message. The gRPC stubs
 * come from the program's own `@pulumi/pulumi` (this package's peer), so nothing else is loaded. When there is no
 * engine to talk to (a provider driven by hand), the message goes to stderr.
 */
import { createRequire } from "node:module";

interface EngineClient {
  log(req: unknown, cb: (err: Error | null) => void): void;
}

let client:
  | { engine: EngineClient; pb: { LogRequest: new () => LogRequest; LogSeverity: { INFO: number; WARNING: number } } }
  | null
  | undefined;

interface LogRequest {
  setSeverity(s: number): void;
  setMessage(m: string): void;
  setUrn(u: string): void;
}

/**
 * The engine's address among the process's arguments: the first that is not a flag the engine puts before it
 * (`--logtostderr`, `-v=N`, `--tracing <endpoint>` when the CLI runs with logging or tracing on).
 */
function engineAddress(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--logtostderr" || args[i].startsWith("-v=")) continue;
    if (args[i] === "--tracing") {
      i++;
      continue;
    }
    return args[i];
  }
  return undefined;
}

function engine(): typeof client {
  if (client !== undefined) return client;
  const address = engineAddress(process.argv.slice(2));
  client = null;
  if (!address || !/^[\w.-]+:\d+$/.test(address) || address.endsWith(":0")) return client;
  try {
    const fromSdk = createRequire(require.resolve("@pulumi/pulumi/package.json"));
    const grpc = fromSdk("@grpc/grpc-js") as { credentials: { createInsecure(): unknown } };
    const stubs = fromSdk("@pulumi/pulumi/proto/engine_grpc_pb") as {
      EngineClient: new (a: string, c: unknown) => EngineClient;
    };
    const pb = fromSdk("@pulumi/pulumi/proto/engine_pb") as NonNullable<typeof client>["pb"];
    client = { engine: new stubs.EngineClient(address, grpc.credentials.createInsecure()), pb };
  } catch {
    client = null;
  }
  return client;
}

/** Sends a warning to the engine (or stderr); never throws, never waits for longer than the call. */
export function warn(message: string): Promise<void> {
  return send("WARNING", message);
}

/** Sends a message of information to the engine (or stderr), shown as the CLI shows any other diagnostic. */
export function info(message: string): Promise<void> {
  return send("INFO", message);
}

function send(severity: "INFO" | "WARNING", message: string): Promise<void> {
  const c = engine();
  if (!c) {
    process.stderr.write(`${severity === "WARNING" ? "warning" : "info"}: ${message}\n`);
    return Promise.resolve();
  }
  const req = new c.pb.LogRequest();
  req.setSeverity(c.pb.LogSeverity[severity]);
  req.setMessage(message);
  req.setUrn("");
  return new Promise((resolve) => c.engine.log(req, () => resolve()));
}
