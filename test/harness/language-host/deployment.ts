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
import type { DiffDetail, PluginProcess, PropertyDiff } from "./plugin-process";
import type { PlannedProvider, PluginProviders } from "./providers";
import {
  isDynamicType,
  isProviderType,
  packageOf,
  parseProviderRef,
  type ResourceState,
  type StackState,
} from "./state";
import { displayed, sealedKeysOf, secretKeysOf, StackSecrets } from "./secrets";

export type StepOp = "create" | "update" | "replace" | "same" | "delete";

export interface Step {
  op: StepOp;
  urn: string;
  /** For a delete: the resource had `retainOnDelete`, so it left the state and the provider was not called. */
  retained?: boolean;
  /** For update and replace: old outputs and new checked inputs, so a test can show what changes. */
  olds?: PropertyMap;
  news?: PropertyMap;
  /** For update and replace: the old inputs from the state, which `preview --diff` compares with `news` (display.ts). */
  oldInputs?: PropertyMap;
  /** Property names the provider said change (diff `replaces` for a replacement). */
  replaces?: string[];
  /**
   * The resource's state before and after the step as the engine's step event carries it (what `preview --json`
   * serializes): secrets as "[secret]"; a planned new state has the checked inputs and no outputs yet.
   */
  oldState?: ShownState;
  newState?: ShownState;
  /** A plugin resource's provider reference (`<provider URN>::<id>`); a dynamic resource's is the default one. */
  provider?: string;
  /** A plugin's detailed diff: the property paths the CLI shows, and how each changes. */
  detailedDiff?: Record<string, PropertyDiff>;
  /** The keys the provider said differ (`diffs`): `preview --json`'s `diffReasons`. */
  diffReasons?: string[];
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
  /** An explicit provider reference (`<provider URN>::<id>`); none means the package's default provider. */
  provider?: string;
  /** Aliases as the SDK sends them: specs (empty fields take the resource's own) or whole URNs. */
  aliases?: AliasSpec[];
}

export interface AliasSpec {
  urn?: string;
  name?: string;
  type?: string;
  stack?: string;
  project?: string;
  parentUrn?: string;
  noParent?: boolean;
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
  /** Old URNs taken over through an alias by a resource registered this run. */
  private readonly aliased = new Set<string>();
  /** The default provider of each package used this run, planned once. */
  private readonly defaults = new Map<string, Promise<PlannedProvider>>();
  stackUrn = "";

  constructor(
    private readonly old: StackState,
    private readonly provider: () => Promise<ProviderProcess>,
    private readonly opts: { project: string; stack: string; dryRun: boolean; parallel: number },
    private readonly secrets: StackSecrets = new StackSecrets(),
    /** Where the state is saved around each step, as a DIY backend saves it (checkpoint.ts); none in a preview. */
    private readonly checkpoint?: CheckpointFile,
    /** The provider plugins of this operation, for resources of other packages than `pulumi-nodejs`. */
    private readonly plugins?: PluginProviders,
    /**
     * The inputs of the default `pulumi-nodejs` provider in the old state (the whole stack config under full keys):
     * what a plugin's DiffConfig gets as the old config of a resource that moves to it from a dynamic type.
     */
    private readonly dynamicProviderInputs: PropertyMap = {},
  ) {
    this.executor = new Limiter(opts.parallel);
  }

  private qualifiedType(type: string, parent: string): string {
    const parentType = parent ? this.qualifiedTypes.get(parent) : undefined;
    return parentType && parentType !== "pulumi:pulumi:Stack" ? `${parentType}$${type}` : type;
  }

  private urnFor(r: Registration): string {
    const qualified = this.qualifiedType(r.type, r.parent);
    const urn = `urn:pulumi:${this.opts.stack}::${this.opts.project}::${qualified}::${r.name}`;
    this.qualifiedTypes.set(urn, qualified);
    return urn;
  }

  /** The URNs a registration's aliases name, as the engine derives them (fields left empty take the resource's). */
  private aliasUrns(r: Registration): string[] {
    return (r.aliases ?? []).map((a) => {
      if (a.urn) return a.urn;
      const parent = a.noParent ? "" : (a.parentUrn ?? r.parent);
      const qualified = this.qualifiedType(a.type || r.type, parent);
      return `urn:pulumi:${a.stack || this.opts.stack}::${a.project || this.opts.project}::${qualified}::${a.name || r.name}`;
    });
  }

