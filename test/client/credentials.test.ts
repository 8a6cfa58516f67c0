/** Credential operations of the client over real HTTP: what it sends, what it returns, the typed errors it throws. */
import type { JenkinsServer } from "../../provider/server";
import {
  CredentialAlreadyExistsError,
  CredentialNotFoundError,
  InvalidConfigError,
  InvalidNameError,
  PermissionError,
} from "../../provider/client";
import { secretText, usernamePassword } from "../harness/credential-configs";
import { folder } from "../harness/job-configs";
import { secretForms } from "../harness/secrets";
import { ADMIN, READER } from "../harness/users";
import { caught, passwordClient, readerClient, startServer, tokenClient } from "./helpers";
import { JenkinsClient } from "../../provider/client";

const SECRET = "Client-Secret-7d2";
/** A reader granted Credentials/View alone. */
const VIEWER = {
  name: "viewer",
  password: "Pw-viewer-3e9",
  apiToken: "11" + "cd34ef56".repeat(4),
  permissions: "read" as const,
  grants: ["com.cloudbees.plugins.credentials.CredentialsProvider.View"],
};

let server: JenkinsServer;
let client: JenkinsClient;

beforeAll(async () => {
  server = await startServer({ users: [ADMIN, READER, VIEWER] });
  client = tokenClient(server);
  await client.createJob("my team", folder());
});
afterAll(async () => {
  await client.close();
  await server.close();
});
beforeEach(() => server.resetCounters());

const sent = () =>
  server.requests
    .map((r) => `${r.method} ${r.path}${r.query ? `?${r.query}` : ""}`)
    .filter((s) => !s.startsWith("GET /crumbIssuer"));

test("create, list, read, update and delete in the system store and a folder's, one request each, URLs encoded", async () => {
  for (const f of ["", "my team"]) {
    const base = f === "" ? "/credentials/store/system/domain/_/" : "/job/my%20team/credentials/store/folder/domain/_/";
    server.resetCounters();
    const store = { folder: f };
    await client.createCredential(
      store,
      "deploy key",
      secretText({ id: "deploy key", description: "d", secret: SECRET }),
    );
    expect(await client.listCredentials(store)).toEqual([
      { id: "deploy key", typeName: "Secret text", description: "d" },
    ]);
    const xml = await client.getCredentialConfig(store, "deploy key");
    expect(xml).toMatch(/<secret>\s*<secret-redacted\/>\s*<\/secret>/);
    await client.updateCredentialConfig(
      store,
      "deploy key",
      secretText({ id: "deploy key", description: "e", secret: SECRET }),
    );
    expect((await client.listCredentials(store))[0].description).toBe("e");
    await client.deleteCredential(store, "deploy key");
    expect(await client.listCredentials(store)).toEqual([]);
    expect(sent()).toEqual([
      `POST ${base}createCredentials`,
      `GET ${base}api/json?tree=credentials[id,typeName,description]`,
      `GET ${base}credential/deploy%20key/config.xml`,
      `POST ${base}credential/deploy%20key/config.xml`,
      `GET ${base}api/json?tree=credentials[id,typeName,description]`,
      `DELETE ${base}credential/deploy%20key/config.xml`,
      `GET ${base}api/json?tree=credentials[id,typeName,description]`,
    ]);
  }
});

test("a named domain is its own URL segment", async () => {
  const created = await fetch(new URL("credentials/store/system/createDomain", server.url), {
    method: "POST",
    headers: {
      authorization: "Basic " + Buffer.from(`${ADMIN.name}:${ADMIN.apiToken}`).toString("base64"),
      "content-type": "application/xml",
    },
    body: "<com.cloudbees.plugins.credentials.domains.Domain><name>prod eu</name><specifications/></com.cloudbees.plugins.credentials.domains.Domain>",
  });
  expect(created.status).toBe(200);
  const store = { domain: "prod eu" };
  await client.createCredential(store, "p", secretText({ id: "p", secret: "prod" }));
  expect((await client.listCredentials(store)).map((c) => c.id)).toEqual(["p"]);
  expect(sent()).toContain("POST /credentials/store/system/domain/prod%20eu/createCredentials");
  expect(await client.listCredentials({})).toEqual([]);
  expect(await client.listCredentialDomains({})).toEqual(["_", "prod eu"]);
  expect(await client.listCredentialDomains({ folder: "my team" })).toEqual(["_"]);
  expect(sent()).toContain("GET /job/my%20team/credentials/store/folder/api/json");
  await client.deleteCredential(store, "p");
});

