/**
 * What the Credential resource does at each step of the Pulumi lifecycle, with the fewest requests: create is one
 * `createCredentials`, refresh one config.xml GET, update one config.xml POST (always with the secrets: Jenkins
 * replaces the whole credential), delete one config.xml GET (whose mark of ownership says whether the credential is
 * this stack's to delete) and one DELETE, a no-op none. The preview of a credential to create reads the owners of
 * its store's credentials once (docs/guide/ownership.md). A new id, domain, type or controller replaces
 * the credential, and so does another store, except when its folder was moved or renamed in place (the store went
 * with it). Loaded by the thin serialized provider (provider.ts) from the installed package at call time.
 *
 * Secrets: the values arrive in `secretValues` (plaintext in this process, encrypted by Pulumi in the state) and
 * leave only in the body of a create or update. Jenkins never returns them, so a refresh compares the other fields.
 * The mark of ownership touches the description alone, and only in what is sent.
 */
import { randomUUID } from "node:crypto";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { credentialFullName } from "../client/credentials";
import { JenkinsError } from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import { verifiedClientFor, type ConfigSource } from "../connection/settings";
import { ConnectionCheckError } from "../connection/errors";
import { StackConnections } from "../connection/stack-connections";
import { warn } from "../dynamic/engine-log";
import { sayMarkAdded } from "../dynamic/mark-added";
import { plannedPath } from "../dynamic/planned-moves";
import { strip, UNKNOWN, withCurrentDigestKey, type Props } from "../dynamic/props";
import { isRefreshDiffOfEdit, noted } from "../dynamic/refresh-diff";
import { pluginCheckOf, preflight, type PluginCheckMode } from "../plugins/preflight";
import { declareCredential } from "../references/declared";
import { rememberCreated } from "../references/check";
import { parseXml } from "../xml/tree";
import { lookedUp, takeoverRefusal } from "../ownership/look";
import {
  cachedListing,
  handedOver,
  handedOverWarning,
  leftInJenkinsWarning,
  markChangeShown,
  ownerMoves,
  writtenOwner,
} from "../ownership/lifecycle-owner";
import { readMark, withMark } from "../ownership/mark";
import { unmarkConfig } from "../ownership/root-mark";
import { marksSetting } from "../ownership/settings";
import { checkCredentialInputs } from "./inputs";
import {
  createCredential,
  CredentialExistsError,
  CredentialNotFoundError,
  deleteCredential,
  getCredentialConfig,
  updateCredential,
} from "./ops";
import {
  credentialDigestOf,
  declaredFields,
  driftedConfigXml,
  isCredentialDigest,
  fieldChanges,
  fieldsOfConfig,
  kindOf,
  renderCredential,
  sameAsDigest,
  sameConfigCredential,
  sameInput,
} from "./render";
import { typedFitOf } from "./found";
import { credentialUrl, describePlace, GLOBAL_DOMAIN, type CredentialPlace } from "./store";
import type { CredentialInputs, CredentialOutputs } from "./types";
import { TYPED_KINDS } from "./types";

const connections = new StackConnections();
let pluginCheck: PluginCheckMode | Error = "error";
/** `jenkins:ownershipMarks`, or why its value is refused (reported by every check). */
let marks: boolean | Error = true;

const unknownIn = (v: unknown): boolean => JSON.stringify(v ?? null).includes(UNKNOWN);

export async function configure(req: { config: ConfigSource }): Promise<void> {
  connections.configure(req.config);
  pluginCheck = pluginCheckOf(req.config);
  marks = marksSetting(req.config);
}

/** The owner a write marks the credential with (ownership/lifecycle-owner.ts). */
function markOwner(news: Partial<CredentialInputs>): string | undefined {
  return writtenOwner(news, marks === true);
}

function placeOf(v: Partial<CredentialInputs>): CredentialPlace {
  return { folder: v.folder ?? "", domain: v.domain ?? GLOBAL_DOMAIN, id: v.credentialId as string };
}

function baseUrlIfConfigured(controller: unknown): string | undefined {
  return controller === UNKNOWN ? undefined : connections.urlIfConfigured(controller as string | undefined);
}

/** The client of the credential's Jenkins, checked to be a Jenkins; a connection error names the credential. */
async function connect(place: CredentialPlace, controller: string | undefined) {
  const settings = connections.settingsFor(controller);
  try {
    return { client: await verifiedClientFor(settings), baseUrl: settings.url };
  } catch (e) {
    if (e instanceof JenkinsError && e.credential === undefined)
      throw e.restated({ credential: credentialFullName(place, place.id) });
    throw e;
  }
}

