/**
 * One `up` or `preview` as the engine runs it: every resource the program registers goes through the step
 * generator (Check, then Diff against the state, one resource at a time) and the step executor (Create, Update,
 * Delete, up to `--parallel` at once). In a preview nothing is created or updated: a changing resource's outputs are
 * its checked inputs, so an output that is not among them is unknown to the resources that consume it.
 * Resources the program no longer declares are deleted at the end, in reverse order of registration.
 * Like the engine's step generator, the first resource whose Check fails (or whose Check or Diff throws) ends the
 * planning: it is the one error reported, and the resources registered after it get no step (the engine bails).
 */
import { ProviderCallError, UNKNOWN, type PropertyMap, type ProviderProcess } from "../provider-process";
import type { CheckpointFile } from "./checkpoint";
import { isDynamicType, type ResourceState, type StackState } from "./state";
import { displayed, sealedKeysOf, secretKeysOf, StackSecrets } from "./secrets";

export type StepOp = "create" | "update" | "replace" | "same" | "delete";

export interface Step {
  op: StepOp;
  urn: string;
  /** For update and replace: old outputs and new checked inputs, so a test can show what changes. */
  olds?: PropertyMap;
  news?: PropertyMap;
  /** For update and replace: the old inputs from the state, which `preview --diff` compares with `news` (display.ts). */
  oldInputs?: PropertyMap;
  /** Property names the provider said change (diff `replaces` for a replacement). */
  replaces?: string[];
  /** For a delete: the resource had `retainOnDelete`, so it left the state and the provider was not called. */
  retained?: boolean;
  /**
   * The resource's state before and after the step as the engine's step event carries it (what `preview --json`
   * serializes): secrets as "[secret]"; a planned new state has the checked inputs and no outputs yet.
   */
  oldState?: ShownState;
  newState?: ShownState;
}

/** A resource state as the CLI shows it: sealed values as "[secret]". */
export interface ShownState {
  urn: string;
  type: string;
  custom: boolean;
  id: string;
  inputs: PropertyMap;
  outputs: PropertyMap;
  dependencies: string[];
}

export function shownState(r: ResourceState): ShownState {
  return {
    urn: r.urn,
    type: r.type,
    custom: r.custom,
    id: r.id,
    inputs: displayed(r.inputs),
    outputs: displayed(r.outputs),
    dependencies: r.dependencies,
  };
}

export interface Registration {
  type: string;
  name: string;
  parent: string;
  custom: boolean;
  inputs: PropertyMap;
  dependencies: string[];
  /** Output names the engine stores as secrets besides those of secret inputs. */
  additionalSecretOutputs?: string[];
  /** The `retainOnDelete` resource option. */
  retainOnDelete?: boolean;
}

export interface Registered {
  urn: string;
  id: string;
  outputs: PropertyMap;
  failed?: string;
}

/** A step's failure: the message the CLI prints for the resource. */
export interface StepError {
  urn: string;
  message: string;
}

const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";

/** The dynamic provider does not accept secrets: the engine sends their plain values. */
export function unwrapSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (value && typeof value === "object") {
    const obj = value as PropertyMap;
    if (SECRET_SIG_KEY in obj && "value" in obj) return unwrapSecrets(obj.value);
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, unwrapSecrets(v)]));
  }
  return value;
}

/** A registration refused because planning already failed on another resource (not reported again). */
class Bailed extends Error {}

/** Runs `limit` tasks at a time, in the order they arrive. */
class Limiter {
  private running = 0;
  private readonly queue: Array<() => void> = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((r) => this.queue.push(r));
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }
}

export class Deployment {
  readonly steps: Step[] = [];
  readonly errors: StepError[] = [];
  /** The state as it will be saved: resources registered this run, in order. */
  private readonly next: ResourceState[] = [];
  private readonly qualifiedTypes = new Map<string, string>();
  private readonly generator = new Limiter(1);
  private readonly executor: Limiter;
  private readonly replaced: ResourceState[] = [];
  /** Set when planning failed: later registrations get no step. */
  private bailed = false;
  /** Old resources deleted this run: gone from the snapshot saved after their step. */
  private readonly deleted = new Set<string>();
  stackUrn = "";

