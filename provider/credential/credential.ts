/**
 * `Credential`: a Jenkins credential in the system store or in a folder's store, declared next to the jobs that
 * use it.
 *
 * ```ts
 * const team = new Job("team", { name: "team", folderSpec: {} });
 * const key = new Credential("deploy-key", {
 *   id: "deploy-key",
 *   folder: team.fullName,
 *   sshPrivateKey: { username: "git", privateKey: config.requireSecret("deployKey") },
 * });
 * new Job("api", {
 *   name: "api",
 *   folder: team.fullName,
 *   pipeline: { scm: { url: "git@example.com:api.git", credentialsId: key.credentialId } },
 * });
 * ```
 * Every secret is moved, in the program, into one input Pulumi encrypts (`secretValues`), whether or not it was
 * given as a `pulumi.secret`: state, outputs and `preview --diff` never show it. Jenkins never returns a secret
 * either, so a secret changed by hand in Jenkins cannot be seen; `secretVersion` forces a write.
 */
import * as pulumi from "@pulumi/pulumi";
import { recordCredential } from "../dynamic/program-credentials";
import { hideSecrets } from "../resource/secrets/hide";
import credentialProvider from "./provider";
import type { CredentialScope, SecretFileSpec, SecretTextSpec, SshPrivateKeySpec, UsernamePasswordSpec } from "./types";
import { quietPromiseStacks } from "../dynamic/promise-stacks";
import { ownershipInputs } from "../ownership/program-owner";

/**
 * A secret text (`StringCredentialsImpl`, plugin plain-credentials): a token, an API key. A new secret updates the
 * credential in place.
 *
 * @category Resource inputs
 */
export interface SecretTextArgs {
  /**
   * The secret. Best a `pulumi.secret` or `config.requireSecret(…)`; it is made secret either way.
   *
   * @secret
   */
  secret: pulumi.Input<string>;
}

/**
 * A username with a password (`UsernamePasswordCredentialsImpl`, plugin credentials). Changing either updates the
 * credential in place.
 *
 * @category Resource inputs
 */
export interface UsernamePasswordArgs {
  /** The username. */
  username: pulumi.Input<string>;
  /**
   * The password; made secret.
   *
   * @secret
   */
  password: pulumi.Input<string>;
}

/**
 * An SSH username with a private key (`BasicSSHUserPrivateKey`, plugin ssh-credentials). Changing any field
 * updates the credential in place.
 *
 * @category Resource inputs
 */
export interface SshPrivateKeyArgs {
  /** The username. */
  username: pulumi.Input<string>;
  /**
   * The private key, in PEM or OpenSSH form ("-----BEGIN … PRIVATE KEY-----"); made secret.
   *
   * @secret
   */
  privateKey: pulumi.Input<string>;
  /**
   * The key's passphrase, if it has one; made secret.
   *
   * @defaultValue none (an unencrypted key)
   * @secret
   */
  passphrase?: pulumi.Input<string>;
}

/**
 * A secret file (`FileCredentialsImpl`, plugin plain-credentials). Changing either field updates the credential in
 * place.
 *
 * @category Resource inputs
 */
export interface SecretFileArgs {
  /** The file's name as builds see it, e.g. "kubeconfig". */
  fileName: pulumi.Input<string>;
  /**
   * The file's content, as text (UTF-8); made secret.
   *
   * @secret
   */
  content: pulumi.Input<string>;
}

/**
 * The inputs of a {@link Credential}. A credential is declared by exactly one of `secretText`, `usernamePassword`,
 * `sshPrivateKey`, `secretFile` and `configXml`; switching to another type replaces it (the old one is deleted
 * first, since the id stays taken). Secrets are never read back from Jenkins: a new secret in the program updates
 * the credential, one changed by hand in Jenkins is not seen (see `secretVersion`).
 *
 * @category Resource inputs
 */
