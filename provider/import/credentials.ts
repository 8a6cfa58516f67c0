/**
 * The credentials an import declares: those of each imported folder (read from the folder's config.xml, where the
 * folders plugin keeps them) and, when the whole server is imported, those of the system store (read through the
 * credentials REST API, which redacts every secret). Each becomes a `Credential` with `adopt: true` whose secrets come
 * from stack config keys the import names (`config.requireSecret`); the import never reads a secret: an encrypted
 * value in a folder's config is only a sign that a secret is there, and is never written anywhere. Pure, apart from
 * `fetchSystemCredentials`.
 */
import { CredentialNotFoundError } from "../client/errors";
import type { JenkinsClient } from "../client/jenkins-client";
import { elementChildren, parseXml, textOf, type XmlElement } from "../xml/tree";
import { writeXml } from "../xml/writer";
import { typedFitOf, type SecretSlot } from "../credential/found";
import { unmarkRoot } from "../ownership/root-mark";
import type { SkippedItem } from "./select";

const PROPERTY = "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";
const DOMAIN = "com.cloudbees.plugins.credentials.domains.Domain";
const REDACTED = "secret-redacted";
/** How Jenkins writes a `hudson.util.Secret` (also `SecretBytes`) in a saved config. */
const ENCRYPTED = /^\{[A-Za-z0-9+/]+={0,2}\}$/;

export interface ImportedCredential {
  /** The folder whose store holds it ("" for the system store). */
  folder: string;
  /** The domain's URL name (`_` for the global domain). */
  domain: string;
  /** The credential's XML, every secret replaced by `<secret-redacted/>`. */
  xml: XmlElement;
}

const child = (e: XmlElement, name: string): XmlElement | undefined => elementChildren(e).find((c) => c.name === name);
const redacted = (e: XmlElement): boolean => elementChildren(e).some((c) => c.name === REDACTED);

/** `e` with every encrypted value replaced by `<secret-redacted/>`, as the REST API shows a credential. */
function redact(e: XmlElement): XmlElement {
  const own = textOf(e).trim();
  if (elementChildren(e).length === 0 && ENCRYPTED.test(own))
    return { ...e, children: [{ kind: "element", name: REDACTED, attrs: [], children: [] }] };
  return { ...e, children: e.children.map((c) => (c.kind === "element" ? redact(c) : c)) };
}

/** The credentials a folder's config holds, by domain, secrets redacted. */
export function folderCredentialsOf(fullName: string, configXml: string): ImportedCredential[] {
  const root = parseXml(configXml).root;
  const props = child(root, "properties");
  const map = props && child(props, PROPERTY) && child(child(props, PROPERTY) as XmlElement, "domainCredentialsMap");
  const out: ImportedCredential[] = [];
  for (const entry of map ? elementChildren(map) : []) {
    const [domain, list] = elementChildren(entry);
    if (domain?.name !== DOMAIN || list === undefined) continue;
    const name = child(domain, "name");
    const urlName = name === undefined || textOf(name).trim() === "" ? "_" : textOf(name).trim();
    for (const c of elementChildren(list)) out.push({ folder: fullName, domain: urlName, xml: redact(c) });
  }
  return out;
}

/**
 * The system store's credentials, domain by domain: one listing of the domains, one of each domain's credentials and
 * one config.xml GET per credential (secrets redacted by Jenkins). A user who may not view them (Credentials/View)
 * gets none, and the reason.
 */
export async function fetchSystemCredentials(
  client: JenkinsClient,
): Promise<{ credentials: ImportedCredential[]; skipped: SkippedItem[] }> {
  const credentials: ImportedCredential[] = [];
  try {
    for (const domain of await client.listCredentialDomains({})) {
      for (const { id } of await client.listCredentials({ domain })) {
        const xml = parseXml(await client.getCredentialConfig({ domain }, id)).root;
        credentials.push({ folder: "", domain, xml: redact(xml) });
      }
    }
  } catch (e) {
    if (!(e instanceof CredentialNotFoundError)) throw e;
    return {
      credentials: [],
      skipped: [
        { fullName: "credentials of the system store", reason: "not readable by this user (Credentials/View)" },
      ],
    };
  }
  return { credentials, skipped: [] };
}

/** What a Credential declaration needs, before names and config keys are given. */
export interface PreparedCredential {
  folder: string;
  domain: string;
  id: string;
  description: string;
  scope?: "SYSTEM";
  kind: "secretText" | "usernamePassword" | "sshPrivateKey" | "secretFile" | "configXml";
  /** Plain fields of the typed kinds: `username`, `fileName`. */
  fields: Record<string, string>;
  /** The secrets, in the order the declaration uses them. */
  secrets: SecretSlot[];
  /** For `configXml`: the XML, each secret a `<secret-redacted/>` to be replaced by its config key, in order. */
  configXml?: string;
  /** The owner the mark of its description names; the description and XML above are without it. */
  owner?: string;
}

/** The store's name as errors and the README say it: "system", "team/folder". */
export function storeLabel(c: { folder: string; domain: string }): string {
  const store = c.folder === "" ? "system" : c.folder;
  return c.domain === "_" ? store : `${store} (domain ${c.domain})`;
}

const text = (e: XmlElement, name: string): string => {
  const c = child(e, name);
  return c === undefined ? "" : textOf(c).trim();
};

/** The secret fields of any credential, in document order (each a `<secret-redacted/>`). */
function redactedFields(e: XmlElement): string[] {
  const out: string[] = [];
  const walk = (x: XmlElement): void => {
    for (const c of elementChildren(x)) {
      if (redacted(c)) out.push(c.name);
      else walk(c);
    }
  };
  walk(e);
  return out;
}

/** The declaration a credential needs: a typed kind when it is one exactly, else its XML. */
export function prepareCredential(found: ImportedCredential): PreparedCredential | SkippedItem {
  // A program never declares an owner's line: the provider writes it.
  const { root: xml, owner } = unmarkRoot(found.xml);
  const c = { ...found, xml };
  const id = text(c.xml, "id");
  const where = `credential ${c.folder === "" ? "" : `${c.folder}/`}${c.domain}/${id}`;
  if (id === "") return { fullName: where, reason: "it has no id; jobs cannot name it" };
  const base = {
    folder: c.folder,
    domain: c.domain,
    id,
    description: text(c.xml, "description"),
    ...(text(c.xml, "scope") === "SYSTEM" ? { scope: "SYSTEM" as const } : {}),
    ...(owner === undefined ? {} : { owner }),
  };
  // Typed when the config is exactly one kind, as the plugin's import by id reads it too.
  const typed = typedFitOf(c.xml);
  if (typed !== undefined) return { ...base, ...typed };
  const bare: XmlElement = { ...c.xml, attrs: c.xml.attrs.filter(([k]) => k !== "plugin") };
  return {
    ...base,
    kind: "configXml",
    fields: {},
    secrets: redactedFields(c.xml).map((field) => ({ field, optional: false })),
    // Each secret on its own between the field's tags, so the value set in config is the value Jenkins gets.
    configXml: writeXml(bare, { style: "pretty", declaration: null }).replace(
      />\s*<secret-redacted\/>\s*</g,
      "><secret-redacted/><",
    ),
  };
}
