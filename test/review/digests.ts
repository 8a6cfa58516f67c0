/**
 * Preview digests for the report's tests, shaped as `pulumi preview --json` writes them for this package's resources
 * (the language host's `previewJson` writes the same shapes from a real run, see language-host/review.test.ts): the
 * checked inputs of each step's old and new state with `fullName` and `url`, internal `__` keys, secrets as
 * "[secret]", a planned state without outputs, `detailedDiff` null.
 */
export const JENKINS = "https://jenkins.example.com/";
const STACK = "urn:pulumi:dev::jobs::pulumi:pulumi:Stack::jobs-dev";
const PROVIDER = "urn:pulumi:dev::jobs::pulumi:providers:pulumi-nodejs::default::04da6b54-80e4-46f7-96ec-b56ff0331ba9";

type Inputs = Record<string, unknown>;
type Kind = "Job" | "View" | "BuildTrigger" | "FolderSweep" | "Credential";

const urnOf = (kind: Kind, name: string): string =>
  `urn:pulumi:dev::jobs::pulumi-nodejs:dynamic/jenkins:${kind}::${name}`;

/** A Job's checked inputs: what `check` returns for the program's arguments. */
export function job(fullName: string, spec: Inputs, extra: Inputs = {}): Inputs {
  const i = fullName.lastIndexOf("/");
  const url = `${JENKINS}${fullName
    .split("/")
    .map((s) => `job/${s}/`)
    .join("")}`;
  return {
    __provider: "exports.handler = __f0; /* the thin provider */",
    description: "",
    enabled: true,
    ...(i < 0 ? {} : { folder: fullName.slice(0, i) }),
    fullName,
    name: fullName.slice(i + 1),
    ...spec,
    url,
    ...extra,
  };
}

export function view(fullName: string, listView: Inputs): Inputs {
  const i = fullName.lastIndexOf("/");
  const folder = i < 0 ? "" : fullName.slice(0, i);
  const name = fullName.slice(i + 1);
  const base =
    folder === ""
      ? JENKINS
      : `${JENKINS}${folder
          .split("/")
          .map((s) => `job/${s}/`)
          .join("")}`;
  return {
    __provider: "exports.handler = __f0; /* the thin provider */",
    ...(folder ? { folder } : {}),
    fullName,
    listView,
    name,
    url: `${base}view/${name}/`,
  };
}

/**
 * A Credential's checked inputs: `credentialId` (the program's `id`), its folder unless in the system store, the
 * kind's non-secret fields, `secretValues` as Pulumi writes a secret, and the `url` check derives.
 */
export function credential(id: string, fields: Inputs, folder?: string): Inputs {
  const base =
    folder === undefined
      ? `${JENKINS}credentials/store/system/`
      : `${JENKINS}${folder
          .split("/")
          .map((s) => `job/${s}/`)
          .join("")}credentials/store/folder/`;
  return {
    __provider: "exports.handler = __f0; /* the thin provider */",
    credentialId: id,
    ...(folder === undefined ? {} : { folder }),
    ...fields,
    secretValues: "[secret]",
    url: `${base}domain/${typeof fields.domain === "string" ? fields.domain : "_"}/credential/${id}/`,
  };
}

export interface Step {
  op: string;
  urn: string;
  provider?: string;
  oldState?: Inputs;
  newState?: Inputs;
  replaceReasons?: string[];
  detailedDiff: null;
}

function state(kind: Kind, name: string, inputs: Inputs, id: string | undefined, outputs: Inputs): Inputs {
  return {
    urn: urnOf(kind, name),
    custom: true,
    ...(id ? { id } : {}),
    type: `pulumi-nodejs:dynamic/jenkins:${kind}`,
    inputs,
    ...(Object.keys(outputs).length > 0 ? { outputs } : {}),
    provider: PROVIDER,
  };
}

const idOf = (name: string): string => `id-${name}`;

export const create = (name: string, inputs: Inputs, kind: Kind = "Job"): Step => ({
  op: "create",
  urn: urnOf(kind, name),
  provider: PROVIDER,
  newState: state(kind, name, inputs, undefined, {}),
  detailedDiff: null,
});

export const update = (
  name: string,
  olds: Inputs,
  news: Inputs,
  kind: Kind = "Job",
  oldOutputs: Inputs = olds,
): Step => ({
  op: "update",
  urn: urnOf(kind, name),
  provider: PROVIDER,
  oldState: state(kind, name, olds, idOf(name), oldOutputs),
  newState: state(kind, name, news, idOf(name), {}),
  detailedDiff: null,
});

export const remove = (name: string, olds: Inputs, kind: Kind = "Job"): Step => ({
  op: "delete",
  urn: urnOf(kind, name),
  provider: PROVIDER,
  oldState: state(kind, name, olds, idOf(name), olds),
  detailedDiff: null,
});

export const replace = (name: string, olds: Inputs, news: Inputs, reasons: string[], kind: Kind = "Job"): Step => ({
  op: "replace",
  urn: urnOf(kind, name),
  provider: PROVIDER,
  oldState: state(kind, name, olds, idOf(name), olds),
  newState: state(kind, name, news, undefined, {}),
  replaceReasons: reasons,
  detailedDiff: null,
});

export interface Diagnostic {
  urn?: string;
  message: string;
  severity: string;
}