export interface CredentialArgs {
  /** The id jobs name as `credentialsId` (letters, digits, "_", "-", "."). Changing it replaces the credential. */
  id: pulumi.Input<string>;
  /**
   * Full name of the folder whose store holds it (often a Job's `fullName`). Another store replaces the credential
   * (Jenkins cannot move one), except when its folder was moved or renamed in place: the store went with the
   * folder, and the credential follows without a replace.
   *
   * @defaultValue the system store
   */
  folder?: pulumi.Input<string>;
  /**
   * The credentials domain. Changing it replaces the credential.
   *
   * @defaultValue the global domain `_`
   */
  domain?: pulumi.Input<string>;
  /** The description Jenkins shows; compared on refresh. Changing it updates the credential in place. */
  description?: pulumi.Input<string>;
  /**
   * GLOBAL (jobs may use it) or SYSTEM (Jenkins itself only; system store only). Changing it updates the
   * credential in place.
   *
   * @defaultValue `"GLOBAL"`
   */
  scope?: pulumi.Input<CredentialScope>;
  /** A secret text. */
  secretText?: SecretTextArgs;
  /** A username with a password. */
  usernamePassword?: UsernamePasswordArgs;
  /** An SSH username with a private key. */
  sshPrivateKey?: SshPrivateKeyArgs;
  /** A secret file. */
  secretFile?: SecretFileArgs;
  /**
   * Any other type (GitHub App, certificate, AWS, Vault…) as its config.xml, e.g. built with `pulumi.interpolate`
   * from `pulumi.secret`s. Its known Secret fields move into the encrypted input; a secret config whose fields are
   * not known stays secret as a whole. The id, scope and description inputs set `<id>`, `<scope>`, `<description>`.
   * Changing it updates the credential in place; a config of another credential type (root element) replaces it.
   */
  configXml?: pulumi.Input<string>;
  /**
   * Any text. Jenkins never returns a secret, so a secret changed by hand in Jenkins cannot be seen by a refresh;
   * changing this value (e.g. to today's date) writes the declared secrets again, in one update.
   */
  secretVersion?: pulumi.Input<string>;
  /**
   * Take over a credential that already exists with this id in this store (its fields and secrets are then
   * written); without it, creating one that exists fails. Read only when the credential is created: changing it
   * later changes nothing.
   *
   * @defaultValue `false`
   */
  adopt?: pulumi.Input<boolean>;
  /**
   * Hand the credential over to this stack from the owner its mark of ownership names (`<project>/<stack>` of the
   * stack that manages it, or its `jenkins:owner`): with `adopt: true` the credential is adopted and the mark moves
   * to this stack. Without it, declaring a credential another owner marked fails at preview, naming that owner. The
   * former owner's next refresh reports it as handed over; once its program no longer declares it, its next `up`
   * drops it from its state without deleting it. Read when the credential is created: changing it later changes
   * nothing. See docs/guide/ownership.md.
   *
   * @defaultValue none: a credential another owner marked is not taken
   */
  takeOverFrom?: pulumi.Input<string>;
  /**
   * Let the credential go: the next `up` clears its mark of ownership (one write of the mark alone), so that another stack
   * or a person can take it. The TypeScript classes do this for a resource declared with `retainOnDelete`; the
   * provider plugin cannot see resource options, so a program in another language sets `letGo: true` together with
   * `retainOnDelete`, runs `pulumi up`, then removes the declaration. See docs/guide/ownership.md.
   *
   * @defaultValue `false`
   */
  letGo?: pulumi.Input<boolean>;
  /**
   * The controller (a name from `jenkins:controllers`). Changing it replaces the credential.
   *
   * @defaultValue the stack-wide connection (`jenkins:url`)
   */
  controller?: pulumi.Input<string>;
}