/** Check, plus `url` (which follows from the inputs alone), the plugin pre-flight of a new type, and the record
 * that the program declares this credential (for the reference check of the jobs that name it). */
export async function check(olds: Props, newsRaw: Props): Promise<dynamic.CheckResult> {
  const { inputs, failures } = checkCredentialInputs(strip(newsRaw));
  const problem = inputs.controller === UNKNOWN ? undefined : connections.controllerProblem(inputs.controller);
  if (problem !== undefined) failures.push({ property: "controller", reason: problem });
  if (failures.length > 0) return { inputs: { ...newsRaw, ...inputs }, failures };
  const checked: Props = { ...inputs };
  const known = !unknownIn([inputs.credentialId, inputs.folder, inputs.domain, inputs.controller]);
  if (known) {
    const place = placeOf(inputs as Partial<CredentialInputs>);
    declareCredential(inputs.controller as string | undefined, place.folder, place.id);
    const base = baseUrlIfConfigured(inputs.controller);
    if (base !== undefined) checked.url = credentialUrl(base, place);
  }
  // A credential to create: the connection it goes to must work, or the preview fails naming the setting to fix.
  if (Object.keys(strip(olds)).length === 0 && known) {
    const unusable = await connections.unusable(inputs.controller as string | undefined);
    if (unusable !== undefined)
      return { inputs: checked, failures: [{ property: "", reason: cannotPlan(checked, unusable) }] };
  }
  if (marks instanceof Error) return { inputs: checked, failures: [{ property: "", reason: marks.message }] };
  if (Object.keys(strip(olds)).length === 0 && known) {
    const owned = await checkOwner(checked);
    if (owned !== undefined) return { inputs: checked, failures: [owned] };
  }
  const plugins = await checkPlugins(strip(olds), checked);
  if (plugins !== undefined) return { inputs: checked, failures: [plugins] };
  return { inputs: checked };
}

/**
 * No silent takeover: a credential to create or adopt whose existing namesake another owner marked fails the
 * preview, naming the owner and the option that hands it over. One listing of the store's credentials (every
 * domain, with their descriptions) per store, kept for the process; a credential already in the state asks nothing.
 */
async function checkOwner(news: Props): Promise<dynamic.CheckFailure | undefined> {
  if (unknownIn(news.takeOverFrom)) return undefined;
  const place = placeOf(news as Partial<CredentialInputs>);
  const name = credentialFullName(place, place.id);
  // Create checks again when it finds the credential there.
  const looked = await lookedUp(
    "Jenkins credential",
    name,
    async () => {
      const { client, baseUrl } = await connect(place, news.controller as string | undefined);
      const owners = await cachedListing(`credential\n${baseUrl}\n${place.folder}`, () =>
        storeOwners(client, place.folder),
      );
      return owners.get(`${place.domain}/${place.id}`);
    },
    warn,
  );
  const refused = looked && takeoverRefusal("Jenkins credential", name, looked.found, news);
  return refused ? { property: "", reason: refused.message } : undefined;
}

/**
 * The owner each credential of a store carries the mark of, by "domain/id". A store Jenkins answers 404 for (a
 * folder not made yet, or a user without Credentials/View) lists none: the create checks what it finds.
 */
async function storeOwners(client: JenkinsClient, folder: string): Promise<Map<string, string | undefined>> {
  try {
    const listed = await client.listStoreDescriptions({ folder });
    return new Map(listed.map((c) => [`${c.domain}/${c.id}`, readMark(c.description).owner]));
  } catch (e) {
    if (e instanceof CredentialNotFoundError) return new Map();
    throw e;
  }
}

function cannotPlan(v: Props, unusable: string): string {
  const place = placeOf(v as Partial<CredentialInputs>);
  return `Jenkins credential "${credentialFullName(place, place.id)}" cannot be planned: ${unusable}`;
}

