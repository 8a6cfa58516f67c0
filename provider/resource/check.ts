/**
 * `check`: everything that can be refused without asking Jenkins (names, folder paths, XML well-formedness, item
 * type, a disabled folder), and the canonical form of configXml so that a preview diff shows only changed lines.
 * Values not known yet (preview) are passed through untouched.
 *
 * A config given as text is checked once: the checked inputs keep the SHA-256 of the text as submitted
 * (`__configXmlSha256`), and a later check of the same text takes the canonical form from the old inputs without
 * reading the XML again. That makes the check of an unchanged job, every job of a no-op plan, parse-free.
 */
import { createHash } from "node:crypto";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { InvalidNameError } from "../client/errors";
import { validateJobName, validateJobPath } from "../client/names";
import { unknownPath } from "../specs/unknown";
import { specIssues } from "../specs/validate";
import { canonicalizeDocument } from "../xml/canonical";
import { XmlEntityError, XmlTooLargeError } from "../xml/errors";
import { excerptAt } from "../xml/excerpt";
import { parseXml, XmlSyntaxError, type XmlElement } from "../xml/tree";
import type { Props } from "./desired";
import { canonicalFields } from "./canonical-fields";
import { fieldsOf, rootNameOf, type JobFields } from "./job-config";
import { describeRoot, KNOWN_ROOTS } from "./job-kinds";
import { configFieldsOf, CONFIG_FIELDS_KEY, fillFields } from "./filled-fields";
import { knownFields, rememberFields } from "./known-fields";
import { givenSources, inputPath, SOURCE_KEYS, specKind, type SpecKey } from "./sources";
import { UNKNOWN } from "./types";

function failure(property: string, reason: string): dynamic.CheckFailure {
  return { property, reason };
}

/** Jenkins keeps every item in a directory named after it; file systems refuse longer names (as a 500). */
const MAX_NAME_BYTES = 255;

/**
 * Jenkins's own naming rules, as a check failure (with Jenkins's message) instead of an exception, plus the length
 * limit Jenkins does not check itself but its file system enforces.
 */
function nameFailure(property: string, value: string, validate: (v: string) => void): dynamic.CheckFailure[] {
  try {
    validate(value);
  } catch (e) {
    if (!(e instanceof InvalidNameError)) throw e;
    return [failure(property, e.message)];
  }
  const long = value.split("/").find((segment) => Buffer.byteLength(segment, "utf8") > MAX_NAME_BYTES);
  if (long === undefined) return [];
  return [
    failure(
      property,
      `"${long.slice(0, 40)}…" is ${Buffer.byteLength(long, "utf8")} bytes long; Jenkins stores each item in a ` +
        `directory named after it and file systems refuse names over ${MAX_NAME_BYTES} bytes. Choose a shorter name.`,
    ),
  ];
}

/**
 * The checked input that records which submitted text a canonical `configXml` was made from. Internal (a key
 * starting with `__`), so `pulumi preview --diff` never shows it; a refresh reports inputs without it, so a config
 * found edited in Jenkins is always read again.
 */
export const CONFIG_DIGEST_KEY = "__configXmlSha256";

/** Where versions up to 0.1 kept the digest: accepted from old inputs, never written. */
export const LEGACY_DIGEST_KEY = "configXmlSha256";

/**
 * The first 128 bits of the text's SHA-256, in base64url: it tells the text of the last check from another, which
 * needs no more. Inputs written before keep the 64 hex digits of the whole hash, which name the same text.
 */
function digestOf(text: string): { kept: string; names(old: unknown): boolean } {
  const hash = createHash("sha256").update(text).digest();
  const kept = hash.subarray(0, 16).toString("base64url");
  return { kept, names: (old) => old === kept || old === hash.toString("hex") };
}

/**
 * The config's own description and enabled state, from inputs this version checked without `__configXmlFields`
 * (their text hash is the short one): those inputs' own `description` and `enabled` are the config's. An item that
 * cannot be disabled has no `enabled` input, and nothing reads its own.
 */
function ownFieldsInInputs(olds: Props): JobFields | undefined {
  const hash = olds[CONFIG_DIGEST_KEY];
  if (typeof hash !== "string" || hash.length !== SHORT_HASH || typeof olds.description !== "string") return undefined;
  return { description: olds.description, enabled: typeof olds.enabled === "boolean" ? olds.enabled : true };
}

