/**
 * The Pulumi engine's per-resource bookkeeping, played by the tests: the one place that decides, as the engine does,
 * which provider calls a resource gets and what its state holds afterwards.
 *
 *  - no state → Check + Create; a create error carrying `id`/`properties` (a partial failure) is kept in state with
 *    init errors, any other error leaves no state;
 *  - state → Check + Diff; Update when the diff has changes or the resource has init errors, a replacement when the
 *    diff says so; an update error keeps the old state unless it is a partial failure;
 *  - destroy → Delete; a failed delete keeps the resource in state;
 *  - in a preview only Check and Diff are called.
 *
 * It drives a provider through `EngineProvider`: the lifecycle module called in-process (Layer 1, `inProcess`) or
 * the real dynamic-provider process over gRPC (Layer 2, `overGrpc`). `up`/`destroy` record failures instead of
 * throwing, for tests that run many resources at once and look at what the user would see afterwards; `step` and
 * `remove` throw, for the program runner (mock-engine.ts) built on top.
 */
import { ProviderCallError, type ProviderProcess } from "./provider-process";

export type Props = Record<string, unknown>;

/** One call that failed, as the user would see it. */
export interface CallFailure {
  urn: string;
  op: "check" | "create" | "update" | "delete";
  message: string;
  partial: boolean;
  /** For a failed Check: the property of its first failure ("" when the failure names none). */
  property?: string;
}

/** A provider's six calls, in one shape whichever layer answers them. */
export interface EngineProvider {
  check(
    urn: string,
    olds: Props,
    news: Props,
  ): Promise<{ inputs: Props; failures: Array<{ property: string; reason: string }> }>;
  diff(
    urn: string,
    id: string,
    olds: Props,
    news: Props,
  ): Promise<{ changes: boolean; replaces: string[]; deleteBeforeReplace: boolean }>;
  create(urn: string, inputs: Props): Promise<{ id: string; outs: Props }>;
  read(urn: string, id: string, props: Props, inputs?: Props): Promise<{ id?: string; props: Props; inputs?: Props }>;
  update(urn: string, id: string, olds: Props, news: Props): Promise<Props>;
  delete(urn: string, id: string, props: Props): Promise<void>;
}

/** The failure of a provider call, normalised across layers: message plus the partial-failure record, if any. */
export class StepError extends Error {
  /** Set when the error came from the resource's create or update (not from Check or Diff). */
  phase?: "create" | "update";

  constructor(
    message: string,
    readonly partial?: { id: string; properties: Props; reasons: string[] },
  ) {
    super(message);
    this.name = "StepError";
  }
}

function asStepError(e: unknown): StepError {
  if (e instanceof StepError) return e;
  if (e instanceof ProviderCallError) return new StepError(e.message, e.initFailed);
  const err = e as Error & { id?: unknown; properties?: unknown; reasons?: unknown };
  if (typeof err?.id === "string" && err.id !== "" && err.properties && typeof err.properties === "object") {
    return new StepError(err.message, {
      id: err.id,
      properties: err.properties as Props,
      reasons: (err.reasons as string[]) ?? [],
    });
  }
  return new StepError(err instanceof Error ? err.message : String(e));
}

async function normalised<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw asStepError(e);
  }
}

/** Same module surface as provider/resource/lifecycle and provider/triggers/lifecycle. */
interface LifecycleModule {
  check(olds: Props, news: Props): Promise<{ inputs?: Props; failures?: Array<{ property: string; reason: string }> }>;
  diff(
    id: string,
    olds: Props,
    news: Props,
  ): Promise<{ changes?: boolean; replaces?: string[]; deleteBeforeReplace?: boolean }>;
  create(inputs: Props): Promise<{ id: string; outs?: Props }>;
  read(id: string, props: Props): Promise<{ id?: string; props?: Props }>;
  update(id: string, olds: Props, news: Props): Promise<{ outs?: Props }>;
  delete(id: string, props: Props): Promise<void>;
}

/** Layer 1: the lifecycle module called directly, `__provider` carried along like the engine does. */
export function inProcess(lifecycle: LifecycleModule, providerText: string): EngineProvider {
  const withProvider = (p: Props): Props => ({ ...p, __provider: providerText });
  return {
    check: async (_urn, olds, news) => {
      const r = await lifecycle.check(olds, withProvider(news));
      return { inputs: withProvider(r.inputs ?? {}), failures: r.failures ?? [] };
    },
    diff: async (_urn, id, olds, news) => {
      const r = await lifecycle.diff(id, olds, news);
      return {
        changes: r.changes === true,
        replaces: r.replaces ?? [],
        deleteBeforeReplace: r.deleteBeforeReplace === true,
      };
    },
    create: (_urn, inputs) =>
      normalised(async () => {
        const r = await lifecycle.create(inputs);
        return { id: r.id, outs: withProvider(r.outs ?? {}) };
      }),
    read: (_urn, id, props) =>
      normalised(async () => {
        const r = await lifecycle.read(id, props);
        return { id: r.id, props: withProvider(r.props ?? {}) };
      }),
    update: (_urn, id, olds, news) =>
      normalised(async () => withProvider((await lifecycle.update(id, olds, news)).outs ?? {})),
    delete: (_urn, id, props) => normalised(() => lifecycle.delete(id, props)),
  };
}

