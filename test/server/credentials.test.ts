/** The credentials plugin's stores and REST API (jenkins-behaviour.md §10), answered as Jenkins answers them. */
import * as fs from "node:fs";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import {
  awsKeys,
  certificate,
  githubApp,
  secretFile,
  secretText,
  sshKey,
  storePath,
  usernamePassword,
  SECRET_TEXT_CLASS,
} from "../harness/credential-configs";
import { folder } from "../harness/job-configs";
import { ADMIN, READER } from "../harness/users";
import { adminToken, basic, call, createJob, h, readerToken, XML } from "./helpers";
import { startQueueingServer } from "../harness/test-server";
import { INSTALLED_PLUGINS } from "../../provider/server/xstream/plugins";

/** A reader who may also see credentials (Credentials/View granted on its own, as a matrix strategy does). */
const VIEWER = {
  name: "viewer",
  password: "Pw-viewer-5c1",
  apiToken: "11" + "ab12cd34".repeat(4),
  permissions: "read" as const,
  grants: ["com.cloudbees.plugins.credentials.CredentialsProvider.View"],
};
const viewerToken = basic(VIEWER.name, VIEWER.apiToken);
const PROPERTY = "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";
const SECRET = "s3cr3t-Deploy-9f1";

const start = (): Promise<JenkinsServer> => startQueueingServer({ users: [ADMIN, READER, VIEWER] });

async function create(server: JenkinsServer, folderName: string | undefined, xml: string, domain = "_") {
  return call(server, `${storePath(folderName, domain)}createCredentials`, {
    method: "POST",
    auth: adminToken,
    headers: { "content-type": "application/xml" },
    body: xml,
  });
}

async function ids(server: JenkinsServer, folderName: string | undefined, auth = adminToken, domain = "_") {
  const a = await call(server, `${storePath(folderName, domain)}api/json?tree=credentials[id]`, { auth });
  expect(a.status).toBe(200);
  return (JSON.parse(a.body) as { credentials: Array<{ id: string }> }).credentials.map((c) => c.id);
}

/** The encrypted texts `{…}` in a document, decrypted with the server's key. */
function decryptedIn(server: JenkinsServer, xml: string): string[] {
  return [...xml.matchAll(/\{[A-Za-z0-9+/=]+\}/g)].map((m) => server.decryptSecret(m[0]) ?? "(not this key's)");
}

