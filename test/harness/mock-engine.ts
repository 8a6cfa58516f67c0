/**
 * Layer 3 runner: a Pulumi program runs for real under `pulumi.runtime.setMocks`, and every dynamic resource it
 * registers is forwarded to a Layer 2 provider process (check → diff → create/update/replace), as the engine would.
 * The per-resource rules and the state are the shared engine's (engine.ts); this runner adds what a whole program
 * needs: the registrations, preview, the step list, deleting what is no longer declared, refresh and destroy.
 */
import * as pulumi from "@pulumi/pulumi";
import { CheckFailure, Engine, overGrpc, type StateEntry } from "./engine";
import { PropertyMap, ProviderProcess, UNKNOWN } from "./provider-process";

export type { StateEntry } from "./engine";

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
/** How the program's runtime marks a secret value it registers. */
const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";

function toWire(value: unknown): unknown {
  if (pulumi.isUnknown(value)) return UNKNOWN;
  // A dynamic provider does not accept secrets, so the engine sends it their values (the state keeps them sealed).
  if (value && typeof value === "object" && SECRET_SIG_KEY in value)
    return toWire((value as unknown as { value: unknown }).value);
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
  readonly project: string;
  readonly stack: string;
  private readonly engine: Engine;

  constructor(
    readonly provider: ProviderProcess,
    opts: MockEngineOptions = {},
  ) {
    this.project = opts.project ?? "quickstart";
    this.stack = opts.stack ?? "dev";
    const overProcess = overGrpc(provider);
    this.engine = new Engine(() => overProcess);
  }

  /** The state by URN: checked inputs, outputs, id, init errors, type and name. */
  get state(): Map<string, StateEntry> {
    return this.engine.state;
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
    const pendingDeletes: Array<{ urn: string; entry: StateEntry }> = [];
    const preview = opts.preview === true;

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
        const news = toWire(args.inputs) as PropertyMap;
        const result = await this.engine.step(urn, news, { preview, type: args.type, name: args.name }).catch((e) => {
          throw e instanceof CheckFailure ? new Error(`${args.name}: invalid inputs: ${e.message}`) : e;
        });
        const step: Step = { op: result.op, urn, name: args.name };
        if (result.op === "create") step.news = result.inputs;
        if (result.op === "update" || result.op === "replace") {
          Object.assign(step, { olds: result.prior?.outputs, news: result.inputs });
        }
        if (result.op === "replace") step.replaces = result.replaces;
        steps.push(step);
        if (result.replaced) pendingDeletes.push({ urn, entry: result.replaced });
        // As the engine does in a preview: a new resource's inputs stand for its outputs, the others are unknown.
        if (!result.entry) return { id: undefined, state: args.inputs };
        return { id: result.entry.id, state: result.entry.outputs };
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
      preview,
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
      new Promise((r) => (timer = setTimeout(() => r(undefined), preview ? 200 : 30_000))),
    ]);
    clearTimeout(timer);
    let outputs: Record<string, unknown> = {};
    if (resolved && typeof resolved === "object") outputs = resolved as Record<string, unknown>;
    if (errors.length > 0) throw errors[0];

    // Resources that were replaced create-before-delete, then resources no longer declared: delete, newest first.
    for (const old of pendingDeletes) {
      if (!preview) await this.engine.remove(old.urn, old.entry);
    }
    const orphans = [...this.state.entries()].filter(([urn]) => !seen.has(urn)).reverse();
    for (const [urn, entry] of orphans) {
      steps.push({ op: "delete", urn, name: entry.name ?? urn, olds: entry.outputs });
      if (!preview) await this.engine.remove(urn);
    }
    return { steps, outputs };
  }

  /** `pulumi refresh`: Read every resource; drop the ones reported gone and record changed outputs. */
  async refresh(): Promise<RefreshResult> {
    const result: RefreshResult = { changed: [], gone: [] };
    for (const urn of [...this.state.keys()]) {
      const read = await this.engine.read(urn);
      if (!read) continue;
      if (!read.after) {
        result.gone.push(urn);
        continue;
      }
      if (JSON.stringify(read.after.outputs) !== JSON.stringify(read.before.outputs)) {
        const name = read.before.name ?? urn;
        result.changed.push({ urn, name, before: read.before.outputs, after: read.after.outputs });
      }
    }
    return result;
  }

  /** `pulumi destroy`: delete everything, newest first. */
  async destroy(): Promise<string[]> {
    const deleted: string[] = [];
    for (const urn of [...this.state.keys()].reverse()) {
      await this.engine.remove(urn);
      deleted.push(urn);
    }
    return deleted;
  }
}