/**
 * Layer 2: the real dynamic-provider process over gRPC. `providerText` is added to the inputs of Check, as a program
 * does; leave it out when the inputs come from a program and carry it already.
 */
export function overGrpc(proc: ProviderProcess, providerText?: string): EngineProvider {
  const withProvider = (p: Props): Props => (providerText === undefined ? p : { ...p, __provider: providerText });
  return {
    check: (urn, olds, news) => normalised(() => proc.check(urn, olds, withProvider(news))),
    diff: (urn, id, olds, news) =>
      normalised(async () => {
        const d = await proc.diff(urn, id, olds, news);
        return { changes: d.changes !== "none", replaces: d.replaces, deleteBeforeReplace: d.deleteBeforeReplace };
      }),
    create: (urn, inputs) =>
      normalised(async () => {
        const r = await proc.create(urn, inputs);
        return { id: r.id, outs: r.properties };
      }),
    read: (urn, id, props, inputs) =>
      normalised(async () => {
        const r = await proc.read(urn, id, props, inputs);
        return { id: r.id, props: r.properties, inputs: r.inputs };
      }),
    update: (urn, id, olds, news) => normalised(() => proc.update(urn, id, olds, news)),
    delete: (urn, id, props) => normalised(() => proc.delete(urn, id, props)),
  };
}

export interface StateEntry {
  id: string;
  /** Checked inputs (what Check returned), as the engine stores them. */
  inputs: Props;
  outputs: Props;
  /** Set by a partial failure: the engine then updates the resource on the next run even without a diff. */
  initErrors?: string[];
  /** The resource's type and name, when a program registered it. */
  type?: string;
  name?: string;
}

export type StepOp = "create" | "update" | "replace" | "same";

export interface StepResult {
  op: StepOp;
  /** Checked inputs. */
  inputs: Props;
  /** The state before the step (update, replace, same). */
  prior?: StateEntry;
  replaces?: string[];
  /** The resource's state after the step; undefined for a create in a preview. */
  entry?: StateEntry;
  /** A replaced resource still to be deleted (create-before-delete), once the run has finished. */
  replaced?: StateEntry;
}

/** Check failures, joined as the engine prints them. */
export class CheckFailure extends StepError {
  constructor(readonly failures: Array<{ property: string; reason: string }>) {
    super(failures.map((f) => (f.property ? `${f.property}: ${f.reason}` : f.reason)).join("; "));
    this.name = "CheckFailure";
  }
}

export interface StepOptions {
  preview?: boolean;
  /** Refuse a replacement before acting (tests whose resources must never be replaced). */
  noReplace?: boolean;
  type?: string;
  name?: string;
}

export class Engine {
  readonly state = new Map<string, StateEntry>();
  readonly failures: CallFailure[] = [];
  /** Every value the engine stored or was shown (outputs, partial-failure properties, messages), for secret scans. */
  readonly seen: unknown[] = [];

  constructor(private readonly provider: (urn: string) => EngineProvider) {}

  /** One resource of `pulumi up` (or of a preview). Throws a StepError (a CheckFailure for bad inputs). */
  async step(urn: string, news: Props, opts: StepOptions = {}): Promise<StepResult> {
    const p = this.provider(urn);
    const prior = this.state.get(urn);
    const checked = await p.check(urn, prior?.inputs ?? {}, news);
    if (checked.failures.length > 0) throw new CheckFailure(checked.failures);
    const inputs = checked.inputs;
    const meta = { type: opts.type ?? prior?.type, name: opts.name ?? prior?.name };
    if (!prior) {
      if (opts.preview) return { op: "create", inputs };
      return { op: "create", inputs, entry: await this.create(urn, inputs, meta) };
    }
    const diff = await p.diff(urn, prior.id, prior.outputs, inputs);
    if (diff.replaces.length > 0) {
      if (opts.noReplace) throw new Error(`${urn}: unexpected replacement of ${diff.replaces.join(", ")}`);
      const result = { op: "replace" as const, inputs, prior, replaces: diff.replaces };
      if (opts.preview) return { ...result, entry: prior };
      if (diff.deleteBeforeReplace) {
        await this.remove(urn);
        return { ...result, entry: await this.create(urn, inputs, meta) };
      }
      return { ...result, entry: await this.create(urn, inputs, meta), replaced: prior };
    }
    if (!diff.changes && !prior.initErrors) {
      const entry = { ...prior, inputs };
      this.state.set(urn, entry);
      return { op: "same", inputs, prior, entry };
    }
    if (opts.preview) return { op: "update", inputs, prior, entry: prior };
    try {
      const outputs = await p.update(urn, prior.id, prior.outputs, inputs);
      const entry = { ...meta, id: prior.id, inputs, outputs };
      this.state.set(urn, entry);
      this.seen.push(outputs);
      return { op: "update", inputs, prior, entry };
    } catch (e) {
      const err = asStepError(e);
      err.phase = "update";
      if (err.partial) {
        const { properties, reasons } = err.partial;
        this.state.set(urn, { ...meta, id: prior.id, inputs, outputs: properties, initErrors: reasons });
      }
      throw err;
    }
  }

