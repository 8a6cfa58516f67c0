/**
 * Plain (resolved) shapes of the Job resource's inputs and outputs, as the provider methods see them.
 * The Pulumi-facing argument type with Input<> wrappers is in job.ts.
 */
import type { FolderSpec, FreestyleSpec, MultibranchSpec, PipelineSpec } from "../specs/types";

export interface JobInputs {
  /** Leaf name of the job (no slashes). Changing it renames the job in place, keeping its build history. */
  name: string;
  /** Full path of the parent folder ("team" or "team/sub"); absent or "" for the top level. Changing it replaces. */
  folder?: string;
  /**
   * The job's config.xml. Held in canonical form once checked. Exactly one of configXml, pipeline, freestyle and
   * folderSpec is given.
   */
  configXml?: string;
  /** A Pipeline job as a typed spec, rendered to config.xml by the provider. Kept as written (no defaults filled). */
  pipeline?: PipelineSpec;
  /** A freestyle job as a typed spec. */
  freestyle?: FreestyleSpec;
  /** A folder as a typed spec (`folder` is the parent folder's path). */
  folderSpec?: FolderSpec;
  /** A multibranch project as a typed spec. */
  multibranch?: MultibranchSpec;
  /** Wins over `<description>` in configXml when given. */
  description?: string;
  /** Wins over `<disabled>` in configXml when given. */
  enabled?: boolean;
  /** Take over a job that already exists instead of failing. */
  adopt?: boolean;
  /** Name of a controller of `jenkins:controllers`; absent for the stack-wide connection. */
  controller?: string;
  /**
   * The secret values of the config, in the order of its placeholders (`[secret 1]`), moved there by the Job class;
   * a Pulumi secret (see secrets/).
   */
  secretValues?: string[];
}

export interface JobOutputs {
  name: string;
  /** The controller's name (never its connection); absent for the stack-wide connection. */
  controller?: string;
  folder?: string;
  /** "team/api-build". */
  fullName: string;
  /** Browser URL of the job. */
  url: string;
  /**
   * Canonical config as last applied, or, after a refresh that found a hand edit, the config read back from
   * Jenkins (with description/disabled as declared, since those are reported through their own outputs).
   */
  configXml: string;
  /**
   * The spec the config was rendered from, for a job declared with one; after a refresh that found a hand edit,
   * the spec of the config as Jenkins has it (or none, when no spec expresses that config).
   */
  pipeline?: PipelineSpec;
  freestyle?: FreestyleSpec;
  folderSpec?: FolderSpec;
  multibranch?: MultibranchSpec;
  /** The job's description as Jenkins has it. */
  description: string;
  /** Whether the job is enabled as Jenkins has it. */
  enabled: boolean;
  /**
   * For a Pipeline job whose script sets job properties: what its tracker actions say it set, as "property C",
   * "trigger C", "parameter NAME", as last read from Jenkins (pipeline-owned.ts). Absent when nothing is known.
   */
  pipelineOwned?: string[];
  /** The secret values as last applied (a Pulumi secret: `additionalSecretOutputs`). */
  secretValues?: string[];
  /** Per secret value, the SHA-256 of the encrypted text Jenkins made of it ("" before Jenkins showed one). */
  secretDigests?: string[];
  /** `adopt: true` as declared (absent otherwise), so a refresh reports the program's inputs. */
  adopt?: boolean;
}

export { PROVIDER_KEY, UNKNOWN } from "../dynamic/props";
