/**
 * `jenkins:runnableCheck` = `error` (default) | `warn` | `off`, stack-wide, and per named controller as
 * `jenkins:controllers.<name>.runnableCheck` (which wins for the jobs on that controller).
 */
export const RUNNABLE_CHECK_KEY = "jenkins:runnableCheck";
export type RunnableCheckMode = "error" | "warn" | "off";

function parse(raw: unknown, key: string): RunnableCheckMode {
  if (raw === undefined || raw === null || raw === "") return "error";
  const v = String(raw).trim().toLowerCase();
  if (v === "error" || v === "warn" || v === "off") return v;
  throw new Error(`${key} must be "error", "warn" or "off" (got "${String(raw)}").`);
}

export interface RunnableCheckModes {
  stack: RunnableCheckMode | Error;
  controllers: Record<string, RunnableCheckMode | Error>;
}

function attempt(raw: unknown, key: string): RunnableCheckMode | Error {
  try {
    return parse(raw, key);
  } catch (e) {
    return e as Error;
  }
}

/** The modes of a stack config; a value that is refused becomes the Error reported by the checks it affects. */
export function runnableCheckOf(config: { get(key: string): unknown }): RunnableCheckModes {
  const stack = attempt(config.get(RUNNABLE_CHECK_KEY), RUNNABLE_CHECK_KEY);
  const controllers: Record<string, RunnableCheckMode | Error> = {};
  let raw = config.get("jenkins:controllers");
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = undefined; // reported by the connection settings
    }
  }
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw))
    for (const [name, fields] of Object.entries(raw as Record<string, unknown>)) {
      const value =
        fields !== null && typeof fields === "object" ? (fields as Record<string, unknown>).runnableCheck : undefined;
      if (value !== undefined && value !== null && value !== "")
        controllers[name] = attempt(value, `jenkins:controllers.${name}.runnableCheck`);
    }
  return { stack, controllers };
}

export function modeFor(modes: RunnableCheckModes, controller: string | undefined): RunnableCheckMode | Error {
  return (controller ? modes.controllers[controller] : undefined) ?? modes.stack;
}
