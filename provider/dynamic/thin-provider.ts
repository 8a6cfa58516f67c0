/**
 * A dynamic provider object that is serialized into state as a thin entry point: each method loads a lifecycle
 * module of the *installed* package when it runs and forwards to it.
 *
 * That keeps `__provider` small and stable across package versions (an upgrade does not show every resource as
 * changed), and lets state written by an older version refresh and delete with the code installed now.
 *
 * Each resource's provider.ts exports this object as its module exports. Pulumi's closure serializer writes a value
 * that is the exports of a module under node_modules as a `require` of that module, so for an installed package the
 * whole `__provider` is one `require("pulumi-jenkins-jobs/dist/provider/…/provider.js")` (about 300 bytes, the same on
 * every machine); package.json's exports map lets that path resolve. In a checkout that is not installed under
 * node_modules (this repository's examples) the object is serialized by value: its methods and two strings, the
 * package path of the lifecycle module and the absolute path of the compiled module. No credential and no live
 * object is captured either way.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import type * as dynamic from "@pulumi/pulumi/dynamic";

export const PACKAGE_NAME = "pulumi-jenkins-jobs";

/** What a lifecycle module exports: every method of a dynamic provider. */
export type LifecycleModule = Required<dynamic.ResourceProvider>;

/** Root folder of this package: the nearest folder above `from` whose package.json names it. */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === PACKAGE_NAME) return dir;
      } catch {
        // not a readable manifest: keep looking
      }
    }
    if (path.dirname(dir) === dir) throw new Error(`${PACKAGE_NAME}: package root not found above ${from}`);
  }
}

/**
 * @param modulePath path of the compiled lifecycle module inside the package, without extension,
 *   e.g. "dist/provider/resource/lifecycle".
 */
export function thinProvider(modulePath: string): dynamic.ResourceProvider {
  const packageEntry = `${PACKAGE_NAME}/${modulePath}`;
  // Also right when the program runs the TypeScript sources (ts-node): the compiled module is under dist/.
  const fallbackEntry = path.join(packageRoot(__dirname), `${modulePath}.js`);

  const load = (): LifecycleModule => {
    try {
      return require(packageEntry);
    } catch (e) {
      const err = e as { code?: string; message?: string };
      // Only "the package is not installed here" falls back; a broken installed package must surface.
      if (err.code !== "MODULE_NOT_FOUND" || !String(err.message).includes(packageEntry)) throw e;
    }
    return require(fallbackEntry);
  };

  return {
    async configure(req) {
      return load().configure(req);
    },
    async check(olds, news) {
      return load().check(olds, news);
    },
    async diff(id, olds, news) {
      return load().diff(id, olds, news);
    },
    async create(inputs) {
      return load().create(inputs);
    },
    async read(id, props) {
      return load().read(id, props);
    },
    async update(id, olds, news) {
      return load().update(id, olds, news);
    },
    async delete(id, props) {
      return load().delete(id, props);
    },
  };
}