describe("the system store", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  test("createCredentials stores the credential in credentials.xml with its secret encrypted; api/json lists ids", async () => {
    const a = await create(
      server,
      undefined,
      secretText({ id: "deploy", description: "deploy token", secret: SECRET }),
    );
    expect(a.status).toBe(200);
    expect(await ids(server, undefined)).toEqual(["deploy"]);
    const onDisk = fs.readFileSync(path.join(server.dataDir, "credentials.xml"), "utf8");
    expect(onDisk).toContain('<com.cloudbees.plugins.credentials.SystemCredentialsProvider plugin="credentials@');
    expect(onDisk).toContain('<domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash">');
    expect(onDisk).not.toContain(SECRET);
    expect(decryptedIn(server, onDisk)).toEqual([SECRET]);
    // Every exported property of the wrappers has visibility 1: depth 0 shows the credentials by class only.
    const shallow = JSON.parse((await call(server, `${storePath(undefined)}api/json`, { auth: adminToken })).body) as {
      credentials: unknown[];
    };
    expect(shallow.credentials).toEqual([
      { _class: "com.cloudbees.plugins.credentials.CredentialsStoreAction$CredentialsWrapper" },
    ]);
    const url = `${storePath(undefined)}api/json?depth=1`;
    const full = JSON.parse((await call(server, url, { auth: adminToken })).body) as {
      credentials: Array<Record<string, unknown>>;
      global: boolean;
    };
    expect(full.global).toBe(true);
    expect(full.credentials).toEqual([
      expect.objectContaining({
        id: "deploy",
        typeName: "Secret text",
        description: "deploy token",
        fullName: "system/_/deploy",
      }),
    ]);
    expect(JSON.stringify(full)).not.toContain(SECRET);
  });

  test("an existing id is 409 and changes nothing; a credential without <id> gets a random UUID", async () => {
    const again = await create(server, undefined, secretText({ id: "deploy", secret: "other" }));
    expect(again.status).toBe(409);
    const noId = await create(server, undefined, secretText({ secret: "anonymous-secret" }));
    expect(noId.status).toBe(200);
    const all = await ids(server, undefined);
    expect(all).toHaveLength(2);
    expect(all[0]).toBe("deploy");
    expect(all[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const deploy = await call(server, `${storePath(undefined)}credential/deploy/config.xml`, { auth: adminToken });
    expect(decryptedIn(server, fs.readFileSync(path.join(server.dataDir, "credentials.xml"), "utf8"))[0]).toBe(SECRET);
    expect(deploy.body).toContain("<description>deploy token</description>");
  });

  test("config.xml GET redacts every secret of the common types and names the plugin on the root", async () => {
    await create(server, undefined, usernamePassword({ id: "up", username: "deployer", password: "pw-Up-1" }));
    await create(
      server,
      undefined,
      sshKey({ id: "key", username: "git", privateKey: "-----BEGIN KEY-----x", passphrase: "pp-2" }),
    );
    await create(server, undefined, secretFile({ id: "file", fileName: "a.env", content: "TOKEN=file-3" }));
    const bodies: Record<string, string> = {};
    for (const id of ["deploy", "up", "key", "file"]) {
      const a = await call(server, `${storePath(undefined)}credential/${id}/config.xml`, { auth: adminToken });
      expect(a.status).toBe(200);
      expect(h(a, "content-type")).toMatch(/^application\/xml/);
      bodies[id] = a.body;
    }
    expect(bodies.deploy).toMatch(new RegExp(`^<${SECRET_TEXT_CLASS} plugin="plain-credentials@[^"]+">`));
    expect(bodies.deploy).toMatch(/<secret>\s*<secret-redacted\/>\s*<\/secret>/);
    expect(bodies.up).toMatch(/<password>\s*<secret-redacted\/>\s*<\/password>/);
    expect(bodies.up).toContain("<username>deployer</username>");
    expect(bodies.key).toMatch(/<privateKey>\s*<secret-redacted\/>\s*<\/privateKey>/);
    expect(bodies.key).toMatch(/<passphrase>\s*<secret-redacted\/>\s*<\/passphrase>/);
    expect(bodies.file).toMatch(/<secretBytes>\s*<secret-redacted\/>\s*<\/secretBytes>/);
    expect(bodies.file).toContain("<fileName>a.env</fileName>");
    const all = Object.values(bodies).join("\n");
    for (const s of [SECRET, "pw-Up-1", "BEGIN KEY", "pp-2", Buffer.from("TOKEN=file-3").toString("base64")])
      expect(all).not.toContain(s);
    const onDisk = fs.readFileSync(path.join(server.dataDir, "credentials.xml"), "utf8");
    expect(decryptedIn(server, onDisk)).toEqual([
      SECRET,
      "anonymous-secret",
      "pw-Up-1",
      "-----BEGIN KEY-----x",
      "pp-2",
      Buffer.from("TOKEN=file-3").toString("base64"),
    ]);
  });

  test("config.xml POST replaces the credential in place; a <secret-redacted/> posted back blanks the secret", async () => {
    const url = `${storePath(undefined)}credential/deploy/config.xml`;
    const post = (body: string) => call(server, url, { method: "POST", auth: adminToken, headers: XML, body });
    expect((await post(secretText({ id: "deploy", description: "rotated", secret: "new-Secret-4" }))).status).toBe(200);
    const onDisk = (): string => fs.readFileSync(path.join(server.dataDir, "credentials.xml"), "utf8");
    expect(decryptedIn(server, onDisk())[0]).toBe("new-Secret-4");
    expect((await ids(server, undefined))[0]).toBe("deploy");
    // What GET gave, posted back as it is: the plugin's XStream reads the field's text, which is blank.
    const redacted = (await call(server, url, { auth: adminToken })).body;
    expect((await post(redacted)).status).toBe(200);
    expect(decryptedIn(server, onDisk())[0]).toBe("");
    const otherId = await post(secretText({ id: "not-deploy", secret: "x" }));
    expect(otherId.status).toBe(500);
    expect(otherId.body).toContain("Credentials&#039; IDs do not match");
  });

  test("DELETE config.xml and POST doDelete remove it; a missing credential or domain is 404", async () => {
    const del = await call(server, `${storePath(undefined)}credential/up/config.xml`, {
      method: "DELETE",
      auth: adminToken,
    });
    expect(del.status).toBe(200);
    const doDelete = await call(server, `${storePath(undefined)}credential/key/doDelete`, {
      method: "POST",
      auth: adminToken,
    });
    expect(doDelete.status).toBe(302);
    expect(await ids(server, undefined)).not.toEqual(expect.arrayContaining(["up"]));
    expect(await ids(server, undefined)).not.toEqual(expect.arrayContaining(["key"]));
    expect((await call(server, `${storePath(undefined)}credential/up/config.xml`, { auth: adminToken })).status).toBe(
      404,
    );
    expect((await call(server, `${storePath(undefined, "nope")}api/json`, { auth: adminToken })).status).toBe(404);
    expect((await create(server, undefined, secretText({ id: "z", secret: "z" }), "nope")).status).toBe(404);
  });

  test("a named domain is created with createDomain (409 when it exists) and holds its own credentials", async () => {
    const domainXml =
      "<com.cloudbees.plugins.credentials.domains.Domain><name>prod</name><specifications/></com.cloudbees.plugins.credentials.domains.Domain>";
    const post = () =>
      call(server, "/credentials/store/system/createDomain", {
        method: "POST",
        auth: adminToken,
        headers: XML,
        body: domainXml,
      });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(409);
    expect((await create(server, undefined, secretText({ id: "deploy", secret: "prod-secret" }), "prod")).status).toBe(
      200,
    );
    expect(await ids(server, undefined, adminToken, "prod")).toEqual(["deploy"]);
    expect((await ids(server, undefined)).includes("deploy")).toBe(true);
  });

  test("the store's api/json names its domains, sorted, the global one as _", async () => {
    const a = await call(server, "/credentials/store/system/api/json", { auth: adminToken });
    expect(a.status).toBe(200);
    const doc = JSON.parse(a.body) as { domains: Record<string, { urlName: string; global: boolean }> };
    expect(Object.keys(doc.domains)).toEqual(["_", "prod"]);
    // A map's values one level down: at depth 0 each domain by class only, at depth 1 its properties.
    expect(doc.domains.prod).toEqual({
      _class: "com.cloudbees.plugins.credentials.CredentialsStoreAction$DomainWrapper",
    });
    const deeper = await call(server, "/credentials/store/system/api/json?depth=1", { auth: adminToken });
    const domains = (JSON.parse(deeper.body) as typeof doc).domains;
    expect(domains.prod).toMatchObject({ urlName: "prod", global: false });
    expect((await call(server, "/credentials/store/system/api/json", { auth: readerToken })).status).toBe(404);
  });

  test("tree=domains[credentials[id]] gives every domain's ids in one request, as Stapler filters a map's values", async () => {
    const a = await call(server, "/credentials/store/system/api/json?tree=domains[credentials[id]]", {
      auth: adminToken,
    });
    expect(a.status).toBe(200);
    const wrapper = "com.cloudbees.plugins.credentials.CredentialsStoreAction$";
    const doc = JSON.parse(a.body) as { domains: Record<string, { credentials: Array<{ id: string }> }> };
    expect(doc).toEqual({
      _class: "com.cloudbees.plugins.credentials.CredentialsStoreAction",
      domains: {
        _: { _class: `${wrapper}DomainWrapper`, credentials: expect.any(Array) as unknown },
        prod: {
          _class: `${wrapper}DomainWrapper`,
          credentials: [{ _class: `${wrapper}CredentialsWrapper`, id: "deploy" }],
        },
      },
    });
    expect(doc.domains._.credentials.map((c) => c.id)).toContain("deploy");
    // A map's keys are no properties: `*` names every property of each domain, so `credentials` gets `[credentials[id]]`
    // and its entries show their class only; a depth of 1 shows the credentials by class only, 2 their ids.
    const star = await call(server, "/credentials/store/system/api/json?tree=domains[*[credentials[id]]]", {
      auth: adminToken,
    });
    const starred = JSON.parse(star.body) as { domains: Record<string, Record<string, unknown>> };
    expect(starred.domains.prod).toMatchObject({
      urlName: "prod",
      global: false,
      credentials: [{ _class: `${wrapper}CredentialsWrapper` }],
    });
    const depth2 = await call(server, "/credentials/store/system/api/json?depth=2", { auth: adminToken });
    const deep = JSON.parse(depth2.body) as {
      domains: Record<string, { credentials: Array<Record<string, unknown>> }>;
    };
    expect(deep.domains.prod.credentials).toEqual([
      expect.objectContaining({ id: "deploy", typeName: "Secret text", fingerprint: null }),
    ]);
    expect(depth2.body).not.toContain("prod-secret");
  });

  test("a credential of a plugin that is not installed cannot be created", async () => {
    const a = await create(
      server,
      undefined,
      "<org.example.NoSuchCredentials><id>n</id></org.example.NoSuchCredentials>",
    );
    expect(a.status).toBe(500);
    expect(a.body).toContain("CannotResolveClassException");
    expect(await ids(server, undefined)).not.toEqual(expect.arrayContaining(["n"]));
  });

  test("permissions: without Credentials/View the store is not found; with it, creating needs Credentials/Create", async () => {
    expect((await call(server, `${storePath(undefined)}api/json`, { auth: readerToken })).status).toBe(404);
    expect(await ids(server, undefined, viewerToken)).toContain("deploy");
    const refused = await call(server, `${storePath(undefined)}createCredentials`, {
      method: "POST",
      auth: viewerToken,
      headers: { "content-type": "application/xml" },
      body: secretText({ id: "v", secret: "v" }),
    });
    expect(refused.status).toBe(403);
    expect(h(refused, "x-required-permission")).toBe("com.cloudbees.plugins.credentials.CredentialsProvider.Create");
    const update = await call(server, `${storePath(undefined)}credential/deploy/config.xml`, {
      method: "POST",
      auth: viewerToken,
      headers: XML,
      body: secretText({ id: "deploy", secret: "v" }),
    });
    expect(update.status).toBe(403);
    expect(h(update, "x-required-permission")).toBe("com.cloudbees.plugins.credentials.CredentialsProvider.Update");
    const del = await call(server, `${storePath(undefined)}credential/deploy/config.xml`, {
      method: "DELETE",
      auth: viewerToken,
    });
    expect(del.status).toBe(403);
    expect(h(del, "x-required-permission")).toBe("com.cloudbees.plugins.credentials.CredentialsProvider.Delete");
    expect(await ids(server, undefined)).toContain("deploy");
  });

  test("the store survives a restart", async () => {
    const before = await ids(server, undefined);
    await server.restart();
    expect(await ids(server, undefined)).toEqual(before);
  });
});

describe("a folder's store, inside the folder's config.xml", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
    await createJob(server, "team", folder({ description: "the team" }));
    await createJob(server, "team/app");
  });
  afterAll(() => server.close());

  test("a credential added to a folder is in its config.xml, secret encrypted, and not an item of the folder", async () => {
    expect(
      (await create(server, "team", usernamePassword({ id: "deploy-key", username: "d", password: SECRET }))).status,
    ).toBe(200);
    expect(await ids(server, "team")).toEqual(["deploy-key"]);
    const stored = server.jobConfigOnDisk("team") as string;
    expect(stored).toContain(`<${PROPERTY}>`);
    expect(stored).toMatch(
      /<domainCredentialsMap class="hudson.util.CopyOnWriteMap\$Hash">\s*<entry>\s*<com.cloudbees.plugins.credentials.domains.Domain plugin="credentials@[^"]+">\s*<specifications\/>\s*<\/com.cloudbees.plugins.credentials.domains.Domain>\s*<java.util.concurrent.CopyOnWriteArrayList>\s*<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl plugin="credentials@/,
    );
    expect(stored).not.toContain(SECRET);
    expect(decryptedIn(server, stored)).toEqual([SECRET]);
    const got = (await call(server, "/job/team/config.xml", { auth: adminToken })).body;
    expect(got).toContain(`<${PROPERTY}>`);
    expect(got).toContain("<description>the team</description>");
    expect(decryptedIn(server, got)).toEqual([SECRET]);
    const json = JSON.parse((await call(server, "/job/team/api/json", { auth: adminToken })).body) as {
      jobs: Array<{ name: string }>;
    };
    expect(json.jobs.map((j) => j.name)).toEqual(["app"]);
    // The system store does not hold it.
    expect(await ids(server, undefined)).toEqual([]);
  });

  test("the same id may live in another store; a folder's store is only found on folders", async () => {
    expect((await create(server, undefined, secretText({ id: "deploy-key", secret: "sys" }))).status).toBe(200);
    expect(
      (await call(server, "/job/team/job/app/credentials/store/folder/domain/_/api/json", { auth: adminToken })).status,
    ).toBe(404);
    expect(
      (await call(server, "/job/team/credentials/store/system/domain/_/api/json", { auth: adminToken })).status,
    ).toBe(404);
  });

  test("a folder config POST that keeps the property keeps the credentials; one without it deletes them", async () => {
    const got = (await call(server, "/job/team/config.xml", { auth: adminToken })).body;
    const edited = got.replace("<description>the team</description>", "<description>renamed team</description>");
    expect(
      (await call(server, "/job/team/config.xml", { method: "POST", auth: adminToken, headers: XML, body: edited }))
        .status,
    ).toBe(200);
    expect(await ids(server, "team")).toEqual(["deploy-key"]);
    expect(decryptedIn(server, server.jobConfigOnDisk("team") as string)).toEqual([SECRET]);
    const bare = folder({ description: "declared" });
    expect(
      (await call(server, "/job/team/config.xml", { method: "POST", auth: adminToken, headers: XML, body: bare }))
        .status,
    ).toBe(200);
    expect(await ids(server, "team")).toEqual([]);
    expect(server.jobConfigOnDisk("team")).not.toContain(PROPERTY);
  });

  test("a folder's named domain comes with the folder's config and has its own URL", async () => {
    const withDomain = folder({ description: "with a domain" }).replace(
      "<properties/>",
      `<properties><${PROPERTY}><domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash"><entry><com.cloudbees.plugins.credentials.domains.Domain><name>staging</name><specifications/></com.cloudbees.plugins.credentials.domains.Domain><java.util.concurrent.CopyOnWriteArrayList/></entry></domainCredentialsMap></${PROPERTY}></properties>`,
    );
    await createJob(server, "other", withDomain);
    expect(await ids(server, "other", adminToken, "staging")).toEqual([]);
    expect((await create(server, "other", secretText({ id: "s", secret: "staging-secret" }), "staging")).status).toBe(
      200,
    );
    expect(await ids(server, "other", adminToken, "staging")).toEqual(["s"]);
    expect(await ids(server, "other")).toEqual([]);
    expect(decryptedIn(server, server.jobConfigOnDisk("other") as string)).toEqual(["staging-secret"]);
  });

  test("a folder renamed or moved takes its credentials along", async () => {
    await createJob(server, "moving", folder({}));
    await create(server, "moving", secretText({ id: "m", secret: "moving-secret" }));
    const renamed = await call(server, "/job/moving/confirmRename?newName=moved", { method: "POST", auth: adminToken });
    expect(renamed.status).toBe(302);
    expect(await ids(server, "moved")).toEqual(["m"]);
  });
});

