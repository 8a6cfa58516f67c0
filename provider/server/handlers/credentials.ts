/**
 * The credentials plugin's REST API (its `docs/user.adoc`, `CredentialsStoreAction`): under
 * `credentials/store/system/` (the root) and `job/F/credentials/store/folder/` (a folder),
 * `domain/D/api/json` lists the domain's credentials (no secrets), `domain/D/createCredentials` adds one from its
 * XML (409 when the id exists, a random UUID when it has none), `domain/D/credential/ID/config.xml` reads it with
 * its secrets redacted (GET), replaces it (POST) or removes it (DELETE), and `credential/ID/doDelete` is the UI's
 * delete; `createDomain` adds a named domain from its XML (409 when it exists). A store the user may not view (Credentials/View) is not found, as ViewCredentialsAction.getStore answers.
 */
import { randomUUID } from "node:crypto";
import { parseXml, type XmlElement } from "../../xml/tree";
import { writeXml } from "../../xml/writer";
import { redirectLocation, contentTypeOf, type RequestContext, type ServerState } from "../context";
import {
  DOMAIN_CLASS,
  credentialIdOf,
  domainUrlName,
  findDomain,
  indexOfCredential,
  withCredentials,
  withId,
  type DomainCredentials,
} from "../credentials/domains";
import { loadedCredential, redactedCredential } from "../credentials/credential-secrets";
import type { StoreOwner } from "../credentials/stores";
import { itemUrlPath } from "../api-json";
import { ContainerError, Failure, NotFound, Oops } from "../http-errors";
import { PERMISSIONS } from "../permissions";
import { empty, reply, text, type Reply } from "../reply";
import { fullNameOf } from "../store";
import { exportedMap, type Json } from "../tree-param";
import { decodeXmlReader, decodeXmlStream } from "../xml-body";
import { assignPluginAttributes, ownerOf } from "../xstream/ownership";
import { isInstalled } from "../xstream/plugins";
import { classOfElement, encodeClassName } from "../xstream/element-class";
import { activePlugins } from "./plugin-manager";
import { can, jsonReply, requirePermission, requirePost } from "./common";

const CREATE_FRAME = "com.cloudbees.plugins.credentials.CredentialsStoreAction$DomainWrapper.doCreateCredentials";
const UPDATE_FRAME = "com.cloudbees.plugins.credentials.CredentialsStoreAction$CredentialsWrapper.updateByXml";

/** The descriptors' display names of the common types (what api/json calls `typeName`). */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  "com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl": "Username with password",
  "com.cloudbees.plugins.credentials.impl.CertificateCredentialsImpl": "Certificate",
  "org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl": "Secret text",
  "org.jenkinsci.plugins.plaincredentials.impl.FileCredentialsImpl": "Secret file",
  "com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey": "SSH Username with private key",
};

interface StoreRef {
  owner: StoreOwner;
  /** "system" or "folder", the store's URL name. */
  urlName: string;
}

const storeFullName = (ref: StoreRef): string =>
  ref.owner === undefined ? ref.urlName : `${fullNameOf(ref.owner)}/${ref.urlName}`;

const typeNameOf = (credential: XmlElement): string => {
  const cls = classOfElement(credential) ?? credential.name;
  return TYPE_NAMES[cls] ?? cls.slice(cls.lastIndexOf(".") + 1);
};

const descriptionOf = (credential: XmlElement): string | null => {
  const d = credential.children.find((c): c is XmlElement => c.kind === "element" && c.name === "description");
  return d === undefined ? null : d.children.map((c) => (c.kind === "text" ? c.text : "")).join("");
};

const DOMAIN_WRAPPER = "com.cloudbees.plugins.credentials.CredentialsStoreAction$DomainWrapper";
const CREDENTIALS_WRAPPER = "com.cloudbees.plugins.credentials.CredentialsStoreAction$CredentialsWrapper";

/**
 * How much of a domain the remote API shows. Every exported getter of DomainWrapper and CredentialsWrapper has the
 * default visibility 1, so each level of nesting needs one more `depth`: `full` shows the domain's properties and
 * its credentials' properties, `domain` shows the domain's properties and its credentials by class only, `class`
 * shows the domain by class only. A `tree` parameter selects from the `full` document.
 */
type Detail = "full" | "domain" | "class";

function credentialJson(ref: StoreRef, urlName: string, c: XmlElement, detail: Detail): Json {
  if (detail !== "full") return { _class: CREDENTIALS_WRAPPER };
  return {
    _class: CREDENTIALS_WRAPPER,
    // A standard credential's description is never null: BaseStandardCredentials keeps "" for none.
    description: descriptionOf(c) ?? "",
    fingerprint: null,
    fullName: `${storeFullName(ref)}/${urlName}/${credentialIdOf(c) ?? ""}`,
    id: credentialIdOf(c) ?? "",
    typeName: typeNameOf(c),
  };
}