/** The type's plugin, when the credential is new or its type changes (a plan with no change sends nothing). */
async function checkPlugins(olds: Props, news: Props): Promise<dynamic.CheckFailure | undefined> {
  const kind = kindOf(news as Partial<CredentialInputs>);
  if (kind === "configXml" ? unknownIn(news.configXml) : false) return undefined;
  const root = parseXml(renderCredential(news as unknown as CredentialInputs)).root;
  if (Object.keys(olds).length > 0) {
    const before = kindOf(olds as Partial<CredentialInputs>);
    if (before === kind && (kind !== "configXml" || sameRoot(olds.configXml, root.name))) return undefined;
  }
  if (pluginCheck instanceof Error) return { property: "", reason: pluginCheck.message };
  if (pluginCheck === "off" || !news.url) return undefined;
  const place = placeOf(news as Partial<CredentialInputs>);
  let client: JenkinsClient;
  let where: string;
  try {
    ({ client, baseUrl: where } = await connect(place, news.controller as string | undefined));
  } catch (e) {
    await warn(
      `the plugin check of Jenkins ${describePlace(place)} was skipped: ${e instanceof Error ? e.message : String(e)}`,
    );
    return undefined;
  }
  const failure = await preflight(
    client,
    credentialFullName(place, place.id),
    where,
    root,
    pluginCheck,
    {},
    "credential",
  );
  // Without a property: the CLI would print the whole config in front of the message.
  return failure === undefined ? undefined : { property: "", reason: failure };
}

function sameRoot(xml: unknown, name: string): boolean {
  if (typeof xml !== "string" || xml === "") return false;
  try {
    return parseXml(xml).root.name === name;
  } catch {
    return false;
  }
}

/** `diffs` names the properties that change in place (for tests and callers of the lifecycle). */
export interface CredentialDiffResult extends dynamic.DiffResult {
  diffs?: string[];
}

/**
 * Whether a credential whose `folder` changed from `from` to `to` went with its folder: the folder's move or
 * rename is planned in this run (the Job's diff recorded it), or already done (the old store is gone and the
 * credential is in the new one: a run that moved the folder, then stopped).
 */
async function followsFolder(olds: CredentialOutputs, to: string): Promise<boolean> {
  const from = olds.folder ?? "";
  if (from === "" || to === "") return false;
  const planned = plannedPath(olds.controller, from);
  if (planned !== undefined) return planned.toLowerCase() === to.toLowerCase();
  const place = placeOf(olds);
  try {
    const { client } = await connect(place, olds.controller);
    if (await client.exists(from)) return false;
    await getCredentialConfig(client, { ...place, folder: to });
    return true;
  } catch {
    return false; // not found there, or not reachable: a replace, as declared
  }
}

export async function diff(id: string, oldsRaw: Props, newsRaw: Props): Promise<CredentialDiffResult> {
  // The refresh's diff after a read that found an edit: "unknown", so the engine shows the inputs that differ.
  if (isRefreshDiffOfEdit(id, strip(newsRaw))) return {};
  const olds = withCurrentDigestKey(strip(oldsRaw) as unknown as CredentialOutputs);
  const news = strip(newsRaw) as unknown as CredentialInputs;
  // Handed over to another owner (a refresh found its mark): nothing to put back, nothing to send.
  if (typeof olds.__handedTo === "string") return { changes: false };
  const replaces: string[] = [];
  const diffs: string[] = [];
  for (const key of ["credentialId", "domain", "controller"] as const) {
    if (unknownIn(news[key]) || (olds[key] ?? "") !== (news[key] ?? "")) replaces.push(key);
  }
  if (unknownIn(news.folder)) replaces.push("folder");
  else if ((olds.folder ?? "") !== (news.folder ?? "")) {
    if (await followsFolder(olds, news.folder ?? "")) diffs.push("folder");
    else replaces.push("folder");
  }
  const oldKind = kindOf(olds);
  const newKind = kindOf(news);
  let deleteBeforeReplace = false;
  if (oldKind !== newKind) {
    replaces.push(newKind);
    // The same id in the same store: the old one must go first (Jenkins answers 409 to a second).
    deleteBeforeReplace = replaces.length === 1;
  } else if (newKind === "configXml") {
    if (unknownIn(news.configXml)) diffs.push("configXml");
    else if (!sameOldRoot(olds, parseXml(news.configXml as string).root.name)) {
      replaces.push("configXml");
      deleteBeforeReplace = replaces.length === 1;
    } else if (!sameOldInput(olds, news.configXml as string)) diffs.push("configXml");
  } else if (JSON.stringify(olds[newKind] ?? {}) !== JSON.stringify(news[newKind] ?? {})) diffs.push(newKind);
  for (const key of ["description", "scope", "secretVersion"] as const)
    if (unknownIn(news[key]) || (olds[key] ?? "") !== (news[key] ?? "")) diffs.push(key);
  if (
    unknownIn(news.secretValues) ||
    JSON.stringify(olds.secretValues ?? []) !== JSON.stringify(news.secretValues ?? [])
  )
    diffs.push("secretValues");
  const result: CredentialDiffResult = {
    changes: diffs.length > 0 || replaces.length > 0,
    replaces,
    deleteBeforeReplace,
  };
  if (diffs.length > 0 && replaces.length === 0) result.diffs = diffs;
  const wanted = markOwner(news);
  if (!result.changes && (news.__owner as unknown) !== UNKNOWN && ownerMoves(olds, wanted)) {
    // The mark alone: written where none was (an earlier release's state, marks turned on), an owner renamed,
    // marks turned off, or the credential let go (retainOnDelete, letGo).
    if (wanted !== undefined && olds.__owner === undefined) await sayMarkAdded(wanted);
    return { changes: true, replaces: [], deleteBeforeReplace: false, diffs: markChangeShown(olds, news, wanted) };
  }
  // A change must be able to reach its Jenkins: the preview fails naming the setting to fix.
  if (result.changes && !unknownIn(news.controller)) {
    const unusable = await connections.unusable(news.controller);
    if (unusable !== undefined) throw new ConnectionCheckError(cannotPlan(olds as unknown as Props, unusable));
  }
  return result;
}

