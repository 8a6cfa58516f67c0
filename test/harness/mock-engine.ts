/**
 * Layer 3 runner: a Pulumi program runs for real under `pulumi.runtime.setMocks`, and every dynamic resource it
 * registers is forwarded to a Layer 2 provider process (check → diff → create/update/replace), as the engine would.
 * State (inputs, outputs, id) is kept between runs, so a second `up` with changed inputs performs updates, resources
 * no longer declared are deleted, and `refresh`/`destroy` go through Read/Delete.
 */
import * as pulumi from "@pulumi/pulumi";
import { PropertyMap, ProviderCallError, ProviderProcess, UNKNOWN } from "./provider-process";

export interface StateEntry {
  urn: string;
  type: string;
  name: string;
  id: string;
  /** Checked inputs (what Check returned), as the engine stores them. */
  inputs: PropertyMap;
  outputs: PropertyMap;
  /** Set by a partial failure: the engine then updates the resource on the next run even without a diff. */
  initErrors?: string[];
}

export type StepOp = "create" | "update" | "replace" | "same" | "delete";
export interface Step {
  op: StepOp;
  urn: string;
  name: string;
  /** For updates and replacements: old outputs and new inputs, so callers can show what changed. */
  olds?: PropertyMap;
  news?: PropertyMap;
  replaces?: string[];
}

export interface UpResult {
  steps: Step[];
  /** Stack outputs: whatever the program function returned, resolved. */
  outputs: Record<string, unknown>;
}

export interface RefreshResult {
  /** Resources whose outputs changed on read (drift), with old and new outputs. */
  changed: Array<{ urn: string; name: string; before: PropertyMap; after: PropertyMap }>;
  gone: string[];
}

const DYNAMIC_PREFIX = "pulumi-nodejs:dynamic";

export interface MockEngineOptions {
  project?: string;
  stack?: string;
}

function isDynamic(type: string): boolean {
  return type === `${DYNAMIC_PREFIX}:Resource` || type.startsWith(`${DYNAMIC_PREFIX}/`);
}

/** Values not known yet travel to a provider as the engine's marker string. */
function toWire(value: unknown): unknown {
  if (pulumi.isUnknown(value)) return UNKNOWN;
  if (Array.isArray(value)) return value.map(toWire);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(v)]));
  }
  return value;
}

async function resolveDeep(value: unknown): Promise<unknown> {
  if (pulumi.Output.isInstance(value)) {
    return new Promise((resolve) => (value as pulumi.Output<unknown>).apply((v) => resolve(v)));
  }
  if (value && typeof value === "object" && typeof (value as Promise<unknown>).then === "function") {
    return resolveDeep(await value);
  }
  if (Array.isArray(value)) return Promise.all(value.map(resolveDeep));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = await resolveDeep(v);
    return out;
  }
  return value;
}

export class MockEngine {
  readonly state = new Map<string, StateEntry>();
  readonly project: string;
  readonly stack: string;

  constructor(
    readonly provider: ProviderProcess,
    opts: MockEngineOptions = {},
  ) {
    this.project = opts.project ?? "quickstart";
    this.stack = opts.stack ?? "dev";
  }

  private urnOf(type: string, name: string): string {
    return `urn:pulumi:${this.stack}::${this.project}::${type}::${name}`;
  }

  /**
   * Runs the program; with `preview: true` it is a dry run (outputs of new resources are unknown, and reach the
   * provider as the engine's unknown marker), only Check and Diff are called and nothing changes on the server.
   * `config` is the stack config the program sees through `pulumi.Config`.
   */
  async up(
    program: () => unknown,
    opts: { preview?: boolean; config?: Record<string, string> } = {},
  ): Promise<UpResult> {
    const steps: Step[] = [];
    const errors: Error[] = [];
    const seen = new Set<string>();
    const pendingDeletes: StateEntry[] = [];

    const newResource = async (args: pulumi.runtime.MockResourceArgs): Promise<pulumi.runtime.MockResourceResult> => {
      const urn = this.urnOf(args.type, args.name);
      seen.add(urn);
      if (!isDynamic(args.type)) {
        return { id: `${args.name}-id`, state: args.inputs };
      }
      // Like the engine, start nothing new once a step has failed. The failure is reported when the run ends;
      // answering with empty outputs (rather than an error) keeps the runtime from leaking rejected outputs, and
      // resources depending on the failed one are then skipped here.
      if (errors.length > 0) return { id: undefined, state: {} };
      try {
        return await this.register(urn, args, steps, pendingDeletes, opts.preview === true);
      } catch (e) {
        errors.push(e as Error);
        return { id: undefined, state: {} };
      }
    };

    await pulumi.runtime.setMocks(
      { newResource, call: () => ({}) },
      this.project,
      this.stack,
      // A preview is a dry run for the program too: outputs of resources not created yet are unknown.
      opts.preview === true,
    );
    pulumi.runtime.setAllConfig(opts.config ?? {});

    // Internal but stable: the runtime's own "wait until every registration has finished" (used on shutdown).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const settings = require("@pulumi/pulumi/runtime/settings") as { waitForRPCs(): Promise<void> };
    let returned: unknown;
    try {
      returned = program();
    } catch (e) {
      errors.push(e as Error);
    }
    await settings.waitForRPCs();
    // Outputs resolve right after the registrations; in a preview, unknown ones never do, so wait only briefly.
    let timer: NodeJS.Timeout | undefined;
    const resolved = await Promise.race([
      resolveDeep(returned).catch((e: Error) => {
        errors.push(e);
        return {};
      }),
      new Promise((r) => (timer = setTimeout(() => r(undefined), opts.preview ? 200 : 30_000))),
    ]);
    clearTimeout(timer);
    let outputs: Record<string, unknown> = {};
    if (resolved && typeof resolved === "object") outputs = resolved as Record<string, unknown>;
    if (errors.length > 0) throw errors[0];

    // Resources that were replaced create-before-delete, then resources no longer declared: delete, newest first.
    for (const old of pendingDeletes) {
      if (!opts.preview) await this.provider.delete(old.urn, old.id, old.outputs);
    }
    const orphans = [...this.state.values()].filter((e) => !seen.has(e.urn)).reverse();
    for (const entry of orphans) {
      steps.push({ op: "delete", urn: entry.urn, name: entry.name, olds: entry.outputs });
      if (!opts.preview) {
        await this.provider.delete(entry.urn, entry.id, entry.outputs);
        this.state.delete(entry.urn);
      }
    }
    return { steps, outputs };
  }