describe("the Secret fields of other plugins' credential types", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    // aws-credentials is not among the server's default plugins; the version is this test's own.
    server = await startQueueingServer({
      users: [ADMIN, READER, VIEWER],
      plugins: { ...INSTALLED_PLUGINS, "aws-credentials": "1.0-test" },
    });
  });
  afterAll(() => server.close());

  const PEM = "-----BEGIN PRIVATE KEY-----\nMIIEvQ-app-key\n-----END PRIVATE KEY-----";
  const configOf = async (folderName: string | undefined, id: string): Promise<string> => {
    const a = await call(server, `${storePath(folderName)}credential/${id}/config.xml`, { auth: adminToken });
    expect(a.status).toBe(200);
    return a.body;
  };

  test("a GitHub App, an AWS and a certificate credential are stored encrypted and read redacted", async () => {
    const app = githubApp({ id: "gh-app", appID: "123456", privateKey: PEM, owner: "acme" });
    expect((await create(server, undefined, app)).status).toBe(200);
    const aws = awsKeys({ id: "aws", accessKey: "AKIAEXAMPLE", secretKey: "aws-Secret-Key-7" });
    expect((await create(server, undefined, aws)).status).toBe(200);
    const cert = certificate({ id: "cert", keystore: "keystore-bytes-8", password: "cert-pw-9" });
    expect((await create(server, undefined, cert)).status).toBe(200);
    const onDisk = fs.readFileSync(path.join(server.dataDir, "credentials.xml"), "utf8");
    expect(decryptedIn(server, onDisk)).toEqual([
      PEM,
      "aws-Secret-Key-7",
      "cert-pw-9",
      Buffer.from("keystore-bytes-8").toString("base64"),
    ]);
    for (const plain of [
      "MIIEvQ-app-key",
      "aws-Secret-Key-7",
      "cert-pw-9",
      Buffer.from("keystore-bytes-8").toString("base64"),
    ])
      expect(onDisk).not.toContain(plain);
    const appXml = await configOf(undefined, "gh-app");
    // Named by its class as XStream writes it (`_` doubled), whichever spelling was posted.
    expect(appXml).toMatch(
      /^<org\.jenkinsci\.plugins\.github__branch__source\.GitHubAppCredentials plugin="github-branch-source@/,
    );
    expect(appXml).toMatch(/<privateKey>\s*<secret-redacted\/>\s*<\/privateKey>/);
    expect(appXml).toContain("<appID>123456</appID>");
    expect(appXml).toContain("<owner>acme</owner>");
    const awsXml = await configOf(undefined, "aws");
    expect(awsXml).toMatch(/<secretKey>\s*<secret-redacted\/>\s*<\/secretKey>/);
    expect(awsXml).toContain("<accessKey>AKIAEXAMPLE</accessKey>");
    const certXml = await configOf(undefined, "cert");
    expect(certXml).toMatch(/<password>\s*<secret-redacted\/>\s*<\/password>/);
    expect(certXml).toMatch(/<uploadedKeystoreBytes>\s*<secret-redacted\/>\s*<\/uploadedKeystoreBytes>/);
    for (const xml of [appXml, awsXml, certXml])
      expect(xml).not.toMatch(/\{AQAAAB|MIIEvQ|aws-Secret|cert-pw|a2V5c3Rvcm/);
  });

  test("in a folder's store the same fields are encrypted in the folder's config.xml and survive its next save", async () => {
    await createJob(server, "apps", folder({}));
    expect((await create(server, "apps", githubApp({ id: "gh", appID: "7", privateKey: PEM }))).status).toBe(200);
    expect(decryptedIn(server, server.jobConfigOnDisk("apps") as string)).toEqual([PEM]);
    expect(server.jobConfigOnDisk("apps")).not.toContain("MIIEvQ-app-key");
    // Another credential saved into the store rewrites the folder: the App's key stays the same encrypted text.
    const before = /<privateKey>([^<]+)<\/privateKey>/.exec(server.jobConfigOnDisk("apps") as string)?.[1];
    expect((await create(server, "apps", secretText({ id: "t", secret: "folder-secret" }))).status).toBe(200);
    expect(/<privateKey>([^<]+)<\/privateKey>/.exec(server.jobConfigOnDisk("apps") as string)?.[1]).toBe(before);
    expect(await configOf("apps", "gh")).toMatch(/<privateKey>\s*<secret-redacted\/>\s*<\/privateKey>/);
  });

  test("a Vault credential is refused while its plugin is not installed", async () => {
    const vault =
      "<com.datapipe.jenkins.vault.credentials.VaultTokenCredential><scope>GLOBAL</scope><id>v</id><token>t</token></com.datapipe.jenkins.vault.credentials.VaultTokenCredential>";
    const a = await create(server, undefined, vault);
    expect(a.status).toBe(500);
    expect(a.body).toContain("CannotResolveClassException");
  });
});

