/**
 * `Job`: a Jenkins job (or folder) declared in a Pulumi program.
 *
 * ```ts
 * const team = new Job("team", { name: "team", configXml: folderXml });
 * const build = new Job("api-build", { name: "api-build", folder: team.fullName, configXml, description: "Builds the API" });
 * const deploy = new Job("deploy", { name: "deploy", folder: team.fullName, pipeline: { script: "node { sh 'make deploy' }" } });
 * ```
 * A job is defined by exactly one of `configXml` (the whole config.xml) and a typed spec (`pipeline`, `freestyle`,
 * `folderSpec`), which the provider renders to the config.xml Jenkins stores. A spec is plain data, so a preview
 * shows a change as the spec property that changed.
 * The connection comes from the stack config (`jenkins:url`, `jenkins:user`, `jenkins:apiToken` or
 * `jenkins:password`, …) or the environment (`JENKINS_URL`, …), read by the provider at run time.
 */
import * as pulumi from "@pulumi/pulumi";
import type {
  FolderSpec,
  FreestyleSpec,
  MultibranchSpec,
  ParameterSpec,
  PasswordParameterSpec,
  PipelineSpec,
} from "../specs/types";
import { credentialsNamed, literalCredentialIds } from "../dynamic/program-credentials";
import { itemCandidates, jobsNamed, literalFolder, literalJobNames, recordJob } from "../dynamic/program-jobs";
import { quietPromiseStacks } from "../dynamic/promise-stacks";
import { registeredProperties } from "../dynamic/registered-properties";
import jobProvider from "./provider";
import { hideSecrets } from "./secrets/hide";
import { ownershipInputs } from "../ownership/program-owner";

/**
 * A password parameter whose default may be a `pulumi.secret` (it moves into an input Pulumi encrypts).
 *
 * @category Resource inputs
 */
export type PasswordParameterInput = Omit<PasswordParameterSpec, "default"> & { default?: pulumi.Input<string> };

/**
 * A spec whose password parameters may take their default from an Output.
 *
 * @category Resource inputs
 */
export type WithSecretDefaults<S extends { parameters?: ParameterSpec[] }> = Omit<S, "parameters"> & {
  parameters?: Array<Exclude<ParameterSpec, PasswordParameterSpec> | PasswordParameterInput>;
};

/**
 * A spec whose values may be other resources' outputs at any depth, e.g. a Credential's `credentialId` as a git
 * remote's `credentialsId`, so that Pulumi makes the credential before the job.
 *
 * @category Resource inputs
 */
export type SpecInput<T> = T extends string | number | boolean
  ? pulumi.Input<T>
  : T extends (infer U)[]
    ? SpecInput<U>[]
    : T extends object
      ? { [K in keyof T]: SpecInput<T[K]> }
      : T;

/**
 * The `pipeline` input: a PipelineSpec whose values may be outputs, password defaults may be secrets.
 *
 * @category Resource inputs
 */
export type PipelineInput = pulumi.Input<PipelineSpec> | WithSecretDefaults<PipelineSpec> | SpecInput<PipelineSpec>;
/**
 * The `freestyle` input: a FreestyleSpec whose values may be outputs, password defaults may be secrets.
 *
 * @category Resource inputs
 */
export type FreestyleInput = pulumi.Input<FreestyleSpec> | WithSecretDefaults<FreestyleSpec> | SpecInput<FreestyleSpec>;
/**
 * The `multibranch` input: a MultibranchSpec whose values may be outputs.
 *
 * @category Resource inputs
 */
export type MultibranchInput = pulumi.Input<MultibranchSpec> | SpecInput<MultibranchSpec>;

/**
 * The inputs of a {@link Job}. A job is declared by exactly one of `configXml`, `pipeline`, `freestyle`,
 * `folderSpec` and `multibranch`. A change of the config or spec updates the job in place; a config or spec of
 * another item type replaces it, since Jenkins cannot change an item's type.
 *
 * @category Resource inputs
 */
