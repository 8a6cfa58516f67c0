/**
 * Runs a generated program (its index.ts, TypeScript) the way `pulumi up` would run it from its folder: transpiled,
 * with `__dirname` the program folder, and `pulumi-jenkins-jobs` resolved to this checkout's package.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";

/** The package entry; the Job resource module until the entry exports it. */
function jobsPackage(): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const entry = require("../../provider") as { Job?: unknown };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return entry.Job ? entry : require("../../provider/resource");
}

export function programFrom(dir: string): () => unknown {
  const source = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  const js = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    reportDiagnostics: true,
  });
  if (js.diagnostics && js.diagnostics.length > 0) {
    throw new Error(`index.ts does not parse: ${ts.flattenDiagnosticMessageText(js.diagnostics[0].messageText, "\n")}`);
  }
  // The program's other imports (node:fs, node:path) load as they would for it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const shim = (id: string): unknown => (id === "pulumi-jenkins-jobs" ? jobsPackage() : require(id));
  return () => {
    const module = { exports: {} as Record<string, unknown> };
    const run = new Function("exports", "require", "module", "__filename", "__dirname", js.outputText);
    run(module.exports, shim, module, path.join(dir, "index.ts"), dir);
    return module.exports;
  };
}

/** Type-checks the generated program against this checkout's declarations; returns the error messages. */
export function typeCheck(dir: string, repoRoot: string): string[] {
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ["node"],
    typeRoots: [path.join(repoRoot, "node_modules", "@types")],
    baseUrl: dir,
    // The package's main entry, as the generated program imports it (Job, View).
    paths: {
      "pulumi-jenkins-jobs": [path.join(repoRoot, "provider", "index.ts")],
      // A program that declares credentials reads their secrets with pulumi.Config, as installed next to the package.
      "@pulumi/pulumi": [path.join(repoRoot, "node_modules", "@pulumi", "pulumi")],
    },
  };
  const program = ts.createProgram([path.join(dir, "index.ts")], options);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.relative(dir, d.file.fileName) : ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
}