/** Whether the old outputs (config or digest) describe a config of that root element. */
function sameOldRoot(olds: CredentialOutputs, name: string): boolean {
  if (olds.configXml) return sameRoot(olds.configXml, name);
  return isCredentialDigest(olds.__digest) && olds.__digest.root === name;
}

/** Whether the `configXml` input is the one the old outputs (config or digest) were made of. */
function sameOldInput(olds: CredentialOutputs, configXml: string): boolean {
  if (olds.configXml) return olds.configXml === configXml;
  return isCredentialDigest(olds.__digest) && sameInput(olds.__digest, configXml);
}

function outputsFor(news: CredentialInputs, baseUrl: string, owner: string | undefined): CredentialOutputs {
  const outs: CredentialOutputs = { ...news, url: credentialUrl(baseUrl, placeOf(news)) };
  // The owner whose mark the write carries, not the one the program gives: a later diff sees a change of owner, a
  // delete checks the credential's mark.
  outs.__owner = owner;
  delete outs.__retain;
  for (const key of Object.keys(outs) as (keyof CredentialOutputs)[]) if (outs[key] === undefined) delete outs[key];
  if (kindOf(news) === "configXml") {
    // The inputs hold the config: the outputs keep its digest.
    outs.__digest = credentialDigestOf(news.configXml as string, renderCredential(news));
    delete outs.configXml;
  }
  return outs;
}

/**
 * The XML to post, secrets in it: it exists only in this process and in the request body. Its description ends
 * with the mark of `owner`, when there is one.
 */
function toSend(v: CredentialInputs, owner: string | undefined): string {
  const marked = owner === undefined ? v : { ...v, description: withMark(declaredFields(v).description, owner) };
  return renderCredential(marked, v.secretValues ?? []);
}

export async function create(inputsRaw: Props): Promise<dynamic.CreateResult> {
  const news = strip(inputsRaw) as unknown as CredentialInputs;
  const place = placeOf(news);
  const { client, baseUrl } = await connect(place, news.controller);
  const owner = markOwner(news);
  try {
    await createCredential(client, place, toSend(news, owner));
  } catch (e) {
    if (!(e instanceof CredentialExistsError)) throw e;
    // Read it once: made by another owner since the preview looked (two stacks' `up`s at once), it is not taken
    // without a hand-over.
    const marked = await getCredentialConfig(client, place).catch(() => undefined);
    const { xml: remote, owner: found } =
      marked === undefined ? { xml: undefined, owner: undefined } : unmarkConfig(marked);
    const refused = takeoverRefusal("Jenkins credential", credentialFullName(place, place.id), found, news);
    if (refused) throw refused;
    // Not adopted, a credential whose every field but its secrets is as declared is taken over (one made by an
    // `up` cut short before saving its state); any other is refused.
    if (!news.adopt && !(remote !== undefined && heldAsDeclared(remote, news)))
      throw e.restated({
        hint: "Jenkins holds it with other fields than the declared ones. Set adopt: true to take over the existing credential (its fields and secrets are replaced by the declared ones), choose another id, or delete it in Jenkins first.",
      });
    if (!news.adopt)
      await warn(
        `Jenkins ${describePlace(place)} already existed with the declared fields (made by a \`pulumi up\` that was cut short before saving it, or by hand), so this stack took it over and manages it from now on. Jenkins never shows a secret, so its secrets were set to the declared ones.`,
      );
    // Jenkins never shows the secrets, so the declared ones are written: the state's secrets are the ones it holds.
    await updateCredential(client, place, toSend(news, owner));
  }
  rememberCreated(client, place.folder, place.id);
  return { id: randomUUID(), outs: outputsFor(news, baseUrl, owner) };
}

