/**
 * The provider object that Pulumi serializes into every BuildTrigger's `__provider` property.
 *
 * Thin for the same reasons as the Job resource's (../resource/provider.ts): each method loads the lifecycle module
 * of the *installed* package when it runs, so `__provider` stays small and stable across versions and old state is
 * handled by the code installed now. It captures two strings only (the package path of the lifecycle module and the
 * absolute path of the compiled one, for a checkout not installed under node_modules); no credential, no live object.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import * as path from "node:path";
import type * as dynamic from "@pulumi/pulumi/dynamic";

type Lifecycle = typeof import("./lifecycle");

/** Resolved from the provider process's working directory (the Pulumi program's folder). */
const PACKAGE_ENTRY = "pulumi-jenkins-jobs/dist/provider/triggers/lifecycle";

function compiledLifecyclePath(): string {
  if (__filename.endsWith(".js")) return path.join(__dirname, "lifecycle.js");
  return path.join(path.resolve(__dirname, "..", ".."), "dist", "provider", "triggers", "lifecycle.js");
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

export const triggerProvider: dynamic.ResourceProvider = {
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
