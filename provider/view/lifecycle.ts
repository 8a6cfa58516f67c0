/**
 * What the View resource does at each step of the Pulumi lifecycle, with the fewest requests: create is one
 * `createView` (and one config.xml GET when the view exists), refresh one config.xml GET, update one config.xml
 * POST (after one `configSubmit` for a new name), delete one config.xml GET (whose mark of ownership says whether
 * the view is this stack's to delete) and one `doDelete`, a no-op none. The preview of a view to create reads the
 * owners of its folder's views once (docs/guide/ownership.md). A new name renames the view
 * in place; a new folder is an update when the folder itself was moved or renamed in place (Jenkins keeps a
 * folder's views in its config.xml, so they go with it), a replace otherwise, like a new controller. Loaded by the
 * thin serialized provider (provider.ts) from the installed package at call time, like the Job lifecycle.
 */
import { randomUUID } from "node:crypto";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import {
  InvalidConfigError,
  JenkinsError,
  JobNotFoundError,
  ViewAlreadyExistsError,
  ViewNotFoundError,
} from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import { viewFullName, viewUrlPath } from "../client/views";
import { verifiedClientFor, type ConfigSource } from "../connection/settings";
import { StackConnections } from "../connection/stack-connections";
import { warn } from "../dynamic/engine-log";
import { sayMarkAdded } from "../dynamic/mark-added";
import { plannedPath } from "../dynamic/planned-moves";
import { PartialFailureError } from "../dynamic/partial-failure";
import { PROVIDER_KEY, strip, UNKNOWN, withCurrentDigestKey, type Props } from "../dynamic/props";
import { isRefreshDiffOfEdit, noted } from "../dynamic/refresh-diff";
import { pluginCheckOf, preflight, type PluginCheckMode } from "../plugins/preflight";
import { canonicalizeConfig } from "../xml/canonical";
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
import { readMark } from "../ownership/mark";
import { unmarkConfig } from "../ownership/root-mark";
import { marksSetting } from "../ownership/settings";
import {
  isViewDigest,
  markedViewConfig,
  sameAsDigest,
  sameViewConfig,
  viewChangedFrom,
  viewConfigChanged,
  viewDigestOf,
  viewRootOf,
} from "./config";
import { checkViewInputs } from "./inputs";
import { listViewChanges, parseListView, reflectListView, renderListView, writtenListView } from "./list-view";
import type { ViewInputs, ViewOutputs } from "./types";

const connections = new StackConnections();
const unknownIn = (v: unknown): boolean => JSON.stringify(v ?? null).includes(UNKNOWN);
let pluginCheck: PluginCheckMode | Error = "error";
/** `jenkins:ownershipMarks`, or why its value is refused (reported by every check). */
let marks: boolean | Error = true;

export async function configure(req: { config: ConfigSource }): Promise<void> {
  connections.configure(req.config);
  pluginCheck = pluginCheckOf(req.config);
  marks = marksSetting(req.config);
}

/** The owner a write marks the view with (ownership/lifecycle-owner.ts). */
function markOwner(news: Partial<ViewInputs>): string | undefined {
  return writtenOwner(news, marks === true);
}

/** The config to send and the `configXml` output: the declared XML, or the listView spec rendered. */
function declaredConfig(v: ViewInputs): string {
  return v.listView !== undefined ? renderListView(v.name, v.listView) : (v.configXml as string);
}

function viewUrl(baseUrl: string, folder: string | undefined, name: string): string {
  return baseUrl + viewUrlPath(folder ?? "", name).slice(1);
}

function baseUrlIfConfigured(controller: unknown): string | undefined {
  return controller === UNKNOWN ? undefined : connections.urlIfConfigured(controller as string | undefined);
}

/** The client of the view's Jenkins, checked to be a Jenkins; a connection error names the view. */
async function connect(fullName: string, controller: string | undefined) {
  const settings = connections.settingsFor(controller);
  try {
    return { client: await verifiedClientFor(settings), baseUrl: settings.url };
  } catch (e) {
    if (e instanceof JenkinsError && e.view === undefined && e.job === undefined) throw e.restated({ view: fullName });
    throw e;
  }
}

