/**
 * `npm test`: every test that needs Node.js alone. Tests run on the compiled output so that the Pulumi provider
 * host loads exactly what users load. The real-client interoperability tests (python-jenkins, Jenkins Job Builder)
 * need Debian packages and run with `npm run test:interop` (jest.interop.config.js).
 */
// An unsupported Node.js stops here with one line (the check is compiled with the rest, by `npm run build`).
const nodeVersionCheck = require("path").join(__dirname, "dist", "provider", "runtime", "node-version.js");
if (require("fs").existsSync(nodeVersionCheck)) require(nodeVersionCheck);

// The tests talk to servers on the loopback address; a proxy set in the developer's shell (HTTPS_PROXY, …) would
// carry those requests too. The workers inherit this environment.
if (["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY"].some((name) => process.env[name])) {
  const noProxy = [process.env.no_proxy ?? process.env.NO_PROXY, "127.0.0.1", "localhost", "::1"].filter(Boolean);
  process.env.no_proxy = process.env.NO_PROXY = noProxy.join(",");
}

// Most of a language-host test's time is Node.js starting the processes the CLI starts (a program, a provider, a
// plugin: each loads the SDK's thousand modules and TypeScript). Node's compile cache keeps V8's compiled code of
// those modules between processes, which halves the loading; it changes nothing a program or a provider does. The
// workers and every process they start inherit it. A cache the developer set is kept.
if (!process.env.NODE_COMPILE_CACHE) {
  process.env.NODE_COMPILE_CACHE = require("path").join(require("os").tmpdir(), "pulumi-jenkins-jobs-compile-cache");
}

module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/dist/test"],
  testMatch: ["**/*.test.js"],
  testPathIgnorePatterns: ["/dist/test/interop/"],
  // The limit of each file's tests, from what they do: test/harness/time-limits.ts.
  setupFilesAfterEnv: ["<rootDir>/dist/test/harness/time-limits.js"],
  maxWorkers: 2,
  // A worker's heap grows with each file it runs (the SDK and the server stay loaded per file); a worker that ends
  // with a large heap can take longer to tear down than jest waits for it. Recycling a worker once its heap passes
  // this size keeps every worker small enough to exit cleanly.
  workerIdleMemoryLimit: "300MB",
};