  constructor(
    private readonly old: StackState,
    private readonly provider: () => Promise<ProviderProcess>,
    private readonly opts: { project: string; stack: string; dryRun: boolean; parallel: number },
    private readonly secrets: StackSecrets = new StackSecrets(),
    /** Where the state is saved around each step, as a DIY backend saves it (checkpoint.ts); none in a preview. */
    private readonly checkpoint?: CheckpointFile,
  ) {
    this.executor = new Limiter(opts.parallel);
  }

  private urnFor(r: Registration): string {
    const parentType = r.parent ? this.qualifiedTypes.get(r.parent) : undefined;
    const qualified = parentType && parentType !== "pulumi:pulumi:Stack" ? `${parentType}$${r.type}` : r.type;
    const urn = `urn:pulumi:${this.opts.stack}::${this.opts.project}::${qualified}::${r.name}`;
    this.qualifiedTypes.set(urn, qualified);
    return urn;
  }

  /**
   * The snapshot as the engine holds it during the operation: the old resources this run has not yet recorded or
   * deleted, and what it recorded so far.
   */
  private snapshot(): StackState {
    const recorded = new Set(this.next.map((r) => r.urn));
    const untouched = this.old.resources.filter((r) => !recorded.has(r.urn) && !this.deleted.has(r.urn));
    return { resources: [...untouched, ...this.next], outputs: this.old.outputs };
  }

  /** The save at the start or the end of a step that changes something (a DIY backend's, when asked for). */
  private saveAroundStep(): void {
    this.checkpoint?.step(() => this.snapshot());
  }

  private oldOf(urn: string): ResourceState | undefined {
    return this.old.resources.find((r) => r.urn === urn);
  }

  async register(r: Registration): Promise<Registered> {
    const urn = this.urnFor(r);
    if (r.type === "pulumi:pulumi:Stack") this.stackUrn = urn;
    if (!r.custom) {
      this.next.push({
        urn,
        type: r.type,
        custom: false,
        id: "",
        inputs: r.inputs,
        outputs: {},
        dependencies: r.dependencies,
      });
      return { urn, id: "", outputs: {} };
    }
    if (!isDynamicType(r.type)) throw new Error(`${urn}: only dynamic resources are supported by this engine`);
    try {
      return await this.step(urn, r);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (!(e instanceof Bailed)) this.errors.push({ urn, message });
      return { urn, id: "", outputs: {}, failed: message };
    }
  }