/** Check, plus `fullName` and `url` (which follow from the inputs alone), and the plugin pre-flight of a new config. */
export async function check(olds: Props, newsRaw: Props): Promise<dynamic.CheckResult> {
  const { inputs, failures } = checkViewInputs(strip(newsRaw));
  const problem = inputs.controller === UNKNOWN ? undefined : connections.controllerProblem(inputs.controller);
  if (problem !== undefined) failures.push({ property: "controller", reason: problem });
  if (failures.length > 0) return { inputs: { ...newsRaw, ...inputs }, failures };
  const known =
    typeof inputs.name === "string" && inputs.name !== UNKNOWN && inputs.folder !== UNKNOWN
      ? viewFullName((inputs.folder as string | undefined) ?? "", inputs.name)
      : undefined;
  const base = baseUrlIfConfigured(inputs.controller);
  const checked: Props = { ...inputs };
  if (known !== undefined) {
    checked.fullName = known;
    if (base !== undefined) checked.url = viewUrl(base, inputs.folder as string | undefined, inputs.name as string);
  }
  if (marks instanceof Error) return { inputs: checked, failures: [{ property: "", reason: marks.message }] };
  const owned = await checkOwner(strip(olds), checked);
  if (owned !== undefined) return { inputs: checked, failures: [owned] };
  const plugins = await checkPlugins(strip(olds), checked);
  if (plugins !== undefined) return { inputs: checked, failures: [plugins] };
  return { inputs: checked };
}

/**
 * No silent takeover: a view to create or adopt whose existing namesake another owner marked fails the preview,
 * naming the owner and the option that hands it over. One listing of the folder's views (with their descriptions)
 * per folder, kept for the process; a view already in the state asks nothing.
 */
async function checkOwner(olds: Props, news: Props): Promise<dynamic.CheckFailure | undefined> {
  if (Object.keys(olds).length > 0) return undefined;
  const fullName = news.fullName;
  if (typeof fullName !== "string" || news.controller === UNKNOWN || news.takeOverFrom === UNKNOWN) return undefined;
  const folder = (news.folder as string | undefined) ?? "";
  // Create checks again when it finds the view there.
  const looked = await lookedUp(
    "Jenkins view",
    fullName,
    async () => {
      const { client, baseUrl } = await connect(fullName, news.controller as string | undefined);
      const owners = await cachedListing(`view\n${baseUrl}\n${folder}`, () => viewOwners(client, folder));
      return owners.get(news.name as string);
    },
    warn,
  );
  const refused = looked && takeoverRefusal("Jenkins view", fullName, looked.found, news);
  return refused ? { property: "", reason: refused.message } : undefined;
}

/** The owner each view of a folder carries the mark of; a folder not made yet holds none. */
async function viewOwners(client: JenkinsClient, folder: string): Promise<Map<string, string | undefined>> {
  try {
    const views = await client.listViews(folder);
    return new Map(views.map((v) => [v.name, readMark(v.description).owner]));
  } catch (e) {
    if (e instanceof JobNotFoundError || e instanceof ViewNotFoundError) return new Map();
    throw e;
  }
}

/** The config a set of inputs declares, when it is known (a list view rendered). */
function declaredForCheck(p: Props): string | undefined {
  if (p.listView !== undefined) {
    if (unknownIn(p.listView) || typeof p.name !== "string" || p.name === UNKNOWN) return undefined;
    return renderListView(p.name, p.listView as ViewInputs["listView"]);
  }
  return typeof p.configXml === "string" && p.configXml !== UNKNOWN ? p.configXml : undefined;
}

/** The pre-flight of a view whose config is new or changed (its view class, a list view's columns). */
async function checkPlugins(olds: Props, news: Props): Promise<dynamic.CheckFailure | undefined> {
  const config = declaredForCheck(news);
  if (config === undefined || declaredForCheck(olds) === config) return undefined;
  if (pluginCheck instanceof Error) return { property: "", reason: pluginCheck.message };
  if (pluginCheck === "off" || news.controller === UNKNOWN || typeof news.fullName !== "string") return undefined;
  let client: JenkinsClient;
  let where: string;
  try {
    ({ client, baseUrl: where } = await connect(news.fullName, news.controller as string | undefined));
  } catch (e) {
    await warn(
      `the plugin check of Jenkins view "${news.fullName}" was skipped: ${e instanceof Error ? e.message : String(e)}`,
    );
    return undefined;
  }
  const failure = await preflight(client, news.fullName, where, parseXml(config).root, pluginCheck, {}, "view");
  // Without a property: the CLI would print the whole config in front of the message.
  return failure === undefined ? undefined : { property: "", reason: failure };
}