  private async register(
    urn: string,
    args: pulumi.runtime.MockResourceArgs,
    steps: Step[],
    pendingDeletes: StateEntry[],
    preview: boolean,
  ): Promise<pulumi.runtime.MockResourceResult> {
    const prior = this.state.get(urn);
    const news = toWire(args.inputs) as PropertyMap;
    const checked = await this.provider.check(urn, prior?.inputs ?? {}, news);
    if (checked.failures.length > 0) {
      const lines = checked.failures.map((f) => `${f.property}: ${f.reason}`).join("; ");
      throw new Error(`${args.name}: invalid inputs: ${lines}`);
    }
    const inputs = checked.inputs;
    const base = { urn, type: args.type, name: args.name };

    if (!prior) {
      steps.push({ op: "create", urn, name: args.name, news: inputs });
      // As the engine does in a preview: the inputs stand for the outputs, the other outputs are unknown.
      if (preview) return { id: undefined, state: args.inputs };
      const created = await this.createRecording(urn, base, inputs);
      return { id: created.id, state: created.outputs };
    }

    const diff = await this.provider.diff(urn, prior.id, prior.outputs, inputs);
    if (diff.changes === "none" && !prior.initErrors) {
      steps.push({ op: "same", urn, name: args.name });
      this.state.set(urn, { ...prior, inputs });
      return { id: prior.id, state: prior.outputs };
    }
    if (diff.replaces.length > 0) {
      steps.push({ op: "replace", urn, name: args.name, olds: prior.outputs, news: inputs, replaces: diff.replaces });
      if (preview) return { id: prior.id, state: prior.outputs };
      if (diff.deleteBeforeReplace) {
        await this.provider.delete(urn, prior.id, prior.outputs);
        this.state.delete(urn);
      } else {
        pendingDeletes.push(prior);
      }
      const created = await this.createRecording(urn, base, inputs);
      return { id: created.id, state: created.outputs };
    }
    steps.push({ op: "update", urn, name: args.name, olds: prior.outputs, news: inputs });
    if (preview) return { id: prior.id, state: prior.outputs };
    let outputs: PropertyMap;
    try {
      outputs = await this.provider.update(urn, prior.id, prior.outputs, inputs);
    } catch (e) {
      if (e instanceof ProviderCallError && e.initFailed) {
        const failed = e.initFailed;
        this.state.set(urn, { ...base, id: prior.id, inputs, outputs: failed.properties, initErrors: failed.reasons });
      }
      throw e;
    }
    this.state.set(urn, { ...base, id: prior.id, inputs, outputs });
    return { id: prior.id, state: outputs };
  }

  /** Create; a partial failure is kept in state (as the engine does) before the error is passed on. */
  private async createRecording(
    urn: string,
    base: { urn: string; type: string; name: string },
    inputs: PropertyMap,
  ): Promise<StateEntry> {
    try {
      const created = await this.provider.create(urn, inputs);
      const entry = { ...base, id: created.id, inputs, outputs: created.properties };
      this.state.set(urn, entry);
      return entry;
    } catch (e) {
      if (e instanceof ProviderCallError && e.initFailed) {
        const failed = e.initFailed;
        this.state.set(urn, { ...base, id: failed.id, inputs, outputs: failed.properties, initErrors: failed.reasons });
      }
      throw e;
    }
  }

  /** `pulumi refresh`: Read every resource; drop the ones reported gone and record changed outputs. */
  async refresh(): Promise<RefreshResult> {
    const result: RefreshResult = { changed: [], gone: [] };
    for (const entry of [...this.state.values()]) {
      const read = await this.provider.read(entry.urn, entry.id, entry.outputs, entry.inputs);
      if (!read.id) {
        result.gone.push(entry.urn);
        this.state.delete(entry.urn);
        continue;
      }
      if (JSON.stringify(read.properties) !== JSON.stringify(entry.outputs)) {
        result.changed.push({ urn: entry.urn, name: entry.name, before: entry.outputs, after: read.properties });
      }
      this.state.set(entry.urn, {
        ...entry,
        id: read.id,
        outputs: read.properties,
        inputs: read.inputs ?? entry.inputs,
      });
    }
    return result;
  }

  /** `pulumi destroy`: delete everything, newest first. */
  async destroy(): Promise<string[]> {
    const deleted: string[] = [];
    for (const entry of [...this.state.values()].reverse()) {
      await this.provider.delete(entry.urn, entry.id, entry.outputs);
      this.state.delete(entry.urn);
      deleted.push(entry.urn);
    }
    return deleted;
  }
}
