/**
 * A stand-in for the Pulumi CLI with a local backend: `up`, `preview`, `refresh` and `destroy` of a project folder,
 * with stack config and a state kept between operations. The program runs as the Node.js language host runs it
 * (launch.ts), registers with an engine of our own over gRPC (monitor.ts, deployment.ts), and its dynamic
 * resources go to the real dynamic-provider process, started as the engine starts it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import equal from "fast-deep-equal";
import * as os from "node:os";
import * as path from "node:path";
import type { PropertyMap, ProviderProcess } from "../provider-process";
import { CheckpointFile, type CheckpointOptions } from "./checkpoint";
import { Deployment, unwrapSecrets, type Step, type StepError } from "./deployment";
import { defaultParallel, launchDynamicProvider, runProgram, type ProgramRun } from "./launch";
import { Monitor, type LogEntry } from "./monitor";
import { loadProject, type Project } from "./project";
import { previewDigestJson } from "./preview-json";
import type { PluginProcess } from "./plugin-process";
import { PluginProviders } from "./providers";
import {
  DYNAMIC_PACKAGE,
  emptyState,
  isDynamicType,
  isProviderType,
  parseProviderRef,
  type ResourceState,
  type StackState,
} from "./state";
import { displayed, sealedKeysOf, StackSecrets } from "./secrets";
import { refreshDiff, type RefreshStepDiff } from "./display";

export interface CliOptions {
  stack?: string;
  /** Environment of the CLI, inherited by the program and the provider. Default: this process's. */
  env?: NodeJS.ProcessEnv;
  /** The Node.js binary that runs the program and the provider. Default: the one running this process. */
  node?: string;
  parallel?: number;
  /**
   * Save the state to a file as a DIY backend does (checkpoint.ts): `every: "step"`, the whole checkpoint at the
   * start and the end of every step of an `up` that is not "same", and at its end; `every: "end"`, at its end
   * only (`PULUMI_SKIP_CHECKPOINTS=true`). A preview saves nothing; refresh and destroy keep the state in memory.
   * Default: the state is kept in memory only.
   */
  checkpoint?: CheckpointOptions;
}

export interface OperationResult {
  ok: boolean;
  steps: Step[];
  errors: StepError[];
  logs: LogEntry[];
  /** Stack outputs the program registered (in a preview, unknown ones are the engine's marker string). */
  outputs: PropertyMap;
  program?: ProgramRun;
  /** The root stack's URN, once the program registered it. */
  stackUrn?: string;
  /** Where the program declared each resource, by name, as the SDK reported it (monitor.ts). */
  sourcePositions?: Map<string, string>;
  /** Set when the operation was killed (option `killWhen`): nothing was saved at its end. */
  killed?: boolean;
}

/** What `pulumi import TYPE NAME ID` did: the resource it added to the state, and what it warned about. */
export interface ImportResult {
  ok: boolean;
  urn: string;
  /** The inputs the provider read, as the code the CLI generates would declare them (secrets as "[secret]"). */
  inputs: PropertyMap;
  /** Check failures of the read inputs, which the CLI prints as warnings. */
  warnings: string[];
  errors: StepError[];
}

/** What a refresh needs of the provider serving a resource (cli.ts `dynamicReader`, `pluginReader`). */
interface RefreshReader {
  open(m: PropertyMap): PropertyMap;
  read(
    outputs: PropertyMap,
    inputs: PropertyMap,
  ): Promise<{ id: string; properties: PropertyMap; inputs?: PropertyMap }>;
  sealOutputs(m: PropertyMap): PropertyMap;
  sealInputs(m: PropertyMap): PropertyMap;
  diff(
    id: string,
    olds: PropertyMap,
    oldInputs: PropertyMap,
    news: PropertyMap,
  ): Promise<{ changes: string; detailedDiff?: Record<string, unknown> }>;
}

export interface UpOptions {
  /**
   * When it resolves, the CLI is killed as by SIGKILL: the program and the provider processes are killed at once,
   * nothing more is saved, and `state` becomes what the checkpoint file holds (option `checkpoint`), as a CLI
   * started afresh reads it; without a checkpoint file, the state from before the operation.
   */
  killWhen?: Promise<unknown>;
}

