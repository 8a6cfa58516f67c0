/**
 * The document `pulumi preview --json` prints, as the CLI's `ShowPreviewDigest` (pkg/backend/display/json.go)
 * builds it from the engine's events: `config` from the prelude (secrets blinded), one step per resource-pre event
 * that the display shows (same steps and the non-logical replacement steps left out, the root stack always kept),
 * each with `op`, `urn`, `provider`, the old and new state serialized with secrets as "[secret]", `replaceReasons`
 * and a `detailedDiff` of null for a dynamic resource (a dynamic provider returns none, and no `diffReasons`
 * either), a plugin's `diffReasons` and `detailedDiff` (`{ kind, inputDiff }` by property path) as it sent them; `diagnostics` from
 * the non-debug diagnostic events; `changeSummary` from the summary event. Marshalled as Go's `json.MarshalIndent`
 * with four spaces does: struct fields in declaration order, empty `omitempty` fields left out, map keys sorted,
 * and `<`, `>`, `&` escaped as \u003c, \u003e, \u0026.
 */
import type { PropertyMap } from "../provider-process";
import type { OperationResult } from "./cli";
import type { ShownState, Step } from "./deployment";

/** Objects with their keys sorted at every depth: how Go's encoder writes a map. */
function sortedMap(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedMap);
  if (v && typeof v === "object") {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortedMap((v as PropertyMap)[k])]),
    );
  }
  return v;
}

/** `apitype.ResourceV3` with its `omitempty` fields: no id for a resource not created yet, no empty maps. */
function resourceV3(s: ShownState, provider: string | undefined): PropertyMap {
  const nonEmpty = (m: PropertyMap): boolean => Object.keys(m).length > 0;
  return {
    urn: s.urn,
    custom: s.custom,
    ...(s.id ? { id: s.id } : {}),
    type: s.type,
    ...(nonEmpty(s.inputs) ? { inputs: sortedMap(s.inputs) } : {}),
    ...(nonEmpty(s.outputs) ? { outputs: sortedMap(s.outputs) } : {}),
    ...(s.dependencies.length > 0 ? { dependencies: s.dependencies } : {}),
    ...(provider ? { provider } : {}),
  };
}

export interface DigestOptions {
  /** The stack config as the prelude event carries it: secret values as "[secret]". */
  config: Record<string, string>;
  /** Whether the stack was in the state before (its step is then `same`, else `create`). */
  stackExisted: boolean;
  /** The URN of the default `pulumi-nodejs` provider, which every dynamic resource's step names. */
  providerUrn: string;
}

/** The same step id the engine gives an unknown provider id during a preview. */
const PROVIDER_ID = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

function previewStep(step: Step, defaultProvider: string): PropertyMap {
  // A plugin resource names its provider; a provider resource has none; a dynamic one has the default.
  const provider = step.provider === undefined ? defaultProvider : step.provider || undefined;
  return {
    op: step.op,
    urn: step.urn,
    ...(provider ? { provider } : {}),
    ...(step.oldState ? { oldState: resourceV3(step.oldState, provider) } : {}),
    ...(step.newState ? { newState: resourceV3(step.newState, provider) } : {}),
    ...(step.diffReasons?.length ? { diffReasons: step.diffReasons } : {}),
    ...(step.op === "replace" && step.replaces?.length ? { replaceReasons: step.replaces } : {}),
    detailedDiff: step.detailedDiff ? sortedMap(step.detailedDiff) : null,
  };
}

/** Go's `json.Marshal` escapes these inside strings (HTML-safe output); they occur nowhere else in JSON text. */
function goEscaped(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function previewDigestJson(result: OperationResult, opts: DigestOptions): string {
  const provider = `${opts.providerUrn}::${PROVIDER_ID}`;
  const shown = result.steps.filter((s) => s.op !== "same");
  const stackOp = opts.stackExisted ? "same" : "create";
  // A preview's root stack has no inputs or outputs yet: only its URN and type are written.
  const stackState = result.stackUrn && { urn: result.stackUrn, custom: false, type: "pulumi:pulumi:Stack" };
  const stackStep = stackState
    ? [
        {
          op: stackOp,
          urn: stackState.urn,
          ...(opts.stackExisted ? { oldState: stackState } : {}),
          newState: stackState,
          detailedDiff: null,
        },
      ]
    : [];
  const diagnostics = [
    ...result.logs
      .filter((l) => l.severity !== "debug")
      .map((l) => ({ ...(l.urn ? { urn: l.urn } : {}), message: `${l.message}\n`, severity: l.severity })),
    ...result.errors.map((e) => ({ urn: e.urn, message: `${e.message}\n`, severity: "error" })),
  ];
  const changeSummary: Record<string, number> = {};
  for (const s of result.steps) changeSummary[s.op] = (changeSummary[s.op] ?? 0) + 1;
  changeSummary[stackOp] = (changeSummary[stackOp] ?? 0) + (result.stackUrn ? 1 : 0);
  const digest = {
    ...(Object.keys(opts.config).length > 0 ? { config: sortedMap(opts.config) } : {}),
    steps: [...stackStep, ...shown.map((s) => previewStep(s, provider))],
    ...(diagnostics.length > 0 ? { diagnostics } : {}),
    duration: 1_000_000_000,
    changeSummary: sortedMap(changeSummary),
  };
  return `${goEscaped(JSON.stringify(digest, null, 4))}\n`;
}