/** `diffs` names the properties that change in place (for tests and callers of the lifecycle). */
export interface ViewDiffResult extends dynamic.DiffResult {
  diffs?: string[];
}

/**
 * Whether a view whose `folder` changed from the old one to `to` went with its folder: the folder's move or rename
 * is planned in this run (the Job's diff recorded it), or already done (the old folder is gone and the view is in
 * the new one, under its old name or the new one: a run that moved the folder, then stopped).
 */
async function followsFolder(olds: ViewOutputs, to: string, newName: string): Promise<boolean> {
  const from = olds.folder ?? "";
  if (from === "" || to === "") return false;
  const planned = plannedPath(olds.controller, from);
  if (planned !== undefined) return planned.toLowerCase() === to.toLowerCase();
  try {
    const { client } = await connect(viewFullName(from, olds.name), olds.controller);
    if (await client.exists(from)) return false;
    return (await viewExists(client, to, olds.name)) || (await viewExists(client, to, newName));
  } catch {
    return false; // not reachable: a replace, as declared
  }
}

async function viewExists(client: JenkinsClient, folder: string, name: string): Promise<boolean> {
  try {
    await client.getViewConfig(folder, name);
    return true;
  } catch (e) {
    if (e instanceof ViewNotFoundError) return false;
    throw e;
  }
}

export async function diff(id: string, oldsRaw: Props, newsRaw: Props): Promise<ViewDiffResult> {
  // The refresh's diff after a read that found an edit: "unknown", so the engine shows the inputs that differ.
  if (isRefreshDiffOfEdit(id, strip(newsRaw))) return {};
  const olds = withCurrentDigestKey(strip(oldsRaw) as unknown as ViewOutputs);
  const news = strip(newsRaw) as unknown as ViewInputs;
  // Handed over to another owner (a refresh found its mark): nothing to put back, nothing to send.
  if (typeof olds.__handedTo === "string") return { changes: false };
  const replaces: string[] = [];
  const diffs: string[] = [];
  if (unknownIn(news.controller) || (olds.controller ?? "") !== (news.controller ?? "")) replaces.push("controller");
  if (unknownIn(news.folder)) replaces.push("folder");
  else if ((olds.folder ?? "") !== (news.folder ?? "")) {
    const newName = typeof news.name === "string" && !unknownIn(news.name) ? news.name : olds.name;
    if (await followsFolder(olds, news.folder ?? "", newName)) diffs.push("folder");
    else replaces.push("folder");
  }
  // A new name is a rename in place (the view's configure form), kept when the view moves with its folder.
  if (unknownIn(news.name) || olds.name !== news.name) diffs.push("name");
  let deleteBeforeReplace = false;
  if (news.listView !== undefined) {
    if (unknownIn(news.listView)) diffs.push("listView");
    else if (olds.listView === undefined) {
      // From a configXml view: another type of view cannot be posted over it.
      const oldRoot = oldViewRoot(olds);
      if (oldRoot === undefined || oldRoot !== viewRootOf(renderListView(news.name, news.listView))) {
        replaces.push("listView");
        deleteBeforeReplace = true;
      } else diffs.push("listView");
    } else if (listViewChanges(olds.listView, news.listView).length > 0) diffs.push("listView");
    else if (oldChanged(olds, renderListView(olds.name, news.listView))) diffs.push("configXml"); // Jenkins's copy held what no spec says (refresh): put the declared one back
  } else if (news.configXml !== undefined) {
    if (unknownIn(news.configXml)) diffs.push("configXml");
    else if (oldViewRoot(olds) === undefined) diffs.push("configXml");
    else if (oldViewRoot(olds) !== viewRootOf(news.configXml)) {
      replaces.push("configXml");
      deleteBeforeReplace = true;
    } else if (olds.listView !== undefined || oldChanged(olds, news.configXml)) diffs.push("configXml");
  }
  // Another type under the same name must make room first; a view of another name or place need not.
  if (replaces.some((k) => k === "folder" || k === "controller") || diffs.includes("name")) deleteBeforeReplace = false;
  const result: ViewDiffResult = { changes: diffs.length > 0 || replaces.length > 0, replaces, deleteBeforeReplace };
  if (diffs.length > 0 && replaces.length === 0) result.diffs = diffs;
  const wanted = markOwner(news);
  if (!result.changes && (news.__owner as unknown) !== UNKNOWN && ownerMoves(olds, wanted)) {
    // The mark alone: written where none was (an earlier release's state, marks turned on), an owner renamed,
    // marks turned off, or the view let go (retainOnDelete, letGo).
    if (wanted !== undefined && olds.__owner === undefined) await sayMarkAdded(wanted);
    return { changes: true, replaces: [], deleteBeforeReplace: false, diffs: markChangeShown(olds, news, wanted) };
  }
  return result;
}

