/**
 * A small stand-in for the Pulumi engine's per-resource bookkeeping, enough to run `up` and `destroy` over many
 * resources with engine-like parallelism and to re-run after failures the way a user would:
 *  - no state → Check + Create; a create error carrying `id`/`properties` (partial failure) is kept in state with
 *    init errors, any other error leaves no state;
 *  - state → Check + Diff; Update when the diff has changes or the resource has init errors; an update error keeps
 *    the old state unless it is a partial failure;
 *  - destroy → Delete; a failed delete keeps the resource in state.
 * It drives either the provider methods in-process (Layer 1) or the real dynamic-provider process (Layer 2).
 */
import { ProviderCallError, type ProviderProcess } from "../harness/provider-process";

export type Props = Record<string, unknown>;

/** One call that failed, as the user would see it. */
export interface CallFailure {
  urn: string;
  op: "check" | "create" | "update" | "delete";
  message: string;
  partial: boolean;
}

export interface ProviderLike {
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
  read(urn: string, id: string, props: Props): Promise<{ id?: string; props: Props }>;
  update(urn: string, id: string, olds: Props, news: Props): Promise<Props>;
  delete(urn: string, id: string, props: Props): Promise<void>;
}

/** The failure of a provider call, normalised across layers: message plus the partial-failure record, if any. */
export class StepError extends Error {
  constructor(
    message: string,
    readonly partial?: { id: string; properties: Props; reasons: string[] },
  ) {
    super(message);
    this.name = "StepError";
  }
}

function asStepError(e: unknown): StepError {
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
export function inProcess(lifecycle: LifecycleModule, providerText: string): ProviderLike {
  const wrap = async <T>(f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (e) {
      throw asStepError(e);
    }
  };
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
      wrap(async () => {
        const r = await lifecycle.create(inputs);
        return { id: r.id, outs: withProvider(r.outs ?? {}) };
      }),
    read: (_urn, id, props) =>
      wrap(async () => {
        const r = await lifecycle.read(id, props);
        return { id: r.id, props: withProvider(r.props ?? {}) };
      }),
    update: (_urn, id, olds, news) =>
      wrap(async () => withProvider((await lifecycle.update(id, olds, news)).outs ?? {})),
    delete: (_urn, id, props) => wrap(() => lifecycle.delete(id, props)),
  };
}

/** Layer 2: the real dynamic-provider process over gRPC. */
export function overGrpc(proc: ProviderProcess, providerText: string): ProviderLike {
  const wrap = async <T>(f: () => Promise<T>): Promise<T> => {
    try {
      return await f();
    } catch (e) {
      throw asStepError(e);
    }
  };
  return {
    check: (urn, olds, news) => wrap(() => proc.check(urn, olds, { ...news, __provider: providerText })),
    diff: (urn, id, olds, news) =>
      wrap(async () => {
        const d = await proc.diff(urn, id, olds, news);
        return { changes: d.changes !== "none", replaces: d.replaces, deleteBeforeReplace: d.deleteBeforeReplace };
      }),
    create: (urn, inputs) =>
      wrap(async () => {
        const r = await proc.create(urn, inputs);
        return { id: r.id, outs: r.properties };
      }),
    read: (urn, id, props) =>
      wrap(async () => {
        const r = await proc.read(urn, id, props);
        return { id: r.id, props: r.properties };
      }),
    update: (urn, id, olds, news) => wrap(() => proc.update(urn, id, olds, news)),
    delete: (urn, id, props) => wrap(() => proc.delete(urn, id, props)),
  };
}

export interface StateEntry {
  id: string;
  inputs: Props;
  outputs: Props;
  initErrors?: string[];
}

export class MiniEngine {
  readonly state = new Map<string, StateEntry>();
  readonly failures: CallFailure[] = [];
  /** Every value the engine stored or was shown (outputs, partial-failure properties), for secret scans. */
  readonly seen: unknown[] = [];

  constructor(private readonly provider: (urn: string) => ProviderLike) {}

  private fail(urn: string, op: CallFailure["op"], e: unknown): false {
    const err = e instanceof StepError ? e : asStepError(e);
    this.failures.push({ urn, op, message: err.message, partial: err.partial !== undefined });
    this.seen.push(err.message, err.partial);
    return false;
  }

  /** One resource of `pulumi up`. Resolves true when the resource reached the declared inputs. */
  async up(urn: string, news: Props): Promise<boolean> {
    const p = this.provider(urn);
    const prior = this.state.get(urn);
    const checked = await p.check(urn, prior?.inputs ?? {}, news);
    if (checked.failures.length > 0) {
      return this.fail(
        urn,
        "check",
        new StepError(checked.failures.map((f) => `${f.property}: ${f.reason}`).join("; ")),
      );
    }
    const inputs = checked.inputs;
    if (!prior) {
      try {
        const created = await p.create(urn, inputs);
        this.state.set(urn, { id: created.id, inputs, outputs: created.outs });
        this.seen.push(created.outs);
        return true;
      } catch (e) {
        const err = e as StepError;
        if (err.partial)
          this.state.set(urn, {
            id: err.partial.id,
            inputs,
            outputs: err.partial.properties,
            initErrors: err.partial.reasons,
          });
        return this.fail(urn, "create", e);
      }
    }
    const diff = await p.diff(urn, prior.id, prior.outputs, inputs);
    if (diff.replaces.length > 0) throw new Error(`${urn}: unexpected replacement of ${diff.replaces.join(", ")}`);
    if (!diff.changes && !prior.initErrors) {
      this.state.set(urn, { ...prior, inputs });
      return true;
    }
    try {
      const outputs = await p.update(urn, prior.id, prior.outputs, inputs);
      this.state.set(urn, { id: prior.id, inputs, outputs });
      this.seen.push(outputs);
      return true;
    } catch (e) {
      const err = e as StepError;
      if (err.partial)
        this.state.set(urn, { id: prior.id, inputs, outputs: err.partial.properties, initErrors: err.partial.reasons });
      return this.fail(urn, "update", e);
    }
  }

  /** One resource of `pulumi destroy`. */
  async destroy(urn: string): Promise<boolean> {
    const entry = this.state.get(urn);
    if (!entry) return true;
    try {
      await this.provider(urn).delete(urn, entry.id, entry.outputs);
      this.state.delete(urn);
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
    const diff = await p.diff(urn, entry.id, read.props, entry.inputs);
    return !diff.changes && diff.replaces.length === 0;
  }
}

/** Runs `fn` over `items` with at most `limit` in flight (the engine's default parallelism is 16 here). */
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