export interface RefreshResult {
  ok: boolean;
  /** Resources whose outputs changed on read, with old and new outputs. */
  changed: Array<{ urn: string; before: PropertyMap; after: PropertyMap }>;
  /**
   * Each custom resource read, as the engine's refresh step (Pulumi 3.120 and later): `op` from the provider's diff
   * of the read against the state's inputs, inverted, and `display`, what `pulumi refresh --diff` prints under it
   * (display.ts `refreshDiff`; empty for `same`). With `PULUMI_ENABLE_LEGACY_REFRESH_DIFF` set, no diff is asked:
   * `op` says whether the outputs changed, and `display` compares them.
   */
  steps: Array<{ urn: string; op: "same" | "update"; display: string }>;
  gone: string[];
  errors: StepError[];
  /** What the providers logged (their warnings). */
  logs: LogEntry[];
}

/** A config value as the CLI's prelude holds it: a string, objects and lists as their JSON. */
function configText(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export class PulumiCli {
  readonly project: Project;
  state: StackState = emptyState();
  /**
   * The stack config the provider was configured with at the last `up`: the inputs of the default provider
   * resource in the checkpoint (where secret values are encrypted). As for the engine, `refresh` and `destroy`
   * configure the provider with these, not with the config set since.
   */
  providerConfig: Record<string, unknown> | undefined;
  private readonly config = new Map<string, { value: unknown; secret: boolean }>();
  private readonly stack: string;
  /** The stack's secrets provider: secrets in `state` are sealed with it. */
  private readonly secrets = new StackSecrets();
  /** The file the state is saved to with option `checkpoint`, and what its saves cost so far (`figures`). */
  readonly checkpoint: CheckpointFile | undefined;
  /**
   * What the dynamic provider's processes wrote to stderr so far, as `pulumi up -v` shows it (the request log with
   * JENKINS_LOG_REQUESTS); a test may empty it.
   */
  providerStderr = "";

  constructor(
    projectDir: string,
    private readonly opts: CliOptions = {},
  ) {
    this.project = loadProject(projectDir);
    this.stack = opts.stack ?? "dev";
    this.checkpoint = opts.checkpoint && new CheckpointFile(opts.checkpoint, this.stack);
  }

  /**
   * A map with `keys` sealed with this stack's key, as the state holds secrets: for a state written by another run
   * (a fixture), whose secrets were sealed with that run's key, given here in plain.
   */
  sealed(map: PropertyMap, keys: Iterable<string>): PropertyMap {
    return this.secrets.seal(map, keys);
  }

  /** `pulumi config set [--secret] key value` (a key without a namespace gets the project's). */
  setConfig(key: string, value: unknown, opts: { secret?: boolean } = {}): this {
    const full = key.includes(":") ? key : `${this.project.name}:${key}`;
    this.config.set(full, { value, secret: opts.secret ?? false });
    return this;
  }

  removeConfig(key: string): this {
    this.config.delete(key.includes(":") ? key : `${this.project.name}:${key}`);
    return this;
  }

  private configValues(): Record<string, unknown> {
    return Object.fromEntries([...this.config].map(([k, v]) => [k, v.value]));
  }

  /** Variables set (or, with undefined, removed) on top of the CLI's environment, as `export` in its shell. */
  private readonly envChanges = new Map<string, string | undefined>();

  setEnv(name: string, value: string | undefined): this {
    this.envChanges.set(name, value);
    return this;
  }

  private env(): NodeJS.ProcessEnv {
    const env = { ...(this.opts.env ?? process.env) };
    for (const [k, v] of this.envChanges) {
      if (v === undefined) delete env[k];
      else env[k] = v;
    }
    return env;
  }

  /** Runs `work` with a lazily started provider configured with `config`, stopped afterwards. */
  private async withProvider<T>(
    engineAddress: string,
    work: (provider: () => Promise<ProviderProcess>) => Promise<T>,
    config: Record<string, unknown> = this.configValues(),
    signal?: AbortSignal,
  ): Promise<T> {
    let started: Promise<ProviderProcess> | undefined;
    const kill = (): void => void started?.then((p) => p.kill()).catch(() => undefined);
    signal?.addEventListener("abort", kill, { once: true });
    const provider = (): Promise<ProviderProcess> =>
      (started ??= launchDynamicProvider(this.project.pwd, engineAddress, this.env(), this.opts.node).then(
        async (p) => {
          await p.configure(unwrapSecrets(config) as Record<string, unknown>);
          return p;
        },
      ));
    try {
      return await work(provider);
    } finally {
      signal?.removeEventListener("abort", kill);
      const stopped = started && (await started.catch(() => undefined));
      if (stopped) {
        await stopped.close();
        this.providerStderr += stopped.stderr;
      }
    }
  }

  /** The provider plugins of one operation, started with the engine at `engineAddress`. */
  private pluginProviders(engineAddress: string): PluginProviders {
    return new PluginProviders({
      project: this.project,
      stack: this.stack,
      env: this.env(),
      node: this.opts.node,
      engineAddress,
      config: this.config,
      secrets: this.secrets,
    });
  }

  /** The inputs the default `pulumi-nodejs` provider was given at the last `up`: the whole config, secrets marked. */
  private dynamicProviderInputs(): PropertyMap {
    return Object.fromEntries(
      Object.entries(this.storedConfig()).map(([k, v]) => {
        const text = configText(v);
        return [k, this.config.get(k)?.secret ? { [SECRET_SIG_KEY]: SECRET_SIG, value: text } : text];
      }),
    );
  }

  private async deploy(dryRun: boolean, opts: UpOptions = {}): Promise<OperationResult> {
    const monitor = new Monitor();
    await monitor.start();
    const syncDir = mkdtempSync(path.join(os.tmpdir(), "pulumi-sync-"));
    const plugins = this.pluginProviders(monitor.address);
    const killer = new AbortController();
    let killed = false;
    void opts.killWhen?.then(() => {
      killed = true;
      killer.abort();
    });
    try {
      return await this.withProvider(
        monitor.address,
        async (provider) => {
          const deployment = new Deployment(
            this.state,
            provider,
            {
              project: this.project.name,
              stack: this.stack,
              dryRun,
              parallel: this.opts.parallel ?? defaultParallel(),
            },
            this.secrets,
            dryRun ? undefined : this.checkpoint,
            plugins,
            this.dynamicProviderInputs(),
          );
          monitor.deployment = deployment;
          const program = await runProgram({
            project: this.project,
            stack: this.stack,
            organization: "organization",
            monitorAddress: monitor.address,
            engineAddress: monitor.address,
            syncDir,
            dryRun,
            parallel: this.opts.parallel ?? defaultParallel(),
            config: this.configValues(),
            secretKeys: [...this.config].filter(([, v]) => v.secret).map(([k]) => k),
            env: this.env(),
            node: this.opts.node,
            signal: killer.signal,
          });
          if (killed) {
            // A killed CLI saves nothing more: the next one starts from what the backend holds.
            if (!dryRun && this.checkpoint) this.state = this.checkpoint.load();
            return {
              ok: false,
              killed: true,
              steps: deployment.steps,
              errors: deployment.errors,
              logs: monitor.logs,
              outputs: {},
              program,
              stackUrn: deployment.stackUrn || undefined,
            };
          }
          const failed = program.code !== 0 || deployment.errors.length > 0;
          const next = await deployment.finish(failed);
          if (!dryRun) {
            this.state = { ...next, outputs: failed ? this.state.outputs : monitor.stackOutputs };
            this.providerConfig = this.configValues();
            this.checkpoint?.save(this.state);
          }
          return {
            ok: !failed && deployment.errors.length === 0,
            steps: deployment.steps,
            errors: deployment.errors,
            logs: monitor.logs,
            outputs: monitor.stackOutputs,
            program,
            stackUrn: deployment.stackUrn || undefined,
            sourcePositions: monitor.sourcePositions,
          };
        },
        this.configValues(),
        killer.signal,
      );
    } finally {
      await plugins.close();
      await monitor.stop();
      rmSync(syncDir, { recursive: true, force: true });
    }
  }

  /** Runs `work` with an engine (for the plugins' logs) and the provider plugins of one operation. */
  private async withPlugins<T>(work: (plugins: PluginProviders, monitor: Monitor) => Promise<T>): Promise<T> {
    const monitor = new Monitor();
    await monitor.start();
    const plugins = this.pluginProviders(monitor.address);
    try {
      return await work(plugins, monitor);
    } finally {
      await plugins.close();
      await monitor.stop();
    }
  }

  /** The plugin serving a resource of the state, configured from its provider's stored inputs. */
  private async pluginOf(plugins: PluginProviders, r: ResourceState) {
    const ref = parseProviderRef(r.provider ?? "");
    const provider = this.state.resources.find((p) => p.urn === ref.urn);
    if (!provider) throw new Error(`${r.urn}: its provider ${ref.urn} is not in the state`);
    return (await plugins.fromState(provider)).plugin;
  }

  up(opts: UpOptions = {}): Promise<OperationResult> {
    return this.deploy(false, opts);
  }

  preview(): Promise<OperationResult> {
    return this.deploy(true);
  }

  /** `pulumi preview --json`: the preview, and the one document the CLI prints for it (preview-json.ts). */
  async previewJson(): Promise<{ result: OperationResult; json: string }> {
    const hadStack = this.state.resources.some((r) => r.type === "pulumi:pulumi:Stack");
    const result = await this.deploy(true);
    const config = Object.fromEntries(
      [...this.config].map(([k, v]) => [k, v.secret ? "[secret]" : configText(v.value)]),
    );
    return {
      result,
      json: previewDigestJson(result, {
        config,
        stackExisted: hadStack,
        providerUrn: `urn:pulumi:${this.stack}::${this.project.name}::pulumi:providers:${DYNAMIC_PACKAGE}::default`,
      }),
    };
  }

  /** The config of the provider of refresh and destroy: the one stored at the last `up` (else the stack's). */
  private storedConfig(): Record<string, unknown> {
    return this.providerConfig ?? this.configValues();
  }

  /** Reads every resource with the provider configured from the state; drops the ones that are gone. */
  async refresh(): Promise<RefreshResult> {
    const result: RefreshResult = { ok: true, changed: [], gone: [], errors: [], steps: [], logs: [] };
    await this.withPlugins((plugins, monitor) => {
      result.logs = monitor.logs;
      return this.withProvider(
        monitor.address,
        async (provider) => {
          const kept = [];
          for (const r of this.state.resources) {
            if (!r.custom || isProviderType(r.type)) {
              kept.push(r);
              continue;
            }
            try {
              const served = isDynamicType(r.type)
                ? this.dynamicReader(await provider(), r)
                : this.pluginReader(await this.pluginOf(plugins, r), r);
              const outputs = served.open(r.outputs);
              const read = await served.read(outputs, served.open(r.inputs));
              if (read.id === "") {
                result.gone.push(r.urn);
                continue;
              }
              const after = served.sealOutputs(read.properties);
              const inputs = read.inputs ? served.sealInputs(read.inputs) : r.inputs;
              if (JSON.stringify(read.properties) !== JSON.stringify(outputs)) {
                result.changed.push({ urn: r.urn, before: displayed(r.outputs), after: displayed(after) });
              }
              const step = await this.refreshStep(
                (olds, oldInputs, news) => served.diff(read.id, olds, oldInputs, news),
                r,
                { ...read, properties: after, inputs },
              );
              result.steps.push({ urn: r.urn, op: step.op, display: refreshDiff(step) });
              kept.push({ ...r, id: read.id, outputs: after, inputs });
            } catch (e) {
              result.errors.push({ urn: r.urn, message: e instanceof Error ? e.message : String(e) });
              kept.push(r);
            }
          }
          this.state = { ...this.state, resources: kept };
        },
        this.storedConfig(),
      );
    });
    result.ok = result.errors.length === 0;
    return result;
  }

  /**
   * How a refresh reads a resource of the dynamic provider: secrets opened as it receives them, its answer sealed by
   * the keys that were secret (the engine annotates a dynamic provider's answer by key), its diff given plain maps.
   */
  private dynamicReader(provider: ProviderProcess, r: ResourceState): RefreshReader {
    return {
      open: (m) => this.secrets.open(m),
      read: (outputs, inputs) => provider.read(r.urn, r.id, outputs, inputs),
      sealOutputs: (m) => this.secrets.seal(m, sealedKeysOf(r.outputs)),
      sealInputs: (m) => this.secrets.seal(m, sealedKeysOf(r.inputs)),
      diff: (id, olds, _oldInputs, news) => provider.diff(r.urn, id, this.plain(olds), this.plain(news)),
    };
  }

  /** How a refresh reads a resource of a provider plugin: secrets travel marked, both ways. */
  private pluginReader(plugin: PluginProcess, r: ResourceState): RefreshReader {
    const open = (m: PropertyMap) => this.secrets.openMarked(m);
    return {
      open,
      read: (outputs, inputs) => plugin.read(r.urn, r.id, outputs, inputs),
      sealOutputs: (m) => this.secrets.sealMarked(m),
      sealInputs: (m) => this.secrets.sealMarked(m),
      diff: (id, olds, oldInputs, news) => plugin.diff(r.urn, id, open(olds), open(oldInputs), open(news)),
    };
  }

  /**
   * The refresh step of a resource read (`read`: what the read reported, secrets sealed), as the engine makes it:
   * the provider's diff with the read's outputs as old outputs and the state's inputs as new inputs; an "unknown"
   * answer makes the engine compare the read's inputs with the state's itself (a detailed diff of the inputs that
   * differ, `inputDiff`). The legacy refresh compares outputs alone.
   */
  private async refreshStep(
    diffOf: (
      olds: PropertyMap,
      oldInputs: PropertyMap,
      news: PropertyMap,
    ) => Promise<{ changes: string; detailedDiff?: Record<string, unknown> }>,
    r: StackState["resources"][number],
    read: { id: string; properties: PropertyMap; inputs: PropertyMap },
  ): Promise<RefreshStepDiff> {
    const step: RefreshStepDiff = {
      op: "same",
      oldInputs: displayed(r.inputs),
      newInputs: displayed(read.inputs),
      oldOutputs: displayed(r.outputs),
      newOutputs: displayed(read.properties),
    };
    const legacy = ["1", "true"].includes((this.env().PULUMI_ENABLE_LEGACY_REFRESH_DIFF ?? "").toLowerCase());
    if (legacy) {
      step.op = equal(this.plain(read.properties), this.plain(r.outputs)) ? "same" : "update";
      return step;
    }
    const diff = await diffOf(read.properties, read.inputs, r.inputs);
    if (diff.changes === "some") {
      step.op = "update";
      // A provider plugin names the properties itself (a dynamic provider cannot).
      if (diff.detailedDiff !== undefined) {
        step.detailedDiff = Object.keys(diff.detailedDiff);
        step.fromOutputs = Object.entries(diff.detailedDiff)
          .filter(([, d]) => (d as { inputDiff?: boolean }).inputDiff === false)
          .map(([k]) => k);
      }
    }
    if (diff.changes === "unknown") {
      const olds = this.plain(read.inputs);
      const news = this.plain(r.inputs);
      const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])];
      const changed = keys.filter((k) => !equal(olds[k], news[k]));
      if (changed.length > 0) {
        step.op = "update";
        step.detailedDiff = changed;
      }
    }
    return step;
  }

  /** A property map of the state with its secrets opened and unwrapped: what a dynamic provider receives. */
  private plain(m: PropertyMap): PropertyMap {
    return unwrapSecrets(this.secrets.open(m)) as PropertyMap;
  }

  /** Deletes every resource in reverse order of registration; the state keeps what could not be deleted. */
  async destroy(): Promise<OperationResult> {
    const steps: Step[] = [];
    const errors: StepError[] = [];
    let logs: LogEntry[] = [];
    await this.withPlugins((plugins, monitor) => {
      logs = monitor.logs;
      return this.withProvider(
        monitor.address,
        async (provider) => {
          const left: ResourceState[] = [];
          for (const r of [...this.state.resources].reverse()) {
            if (!r.custom) continue;
            if (isProviderType(r.type)) {
              // A provider leaves the state with no call, after its resources; a default one shows no step.
              if (!r.urn.endsWith("::default")) steps.push({ op: "delete", urn: r.urn });
              continue;
            }
            steps.push({ op: "delete", urn: r.urn, ...(r.retainOnDelete ? { retained: true } : {}) });
            if (r.retainOnDelete) continue; // left in Jenkins, gone from the state
            try {
              if (isDynamicType(r.type)) await (await provider()).delete(r.urn, r.id, this.secrets.open(r.outputs));
              else {
                const plugin = await this.pluginOf(plugins, r);
                await plugin.delete(r.urn, r.id, this.secrets.openMarked(r.outputs), this.secrets.openMarked(r.inputs));
              }
            } catch (e) {
              errors.push({ urn: r.urn, message: e instanceof Error ? e.message : String(e) });
              left.unshift(r);
            }
          }
          // What could not be deleted keeps the providers it needs.
          const needed = new Set(left.flatMap((r) => (r.provider ? [parseProviderRef(r.provider).urn] : [])));
          const providers = this.state.resources.filter((p) => isProviderType(p.type) && needed.has(p.urn));
          this.state = { resources: [...providers, ...left], outputs: {} };
        },
        this.storedConfig(),
      );
    });
    return { ok: errors.length === 0, steps, errors, logs, outputs: {} };
  }

  /**
   * `pulumi import TYPE NAME ID`, as the engine imports (an import deployment, pkg/resource/deploy/step.go
   * `ImportStep`): the package's default provider reads the resource by id alone (no inputs, no state); the inputs
   * it answers become the resource's inputs in the state and its outputs the outputs; they are checked (a failure
   * is a warning); no write is made. The CLI then prints the code declaring those inputs: the program's next
   * preview, given that code, should plan no change.
   */
  async import(type: string, name: string, id: string): Promise<ImportResult> {
    const urn = `urn:pulumi:${this.stack}::${this.project.name}::${type}::${name}`;
    const result: ImportResult = { ok: false, urn, inputs: {}, warnings: [], errors: [] };
    if (this.state.resources.some((r) => r.urn === urn)) {
      result.errors.push({ urn, message: `resource '${urn}' already exists` });
      return result;
    }
    await this.withPlugins(async (plugins) => {
      try {
        const pkg = type.split(":")[0];
        const providerUrn = plugins.defaultUrn(pkg);
        const stored = this.state.resources.find((r) => r.urn === providerUrn);
        const provider = await plugins.plan(providerUrn, plugins.defaultInputs(pkg), stored, false);
        const read = await provider.plugin.read(urn, id);
        if (read.id === "" && Object.keys(read.properties).length === 0)
          throw new Error(`resource '${id}' does not exist`);
        if (!read.inputs) {
          throw new Error(`provider does not support importing resources; please try updating the '${pkg}' plugin`);
        }
        const checked = await provider.plugin.check(urn, read.inputs, read.inputs);
        result.warnings = checked.failures.map((f) => `${f.property ? `${f.property}: ` : ""}${f.reason}`);
        const providerState: ResourceState = {
          urn: providerUrn,
          type: `pulumi:providers:${pkg}`,
          custom: true,
          id: provider.id,
          inputs: this.secrets.sealMarked(provider.inputs),
          outputs: this.secrets.sealMarked(provider.inputs),
          dependencies: [],
        };
        const imported: ResourceState = {
          urn,
          type,
          custom: true,
          id: read.id || id,
          inputs: this.secrets.sealMarked(read.inputs),
          outputs: this.secrets.sealMarked(read.properties),
          dependencies: [],
          provider: `${providerUrn}::${provider.id}`,
        };
        const stackUrn = `urn:pulumi:${this.stack}::${this.project.name}::pulumi:pulumi:Stack::${this.project.name}-${this.stack}`;
        const rest = this.state.resources.filter((r) => r.urn !== providerUrn);
        const stack: ResourceState[] = rest.some((r) => r.urn === stackUrn)
          ? []
          : [
              {
                urn: stackUrn,
                type: "pulumi:pulumi:Stack",
                custom: false,
                id: "",
                inputs: {},
                outputs: {},
                dependencies: [],
              },
            ];
        this.state = { ...this.state, resources: [...stack, providerState, ...rest, imported] };
        result.inputs = displayed(imported.inputs);
        result.ok = true;
      } catch (e) {
        result.errors.push({ urn, message: e instanceof Error ? e.message : String(e) });
      }
    });
    return result;
  }
}