describe("a credential's description, which may end with a mark of ownership", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  test("is kept as posted (its lines too) through createCredentials and a config.xml POST, and listed under a tree", async () => {
    const marked = "Deploys\n\nManaged as code by web/prod. Changes made in Jenkins are put back by its next update.";
    expect(
      (await create(server, undefined, secretText({ id: "owned", description: marked, secret: SECRET }))).status,
    ).toBe(200);
    const path = `${storePath(undefined)}credential/owned/config.xml`;
    expect((await call(server, path, { auth: adminToken })).body).toContain(`<description>${marked}</description>`);
    const other = marked.replace("web/prod", "web/staging");
    const posted = await call(server, path, {
      method: "POST",
      auth: adminToken,
      headers: XML,
      body: secretText({ id: "owned", description: other, secret: SECRET }),
    });
    expect(posted.status).toBe(200);
    const listed = await call(server, "/credentials/store/system/api/json?tree=domains[credentials[id,description]]", {
      auth: adminToken,
    });
    const doc = JSON.parse(listed.body) as { domains: Record<string, { credentials: Array<Record<string, unknown>> }> };
    expect(doc.domains._.credentials.map(({ id, description }) => ({ id, description }))).toEqual([
      { id: "owned", description: other },
    ]);
    expect(listed.body).not.toContain(SECRET);
  });

  test('is "", never null, for a credential posted without one (BaseStandardCredentials keeps "")', async () => {
    const bare = secretText({ id: "bare", secret: SECRET }).replace(/\s*<description>[^<]*<\/description>/, "");
    expect((await create(server, undefined, bare)).status).toBe(200);
    const listed = await call(server, `${storePath(undefined)}api/json?tree=credentials[id,description]`, {
      auth: adminToken,
    });
    const doc = JSON.parse(listed.body) as { credentials: Array<{ id: string; description: unknown }> };
    expect(doc.credentials.find((c) => c.id === "bare")?.description).toBe("");
  });
});