/** The root of the config the old outputs describe (its text, or its digest); undefined when none is known. */
function oldViewRoot(olds: ViewOutputs): string | undefined {
  if (olds.configXml) return viewRootOf(olds.configXml);
  return isViewDigest(olds.__digest) ? olds.__digest.root : undefined;
}

/** Whether the new inputs declare the config the old outputs describe (a view that only went with its folder). */
function sameDeclaredConfig(olds: ViewOutputs, news: ViewInputs): boolean {
  if (news.listView !== undefined)
    return (
      olds.listView !== undefined &&
      listViewChanges(olds.listView, news.listView).length === 0 &&
      !oldChanged(olds, renderListView(olds.name, news.listView))
    );
  return olds.listView === undefined && oldViewRoot(olds) !== undefined && !oldChanged(olds, news.configXml as string);
}

/** Whether `declared` differs from the config the old outputs describe (or none is known). */
function oldChanged(olds: ViewOutputs, declared: string): boolean {
  if (olds.configXml) return viewConfigChanged(olds.configXml, declared);
  return !isViewDigest(olds.__digest) || viewChangedFrom(olds.__digest, declared);
}

function outputsFor(news: ViewInputs, baseUrl: string, configXml: string, owner: string | undefined): ViewOutputs {
  const outs: ViewOutputs = {
    name: news.name,
    fullName: viewFullName(news.folder ?? "", news.name),
    url: viewUrl(baseUrl, news.folder, news.name),
    // The inputs hold the config (a listView's spec beside it): the outputs keep its digest.
    __digest: viewDigestOf(configXml),
  };
  if (news.folder) outs.folder = news.folder;
  if (news.controller) outs.controller = news.controller;
  if (news.listView !== undefined) outs.listView = news.listView;
  if (news.adopt !== undefined) outs.adopt = news.adopt;
  if (news.letGo !== undefined) outs.letGo = news.letGo;
  // The owner whose mark the write carries: a later diff sees a change of owner, a delete checks the view's mark.
  if (owner !== undefined) outs.__owner = owner;
  return outs;
}

export async function create(inputsRaw: Props): Promise<dynamic.CreateResult> {
  const news = strip(inputsRaw) as unknown as ViewInputs;
  const folder = news.folder ?? "";
  const fullName = viewFullName(folder, news.name);
  const { client, baseUrl } = await connect(fullName, news.controller);
  const xml = declaredConfig(news);
  const owner = markOwner(news);
  const toSend = markedViewConfig(xml, owner);
  try {
    await client.createView(folder, news.name, toSend);
  } catch (e) {
    if (!(e instanceof ViewAlreadyExistsError)) throw e;
    // Read it once: adopted, the declared config is posted only when it differs; not adopted, a view Jenkins holds
    // as declared (made by an `up` cut short before saving its state) is taken over, and any other is refused.
    const marked = await client.getViewConfig(folder, news.name).catch((readError: unknown) => {
      if (news.adopt) throw readError;
      return undefined;
    });
    const { xml: remote, owner: found } =
      marked === undefined ? { xml: undefined, owner: undefined } : unmarkConfig(marked);
    // Made by another owner since the preview looked (two stacks' `up`s at once): not taken without a hand-over.
    const refused = takeoverRefusal("Jenkins view", fullName, found, news);
    if (refused) throw refused;
    const same = remote !== undefined && matches(news, remote);
    if (!news.adopt && !same)
      throw e.restated({
        hint: "Jenkins holds another config for it than the declared one. Set adopt: true to take over the existing view (its config is replaced by the declared one), choose another name, or delete it in Jenkins first.",
      });
    if (!news.adopt)
      await warn(
        `Jenkins view "${fullName}" already existed with the declared config (made by a \`pulumi up\` that was cut short before saving it, or by hand), so this stack took it over and manages it from now on.`,
      );
    // The mark Jenkins holds is written again only when it is not the one wanted.
    if (!same || found !== owner) await post(client, folder, news.name, toSend);
  }
  return { id: randomUUID(), outs: outputsFor(news, baseUrl, xml, owner) };
}

