/**
 * The connections a provider process knows from its `configure` call: the stack-wide `jenkins:*` keys and the
 * named controllers of `jenkins:controllers`. Shared by every resource's lifecycle; plain copies of the values,
 * kept in the provider process only.
 */
import { readConfig, type ConfigSource, type ConfigValues, type ConnectionSettings } from "./settings";
import { connectionFor, CONTROLLERS_KEY, readControllers, type Controllers } from "./controllers";
import { ConnectionConfigError } from "./errors";

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
}