test("an id that exists is a CredentialAlreadyExistsError naming the credential and what to do", async () => {
  const store = { folder: "my team" };
  await client.createCredential(store, "dup", secretText({ id: "dup", secret: SECRET }));
  const err = await caught(() => client.createCredential(store, "dup", secretText({ id: "dup", secret: SECRET })));
  expect(err).toBeInstanceOf(CredentialAlreadyExistsError);
  expect(err.message).toBe(
    'Jenkins credential "my team/folder/_/dup": cannot create the credential: a credential with this id already exists (HTTP 409). ' +
      "Choose another id, adopt the existing credential (adopt: true), or delete it in Jenkins first; ids are unique within a store's domain.",
  );
  // Sent once: a 409 is an answer, not an unknown outcome.
  expect(sent().filter((s) => s.startsWith("POST"))).toHaveLength(2);
  await client.deleteCredential(store, "dup");
});

test("a missing credential, domain or folder is a CredentialNotFoundError", async () => {
  const missing = await caught(() => client.getCredentialConfig({ folder: "my team" }, "nope"));
  expect(missing).toBeInstanceOf(CredentialNotFoundError);
  expect(missing.message).toContain(
    'Jenkins credential "my team/folder/_/nope": cannot read the credential\'s config.xml: the credential does not exist (HTTP 404',
  );
  const noFolder = await caught(() => client.listCredentials({ folder: "no such folder" }));
  expect(noFolder).toBeInstanceOf(CredentialNotFoundError);
  expect(noFolder.message).toContain(
    'Jenkins credential "no such folder/folder/_": cannot list the credentials: the store or its domain does not exist (HTTP 404',
  );
  const noDomain = await caught(() => client.deleteCredential({ domain: "nope" }, "x"));
  expect(noDomain).toBeInstanceOf(CredentialNotFoundError);
  const update = await caught(() => client.updateCredentialConfig({}, "nope", secretText({ id: "nope", secret: "x" })));
  expect(update).toBeInstanceOf(CredentialNotFoundError);
});

test("a reader without Credentials/View does not find the store; with it, a change is a PermissionError naming the permission", async () => {
  const reader = readerClient(server);
  const viewer = new JenkinsClient({
    url: server.url,
    user: VIEWER.name,
    apiToken: VIEWER.apiToken,
    retryBaseDelayMs: 2,
  });
  try {
    expect(await caught(() => reader.listCredentials({}))).toBeInstanceOf(CredentialNotFoundError);
    expect(await viewer.listCredentials({})).toEqual([]);
    const err = await caught(() => viewer.createCredential({}, "v", secretText({ id: "v", secret: SECRET })));
    expect(err).toBeInstanceOf(PermissionError);
    expect((err as PermissionError).requiredPermission).toBe(
      "com.cloudbees.plugins.credentials.CredentialsProvider.Create",
    );
    expect(err.message).toContain(
      'Jenkins credential "system/_/v": cannot create the credential: permission denied (viewer lacks com.cloudbees.plugins.credentials.CredentialsProvider.Create)',
    );
  } finally {
    await reader.close();
    await viewer.close();
  }
});

test("an XML Jenkins cannot load is an InvalidConfigError; a bad id is refused before anything is sent", async () => {
  const err = await caught(() =>
    client.createCredential({}, "n", "<org.example.Unknown><id>n</id></org.example.Unknown>"),
  );
  expect(err).toBeInstanceOf(InvalidConfigError);
  server.resetCounters();
  expect(await caught(() => client.createCredential({}, "", secretText({ secret: "x" })))).toBeInstanceOf(
    InvalidNameError,
  );
  expect(await caught(() => client.getCredentialConfig({ folder: "a//b" }, "x"))).toBeInstanceOf(InvalidNameError);
  expect(sent()).toEqual([]);
});

test("with a password (crumb) the writes go through, and no secret is in any error, log line or answer read", async () => {
  const logs: string[] = [];
  const pw = passwordClient(server, { log: (l: string) => logs.push(l) });
  try {
    await pw.createCredential({}, "pw", usernamePassword({ id: "pw", username: "u", password: SECRET }));
    await pw.updateCredentialConfig({}, "pw", usernamePassword({ id: "pw", username: "u2", password: SECRET }));
    const xml = await pw.getCredentialConfig({}, "pw");
    const err = await caught(() =>
      pw.createCredential({}, "pw", usernamePassword({ id: "pw", username: "u", password: SECRET })),
    );
    const seen = [xml, err.message, String(err.stack), ...logs].join("\n");
    for (const form of secretForms("", [SECRET])) expect(seen).not.toContain(form);
    await pw.deleteCredential({}, "pw");
  } finally {
    await pw.close();
  }
});