/** Whether Jenkins's copy is what the inputs (or old outputs, with a config or its digest) declare. */
function matches(v: ViewInputs & { __digest?: unknown }, remote: string): boolean {
  if (v.listView !== undefined) {
    const parsed = parseListView(remote);
    return parsed !== undefined && listViewChanges(v.listView, parsed).length === 0;
  }
  if (!v.configXml && isViewDigest(v.__digest)) return sameAsDigest(v.__digest, remote);
  return sameViewConfig(v.configXml as string, remote);
}

async function post(client: JenkinsClient, folder: string, name: string, xml: string): Promise<void> {
  try {
    await client.updateViewConfig(folder, name, xml);
  } catch (e) {
    if (e instanceof InvalidConfigError) {
      throw e.restated({
        hint: "Jenkins cannot change a view's type in place; the view is unchanged. Check that the XML is well-formed and that its plugin is installed.",
      });
    }
    throw e;
  }
}

export async function read(id: string, propsRaw: Props): Promise<dynamic.ReadResult> {
  return noted(id, await readFromJenkins(id, propsRaw));
}

async function readFromJenkins(id: string, propsRaw: Props): Promise<dynamic.ReadResult> {
  const olds = withCurrentDigestKey(strip(propsRaw) as unknown as ViewOutputs);
  const folder = olds.folder ?? "";
  const fullName = viewFullName(folder, olds.name);
  const { client, baseUrl } = await connect(fullName, olds.controller);
  let marked: string;
  try {
    marked = await client.getViewConfig(folder, olds.name);
  } catch (e) {
    if (e instanceof ViewNotFoundError) return {}; // gone: the engine drops it from state
    throw e;
  }
  // The mark is never a change: everything below compares and reports the view without it.
  const { xml: remote, owner: found } = unmarkConfig(marked);
  const declaresNothing = olds.listView === undefined && !olds.configXml && !isViewDigest(olds.__digest);
  // Handed over: the mark names another owner than the one this stack wrote (or any owner, where it wrote none).
  if (!declaresNothing && handedOver(found, olds)) {
    if (olds.__handedTo !== found) await warn(handedOverWarning("Jenkins view", fullName, found));
    return { id, props: { ...olds, fullName, __handedTo: found } };
  }
  const props: ViewOutputs = { ...olds, fullName, url: viewUrl(baseUrl, olds.folder, olds.name) };
  delete props.__handedTo;
  if (declaresNothing) {
    // Nothing declared (the provider plugin's import reads by id alone): the listView spec the view fits, written as
    // `pulumi-jenkins import` writes it; any other view as its config.
    const parsed = parseListView(remote);
    const found: ViewOutputs =
      parsed === undefined
        ? { ...props, configXml: canonicalizeConfig(remote) }
        : { ...props, listView: writtenListView(parsed), configXml: renderListView(olds.name, parsed) };
    return { id, props: { ...found, __markAtUpdate: true }, inputs: inputsOf(found) };
  }
  if ((olds.configXml || isViewDigest(olds.__digest)) && matches(olds, remote)) return { id, props };
  // What Jenkins holds is not what was declared: the outputs hold it, not the digest of the declared config.
  delete props.__digest;
  if (olds.listView !== undefined) {
    const parsed = parseListView(remote);
    if (parsed !== undefined) {
      // Reported as the spec Jenkins has, so the next preview shows the edit as listView properties.
      const listView = reflectListView(olds.listView, parsed);
      const drifted = { ...props, listView, configXml: renderListView(olds.name, listView) };
      return { id, props: drifted, inputs: inputsOf(drifted) };
    }
  }
  const drifted: ViewOutputs = { ...props, configXml: canonicalizeConfig(remote) };
  return { id, props: drifted, inputs: inputsOf(drifted) };
}

