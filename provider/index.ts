/**
 * pulumi-jenkins-jobs: the entry a Pulumi program imports.
 *
 * It loads only what a program needs to declare resources: the `Job`, `View`, `Credential`, `BuildTrigger` and
 * `FolderSweep` classes and the types of their inputs. The rest of the package has its own entry, so a program does
 * not load it:
 * - `pulumi-jenkins-jobs/client`: the Jenkins client, its typed errors, and build/SCM-check functions for scripts;
 * - `pulumi-jenkins-jobs/xml`: the canonical form and the semantic comparison the diff uses;
 * - `pulumi-jenkins-jobs/testing`: the Jenkins-compatible server, for tests of your own programs.
 *
 * This reference covers that entry: each resource (its outputs, and on its `…Args` page every input with its type,
 * default and what a change to it does: an update in place, a rename or move in place, or a replacement), the
 * typed specs, and the stack config keys (`jenkins:*`). It is generated from the types and their doc comments by
 * `npm run docs`; edit those, not these pages.
 *
 * The classes serve TypeScript and JavaScript programs. A program in any Pulumi language declares the same
 * resources through the provider plugin (`jenkins:index:Job`, `jenkins:index:View`, …), whose schema is generated
 * from these same types: its inputs, outputs and config keys are the ones listed here, in each language's spelling,
 * except that a Credential's `id` is its `credentialId` input (the other-languages guide,
 * docs/guide/other-languages.md, says what else differs).
 *
 * @sortStrategy alphabetical-ignoring-documents
 * @packageDocumentation
 */
import "./runtime/node-version"; // first: an unsupported Node.js stops here with one line
export {
  Job,
  type JobArgs,
  type PipelineInput,
  type FreestyleInput,
  type MultibranchInput,
  type PasswordParameterInput,
  type SpecInput,
  type WithSecretDefaults,
} from "./resource/job";
export { BuildTrigger, type BuildTriggerArgs } from "./triggers/build-trigger";
export { FolderSweep, type FolderSweepArgs } from "./sweep/folder-sweep";
export { View, type ViewArgs, type ListViewArgs } from "./view/view";
export type { ListViewSpec } from "./view/types";
export {
  Credential,
  type CredentialArgs,
  type SecretTextArgs,
  type UsernamePasswordArgs,
  type SshPrivateKeyArgs,
  type SecretFileArgs,
} from "./credential/credential";
export type { CredentialScope } from "./credential/types";
export type { SweepAction } from "./sweep/types";
export type { TriggerKind } from "./triggers/types";
// Types only: the `jenkins:*` stack config keys, for the reference.
export type { StackConfig, ControllerConfig, CheckPolicy } from "./connection/stack-config";
// Types only: the spec types of the `pipeline`, `freestyle`, `folderSpec` and `multibranch` inputs.
export type * from "./specs/types";