/** Whether Jenkins's copy (without its mark) holds every field but the secrets as declared; no when unreadable. */
function heldAsDeclared(remote: string, news: CredentialInputs): boolean {
  try {
    if (kindOf(news) === "configXml") return sameConfigCredential(renderCredential(news), remote);
    return fieldChanges(declaredFields(news), fieldsOfConfig(remote)).length === 0;
  } catch {
    return false;
  }
}

export async function read(id: string, propsRaw: Props): Promise<dynamic.ReadResult> {
  return noted(id, await readFromJenkins(id, propsRaw));
}

async function readFromJenkins(id: string, propsRaw: Props): Promise<dynamic.ReadResult> {
  const olds = withCurrentDigestKey(strip(propsRaw) as unknown as CredentialOutputs);
  const place = placeOf(olds);
  const { client, baseUrl } = await connect(place, olds.controller);
  let marked: string;
  try {
    marked = await getCredentialConfig(client, place);
  } catch (e) {
    if (e instanceof CredentialNotFoundError) return {}; // gone: the engine drops it from state
    throw e;
  }
  // The mark is never a change: everything below compares and reports the credential without it.
  const { xml: remote, owner: found } = unmarkConfig(marked);
  const kind = kindOf(olds);
  // Nothing declared yet: the provider plugin's import, which reads by id alone.
  const importing = kind === "configXml" && !olds.configXml && olds.__digest === undefined;
  // Handed over: the mark names another owner than the one this stack wrote (or any owner, where it wrote none).
  if (!importing && handedOver(found, olds)) {
    const name = credentialFullName(place, place.id);
    if (olds.__handedTo !== found) await warn(handedOverWarning("Jenkins credential", name, found));
    return { id, props: { ...olds, __handedTo: found } };
  }
  const props: CredentialOutputs = { ...olds, url: credentialUrl(baseUrl, place) };
  delete props.__handedTo;
  const typed = importing ? typedAsFound(remote) : {};
  if (Object.keys(typed).length > 0) {
    // Nothing declared yet (the provider plugin's import reads by id alone): the typed spec of what Jenkins holds,
    // its non-secret fields only. Jenkins never shows a secret: the program gives it.
    const found = { ...withCommonOf(props, remote), ...typed };
    return { id, props: { ...found, __markAtUpdate: true }, inputs: inputsOf(found, true) };
  }
  if (kind === "configXml") {
    const digest = isCredentialDigest(olds.__digest) ? olds.__digest : undefined;
    const same = olds.configXml
      ? sameConfigCredential(renderCredential(olds), remote)
      : digest !== undefined && sameAsDigest(digest, remote);
    if (same) return { id, props };
    // What Jenkins holds is not what was declared: the outputs hold it, not the digest of the declared config.
    const declared = olds.configXml || digest || "<x/>";
    const drifted = { ...withCommonOf(props, remote), configXml: driftedConfigXml(declared, remote) };
    delete drifted.__digest;
    if (importing) drifted.__markAtUpdate = true;
    return { id, props: drifted, inputs: inputsOf(drifted, importing) };
  }
  const declared = declaredFields(olds);
  const seen = fieldsOfConfig(remote);
  const changed = fieldChanges(declared, seen);
  if (changed.length === 0) return { id, props };
  // Another type under the id: shown as a changed spec, so the next `up` replaces it with the declared one.
  if (changed.includes("type")) {
    const drifted = { ...withCommonOf(props, remote), configXml: driftedConfigXml("<x/>", remote) };
    for (const k of TYPED_KINDS) delete drifted[k];
    delete drifted.__digest;
    return { id, props: drifted, inputs: inputsOf(drifted) };
  }
  const drifted = withCommonOf(props, remote);
  if (kind === "usernamePassword") drifted.usernamePassword = { username: seen.username ?? "" };
  if (kind === "sshPrivateKey") drifted.sshPrivateKey = { username: seen.username ?? "" };
  if (kind === "secretFile") drifted.secretFile = { fileName: seen.fileName ?? "" };
  return { id, props: drifted, inputs: inputsOf(drifted) };
}