  /** Create; a partial failure is kept in state (as the engine does) before the error is passed on. */
  private async create(urn: string, inputs: Props, meta: Pick<StateEntry, "type" | "name">): Promise<StateEntry> {
    try {
      const created = await this.provider(urn).create(urn, inputs);
      const entry = { ...meta, id: created.id, inputs, outputs: created.outs };
      this.state.set(urn, entry);
      this.seen.push(created.outs);
      return entry;
    } catch (e) {
      const err = asStepError(e);
      err.phase = "create";
      if (err.partial) {
        const { id, properties, reasons } = err.partial;
        this.state.set(urn, { ...meta, id, inputs, outputs: properties, initErrors: reasons });
      }
      throw err;
    }
  }

  /** Delete; the resource leaves the state only when the provider deleted it. Throws a StepError. */
  async remove(urn: string, entry = this.state.get(urn)): Promise<void> {
    if (!entry) return;
    await this.provider(urn).delete(urn, entry.id, entry.outputs);
    if (this.state.get(urn) === entry) this.state.delete(urn);
  }

  /** `pulumi refresh` of one resource: Read, then the state holds what the provider reported (or nothing). */
  async read(urn: string): Promise<{ before: StateEntry; after?: StateEntry } | undefined> {
    const before = this.state.get(urn);
    if (!before) return undefined;
    const read = await this.provider(urn).read(urn, before.id, before.outputs, before.inputs);
    if (!read.id) {
      this.state.delete(urn);
      return { before };
    }
    const after = { ...before, id: read.id, outputs: read.props, inputs: read.inputs ?? before.inputs };
    // The refresh's diff, right after the read (Pulumi 3.120 and later): the read against the state's inputs.
    await this.provider(urn).diff(urn, read.id, read.props, before.inputs);
    this.state.set(urn, after);
    return { before, after };
  }

  /** One resource of `pulumi up`, failures recorded. Resolves true when the resource reached the declared inputs. */
  async up(urn: string, news: Props): Promise<boolean> {
    try {
      await this.step(urn, news, { noReplace: true });
      return true;
    } catch (e) {
      // Like the engine, a failed Check or step is reported; anything else (a Diff that fails) ends the test.
      if (e instanceof CheckFailure) return this.fail(urn, "check", e);
      if (e instanceof StepError && e.phase !== undefined) return this.fail(urn, e.phase, e);
      throw e;
    }
  }

  /** One resource of `pulumi destroy`, failures recorded. */
  async destroy(urn: string): Promise<boolean> {
    try {
      await this.remove(urn);
      return true;
    } catch (e) {
      return this.fail(urn, "delete", e);
    }
  }

  /** `pulumi refresh` + diff of one resource: true when Jenkins matches the state and the declared inputs. */
  async inSync(urn: string): Promise<boolean> {
    const entry = this.state.get(urn);
    if (!entry) return false;
    const p = this.provider(urn);
    const read = await p.read(urn, entry.id, entry.outputs);
    if (!read.id) return false;
    // The refresh's own diff comes first (it shows the edit); the next is the one an `up` would ask.
    await p.diff(urn, entry.id, read.props, entry.inputs);
    const diff = await p.diff(urn, entry.id, read.props, entry.inputs);
    return !diff.changes && diff.replaces.length === 0;
  }

  private fail(urn: string, op: CallFailure["op"], e: unknown): false {
    const err = asStepError(e);
    const property = e instanceof CheckFailure ? e.failures[0]?.property : undefined;
    this.failures.push({
      urn,
      op,
      message: err.message,
      partial: err.partial !== undefined,
      ...(property !== undefined ? { property } : {}),
    });
    this.seen.push(err.message, err.partial);
    return false;
  }
}

/** Runs `fn` over `items` with at most `limit` in flight, as the engine runs independent steps. */
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