  private async step(urn: string, r: Registration): Promise<Registered> {
    const provider = await this.provider();
    const stored = this.oldOf(urn);
    // The provider gets plain values; the state keeps secret what the program registered as secret.
    const old = stored && {
      ...stored,
      inputs: this.secrets.open(stored.inputs),
      outputs: this.secrets.open(stored.outputs),
    };
    const secretInputs = secretKeysOf(r.inputs);
    const secretOutputs = [
      ...secretInputs,
      ...(r.additionalSecretOutputs ?? []),
      ...(stored ? sealedKeysOf(stored.outputs) : []),
    ];
    const news = unwrapSecrets(r.inputs) as PropertyMap;
    const planned = await this.generator.run(async () => {
      if (this.bailed) throw new Bailed(`${urn}: not planned, planning failed on another resource`);
      try {
        const checked = await provider.check(urn, old?.inputs ?? {}, news);
        if (checked.failures.length > 0) {
          throw new Error(checked.failures.map((f) => `${f.property ? `${f.property}: ` : ""}${f.reason}`).join("\n"));
        }
        if (!old) return { op: "create" as const, checked: checked.inputs };
        const diff = await provider.diff(urn, old.id, old.outputs, checked.inputs);
        if (diff.replaces.length > 0)
          return { op: "replace" as const, checked: checked.inputs, replaces: diff.replaces };
        if (diff.changes === "some" || old.initErrors) return { op: "update" as const, checked: checked.inputs };
        return { op: "same" as const, checked: checked.inputs };
      } catch (e) {
        this.bailed = true;
        throw e;
      }
    });
    const { op, checked } = planned;
    const record = (id: string, outputs: PropertyMap, initErrors?: string[]): Registered => {
      const state: ResourceState = {
        urn,
        type: r.type,
        custom: true,
        id,
        inputs: this.secrets.seal(checked, secretInputs),
        outputs: this.secrets.seal(outputs, secretOutputs),
        dependencies: r.dependencies,
      };
      if (initErrors) state.initErrors = initErrors;
      if (r.retainOnDelete) state.retainOnDelete = true;
      this.next.push(state);
      return { urn, id, outputs };
    };
    this.steps.push({
      op,
      urn,
      // What the CLI shows: secrets as [secret]; `preview --diff` compares the old inputs with the new (display.ts).
      ...(op === "update" || op === "replace"
        ? {
            olds: displayed(stored!.outputs),
            news: displayed(this.secrets.seal(checked, secretInputs)),
            oldInputs: displayed(stored!.inputs),
          }
        : {}),
      ...(op === "replace" ? { replaces: planned.replaces } : {}),
      ...(stored ? { oldState: shownState(stored) } : {}),
      newState:
        op === "same"
          ? shownState(stored!)
          : {
              urn,
              type: r.type,
              custom: true,
              id: op === "update" ? stored!.id : "",
              inputs: displayed(this.secrets.seal(checked, secretInputs)),
              outputs: {},
              dependencies: r.dependencies,
            },
    });
    if (op === "same") return record(old!.id, old!.outputs);
    if (this.opts.dryRun) return record(op === "update" ? old!.id : "", checked);

    return this.executor.run(async () => {
      this.saveAroundStep();
      try {
        if (op === "update") return record(old!.id, await provider.update(urn, old!.id, old!.outputs, checked));
        const created = await provider.create(urn, checked);
        if (op === "replace") this.replaced.push(stored!);
        return record(created.id, created.properties);
      } catch (e) {
        if (e instanceof ProviderCallError && e.initFailed) {
          record(e.initFailed.id, e.initFailed.properties, e.initFailed.reasons);
        } else if (stored && op === "update") {
          this.next.push(stored);
        }
        throw e;
      } finally {
        this.saveAroundStep();
      }
    });
  }

  /**
   * After the program: delete what it no longer declares (and what replacements superseded), in reverse order of
   * registration, and return the state to save. A failed run keeps resources it did not get to.
   */
  async finish(programFailed: boolean): Promise<StackState> {
    const registered = new Set(this.next.map((r) => r.urn));
    const gone = programFailed ? [] : this.old.resources.filter((r) => !registered.has(r.urn));
    const kept = programFailed ? this.old.resources.filter((r) => !registered.has(r.urn)) : [];
    const toDelete = [...this.replaced, ...gone.filter((r) => r.custom)].reverse();
    const failedDeletes: ResourceState[] = [];
    for (const r of toDelete) {
      if (!this.replaced.includes(r))
        this.steps.push({
          op: "delete",
          urn: r.urn,
          oldState: shownState(r),
          ...(r.retainOnDelete ? { retained: true } : {}),
        });
      if (this.opts.dryRun) continue;
      // As the engine does with `retainOnDelete`: the resource leaves the state, the provider's Delete is not called.
      if (r.retainOnDelete) {
        if (!this.replaced.includes(r)) this.deleted.add(r.urn);
        continue;
      }
      this.saveAroundStep();
      try {
        await (await this.provider()).delete(r.urn, r.id, this.secrets.open(r.outputs));
        if (!this.replaced.includes(r)) this.deleted.add(r.urn);
      } catch (e) {
        this.errors.push({ urn: r.urn, message: e instanceof Error ? e.message : String(e) });
        failedDeletes.push(r);
      }
      this.saveAroundStep();
    }
    return { resources: [...kept, ...failedDeletes, ...this.next], outputs: {} };
  }
}

export { UNKNOWN };