  /**
   * The snapshot as the engine holds it during the operation: the old resources this run has not yet recorded or
   * deleted, and what it recorded so far.
   */
  private snapshot(): StackState {
    const recorded = new Set([...this.next.map((r) => r.urn), ...this.aliased]);
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
    try {
      if (isProviderType(r.type)) return await this.providerStep(urn, r);
      if (!isDynamicType(r.type)) return await this.pluginStep(urn, r);
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

  private needPlugins(urn: string): PluginProviders {
    if (!this.plugins) throw new Error(`${urn}: this engine runs dynamic resources only`);
    return this.plugins;
  }

  /** A provider resource's state as the engine records it: its checked inputs, also as its outputs. */
  private providerState(p: PlannedProvider, dependencies: string[]): ResourceState {
    const type = p.urn.split("::")[2];
    const inputs = this.secrets.sealMarked(p.inputs);
    return { urn: p.urn, type, custom: true, id: p.id, inputs, outputs: inputs, dependencies };
  }

  /** An explicit provider resource (`new jenkins.Provider(...)`): planned as the registry plans it, shown as a step. */
  private async providerStep(urn: string, r: Registration): Promise<Registered> {
    const plugins = this.needPlugins(urn);
    const old = this.oldOf(urn);
    const planned = await this.generator.run(async () => {
      if (this.bailed) throw new Bailed(`${urn}: not planned, planning failed on another resource`);
      try {
        return await plugins.plan(urn, r.inputs, old, this.opts.dryRun);
      } catch (e) {
        this.bailed = true;
        throw e;
      }
    });
    const state = this.providerState(planned, r.dependencies);
    this.next.push(state);
    this.steps.push({
      op: planned.op,
      urn,
      provider: "",
      ...(old ? { oldState: shownState(old), oldInputs: displayed(old.inputs), olds: displayed(old.outputs) } : {}),
      news: displayed(state.inputs),
      newState: shownState(state),
      ...(planned.diff?.detailedDiff ? { detailedDiff: planned.diff.detailedDiff } : {}),
    });
    return { urn, id: planned.id, outputs: planned.inputs };
  }

  /** The package's default provider, planned (and recorded in the state, with no step shown) once per run. */
  private defaultProvider(pkg: string): Promise<PlannedProvider> {
    let p = this.defaults.get(pkg);
    if (!p) {
      const plugins = this.needPlugins(pkg);
      const urn = plugins.defaultUrn(pkg);
      p = plugins.plan(urn, plugins.defaultInputs(pkg), this.oldOf(urn), this.opts.dryRun).then((planned) => {
        this.next.push(this.providerState(planned, []));
        return planned;
      });
      this.defaults.set(pkg, p);
    }
    return p;
  }

  /** The provider a registration names, or its package's default one. */
  private async providerOf(urn: string, r: Registration): Promise<PlannedProvider> {
    if (!r.provider) return this.defaultProvider(packageOf(r.type));
    const ref = parseProviderRef(r.provider);
    const planned = this.needPlugins(urn).registered(ref.urn);
    if (!planned) throw new Error(`${urn}: provider ${ref.urn} was not registered before the resource`);
    return planned;
  }

  /** The provider that serves a resource of the old state: planned this run, else started from its old state. */
  private async providerOfState(r: ResourceState): Promise<PluginProcess> {
    const plugins = this.needPlugins(r.urn);
    const ref = parseProviderRef(r.provider ?? "");
    const planned = plugins.registered(ref.urn);
    if (planned) return (await planned).plugin;
    const state = this.oldOf(ref.urn);
    if (!state) throw new Error(`${r.urn}: its provider ${ref.urn} is not in the state`);
    return (await plugins.fromState(state)).plugin;
  }

  /**
   * Whether moving to another provider replaces the resource (step_generator.go `providerChanged`): the new
   * provider's DiffConfig of the old provider's inputs against its own decides. A resource of a dynamic type had
   * the default `pulumi-nodejs` provider, whose inputs are the whole stack config.
   */
  private async providerReplaces(stored: ResourceState, provider: PlannedProvider): Promise<boolean> {
    let oldInputs = this.dynamicProviderInputs;
    let oldOutputs = this.dynamicProviderInputs;
    if (stored.provider) {
      const oldProvider = this.oldOf(parseProviderRef(stored.provider).urn);
      if (!oldProvider) throw new Error(`${stored.urn}: its provider is not in the state`);
      oldInputs = this.secrets.openMarked(oldProvider.inputs);
      oldOutputs = this.secrets.openMarked(oldProvider.outputs);
    }
    const filtered = (m: PropertyMap): PropertyMap =>
      Object.fromEntries(Object.entries(m).filter(([k]) => k !== "version" && !k.startsWith("__")));
    const diff = await provider.plugin.diffConfig(
      provider.urn,
      filtered(oldInputs),
      oldOutputs,
      filtered(provider.inputs),
    );
    return diff.replaces.length > 0;
  }

  /** A resource of a provider plugin: Check, the provider change, Diff (detailed), then Create/Update/Delete. */
  private async pluginStep(urn: string, r: Registration): Promise<Registered> {
    const provider = await this.providerOf(urn, r);
    const plugin = provider.plugin;
    const providerRef = `${provider.urn}::${provider.id}`;
    let stored = this.oldOf(urn);
    if (!stored) {
      const from = this.aliasUrns(r).find((a) => this.oldOf(a) && !this.aliased.has(a));
      if (from) {
        stored = this.oldOf(from);
        this.aliased.add(from);
      }
    }
    const oldInputs = stored ? this.secrets.openMarked(stored.inputs) : {};
    const oldOutputs = stored ? this.secrets.openMarked(stored.outputs) : {};
    // A provider that does not take secrets gets them opened; the engine marks the same keys secret again.
    const annotated = plugin.acceptSecrets ? [] : secretKeysOf(r.inputs);
    const planned = await this.generator.run(async () => {
      if (this.bailed) throw new Bailed(`${urn}: not planned, planning failed on another resource`);
      try {
        const checked = await plugin.check(urn, oldInputs, r.inputs);
        if (checked.failures.length > 0) {
          throw new Error(checked.failures.map((f) => `${f.property ? `${f.property}: ` : ""}${f.reason}`).join("\n"));
        }
        if (!stored) return { op: "create" as const, checked: checked.inputs };
        if (stored.provider !== providerRef && (await this.providerReplaces(stored, provider))) {
          const diff: DiffDetail = {
            changes: "some",
            replaces: ["provider"],
            stables: [],
            deleteBeforeReplace: false,
            diffs: ["provider"],
          };
          return { op: "replace" as const, checked: checked.inputs, diff };
        }
        const diff = engineDiff(
          await plugin.diff(urn, stored.id, oldOutputs, oldInputs, checked.inputs),
          oldInputs,
          checked.inputs,
        );
        if (diff.replaces.length > 0) return { op: "replace" as const, checked: checked.inputs, diff };
        if (diff.changes === "some" || stored.initErrors)
          return { op: "update" as const, checked: checked.inputs, diff };
        return { op: "same" as const, checked: checked.inputs, diff };
      } catch (e) {
        this.bailed = true;
        throw e;
      }
    });
    const { op, checked } = planned;
    const diff = "diff" in planned ? planned.diff : undefined;
    const secretOutputs = [...(r.additionalSecretOutputs ?? []), ...annotated];
    const record = (id: string, outputs: PropertyMap, initErrors?: string[]): Registered => {
      const state: ResourceState = {
        urn,
        type: r.type,
        custom: true,
        id,
        inputs: this.secrets.sealMarked(checked, annotated),
        outputs: this.secrets.sealMarked(outputs, secretOutputs),
        dependencies: r.dependencies,
        provider: providerRef,
      };
      if (initErrors) state.initErrors = initErrors;
      if (r.retainOnDelete) state.retainOnDelete = true;
      this.next.push(state);
      // The program gets the outputs with their secrets marked, as the engine returns them.
      return { urn, id, outputs: this.secrets.openMarked(state.outputs) };
    };
    const newInputs = this.secrets.sealMarked(checked, annotated);
    this.steps.push({
      op,
      urn,
      provider: providerRef,
      ...(op === "update" || op === "replace"
        ? { olds: displayed(stored!.outputs), news: displayed(newInputs), oldInputs: displayed(stored!.inputs) }
        : {}),
      ...(op === "replace" ? { replaces: diff?.replaces ?? [] } : {}),
      ...(diff?.detailedDiff && op !== "same" ? { detailedDiff: diff.detailedDiff } : {}),
      ...(diff && op !== "same" && diff.diffs.length > 0 ? { diffReasons: diff.diffs } : {}),
      ...(stored ? { oldState: shownState(stored) } : {}),
      newState:
        op === "same"
          ? { ...shownState(stored!), urn }
          : {
              urn,
              type: r.type,
              custom: true,
              id: op === "update" ? stored!.id : "",
              inputs: displayed(newInputs),
              outputs: {},
              dependencies: r.dependencies,
            },
    });
    if (op === "same") return record(stored!.id, oldOutputs);
    if (this.opts.dryRun) {
      if (!plugin.supportsPreview || !plugin.configured) return record(op === "update" ? stored!.id : "", checked);
      if (op === "update") {
        return record(stored!.id, await plugin.update(urn, stored!.id, oldOutputs, oldInputs, checked, true));
      }
      return record("", (await plugin.create(urn, checked, true)).properties);
    }
    return this.executor.run(async () => {
      this.saveAroundStep();
      try {
        if (op === "update")
          return record(stored!.id, await plugin.update(urn, stored!.id, oldOutputs, oldInputs, checked));
        if (op === "replace" && diff?.deleteBeforeReplace) {
          await (await this.providerOfState(stored!)).delete(stored!.urn, stored!.id, oldOutputs, oldInputs);
        }
        const created = await plugin.create(urn, checked);
        if (op === "replace" && !diff?.deleteBeforeReplace) this.replaced.push(stored!);
        return record(created.id, created.properties);
      } catch (e) {
        if (e instanceof ProviderCallError && e.initFailed) {
          record(e.initFailed.id, e.initFailed.properties, e.initFailed.reasons);
        } else if (stored && op === "update") {
          this.next.push({ ...stored, urn });
        }
        throw e;
      } finally {
        this.saveAroundStep();
      }
    });
  }

  /** Deletes a resource of the old state with the provider that serves it (a provider resource needs no call). */
  private async deleteResource(r: ResourceState): Promise<void> {
    if (isProviderType(r.type)) return;
    if (isDynamicType(r.type)) {
      await (await this.provider()).delete(r.urn, r.id, this.secrets.open(r.outputs));
      return;
    }
    const plugin = await this.providerOfState(r);
    await plugin.delete(r.urn, r.id, this.secrets.openMarked(r.outputs), this.secrets.openMarked(r.inputs));
  }

  /**
   * After the program: delete what it no longer declares (and what replacements superseded), in reverse order of
   * registration, and return the state to save. A failed run keeps resources it did not get to.
   */
  async finish(programFailed: boolean): Promise<StackState> {
    const registered = new Set([...this.next.map((r) => r.urn), ...this.aliased]);
    const gone = programFailed ? [] : this.old.resources.filter((r) => !registered.has(r.urn));
    const kept = programFailed ? this.old.resources.filter((r) => !registered.has(r.urn)) : [];
    // Providers no longer used leave the state with no call; they outlive the resources they delete.
    const toDelete = [...this.replaced, ...gone.filter((r) => r.custom && !isProviderType(r.type))].reverse();
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
        await this.deleteResource(r);
        if (!this.replaced.includes(r)) this.deleted.add(r.urn);
      } catch (e) {
        this.errors.push({ urn: r.urn, message: e instanceof Error ? e.message : String(e) });
        failedDeletes.push(r);
      }
      this.saveAroundStep();
    }
    // An explicit provider the program dropped is deleted after its resources (no call); a default one, unseen.
    for (const p of [...gone].reverse()) {
      if (isProviderType(p.type) && !p.urn.endsWith("::default")) {
        this.steps.push({ op: "delete", urn: p.urn, provider: "", oldState: shownState(p) });
      }
    }
    // A resource whose delete failed keeps the provider it needs, as the engine keeps it.
    const inNext = new Set(this.next.map((r) => r.urn));
    const neededProviders = this.old.resources.filter(
      (p) =>
        isProviderType(p.type) &&
        !inNext.has(p.urn) &&
        !kept.includes(p) &&
        failedDeletes.some((r) => r.provider && parseProviderRef(r.provider).urn === p.urn),
    );
    return { resources: [...kept, ...neededProviders, ...failedDeletes, ...this.next], outputs: {} };
  }
}

/**
 * A Diff answer as the engine uses it: "unknown" (the provider left it to the engine) becomes the engine's own
 * comparison of old and new inputs, secrets unwrapped, with a detailed diff of input differences.
 */
function engineDiff(diff: DiffDetail, oldInputs: PropertyMap, news: PropertyMap): DiffDetail {
  if (diff.changes !== "unknown") return diff;
  const plain = (m: PropertyMap): PropertyMap => unwrapSecrets(m) as PropertyMap;
  const o = plain(oldInputs);
  const n = plain(news);
  const keys = [...new Set([...Object.keys(o), ...Object.keys(n)])].filter(
    (k) => JSON.stringify(o[k]) !== JSON.stringify(n[k]),
  );
  if (keys.length === 0) return { ...diff, changes: "none" };
  const detailedDiff: Record<string, PropertyDiff> = {};
  for (const k of keys) {
    detailedDiff[k] = { kind: !(k in o) ? "add" : !(k in n) ? "delete" : "update", inputDiff: true };
  }
  return { ...diff, changes: "some", diffs: keys, detailedDiff };
}

export { UNKNOWN };