function domainJson(ref: StoreRef, domain: DomainCredentials, detail: Detail): Json {
  if (detail === "class") return { _class: DOMAIN_WRAPPER };
  const urlName = domainUrlName(domain.domain);
  const global = urlName === "_";
  return {
    _class: DOMAIN_WRAPPER,
    credentials: domain.credentials.map((c) => credentialJson(ref, urlName, c, detail)),
    description: global
      ? "Credentials that should be available irrespective of domain specification to requirements matching."
      : (descriptionOf(domain.domain) ?? null),
    displayName: global ? "Global credentials (unrestricted)" : urlName,
    fullName: `${storeFullName(ref)}/${urlName}`,
    global,
    urlName,
  };
}

/**
 * The detail of a domain `nesting` levels below the document's root (0: the domain's own api/json, 1: a store's),
 * for the request's `depth` (Api: `tree` wins over `depth`; a missing or unreadable depth is 0).
 */
function detailOf(ctx: RequestContext, nesting: number): Detail {
  if (ctx.params.get("tree")) return "full";
  const depth = Number.parseInt(ctx.params.get("depth") ?? "0", 10);
  const level = (Number.isNaN(depth) ? 0 : depth) - nesting;
  return level >= 1 ? "full" : level === 0 ? "domain" : "class";
}

/** Parses a posted credential as XStream would unmarshal it: well-formed XML of a class an installed plugin has. */
function parseCredential(state: ServerState, body: string, frame: string): XmlElement {
  let root: XmlElement;
  try {
    root = parseXml(body).root;
  } catch (e) {
    throw new Oops(
      "java.io.IOException",
      "Failed to parse credential",
      [{ javaClass: "org.xml.sax.SAXParseException", message: e instanceof Error ? e.message : String(e) }],
      frame,
    );
  }
  const owner = ownerOf(root);
  if (owner === null || !isInstalled(owner, activePlugins(state))) {
    throw new Oops(
      "com.thoughtworks.xstream.mapper.CannotResolveClassException",
      classOfElement(root) ?? root.name,
      [],
      frame,
    );
  }
  // Unmarshalled, then written by XStream: the element is named by its class, XML-friendly encoded
  // (`github_branch_source` is written `github__branch__source`), however the posted name spelled it.
  const cls = classOfElement(root);
  return cls === undefined ? root : { ...root, name: encodeClassName(cls) };
}

function serve(state: ServerState, credential: XmlElement): string {
  // Written as its own document: the root carries its plugin, as XStream writes an object on its own.
  const out = redactedCredential(credential);
  assignPluginAttributes(out, classOfElement(out), activePlugins(state));
  return writeXml(out, { style: "xstream" });
}

function createCredentials(ctx: RequestContext, state: ServerState, ref: StoreRef, domain: DomainCredentials): Reply {
  requirePermission(ctx, PERMISSIONS.CREDENTIALS_CREATE);
  requirePost(ctx);
  const contentType = contentTypeOf(ctx);
  if (contentType === undefined) throw new Failure("No Content-Type header set");
  if (!contentType.startsWith("application/xml") && !contentType.startsWith("text/xml"))
    throw new Failure("This page expects a form submission");
  const posted = parseCredential(state, decodeXmlStream(ctx.body), CREATE_FRAME);
  const id = credentialIdOf(posted);
  const credential = loadedCredential(state.secretKey, id === undefined ? withId(posted, randomUUID()) : posted);
  const urlName = domainUrlName(domain.domain);
  if (indexOfCredential(domain, credentialIdOf(credential) as string) >= 0) return empty(409);
  const domains = state.credentials.read(ref.owner);
  state.credentials.save(ref.owner, withCredentials(domains, urlName, [...domain.credentials, credential]));
  return empty(200);
}

