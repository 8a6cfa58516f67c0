/**
 * Plain (resolved) shapes of the Job resource's inputs and outputs, as the provider methods see them.
 * The Pulumi-facing argument type with Input<> wrappers is in job.ts.
 */
import type { FieldTexts } from "./job-config";
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
  /** The owner a job is handed over from: its mark names that owner, and this stack takes it (ownership). */
  takeOverFrom?: string;
  /** Clear the item's mark of ownership: the item is let go (ownership). */
  letGo?: boolean;
  /** The owner this stack writes in the mark of ownership (hidden input, added by the class or the plugin). */
  __owner?: string;
  /** Set by the class for a resource declared with `retainOnDelete`: the item is let go, its mark cleared. */
  __retain?: boolean;
  /** Name of a controller of `jenkins:controllers`; absent for the stack-wide connection. */
  controller?: string;
  /**
   * The secret values of the config, in the order of its placeholders (`[secret 1]`), moved there by the Job class;
   * a Pulumi secret (see secrets/).
   */
  secretValues?: string[];
}

/**
 * What drift.ts's alignToDeclared needs of a declared config, kept when the config itself is not: its own
 * description/disabled texts, the paths of its elements that carry nothing (or sit in a container Jenkins manages),
 * and its `plugin` attributes by path. A path is the chain of `name#n` (the n-th child of that name) below the
 * root; "" is the root.
 */
export interface DeclaredLayout {
  /**
   * The config's own `<description>`/`<disabled>` texts where they are not what the `description`/`enabled`
   * outputs say (an explicit input won over them); `absent` names those the config does not have.
   */
  fields?: FieldTexts;
  absent?: Array<keyof FieldTexts>;
  /** Keys (drift.ts `pathKey`: 8 hex digits of the path's SHA-256) of the elements that carry nothing. */
  kept: string[];
  /** `plugin` attribute by path key. */
  plugins: Record<string, string>;
}

/**
 * A config known by its digests rather than its text: what a job's outputs keep of a config Jenkins holds as
 * declared (config-digest.ts).
 */
export interface ConfigDigest {
  /** The config's root element (`project`, `flow-definition`, ...): another one is another item type. */
  root: string;
  /** SHA-256 (hex) of the config's canonical text, secrets as placeholders. */
  canonical: string;
  /**
   * SHA-256 (hex) of the config's meaning as `diff` compares two declared configs (xml/semantic.ts
   * `semanticDigest`: plugin versions, attribute order and the order of differently named fields left out).
   */
  semantic: string;
  /**
   * SHA-256 (hex) of the config as a refresh compares it with Jenkins's copy: without what Jenkins does to a config
   * by itself, the parts it owns, description and disabled (xml/semantic.ts `equivalenceDigest`).
   */
  equivalence: string;
  /**
   * The parts of the config that Jenkins's own parts are told apart by (a folder's views or credentials property it
   * declares itself, its branch sources' ids), as a root holding only those: config-digest.ts `ownedPartsOf`.
   */
  owned?: string;
  /**
   * For a job declared as configXml: what a refresh that finds an edit needs to report Jenkins's copy reading like
   * the declared config except for the edit, so the next preview shows the edit alone (drift.ts `DeclaredLayout`:
   * the config's own description/disabled texts, its elements that carry nothing, its `plugin` attributes).
   */
  layout?: DeclaredLayout;
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
   * For a job declared as config.xml: only after a refresh that found Jenkins holding another config than the one
   * declared (a hand edit), that config as read back from Jenkins (with description/disabled as declared, since those
   * are reported through their own outputs); absent otherwise, the config as declared being in the inputs and
   * `__digest` standing for it here. For a job declared with a typed spec: the config.xml the spec renders to, as
   * applied, so that a refresh can show a hand edit as the lines it changed (found-config.ts); after a refresh that
   * found an edit, the config Jenkins holds. States written by earlier versions may hold the declared config here
   * until the job's next update, or (typed specs) nothing.
   */
  configXml?: string;
  /**
   * The config as last applied, as digests (config-digest.ts); absent after a refresh that found a hand edit. An
   * internal output (its key starts with `__`): the CLI shows it in no diff and no outputs section.
   */
  __digest?: ConfigDigest;
  /**
   * Set by a refresh that found, in the job of a typed spec, a config no spec expresses: `configXml` is then that
   * config, and the spec the one declared (found-config.ts). Internal, like `__digest`.
   */
  __foundConfig?: true;
  /** Where states written while the digest was a public output keep `__digest` (config-digest.ts `currentOutputs`). */
  configDigest?: ConfigDigest;
  /**
   * The spec the config was rendered from, for a job declared with one; after a refresh that found a hand edit,
   * the spec of the config as Jenkins has it, or, when no spec expresses that config, the one declared (with
   * `__foundConfig`).
   */
  pipeline?: PipelineSpec;
  freestyle?: FreestyleSpec;
  folderSpec?: FolderSpec;
  multibranch?: MultibranchSpec;
  /** The job's description as Jenkins has it, without the mark of ownership. */
  description: string;
  /** Whether the job is enabled as Jenkins has it. */
  enabled: boolean;
  /**
   * The owner whose mark of ownership this stack last wrote on the item (absent when it wrote none: marks off, a
   * let-go item, an import, or state of an earlier version not updated since). Internal.
   */
  __owner?: string;
  /** Set by a refresh that found the item's mark naming another owner: handed over, left alone. Internal. */
  __handedTo?: string;
  /**
   * Set by a read by id alone (`pulumi import` through the plugin): the item gets the stack's mark with its first
   * update, not as an update of its own, since Pulumi refuses an import whose plan changes anything. Internal.
   */
  __markAtUpdate?: boolean;
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
  /** `letGo: true` as declared (absent otherwise), so a refresh reports the program's inputs. */
  letGo?: boolean;
}

export { PROVIDER_KEY, UNKNOWN } from "../dynamic/props";
