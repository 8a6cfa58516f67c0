/**
 * Starts the plugin's gRPC server and prints its port on stdout, as the engine expects of a provider plugin
 * (the Node.js language host's `run-plugin` loads `plugin/`'s main, which calls this). The engine's address comes
 * as the first argument that is not a flag; warnings reach the engine through it (dynamic/engine-log.ts).
 */
import "../runtime/node-version";
import * as path from "node:path";
import { packageVersion, providerService } from "./service";
import { grpc, providerGrpc } from "./stubs";

export interface ServeOptions {
  /** The package schema GetSchema serves; default: `plugin/schema.json` beside this package's `dist/`. */
  schemaPath?: string;
  /**
   * The version GetPluginInfo reports; default: this package's. The plugin folder passes its own package.json's,
   * which is the package's (a test holds the two equal), since its bundle has no package.json above it.
   */
  version?: string;
  /** Where the port is written; default: stdout. */
  out?: NodeJS.WritableStream;
}

/** The port the server listens on, once it does (it keeps the process alive). */
export async function serve(options: ServeOptions = {}): Promise<number> {
  const schemaPath = options.schemaPath ?? path.join(__dirname, "..", "..", "..", "plugin", "schema.json");
  const server = new grpc.Server({
    // Large configs travel in Check and Diff; the engine itself allows messages of up to 400 MB.
    "grpc.max_receive_message_length": 400 * 1024 * 1024,
    "grpc.max_send_message_length": 400 * 1024 * 1024,
  });
  server.addService(
    providerGrpc.ResourceProviderService as never,
    providerService({ version: options.version ?? packageVersion(), schemaPath }),
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  (options.out ?? process.stdout).write(`${port}\n`);
  return port;
}