/** The typed spec without its secrets, and its secrets in the order the provider takes them. */
function splitTyped(args: CredentialArgs): { specs: Record<string, unknown>; values?: pulumi.Input<string>[] } {
  if (args.secretText !== undefined)
    return { specs: { secretText: {} as SecretTextSpec }, values: [args.secretText.secret] };
  if (args.usernamePassword !== undefined) {
    const spec: { username: pulumi.Input<string> } = { username: args.usernamePassword.username };
    return {
      specs: { usernamePassword: spec as pulumi.Input<UsernamePasswordSpec> },
      values: [args.usernamePassword.password],
    };
  }
  if (args.sshPrivateKey !== undefined) {
    const k = args.sshPrivateKey;
    const spec: { username: pulumi.Input<string> } = { username: k.username };
    return {
      specs: { sshPrivateKey: spec as pulumi.Input<SshPrivateKeySpec> },
      values: [k.privateKey, k.passphrase ?? ""],
    };
  }
  if (args.secretFile !== undefined) {
    const spec: { fileName: pulumi.Input<string> } = { fileName: args.secretFile.fileName };
    return { specs: { secretFile: spec as pulumi.Input<SecretFileSpec> }, values: [args.secretFile.content] };
  }
  return { specs: {} };
}

/**
 * A Jenkins credential in the system store or a folder's store (`jenkins:Credential`). Its outputs follow;
 * {@link CredentialArgs} lists the inputs and what a change to each does. Deleting the resource deletes the
 * credential in Jenkins.
 *
 * @category Resources
 */
export class Credential extends pulumi.dynamic.Resource {
  // `declare`: with ES2022 class fields a plain declaration would overwrite the outputs the base class sets.
  /** The id, for jobs to name (`credentialsId: credential.credentialId`), so that Pulumi makes the credential first. */
  declare public readonly credentialId: pulumi.Output<string>;
  /** Browser URL of the credential. */
  declare public readonly url: pulumi.Output<string>;
  /** The folder whose store holds it; undefined for the system store. */
  declare public readonly folder: pulumi.Output<string | undefined>;
  /** The credentials domain; undefined for the global domain `_`. */
  declare public readonly domain: pulumi.Output<string | undefined>;
  /** The description, as declared (or as a refresh found it). */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** The scope; undefined for GLOBAL. */
  declare public readonly scope: pulumi.Output<CredentialScope | undefined>;
  /** The controller's name, when the credential is not on the stack-wide connection. */
  declare public readonly controller: pulumi.Output<string | undefined>;

  constructor(name: string, args: CredentialArgs, opts?: pulumi.CustomResourceOptions) {
    const typed = splitTyped(args);
    let configXml: pulumi.Input<string> | undefined = args.configXml;
    let secretValues: pulumi.Output<string[]> | undefined;
    if (typed.values !== undefined) {
      // Always secret, given as a pulumi.secret or not; "" for an absent passphrase.
      secretValues = pulumi.secret(pulumi.all(typed.values).apply((vs) => vs.map((v) => v ?? "")));
    } else if (configXml !== undefined) {
      const hidden = hideSecrets({ configXml });
      configXml = hidden.args.configXml;
      secretValues = hidden.secretValues;
    }
    const restoreStacks = quietPromiseStacks();
    try {
      super(
        credentialProvider,
        name,
        {
          credentialId: args.id,
          folder: args.folder,
          domain: args.domain,
          description: args.description,
          scope: args.scope,
          ...typed.specs,
          configXml,
          secretVersion: args.secretVersion,
          adopt: args.adopt,
          letGo: args.letGo,
          takeOverFrom: args.takeOverFrom,
          controller: args.controller,
          url: undefined,
          ...(secretValues === undefined ? {} : { secretValues }),
          ...ownershipInputs(opts),
        },
        secretValues === undefined
          ? opts
          : { ...opts, additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), "secretValues"] },
        "jenkins",
        "Credential",
      );
    } finally {
      restoreStacks();
    }
    // A job naming this id literally (not by `credentialId`) then waits for this credential.
    if (typeof args.id === "string") recordCredential(args.id, this);
  }
}