export interface JobArgs {
  /**
   * The job's own name (no slashes). Changing it renames the job in place (build history kept).
   */
  name: pulumi.Input<string>;
  /**
   * Full path of the parent folder, e.g. `team` or `team/apps` (often another Job's `fullName`). Changing it moves
   * the job in place (build history kept); a job whose folder was renamed or moved finds itself already there.
   *
   * @defaultValue the root of Jenkins
   */
  folder?: pulumi.Input<string>;
  /**
   * The job's config.xml, for any item type. Compared semantically: formatting, attribute order and plugin
   * versions do not count. Secrets in it (a password parameter's default, other known Secret fields, encrypted
   * values) move to an input Pulumi encrypts, leaving `[secret N]` in their place: build it from a `pulumi.secret`
   * (e.g. with `pulumi.interpolate`) so the program holds them safely too. Changing it updates the job in place;
   * a config whose root element is another item type replaces the job. The state keeps it once, as given here (canonical form); the `configXml`
   * output is not a copy of it (see there).
   */
  configXml?: pulumi.Input<string>;
  /**
   * A Pipeline job: inline script or script from git, parameters, triggers, build discarder. A password
   * parameter's default (best a `pulumi.secret`) moves into an encrypted input, leaving `[secret N]` in the spec.
   * Changing it updates the job in place; switching a job of another type to it replaces the job.
   */
  pipeline?: PipelineInput;
  /**
   * A freestyle job: git checkout, shell/batch steps, triggers, build discarder, archived artifacts, JUnit.
   * Changing it updates the job in place; switching a job of another type to it replaces the job.
   */
  freestyle?: FreestyleInput;
  /**
   * A folder (its description is the `description` input). Named so because `folder` is the parent folder's
   * path. Changing it updates the folder in place; switching a job of another type to it replaces the item.
   */
  folderSpec?: pulumi.Input<FolderSpec>;
  /**
   * A Multibranch Pipeline project: branch sources (git, GitHub), script path, orphaned-item strategy, periodic
   * indexing. Jenkins makes its branch jobs; they are never declared, planned or swept. Changing it updates the
   * project in place; switching a job of another type to it replaces the job.
   */
  multibranch?: MultibranchInput;
  /**
   * The job's description; wins over `<description>` in configXml. Changing it updates the job in place.
   *
   * @defaultValue `<description>` of configXml; `""` with a spec
   */
  description?: pulumi.Input<string>;
  /**
   * Whether the job is enabled; wins over `<disabled>` in configXml. Folders cannot be disabled. Changing it
   * updates the job in place.
   *
   * @defaultValue `<disabled>` of configXml; `true` with a spec
   */
  enabled?: pulumi.Input<boolean>;
  /**
   * Take over a job that already exists (its config is replaced by the declared one); without it, creating a job
   * that exists fails. Read only when the job is created: changing it later changes nothing.
   *
   * @defaultValue `false`
   */
  adopt?: pulumi.Input<boolean>;
  /**
   * Hand the job over to this stack from the owner its mark of ownership names (`<project>/<stack>` of the stack
   * that manages it, or its `jenkins:owner`): with `adopt: true` the job is adopted and the mark moves to this
   * stack. Without it, declaring a job another owner marked fails at preview, naming that owner. The former owner's
   * next refresh reports the job as handed over; once its program no longer declares it, its next `up` drops it
   * from its state without deleting it. Read when the job is created: changing it later changes nothing. See
   * docs/guide/ownership.md.
   *
   * @defaultValue none: a job another owner marked is not taken
   */
  takeOverFrom?: pulumi.Input<string>;
  /**
   * Let the job go: the next `up` clears its mark of ownership (one write of the mark alone), so that another stack
   * or a person can take it. The TypeScript classes do this for a resource declared with `retainOnDelete`; the
   * provider plugin cannot see resource options, so a program in another language sets `letGo: true` together with
   * `retainOnDelete`, runs `pulumi up`, then removes the declaration. See docs/guide/ownership.md.
   *
   * @defaultValue `false`
   */
  letGo?: pulumi.Input<boolean>;
  /**
   * The controller the job lives on: a name from the stack config `jenkins:controllers` (or the
   * `JENKINS_CONTROLLER_<NAME>_*` variables). Only the name goes into the state. Changing it replaces the job: it
   * is made on the other Jenkins, then deleted from the old one.
   *
   * @defaultValue the stack-wide connection (`jenkins:url`)
   */
  controller?: pulumi.Input<string>;
}

/** `opts` with `resources` added to its `dependsOn` (left as given when that is a promise or output of a list). */
function withDependencies(
  opts: pulumi.CustomResourceOptions | undefined,
  resources: pulumi.Resource[],
): pulumi.CustomResourceOptions {
  const given = opts?.dependsOn;
  if (given === undefined) return { ...opts, dependsOn: resources };
  if (Array.isArray(given)) return { ...opts, dependsOn: [...given, ...resources] };
  if (pulumi.Resource.isInstance(given)) return { ...opts, dependsOn: [given, ...resources] };
  return opts ?? {};
}

/**
 * The outputs every Job has, registered whatever the job was declared with. The rest (`folder`, `controller`, the
 * spec key the job uses, `adopt`) is registered only when the program gives it: see `registeredProperties`.
 */
export const JOB_OUTPUTS = ["name", "configXml", "description", "enabled", "fullName", "url"] as const;

/**
 * A Jenkins job or folder (`jenkins:Job`). Its outputs follow; {@link JobArgs} lists the inputs and what a change to
 * each does. Deleting the resource deletes the item in Jenkins, with its builds (a folder with everything in it).
 *
 * @category Resources
 */
