// The jenkins resource provider plugin: the Pulumi CLI runs this folder as a source-based plugin (the Node.js
// language host's run-plugin loads this file). It serves the provider code of this repository's checkout when
// that is built (`npm run build` at the root), else that of the installed pulumi-jenkins-jobs package, the
// version package.json names.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const SERVE = "dist/provider/plugin/serve.js";

function checkoutServe() {
  const root = path.join(__dirname, "..");
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    if (manifest.name !== "pulumi-jenkins-jobs") return undefined;
  } catch {
    return undefined;
  }
  const file = path.join(root, SERVE);
  return fs.existsSync(file) ? file : undefined;
}

const { serve } = require(checkoutServe() ?? `pulumi-jenkins-jobs/${SERVE}`);
serve({ schemaPath: path.join(__dirname, "schema.json") }).catch((e) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
