// The jenkins resource provider plugin. The Pulumi CLI runs this folder as a source-based plugin: the Node.js
// language host's run-plugin loads this file with the engine's address as its argument, and the server prints
// its port. The code it serves is the build of the package around this folder when there is one (a checkout after
// `npm run build`, or the installed npm package, which ships this folder), else bundle.js beside this file: the
// same sources in one file, committed so that a clone nobody built serves too, as after
// `pulumi package add <git URL>/plugin@<tag>`, whose `npm install` here brings the packages it requires.
"use strict";
const fs = require("node:fs");
const path = require("node:path");

const SERVE = "dist/provider/plugin/serve.js";

function builtServe() {
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

function bundledServe() {
  const file = path.join(__dirname, "bundle.js");
  return fs.existsSync(file) ? file : undefined;
}

const entry = builtServe() ?? bundledServe();
if (entry === undefined) {
  console.error(
    `The jenkins plugin has no code to serve: neither ${path.join("..", SERVE)} (a built checkout or the installed ` +
      "package) nor bundle.js is there. Take the plugin folder from a tag of the repository or from the npm " +
      "package, or build the checkout (`npm ci && npm run build` at its root).",
  );
  process.exit(1);
}
const { version } = require("./package.json");
require(entry)
  .serve({ schemaPath: path.join(__dirname, "schema.json"), version })
  .catch((e) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