export class Job extends pulumi.dynamic.Resource {
  // `declare`: with ES2022 class fields a plain declaration would overwrite the outputs the base class sets.
  /** The job's own name, as declared. */
  declare public readonly name: pulumi.Output<string>;
  /**
   * The parent folder's path, for a job declared with `folder`; `undefined` (not an Output) for a job declared at
   * the top level. Use `fullName` to name the job wherever it is.
   */
  declare public readonly folder: pulumi.Output<string> | undefined;
  /** Full path, e.g. "team/api-build": what other resources name (a BuildTrigger's `job`, a FolderSweep's `keep`). */
  declare public readonly fullName: pulumi.Output<string>;
  /** Browser URL of the job. */
  declare public readonly url: pulumi.Output<string>;
  /**
   * The config Jenkins holds, in canonical form, when a refresh found it other than the one declared (a hand edit
   * that the next `up` puts back); otherwise undefined, since the state keeps one copy of each config, in the
   * inputs, and only its digest in the outputs. In a preview, the declared config (the engine shows the checked
   * inputs as outputs). Earlier versions gave the declared config here after every `up`: a program that
   * needs it uses the value it passes as `configXml`.
   */
  declare public readonly configXml: pulumi.Output<string | undefined>;
  /**
   * The spec, for a job declared with `pipeline`: as declared, or after a refresh that found a hand edit, the spec
   * as Jenkins has it (`undefined` when no spec expresses the edited config). For a job declared with `configXml`
   * or another spec, `job.pipeline` is `undefined` (not an Output).
   */
  declare public readonly pipeline: pulumi.Output<PipelineSpec | undefined> | undefined;
  /** As `pipeline`, for a job declared with `freestyle`; `undefined` (not an Output) for any other job. */
  declare public readonly freestyle: pulumi.Output<FreestyleSpec | undefined> | undefined;
  /** As `pipeline`, for a folder declared with `folderSpec`; `undefined` (not an Output) for any other job. */
  declare public readonly folderSpec: pulumi.Output<FolderSpec | undefined> | undefined;
  /** As `pipeline`, for a project declared with `multibranch`; `undefined` (not an Output) for any other job. */
  declare public readonly multibranch: pulumi.Output<MultibranchSpec | undefined> | undefined;
  /** The job's description as Jenkins has it (the `description` input, else the config's). */
  declare public readonly description: pulumi.Output<string>;
  /** Whether the job is enabled as Jenkins has it (the `enabled` input, else the config's). */
  declare public readonly enabled: pulumi.Output<boolean>;
  /** The controller's name, for a job declared with `controller`; `undefined` (not an Output) for the others. */
  declare public readonly controller: pulumi.Output<string> | undefined;

  constructor(name: string, args: JobArgs, opts?: pulumi.CustomResourceOptions) {
    // Secret values out of the config or spec, into an input Pulumi encrypts (resource/secrets/hide.ts).
    const hidden = hideSecrets(args);
    const source = hidden.args;
    // Credentials of the program named by a literal id come first: Pulumi orders the job after them.
    const credentials = credentialsNamed(literalCredentialIds(args as unknown as Record<string, unknown>));
    if (credentials.length > 0) opts = withDependencies(opts, credentials);
    // Jobs of the program named by a literal name (triggers, `build job:`), and the folder it sits in, come first.
    const folder = literalFolder(args.folder);
    const named = [...literalJobNames(args as unknown as Record<string, unknown>)].flatMap((n) =>
      itemCandidates(n, folder ?? ""),
    );
    const jobs = jobsNamed(folder ? [...named, folder] : named);
    if (jobs.length > 0) opts = withDependencies(opts, jobs);
    const restoreStacks = quietPromiseStacks();
    try {
      super(
        jobProvider,
        name,
        registeredProperties(
          {
            name: args.name,
            folder: args.folder,
            configXml: source.configXml,
            pipeline: source.pipeline,
            freestyle: source.freestyle,
            folderSpec: args.folderSpec,
            multibranch: args.multibranch,
            description: args.description,
            enabled: args.enabled,
            adopt: args.adopt,
            controller: args.controller,
            takeOverFrom: args.takeOverFrom,
            letGo: args.letGo,
            secretValues: hidden.secretValues,
            ...ownershipInputs(opts),
          },
          JOB_OUTPUTS,
        ),
        hidden.secretValues === undefined
          ? opts
          : { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "secretValues"] },
        "jenkins",
        "Job",
      );
    } finally {
      restoreStacks();
    }
    if (typeof args.name === "string" && folder !== undefined)
      recordJob(folder === "" ? args.name : `${folder}/${args.name}`, this, this.fullName);
  }
}
