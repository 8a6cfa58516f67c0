/**
 * Layer 1 set-up: the Job and BuildTrigger lifecycles of this checkout called in-process, configured as the
 * provider host configures them, behind the shared engine (engine.ts).
 */
import type { JenkinsServer } from "../../provider/server";
import * as jobs from "../../provider/resource/lifecycle";
import * as triggers from "../../provider/triggers/lifecycle";
import { Engine, inProcess } from "./engine";
import { ADMIN } from "./users";

/** Stack config for the administrator with a password (so that every POST also needs a crumb). */
export function passwordConfig(server: JenkinsServer): Record<string, string> {
  return { "jenkins:url": server.url, "jenkins:user": ADMIN.name, "jenkins:password": ADMIN.password };
}

/** Runs both lifecycles' `configure` with `config`, as the engine's Configure call does. */
export async function configureLifecycles(config: Record<string, string>): Promise<void> {
  const source = { config: { get: (k: string) => config[k] } };
  await jobs.configure(source);
  await triggers.configure(source);
}

/** An engine whose BuildTrigger resources go to the trigger lifecycle and everything else to the Job lifecycle. */
export async function inProcessEngine(config: Record<string, string>): Promise<Engine> {
  await configureLifecycles(config);
  const jobProvider = inProcess(jobs, "job-provider");
  const triggerProvider = inProcess(triggers, "trigger-provider");
  return new Engine((urn) => (urn.includes(":BuildTrigger::") ? triggerProvider : jobProvider));
}
