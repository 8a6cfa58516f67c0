/**
 * The connections a provider process knows from its `configure` call: the stack-wide `jenkins:*` keys and the
 * named controllers of `jenkins:controllers`. Shared by every resource's lifecycle; plain copies of the values,
 * kept in the provider process only.
 */
import type { JenkinsClient } from "../client/jenkins-client";
import { CONFIG_KEYS, readConfig, type ConfigSource, type ConfigValues, type ConnectionSettings } from "./settings";
import { connectionFor, controllerKeyNames, CONTROLLERS_KEY, readControllers, type Controllers } from "./controllers";
import { ConnectionCheckError, ConnectionConfigError } from "./errors";
import { usableClientFor } from "./verify";

export class StackConnections {
  private defaults: ConfigValues = {};
  /** The named controllers, or why they could not be read (reported by the resources that name one). */
  private controllers: Controllers | ConnectionConfigError = {};

  configure(source: ConfigSource): void {
    this.defaults = readConfig(source);
    try {
      this.controllers = readControllers(source.get(CONTROLLERS_KEY));
    } catch (e) {
      if (!(e instanceof ConnectionConfigError)) throw e;
      this.controllers = e;
    }
  }

  /** The settings of a resource's controller (the stack-wide ones without a name); a ConnectionConfigError if unusable. */
  settingsFor(controller: string | undefined): ConnectionSettings {
    if (this.controllers instanceof ConnectionConfigError) {
      if (controller) throw this.controllers;
      return connectionFor(undefined, this.defaults, {});
    }
    return connectionFor(controller, this.defaults, this.controllers);
  }

  /**
   * The Jenkins URL of a connection, or undefined when its settings are not usable: outputs such as `url` follow
   * from it at check time, and the step that needs the connection reports why it cannot be used.
   */
  urlIfConfigured(controller: string | undefined): string | undefined {
    try {
      return this.settingsFor(controller).url;
    } catch {
      return undefined;
    }
  }

  /** A check failure for a `controller` input that cannot be used, or undefined. */
  controllerProblem(controller: unknown): string | undefined {
    if (controller === undefined) return undefined;
    if (typeof controller !== "string") return "controller must be the name of a controller of jenkins:controllers.";
    try {
      this.settingsFor(controller);
      return undefined;
    } catch (e) {
      if (e instanceof ConnectionConfigError) return e.message;
      throw e;
    }
  }

  /**
   * The client of a resource's connection, checked once per connection and process to be a Jenkins that accepts
   * the credentials (verify.ts). Throws a ConnectionConfigError (nothing configured) or a ConnectionCheckError
   * (refused, not a Jenkins, unreachable), each naming the settings to fix.
   */
  async usableClient(controller: string | undefined): Promise<JenkinsClient> {
    const settings = this.settingsFor(controller);
    const names = controller ? controllerKeyNames(controller) : CONFIG_KEYS;
    return usableClientFor(settings, { names, controller: controller || undefined });
  }

  /**
   * Why a resource's connection cannot be used (usableClient's error message, naming the settings to fix), or
   * undefined when it can: for a check failure of a resource about to change something.
   */
  async unusable(controller: string | undefined): Promise<string | undefined> {
    try {
      await this.usableClient(controller);
      return undefined;
    } catch (e) {
      if (e instanceof ConnectionConfigError || e instanceof ConnectionCheckError) return e.message;
      throw e;
    }
  }
}
