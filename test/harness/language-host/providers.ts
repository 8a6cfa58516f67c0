/**
 * The provider plugins of one operation, as the engine's provider registry keeps them: one plugin process per
 * provider resource (`pulumi:providers:<package>`), started from the folder the project's `packages:` names for the
 * package, configured with that resource's checked inputs.
 *
 * A resource of a package's type that names no provider gets the package's default provider,
 * `urn:pulumi:<stack>::<project>::pulumi:providers:<package>::default`, whose inputs are the stack config of that
 * package, keys without the namespace, secret values marked secret (pkg/resource/deploy `GetPackageConfig`).
 * Provider resources are planned as the registry plans them (pkg/resource/deploy/providers/registry.go): CheckConfig
 * of the old and new inputs, DiffConfig against the old state, then Configure with the checked inputs, not
 * configured at all while they hold unknowns.
 */
import { randomUUID } from "node:crypto";
import { UNKNOWN, type PropertyMap } from "../provider-process";
import { PluginProcess, type DiffDetail } from "./plugin-process";
import type { Project } from "./project";
import type { StackSecrets } from "./secrets";
import { packageOf, type ResourceState } from "./state";

export interface ProvidersContext {
  project: Project;
  stack: string;
  env: NodeJS.ProcessEnv;
  node?: string;
  engineAddress: string;
  /** The stack config under full keys, each with whether it is secret. */
  config: ReadonlyMap<string, { value: unknown; secret: boolean }>;
  secrets: StackSecrets;
}

/** A config value as the CLI holds it: a string, objects and lists as their JSON. */
function configText(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

const SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** A provider resource planned in this operation. */
export interface PlannedProvider {
  urn: string;
  /** The id its resources' references name: kept from the old state unless replaced; unknown in a preview. */
  id: string;
  plugin: PluginProcess;
  /** Checked inputs, secrets marked. */
  inputs: PropertyMap;
  op: "create" | "update" | "replace" | "same";
  old?: ResourceState;
  diff?: DiffDetail;
}

export class PluginProviders {
  private readonly processes = new Map<string, Promise<PluginProcess>>();
  private readonly planned = new Map<string, Promise<PlannedProvider>>();

  constructor(private readonly ctx: ProvidersContext) {}

  defaultUrn(pkg: string): string {
    return `urn:pulumi:${this.ctx.stack}::${this.ctx.project.name}::pulumi:providers:${pkg}::default`;
  }

  /** The default provider's inputs: the package's stack config, keys without namespace, secrets marked. */
  defaultInputs(pkg: string): PropertyMap {
    const out: PropertyMap = {};
    for (const [key, { value, secret }] of this.ctx.config) {
      const at = key.indexOf(":");
      if (key.slice(0, at) !== pkg) continue;
      const text = configText(value);
      out[key.slice(at + 1)] = secret ? { [SECRET_SIG_KEY]: SECRET_SIG, value: text } : text;
    }
    return out;
  }

  private pluginDir(pkg: string): string {
    const dir = this.ctx.project.packages[pkg];
    if (!dir) {
      throw new Error(
        `no resource plugin for package '${pkg}': add it to the project (Pulumi.yaml \`packages: { ${pkg}: <folder> }\`)`,
      );
    }
    return dir;
  }

  /** The plugin process of a provider resource, started once. */
  process(providerUrn: string, pkg: string): Promise<PluginProcess> {
    let p = this.processes.get(providerUrn);
    if (!p) {
      const packageConfig = Object.fromEntries(
        [...this.ctx.config]
          .filter(([k]) => k.startsWith(`${pkg}:`))
          .map(([k, v]) => [k.slice(pkg.length + 1), configText(v.value)]),
      );
      p = PluginProcess.start({
        dir: this.pluginDir(pkg),
        pwd: this.ctx.project.pwd,
        engineAddress: this.ctx.engineAddress,
        env: this.ctx.env,
        node: this.ctx.node,
        packageConfig,
        project: this.ctx.project.name,
        runtimeOptions: this.ctx.project.runtimeOptions,
      }).then(async (plugin) => {
        await plugin.getPluginInfo();
        return plugin;
      });
      this.processes.set(providerUrn, p);
    }
    return p;
  }

  /**
   * Plans the provider resource `urn` with `inputs` against its old state (once per operation): CheckConfig,
   * DiffConfig, Configure. A failed CheckConfig is an error naming the properties.
   */
  plan(urn: string, inputs: PropertyMap, old: ResourceState | undefined, dryRun: boolean): Promise<PlannedProvider> {
    let p = this.planned.get(urn);
    if (!p) {
      p = this.planOnce(urn, inputs, old, dryRun);
      this.planned.set(urn, p);
    }
    return p;
  }

  private async planOnce(
    urn: string,
    inputs: PropertyMap,
    old: ResourceState | undefined,
    dryRun: boolean,
  ): Promise<PlannedProvider> {
    const type = urn.split("::")[2];
    const plugin = await this.process(urn, packageOf(type));
    const oldInputs = old ? this.ctx.secrets.openMarked(old.inputs) : {};
    const checked = await plugin.checkConfig(urn, oldInputs, inputs);
    if (checked.failures.length > 0) {
      throw new Error(checked.failures.map((f) => `${f.property ? `${f.property}: ` : ""}${f.reason}`).join("\n"));
    }
    let op: PlannedProvider["op"] = "create";
    let diff: DiffDetail | undefined;
    if (old) {
      diff = await plugin.diffConfig(urn, oldInputs, this.ctx.secrets.openMarked(old.outputs), checked.inputs);
      if (diff.replaces.length > 0) op = "replace";
      else if (diff.changes === "some") op = "update";
      else if (diff.changes === "none") op = "same";
      else op = JSON.stringify(oldInputs) === JSON.stringify(checked.inputs) ? "same" : "update";
    }
    const id = op === "same" || op === "update" ? old!.id : dryRun ? UNKNOWN : randomUUID();
    await plugin.configure(urn, id, checked.inputs);
    return { urn, id, plugin, inputs: checked.inputs, op, old, diff };
  }

  /** A provider from the state, configured with its stored inputs: for refresh, destroy and deletes. */
  fromState(provider: ResourceState): Promise<PlannedProvider> {
    let p = this.planned.get(provider.urn);
    if (!p) {
      p = (async () => {
        const plugin = await this.process(provider.urn, packageOf(provider.type));
        const inputs = this.ctx.secrets.openMarked(provider.inputs);
        await plugin.configure(provider.urn, provider.id, inputs);
        return { urn: provider.urn, id: provider.id, plugin, inputs, op: "same" as const, old: provider };
      })();
      this.planned.set(provider.urn, p);
    }
    return p;
  }

  /** The provider resource `urn` as planned (or started from the state) in this operation, if it was. */
  registered(urn: string): Promise<PlannedProvider> | undefined {
    return this.planned.get(urn);
  }

  async close(): Promise<void> {
    const all = [...this.processes.values()];
    this.processes.clear();
    for (const p of all) await (await p.catch(() => undefined))?.close();
  }
}
