/**
 * The provider object that Pulumi serializes into every Job's `__provider` property.
 *
 * It is deliberately thin: each method loads the lifecycle module of the *installed* package when it runs and
 * forwards to it. That keeps `__provider` small and stable across package versions (so an upgrade does not show
 * every job as changed), and lets state written by an older version refresh and delete with the current code.
 * It captures two strings only: the package path of the lifecycle module and, as a fallback for running from a
 * checkout that is not installed under node_modules, the absolute path of the compiled module. No credential and
 * no live object is captured; the connection is read inside the provider process (see connection.ts).
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import * as path from "node:path";
import type * as dynamic from "@pulumi/pulumi/dynamic";

type Lifecycle = typeof import("./lifecycle");

/** Resolved from the provider process's working directory (the Pulumi program's folder). */
const PACKAGE_ENTRY = "pulumi-jenkins-jobs/dist/provider/resource/lifecycle";

/**
 * Where the compiled lifecycle module of this copy of the package is. When a program runs TypeScript sources
 * directly (ts-node), this file is provider/resource/provider.ts and the compiled module is under dist/.
 */
function compiledLifecyclePath(): string {
  if (__filename.endsWith(".js")) return path.join(__dirname, "lifecycle.js");
  const root = path.resolve(__dirname, "..", "..");
  return path.join(root, "dist", "provider", "resource", "lifecycle.js");
}
const FALLBACK_ENTRY: string = compiledLifecyclePath();

function loadLifecycle(): Lifecycle {
  try {
    return require(PACKAGE_ENTRY);
  } catch (e) {
    const err = e as { code?: string; message?: string };
    // Only "the package is not installed here" falls back; a broken installed package must surface.
    if (err.code !== "MODULE_NOT_FOUND" || !String(err.message).includes(PACKAGE_ENTRY)) throw e;
  }
  return require(FALLBACK_ENTRY);
}

export const jobProvider: dynamic.ResourceProvider = {
  async configure(req) {
    return loadLifecycle().configure(req);
  },
  async check(olds, news) {
    return loadLifecycle().check(olds, news);
  },
  async diff(id, olds, news) {
    return loadLifecycle().diff(id, olds, news);
  },
  async create(inputs) {
    return loadLifecycle().create(inputs);
  },
  async read(id, props) {
    return loadLifecycle().read(id, props ?? {});
  },
  async update(id, olds, news) {
    return loadLifecycle().update(id, olds, news);
  },
  async delete(id, props) {
    return loadLifecycle().delete(id, props);
  },
};
