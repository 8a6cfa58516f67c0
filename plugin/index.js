// The jenkins resource provider plugin. The Pulumi CLI runs this folder as a source-based plugin: the Node.js
// language host's run-plugin loads this file with the engine's address as its argument, and the server prints
// its port. The provider code is that of the repository checkout around this folder when it is built
// (`npm ci && npm run build` at the root), else that of the pulumi-jenkins-jobs package installed here (the
// version package.json names, fetched by the CLI's `npm install` for a plugin added from a git URL).
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

function installedServe() {
  try {
    return require.resolve(`pulumi-jenkins-jobs/${SERVE}`, { paths: [__dirname] });
  } catch {
    return undefined;
  }
}

const entry = checkoutServe() ?? installedServe();
if (entry === undefined) {
  const version = require("./package.json").optionalDependencies["pulumi-jenkins-jobs"];
  console.error(
    `The jenkins plugin needs pulumi-jenkins-jobs ${version}: build the repository checkout this folder is in ` +
      "(`npm ci && npm run build` at its root), or install the published package (`npm install` in this folder).",
  );
  process.exit(1);
}
require(entry)
  .serve({ schemaPath: path.join(__dirname, "schema.json") })
  .catch((e) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