/** Characters of the text hash this version keeps (128 bits in base64url); versions before kept 64 hex digits. */
const SHORT_HASH = 22;

/**
 * The config's own description and enabled state in `__configXmlFields`, only when the checked inputs' differ
 * (the program gave its own): otherwise the inputs say them already (ownFieldsInInputs).
 */
function keepFieldsWhenOwn(news: Props, own: JobFields): void {
  const enabled = news.enabled === undefined || news.enabled === own.enabled;
  if (news.description !== own.description || !enabled) news[CONFIG_FIELDS_KEY] = own;
}

export interface CheckedJob {
  result: dynamic.CheckResult;
  /** The declared config's tree when this check read it, for further checks that need it (the plugin pre-flight). */
  root?: XmlElement;
}

export async function check(olds: Props, newsRaw: Props): Promise<dynamic.CheckResult> {
  return (await checkJob(olds, newsRaw)).result;
}

export async function checkJob(olds: Props, newsRaw: Props): Promise<CheckedJob> {
  const news = { ...newsRaw };
  // Derived here, never taken from the program.
  delete news[CONFIG_DIGEST_KEY];
  delete news[LEGACY_DIGEST_KEY];
  delete news[CONFIG_FIELDS_KEY];
  const failures: dynamic.CheckFailure[] = [];
  let root: XmlElement | undefined;
  const known = (v: unknown) => v !== UNKNOWN;

  if (typeof news.name !== "string" || news.name === "") {
    failures.push(failure("name", 'name is required: the job\'s own name, without folders (e.g. "api-build").'));
  } else if (known(news.name)) {
    failures.push(...nameFailure("name", news.name, validateJobName));
  }

  if (news.folder === undefined || news.folder === null || news.folder === "") {
    delete news.folder;
  } else if (typeof news.folder !== "string") {
    failures.push(failure("folder", 'folder must be a string: the full path of the parent folder, e.g. "team/apps".'));
  } else if (known(news.folder)) {
    failures.push(...nameFailure("folder", news.folder, validateJobPath));
  }

  if (news.description !== undefined && news.description !== null && typeof news.description !== "string") {
    failures.push(failure("description", "description must be a string."));
  }
  if (news.description === null) delete news.description;
  for (const flag of ["enabled", "adopt", "letGo"] as const) {
    if (news[flag] === null) delete news[flag];
    else if (news[flag] !== undefined && known(news[flag]) && typeof news[flag] !== "boolean") {
      failures.push(failure(flag, `${flag} must be true or false.`));
    }
  }

  for (const key of SOURCE_KEYS) if (news[key] === null) delete news[key];
  const sources = givenSources(news);
  if (sources.length > 1) {
    failures.push(
      failure(
        sources[1],
        `Give exactly one of ${SOURCE_KEYS.join(", ")} to define the job; got ${sources.join(" and ")}.`,
      ),
    );
  } else if (sources.length === 1 && sources[0] !== "configXml") {
    const issues = checkSpec(sources[0] as SpecKey, news);
    failures.push(...issues);
    if (issues.length === 0 && failures.length === 0) fillFields(news, undefined, undefined);
  } else {
    const xml = news.configXml;
    if (xml === UNKNOWN) {
      // Preview: the XML is computed from something not known yet; leave it for the real run.
    } else if (typeof xml !== "string" || xml.trim() === "") {
      failures.push(
        failure(
          "configXml",
          "configXml is required: the job's config.xml as text (or a typed spec instead: pipeline, freestyle, folderSpec or multibranch).",
        ),
      );
    } else {
      const { kept: digest, names } = digestOf(xml);
      const canonical = names(olds[CONFIG_DIGEST_KEY] ?? olds[LEGACY_DIGEST_KEY]) ? olds.configXml : undefined;
      if (typeof canonical === "string" && canonical !== "") {
        // The same text as last time: its canonical form is known, and only `enabled` may have changed.
        const rootName = rootNameOf(canonical);
        const failure = disableFailure(rootName, news.enabled);
        if (failure) failures.push(failure);
        else {
          const own =
            configFieldsOf(olds[CONFIG_FIELDS_KEY]) ??
            ownFieldsInInputs(olds) ??
            knownFields(canonical) ??
            canonicalFields(canonical) ??
            fieldsOf(parseXml(canonical).root);
          Object.assign(news, { configXml: canonical, [CONFIG_DIGEST_KEY]: digest });
          fillFields(news, rootName, own);
          keepFieldsWhenOwn(news, own);
        }
      } else {
        const checked = checkConfigXml(xml, news.enabled);
        if ("reason" in checked) failures.push(checked);
        else {
          const own = fieldsOf(checked.root);
          Object.assign(news, { configXml: checked.canonical, [CONFIG_DIGEST_KEY]: digest });
          fillFields(news, checked.root.name, own);
          keepFieldsWhenOwn(news, own);
          root = checked.root;
        }
      }
    }
  }
  return { result: { inputs: news, failures }, root };
}