/** The inputs a refresh reports: the keys `check` returns (its `fullName` and `url` among them), so only an edit differs. */
function inputsOf(props: ViewOutputs): Partial<ViewInputs> & { fullName: string; url: string } {
  const inputs: Partial<ViewInputs> & { fullName: string; url: string } = {
    name: props.name,
    fullName: props.fullName,
    url: props.url,
  };
  if (props.folder) inputs.folder = props.folder;
  if (props.controller) inputs.controller = props.controller;
  if (props.listView !== undefined) inputs.listView = props.listView;
  else inputs.configXml = props.configXml;
  return inputs;
}

/**
 * Called only when diff found a change in place: one config.xml POST, after a `configSubmit` that renames the view
 * when its name changed. A new folder needs no request: the folder's own update (which this view's inputs wait
 * for) moved the view with it.
 */
export async function update(id: string, oldsRaw: Props, newsRaw: Props): Promise<dynamic.UpdateResult> {
  const olds = withCurrentDigestKey(strip(oldsRaw) as unknown as ViewOutputs);
  const news = strip(newsRaw) as unknown as ViewInputs;
  const folder = news.folder ?? "";
  const { client, baseUrl } = await connect(viewFullName(folder, news.name), news.controller);
  const renamed = olds.name !== news.name;
  if (renamed) await rename(client, folder, olds.name, news.name);
  const xml = declaredConfig(news);
  const owner = markOwner(news);
  // Always posted after a rename: the configure form replaced the fields it carries. A new owner (or none) is a
  // new description.
  if (renamed || !sameDeclaredConfig(olds, news) || olds.__owner !== owner) {
    try {
      await post(client, folder, news.name, markedViewConfig(xml, owner));
    } catch (e) {
      if (!renamed) throw e;
      // The view has its new name: record it, or a refresh would look for the old one, find nothing and drop the
      // view from the state while it stays in Jenkins.
      const message = `${e instanceof Error ? e.message : String(e)} The view is now named "${news.name}".`;
      const at: Props = {
        ...oldsRaw,
        name: news.name,
        fullName: viewFullName(folder, news.name),
        url: viewUrl(baseUrl, news.folder, news.name),
        [PROVIDER_KEY]: newsRaw[PROVIDER_KEY],
      };
      if (news.folder) at.folder = news.folder;
      else delete at.folder;
      throw new PartialFailureError(message, id, at, [message]);
    }
  }
  return { outs: outputsFor(news, baseUrl, xml, owner) };
}

/** Renames the view, unless a run that stopped after the rename already did (the view has its new name only). */
async function rename(client: JenkinsClient, folder: string, from: string, to: string): Promise<void> {
  try {
    await client.renameView(folder, from, to);
  } catch (e) {
    if (e instanceof ViewNotFoundError && (await viewExists(client, folder, to))) return;
    throw e;
  }
}

export async function deleteView(_id: string, propsRaw: Props): Promise<void> {
  const olds = withCurrentDigestKey(strip(propsRaw) as unknown as ViewOutputs);
  // Handed over: another owner manages it now. Only the state lets it go.
  if (typeof olds.__handedTo === "string") return;
  const folder = olds.folder ?? "";
  const fullName = viewFullName(folder, olds.name);
  const { client } = await connect(fullName, olds.controller);
  try {
    // Whose view it is, first: a mark naming another owner (a hand-over not refreshed, a mark rewritten) keeps it.
    const found = unmarkConfig(await client.getViewConfig(folder, olds.name)).owner;
    if (handedOver(found, olds)) {
      await warn(leftInJenkinsWarning("Jenkins view", fullName, found));
      return;
    }
    await client.deleteView(folder, olds.name);
  } catch (e) {
    if (e instanceof ViewNotFoundError) return; // already gone is what delete wants
    throw e;
  }
}

export { deleteView as delete };