/** The whole document, the root stack first as the CLI writes it; `same` counts the unchanged resources. */
export function digest(steps: Step[], opts: { same?: number; diagnostics?: Diagnostic[] } = {}): string {
  const changeSummary: Record<string, number> = { same: (opts.same ?? 0) + 1 };
  for (const s of steps) changeSummary[s.op] = (changeSummary[s.op] ?? 0) + 1;
  const stack = { urn: STACK, custom: false, type: "pulumi:pulumi:Stack" };
  return `${JSON.stringify(
    {
      config: { "jenkins:apiToken": "[secret]", "jenkins:url": JENKINS, "jenkins:user": "deployer" },
      steps: [{ op: "same", urn: STACK, oldState: stack, newState: stack, detailedDiff: null }, ...steps],
      ...(opts.diagnostics ? { diagnostics: opts.diagnostics } : {}),
      duration: 2_000_000_000,
      changeSummary: Object.fromEntries(Object.entries(changeSummary).sort(([a], [b]) => (a < b ? -1 : 1))),
    },
    null,
    4,
  )}\n`;
}

export const jobUrn = (name: string): string => urnOf("Job", name);

/** A freestyle job's canonical config.xml, with `command` as its shell step. */
export function freestyleXml(command: string, description = ""): string {
  return `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <actions/>
  <description>${description}</description>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <scm class="hudson.scm.NullSCM"/>
  <canRoam>true</canRoam>
  <disabled>false</disabled>
  <blockBuildWhenDownstreamBuilding>false</blockBuildWhenDownstreamBuilding>
  <blockBuildWhenUpstreamBuilding>false</blockBuildWhenUpstreamBuilding>
  <triggers/>
  <concurrentBuild>false</concurrentBuild>
  <builders>
    <hudson.tasks.Shell>
      <command>${command}</command>
    </hudson.tasks.Shell>
  </builders>
  <publishers/>
  <buildWrappers/>
</project>
`;
}

const PLUGIN_PROVIDER = "urn:pulumi:dev::jobs::pulumi:providers:jenkins::default::7d2c1c9e-4a4e-4bd3-9b1f-2f5d0c7a11e0";
const isObject = (v: unknown): v is Inputs => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The property paths a provider's diff names between two inputs, as the plugin's `detailedDiff` keys them
 * (`pipeline.script`, `parameters[1]`): a path where one side lacks the value, or where two leaves differ.
 */
export function differingPaths(olds: unknown, news: unknown, at = ""): string[] {
  if (JSON.stringify(olds) === JSON.stringify(news)) return [];
  if (isObject(olds) && isObject(news)) {
    return [...new Set([...Object.keys(olds), ...Object.keys(news)])].flatMap((k) =>
      k.startsWith("__") ? [] : differingPaths(olds[k], news[k], at === "" ? k : `${at}.${k}`),
    );
  }
  if (Array.isArray(olds) && Array.isArray(news)) {
    return Array.from({ length: Math.max(olds.length, news.length) }, (_, i) =>
      differingPaths(olds[i], news[i], `${at}[${i}]`),
    ).flat();
  }
  return [at];
}

/**
 * The same preview as the provider plugin's steps show it: the plugin's types (`jenkins:index:Job`) and provider, no
 * `__provider` input, and a `detailedDiff` of each update and replace naming the paths that differ. A secret Pulumi
 * writes as "[secret]" on both sides is named only where the caller says it changed (`secretsChanged`: the step's
 * resource names), as the plugin, which sees the values, would.
 */
export function asPluginPreview(doc: string, secretsChanged: readonly string[] = []): string {
  const parsed = JSON.parse(doc) as { steps: Array<Record<string, unknown>> };
  const retype = (s: unknown): string | undefined =>
    typeof s === "string" ? s.replace(/pulumi-nodejs:dynamic\/jenkins:/g, "jenkins:index:") : undefined;
  const plain = (state: unknown): Inputs | undefined => {
    if (!isObject(state)) return undefined;
    const strip = (v: unknown): unknown =>
      isObject(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => k !== "__provider")) : v;
    return {
      ...state,
      urn: retype(state.urn),
      type: retype(state.type),
      inputs: strip(state.inputs),
      ...(state.outputs ? { outputs: strip(state.outputs) } : {}),
      provider: PLUGIN_PROVIDER,
    };
  };
  const steps = parsed.steps.map((step) => {
    if (step.type === undefined && String(step.urn).includes("pulumi:pulumi:Stack")) return step;
    const oldState = plain(step.oldState);
    const newState = plain(step.newState);
    const name = String(step.urn).split("::").pop() as string;
    let detailedDiff: Record<string, { kind: string; inputDiff: boolean }> | null = null;
    if ((step.op === "update" || step.op === "replace") && oldState && newState) {
      const olds = oldState.inputs as Inputs;
      const news = newState.inputs as Inputs;
      const paths = differingPaths(olds, news);
      const secrets = Object.keys(news).filter((k) => olds[k] === "[secret]" && news[k] === "[secret]");
      if (secretsChanged.includes(name)) paths.push(...secrets);
      const replaced = new Set((step.replaceReasons as string[] | undefined) ?? []);
      detailedDiff = Object.fromEntries(
        paths
          .filter((p) => !["fullName", "url"].includes(p))
          .map((p) => {
            const top = /^[^.[]+/.exec(p)?.[0] ?? p;
            const kind = olds[top] === undefined ? "add" : news[top] === undefined ? "delete" : "update";
            return [p, { kind: replaced.has(top) ? `${kind}-replace` : kind, inputDiff: false }];
          }),
      );
    }
    return {
      ...step,
      urn: retype(step.urn),
      ...(step.provider ? { provider: PLUGIN_PROVIDER } : {}),
      ...(oldState ? { oldState } : {}),
      ...(newState ? { newState } : {}),
      detailedDiff,
    };
  });
  return `${JSON.stringify({ ...parsed, steps }, null, 4)}\n`;
}