function credentialAction(
  ctx: RequestContext,
  state: ServerState,
  ref: StoreRef,
  domain: DomainCredentials,
  id: string,
  rest: string[],
): Reply {
  const at = indexOfCredential(domain, id);
  if (at < 0) throw new NotFound();
  const urlName = domainUrlName(domain.domain);
  const save = (list: XmlElement[]): void =>
    state.credentials.save(ref.owner, withCredentials(state.credentials.read(ref.owner), urlName, list));
  if (rest.length === 1 && rest[0] === "config.xml") {
    if (ctx.method === "GET" || ctx.method === "HEAD")
      return text(200, "application/xml", serve(state, domain.credentials[at]));
    if (ctx.method === "POST") {
      requirePermission(ctx, PERMISSIONS.CREDENTIALS_UPDATE);
      const posted = parseCredential(state, decodeXmlReader(ctx.body, contentTypeOf(ctx)), UPDATE_FRAME);
      const replacement = loadedCredential(
        state.secretKey,
        credentialIdOf(posted) === undefined ? withId(posted, randomUUID()) : posted,
      );
      if (credentialIdOf(replacement) !== id)
        throw new Oops(
          "java.lang.IllegalArgumentException",
          "Credentials' IDs do not match, will not update.",
          [],
          UPDATE_FRAME,
        );
      save(domain.credentials.map((c, i) => (i === at ? replacement : c)));
      return empty(200);
    }
    if (ctx.method === "DELETE") {
      requirePermission(ctx, PERMISSIONS.CREDENTIALS_DELETE);
      save(domain.credentials.filter((_, i) => i !== at));
      return empty(200);
    }
    throw new ContainerError(400, "Bad Request");
  }
  if (rest.length === 1 && rest[0] === "doDelete") {
    requirePermission(ctx, PERMISSIONS.CREDENTIALS_DELETE);
    requirePost(ctx);
    save(domain.credentials.filter((_, i) => i !== at));
    const base = ref.owner === undefined ? "/" : itemUrlPath(ref.owner);
    return reply(302, [
      ["Location", redirectLocation(ctx, state, `${base}credentials/store/${ref.urlName}/domain/${urlName}/`)],
    ]);
  }
  throw new NotFound();
}

function createDomain(ctx: RequestContext, state: ServerState, ref: StoreRef): Reply {
  requirePermission(ctx, PERMISSIONS.CREDENTIALS_MANAGE_DOMAINS);
  requirePost(ctx);
  let domain: XmlElement;
  try {
    domain = parseXml(decodeXmlStream(ctx.body)).root;
  } catch (e) {
    throw new Oops("java.io.IOException", "Failed to parse domain", [
      { javaClass: "org.xml.sax.SAXParseException", message: e instanceof Error ? e.message : String(e) },
    ]);
  }
  if (domain.name !== DOMAIN_CLASS)
    throw new Oops("java.lang.ClassCastException", `${domain.name} cannot be cast to ${DOMAIN_CLASS}`);
  const domains = state.credentials.read(ref.owner);
  if (findDomain(domains, domainUrlName(domain)) !== undefined) return empty(409);
  state.credentials.save(ref.owner, [...domains, { domain, credentials: [] }]);
  return empty(200);
}

/**
 * `rest` is what follows `credentials/store/` at the root or in a folder (trailing slash dropped). Only the root's
 * `system` store and a folder's `folder` store exist here.
 */
export function credentialsAction(ctx: RequestContext, state: ServerState, owner: StoreOwner, rest: string[]): Reply {
  const storeName = owner === undefined ? "system" : "folder";
  if (rest[0] !== storeName) throw new NotFound();
  if (!can(ctx, PERMISSIONS.CREDENTIALS_VIEW)) throw new NotFound();
  const ref: StoreRef = { owner, urlName: storeName };
  const r = rest.slice(1);
  if (r.length === 1 && r[0] === "createDomain") return createDomain(ctx, state, ref);
  // The store's own api/json: its domains by URL name (a TreeMap: sorted), as CredentialsStoreAction.getDomains.
  if (r.length === 2 && r[0] === "api" && r[1] === "json") {
    const detail = detailOf(ctx, 1);
    const domains = state.credentials
      .read(owner)
      .map((d) => [domainUrlName(d.domain), domainJson(ref, d, detail)] as const)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return jsonReply(ctx, state, {
      _class: "com.cloudbees.plugins.credentials.CredentialsStoreAction",
      domains: exportedMap(domains),
    });
  }
  if (r[0] !== "domain" || r.length < 3) throw new NotFound();
  const domain = findDomain(state.credentials.read(owner), r[1]);
  if (domain === undefined) throw new NotFound();
  const tail = r.slice(2);
  if (tail.length === 2 && tail[0] === "api" && tail[1] === "json")
    return jsonReply(ctx, state, domainJson(ref, domain, detailOf(ctx, 0)));
  if (tail.length === 1 && tail[0] === "createCredentials") return createCredentials(ctx, state, ref, domain);
  // Stapler reaches a credential by `credential/ID` (getCredential) and by `credentials/ID` (the map).
  if ((tail[0] === "credential" || tail[0] === "credentials") && tail.length >= 3)
    return credentialAction(ctx, state, ref, domain, tail[1], tail.slice(2));
  throw new NotFound();
}