/**
 * The typed spec of a credential config that is exactly one typed kind (its non-secret fields), as
 * `pulumi-jenkins import` declares it (found.ts); nothing for any other, which is declared as its config.
 */
function typedAsFound(remote: string): Partial<CredentialOutputs> {
  const fit = typedFitOf(parseXml(remote).root);
  if (fit === undefined) return {};
  if (fit.kind === "secretText") return { secretText: {} };
  if (fit.kind === "secretFile") return { secretFile: { fileName: fit.fields.fileName } };
  return { [fit.kind]: { username: fit.fields.username } };
}

/** Description and scope as Jenkins has them, in the inputs' form (GLOBAL as absent), over `props`. */
function withCommonOf(props: CredentialOutputs, remote: string): CredentialOutputs {
  const f = fieldsOfConfig(remote);
  const out: CredentialOutputs = { ...props, description: f.description };
  // Absent, not undefined: a property map with an undefined value cannot be sent to the engine.
  if (f.scope === "SYSTEM") out.scope = "SYSTEM";
  else delete out.scope;
  return out;
}

/**
 * The inputs a read reports. A refresh's: the same keys and shape `check` returns, `url` included (check adds it,
 * and the state's inputs hold it: left out here, a refresh would show it as removed and the next preview as added).
 * An import's: what a program would declare, so no `url`, an output no program gives.
 */
function inputsOf(props: CredentialOutputs, imported = false): Partial<CredentialInputs> {
  const inputs: Partial<CredentialOutputs> = { ...props };
  if (imported) delete inputs.url;
  delete inputs.__digest;
  delete inputs.__handedTo;
  delete inputs.__markAtUpdate;
  for (const key of Object.keys(inputs) as (keyof CredentialOutputs)[])
    if (inputs[key] === undefined) delete inputs[key];
  return inputs;
}

/** Called only when diff found a change in place: one config.xml POST, or none for a credential that only
 * followed its folder. */
export async function update(_id: string, oldsRaw: Props, newsRaw: Props): Promise<dynamic.UpdateResult> {
  const olds = withCurrentDigestKey(strip(oldsRaw) as unknown as CredentialOutputs);
  const news = strip(newsRaw) as unknown as CredentialInputs;
  const place = placeOf(news);
  const { client, baseUrl } = await connect(place, news.controller);
  const owner = markOwner(news);
  const followed = { ...olds, folder: news.folder } as CredentialOutputs;
  // The diff counts a mark to move as a change, so a credential that only followed its folder keeps its mark.
  const onlyFolder = (await diff(_id, followed as unknown as Props, newsRaw)).changes === false;
  if (!onlyFolder) {
    try {
      await updateCredential(client, place, toSend(news, owner));
    } catch (e) {
      // Deleted in Jenkins since the last refresh: say so rather than make it again behind the user's back.
      if (e instanceof CredentialNotFoundError)
        throw e.restated({
          hint: "It was deleted in Jenkins (or its folder moved) since the last refresh: run `pulumi refresh`, then `pulumi up` makes it again.",
        });
      throw e;
    }
  }
  // A credential that only followed its folder was not written: it keeps the mark it had.
  return { outs: outputsFor(news, baseUrl, onlyFolder ? olds.__owner : owner) };
}

export async function deleteCredentialResource(_id: string, propsRaw: Props): Promise<void> {
  const olds = withCurrentDigestKey(strip(propsRaw) as unknown as CredentialOutputs);
  // Handed over: another owner manages it now. Only the state lets it go.
  if (typeof olds.__handedTo === "string") return;
  const place = placeOf(olds);
  const { client } = await connect(place, olds.controller);
  try {
    // Whose credential it is, first: a mark naming another owner (a hand-over not refreshed, a mark rewritten)
    // keeps it.
    const found = unmarkConfig(await getCredentialConfig(client, place)).owner;
    if (handedOver(found, olds)) {
      await warn(leftInJenkinsWarning("Jenkins credential", credentialFullName(place, place.id), found));
      return;
    }
    await deleteCredential(client, place);
  } catch (e) {
    if (e instanceof CredentialNotFoundError) return; // already gone is what delete wants
    throw e;
  }
}

export { deleteCredentialResource as delete };