function disableFailure(rootName: string, enabled: unknown): dynamic.CheckFailure | undefined {
  if (enabled !== false || describeRoot(rootName)?.canDisable !== false) return undefined;
  return failure(
    "enabled",
    `A ${rootName} cannot be disabled in Jenkins (enable/disable do nothing on it); remove \`enabled: false\`.`,
  );
}

/**
 * A typed spec is validated here, every problem reported with its path, and kept exactly as written: the inputs
 * are what `pulumi preview --diff` shows, so a script change reads as a line diff of the script and a new
 * parameter as one added entry. A spec holding a value not known yet (preview) is left for the real run.
 */
function checkSpec(key: SpecKey, news: Props): dynamic.CheckFailure[] {
  if (unknownPath(news[key], UNKNOWN, key) !== undefined) return [];
  // Only well-typed job fields go along; wrong types are reported above under their own names.
  const fields: { description?: string; enabled?: boolean } = {};
  if (typeof news.description === "string" && news.description !== UNKNOWN) fields.description = news.description;
  if (typeof news.enabled === "boolean") fields.enabled = news.enabled;
  return specIssues(specKind(key), news[key], fields).map((issue) => {
    const path = inputPath(key, issue.path);
    const property = path === "description" || path === "enabled" ? path : key;
    return failure(property, `${path}: ${issue.message}`);
  });
}

/** The canonical form of a well-formed job config (parsed once) and its tree, or why it is refused. */
function checkConfigXml(xml: string, enabled: unknown): dynamic.CheckFailure | { canonical: string; root: XmlElement } {
  let doc: ReturnType<typeof parseXml>;
  try {
    doc = parseXml(xml);
  } catch (e) {
    if (!(e instanceof XmlSyntaxError)) throw e;
    // The first two are well-formed documents refused on purpose; calling them malformed would send the user hunting.
    // No property: the engine prints a failing property's value with the message, here the whole config.
    if (e instanceof XmlTooLargeError) {
      return failure(
        "",
        `configXml is too large: ${e.reason}. Keep big scripts in the repository (e.g. a Jenkinsfile) instead of the job's config.`,
      );
    }
    const context = excerptAt(xml, e.line, e.column);
    const shown = context === "" ? "" : `\n${context}`;
    if (e instanceof XmlEntityError) {
      return failure(
        "",
        `configXml was refused: ${e.reason} (line ${e.line}, column ${e.column}). Job configs need no DOCTYPE or entity declarations; remove them.${shown}`,
      );
    }
    return failure(
      "",
      `configXml is not well-formed XML: ${e.reason.replace(/\.$/, "")} at line ${e.line}, column ${e.column}.${shown}`,
    );
  }
  const rootName = doc.root.name;
  const info = describeRoot(rootName);
  if (!info) {
    return failure(
      "",
      `configXml has root element <${rootName}>, which is not a Jenkins job or folder. ` +
        `Use the config.xml of a job or folder, whose root is e.g. ${KNOWN_ROOTS.map((r) => `<${r}>`).join(", ")}.`,
    );
  }
  const disabled = disableFailure(rootName, enabled);
  if (disabled) return disabled;
  const canonical = canonicalizeDocument(doc);
  rememberFields(canonical, doc.root);
  return { canonical, root: doc.root };
}
