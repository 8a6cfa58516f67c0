/**
 * What `pulumi preview --json` prints: one `PreviewDigest` document (the CLI's `ShowPreviewDigest`). Only the parts
 * the review reads are typed; everything else is ignored, so a newer CLI that adds fields still reads.
 * Input that is not such a document is refused with one sentence saying what it looks like instead.
 */

/** A serialized resource state (`apitype.ResourceV3`): secrets are the string "[secret]". */
export interface ResourceState {
  urn: string;
  type: string;
  id?: string;
  custom?: boolean;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

export interface PreviewStep {
  op: string;
  urn: string;
  provider?: string;
  oldState?: ResourceState;
  newState?: ResourceState;
  diffReasons?: string[];
  replaceReasons?: string[];
  /**
   * The property paths the provider said differ (`detailedDiff`'s keys: `configXml`, `pipeline.script`,
   * `parameters[0].default`): a provider plugin's steps have them, a dynamic provider's never do.
   */
  detailedDiff?: string[];
}

export interface PreviewDiagnostic {
  urn?: string;
  message: string;
  /** "error", "warning", "info", "info#err" or "debug". */
  severity: string;
}

export interface PreviewDigest {
  steps: PreviewStep[];
  diagnostics: PreviewDiagnostic[];
  changeSummary: Record<string, number>;
}

/** The input cannot be reviewed: the message says why, in one sentence. */
export class ReviewInputError extends Error {
  override name = "ReviewInputError";
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keys of the engine events `pulumi up --json` (and a streaming preview) prints, one per line. */
const EVENT_KEYS = [
  "preludeEvent",
  "resourcePreEvent",
  "resOutputsEvent",
  "summaryEvent",
  "diagnosticEvent",
  "cancelEvent",
];

function looksLikeEventStream(text: string): boolean {
  const first = text.trimStart().split("\n", 1)[0];
  try {
    const event: unknown = JSON.parse(first);
    return isObject(event) && ("sequence" in event || EVENT_KEYS.some((k) => k in event));
  } catch {
    return false;
  }
}

function state(v: unknown, where: string): ResourceState | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isObject(v) || typeof v.urn !== "string" || typeof v.type !== "string") {
    throw new ReviewInputError(`${where} is not a resource state (it needs "urn" and "type").`);
  }
  return {
    urn: v.urn,
    type: v.type,
    ...(typeof v.id === "string" ? { id: v.id } : {}),
    ...(typeof v.custom === "boolean" ? { custom: v.custom } : {}),
    ...(isObject(v.inputs) ? { inputs: v.inputs } : {}),
    ...(isObject(v.outputs) ? { outputs: v.outputs } : {}),
  };
}

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : undefined;

function step(v: unknown, i: number): PreviewStep {
  if (!isObject(v) || typeof v.op !== "string" || typeof v.urn !== "string") {
    throw new ReviewInputError(`steps[${i}] is not a preview step (it needs "op" and "urn").`);
  }
  const oldState = state(v.oldState, `steps[${i}].oldState`);
  const newState = state(v.newState, `steps[${i}].newState`);
  const diffReasons = strings(v.diffReasons);
  const replaceReasons = strings(v.replaceReasons);
  const detailedDiff = isObject(v.detailedDiff) ? Object.keys(v.detailedDiff) : undefined;
  return {
    op: v.op,
    urn: v.urn,
    ...(typeof v.provider === "string" ? { provider: v.provider } : {}),
    ...(oldState ? { oldState } : {}),
    ...(newState ? { newState } : {}),
    ...(diffReasons ? { diffReasons } : {}),
    ...(replaceReasons ? { replaceReasons } : {}),
    ...(detailedDiff ? { detailedDiff } : {}),
  };
}

function diagnostic(v: unknown): PreviewDiagnostic | undefined {
  if (!isObject(v) || typeof v.message !== "string") return undefined;
  return {
    ...(typeof v.urn === "string" && v.urn !== "" ? { urn: v.urn } : {}),
    message: v.message,
    severity: typeof v.severity === "string" ? v.severity : "info",
  };
}

const STACK_TYPE = "pulumi:pulumi:Stack";

/** Reads the document `pulumi preview --json` printed; throws `ReviewInputError` for anything else. */
export function parseDigest(text: string): PreviewDigest {
  if (text.trim() === "") throw new ReviewInputError("The input is empty: give the output of `pulumi preview --json`.");
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    if (looksLikeEventStream(text)) {
      throw new ReviewInputError(
        "The input is a stream of engine events (`pulumi up --json`, or a preview with " +
          "PULUMI_ENABLE_STREAMING_JSON_PREVIEW); review reads the one document `pulumi preview --json` prints.",
      );
    }
    throw new ReviewInputError("The input is not JSON: give the output of `pulumi preview --json`.");
  }
  if (isObject(doc) && ("sequence" in doc || EVENT_KEYS.some((k) => k in doc))) {
    throw new ReviewInputError(
      "The input is one engine event (from `pulumi up --json`); review reads the document `pulumi preview --json` prints.",
    );
  }
  if (!isObject(doc) || !("steps" in doc || "changeSummary" in doc || "diagnostics" in doc)) {
    throw new ReviewInputError(
      "The input is JSON but not a preview: `pulumi preview --json` prints an object with steps, diagnostics and changeSummary.",
    );
  }
  if (doc.steps !== undefined && doc.steps !== null && !Array.isArray(doc.steps)) {
    throw new ReviewInputError('"steps" is not a list: the input is not the output of `pulumi preview --json`.');
  }
  const steps = ((doc.steps as unknown[] | undefined) ?? []).map(step);
  // Every preview plans a step for the stack itself (\`pulumi:pulumi:Stack\`), even one that changes nothing: a
  // document without it is some other tool's summary, whose "no changes" would be a review that says nothing.
  if (!steps.some((s) => s.urn.split("::")[2]?.split("$").pop() === STACK_TYPE)) {
    throw new ReviewInputError(
      "The input is JSON but not a preview: `pulumi preview --json` prints steps that include the stack's " +
        `(\`${STACK_TYPE}\`), and these steps do not.`,
    );
  }
  const diagnostics = (Array.isArray(doc.diagnostics) ? doc.diagnostics : [])
    .map(diagnostic)
    .filter((d): d is PreviewDiagnostic => d !== undefined);
  const changeSummary: Record<string, number> = {};
  if (isObject(doc.changeSummary)) {
    for (const [op, n] of Object.entries(doc.changeSummary)) if (typeof n === "number") changeSummary[op] = n;
  }
  return { steps, diagnostics, changeSummary };
}
