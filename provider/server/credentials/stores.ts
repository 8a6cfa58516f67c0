/**
 * Where the credentials live, as in a Jenkins home: the system store in `credentials.xml` of the home
 * (SystemCredentialsProvider), a folder's store inside the folder's config.xml (folder-property.ts). Secrets are
 * held encrypted with the server's key in both.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { parseXml, type XmlElement } from "../../xml/tree";
import { writeXml } from "../../xml/writer";
import { reloadSecrets, secretsOf, writeFresh, writeLoaded } from "../secrets/item-secrets";
import type { Item, JobStore } from "../store";
import { readBack, resave, SAVED_DECLARATION } from "../xstream";
import { assignPluginAttributes } from "../xstream/ownership";
import type { ActivePlugins } from "../xstream/plugins";
import { readDomainMap, writeDomainMap, type DomainCredentials } from "./domains";
import { folderDomains, setFolderDomains } from "./folder-property";

const SYSTEM_PROVIDER = "com.cloudbees.plugins.credentials.SystemCredentialsProvider";

/** The system store (undefined) or a folder's. */
export type StoreOwner = Item | undefined;

export class CredentialStores {
  constructor(
    private readonly store: JobStore,
    private readonly key: () => Buffer,
    private readonly active: () => ActivePlugins | undefined,
  ) {}

  private systemFile(): string {
    return path.join(this.store.dataDir, "credentials.xml");
  }

  read(owner: StoreOwner): DomainCredentials[] {
    if (owner !== undefined) {
      // The folder as loaded: a legacy home may hold a posted plaintext; loaded, it is a Secret.
      const loaded = readBack(owner.xml, "current", this.active(), writeLoaded(secretsOf(this.key(), owner)));
      return folderDomains(parseXml(loaded).root);
    }
    let text: string;
    try {
      text = fs.readFileSync(this.systemFile(), "utf8");
    } catch {
      return readDomainMap(undefined);
    }
    const root = parseXml(text).root;
    return readDomainMap(
      root.children.find((c): c is XmlElement => c.kind === "element" && c.name === "domainCredentialsMap"),
    );
  }

  /** Saves the store: the folder's whole config.xml (written by XStream, as on any save), or credentials.xml. */
  save(owner: StoreOwner, domains: readonly DomainCredentials[]): void {
    if (owner !== undefined) {
      const root = parseXml(owner.xml).root;
      setFolderDomains(root, domains);
      const text = writeXml(root, { declaration: SAVED_DECLARATION, style: "xstream" });
      this.store.save(owner, resave(text, {}, this.active(), writeFresh(this.key(), text)));
      reloadSecrets(this.key(), owner);
      return;
    }
    const root: XmlElement = {
      kind: "element",
      name: SYSTEM_PROVIDER,
      attrs: [],
      children: [writeDomainMap(domains)],
    };
    assignPluginAttributes(root, SYSTEM_PROVIDER, this.active());
    const file = this.systemFile();
    // Write-then-rename, like Jenkins's AtomicFileWriter.
    fs.writeFileSync(`${file}.tmp`, writeXml(root, { declaration: SAVED_DECLARATION, style: "xstream" }), "utf8");
    fs.renameSync(`${file}.tmp`, file);
  }
}
