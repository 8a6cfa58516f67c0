/**
 * Bad input, table-driven: each row is one mistake a user can make (in a name, a config, the connection, or the
 * order of events), the clear error it must produce (naming the job and the way out), and proof that nothing on
 * the server changed: the jobs and their stored config.xml are snapshotted before and after, and mistakes that can
 * be caught before any request must not reach the server at all.
 *
 * Layer 1 (the provider's lifecycle in-process) with a small engine stand-in, so each row runs in milliseconds.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import * as jobs from "../../provider/resource/lifecycle";
import { closeClients } from "../../provider/connection/settings";
import { InvalidNameError } from "../../provider/client/errors";
import { JenkinsClient } from "../../provider/client/jenkins-client";
import { JenkinsUser } from "../harness/jenkins-user";
import { ADMIN, READER, startServer } from "../harness/test-server";
import { FOLDER_XML, markedFreestyle, PIPELINE_XML } from "../harness/job-configs";
import { inProcess, Engine, type Props } from "../harness/engine";
import {
  EMPTY_OK,
  HTML_SERVICE,
  JSON_SERVICE,
  LOGIN_PAGE,
  redirectTo,
  startFake,
  type FakeServer,
} from "./fake-servers";
import { startProxy } from "../client/proxy";
import { snapshot } from "./server-state";
import { makeSelfSigned, type SelfSigned } from "./tls";

const FORBIDDEN = ["?", "*", "/", "\\", "%", "!", "@", "#", "$", "^", "&", "|", "<", ">", "[", "]", ":", ";"];

let server: JenkinsServer;
let user: JenkinsUser;
let tls: SelfSigned;
let otherCa: SelfSigned;
let tlsServer: JenkinsServer;
let scratch: string;
const fakes: FakeServer[] = [];
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  server = await startServer("current");
  user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
  await user.createJob("team", FOLDER_XML);
  tls = makeSelfSigned();
  otherCa = makeSelfSigned();
  tlsServer = await startServer("current", { tls });
  scratch = mkdtempSync(path.join(os.tmpdir(), "bad-input-"));
});
afterAll(async () => {
  await closeClients();
  await Promise.all([server?.close(), tlsServer?.close(), ...fakes.map((f) => f.close()), ...closers.map((c) => c())]);
  rmSync(scratch, { recursive: true, force: true });
});

async function fake(answer: Parameters<typeof startFake>[0]): Promise<FakeServer> {
  const f = await startFake(answer);
  fakes.push(f);
  return f;
}

// ---------------------------------------------------------------------------------------------------------------

interface Ctx {
  engine: Engine;
  /** Points the provider at another URL / other credentials (stack config `jenkins:*`). */
  connect(config: Record<string, string>): Promise<void>;
  /** The fake answering at the configured URL instead of Jenkins, when the row has one. */
  front?: FakeServer;
  /** Servers that must never be contacted (an external DTD's host, a redirect's target). */
  foreign?: FakeServer;
}

interface Outcome {
  /** What the user is shown: a check failure (`property: reason`) or the provider's error message. */
  message: string;
  property?: string;
}

interface Case {
  title: string;
  /** The job the message must name (quoted), when it has one. */
  job?: string;
  /** What the message must say: the cause and the way out. */
  says: RegExp[];
  /** What it must not say (a wrong cause). */
  notSays?: RegExp[];
  /** "none": caught before any request; "server": requests may reach Jenkins but nothing changes there. */
  reach: "none" | "server";
  property?: string;
  setup?: (t: Ctx) => Promise<void>;
  run: (t: Ctx) => Promise<Outcome>;
  /** Extra proof for the row, after the common assertions. */
  verify?: (t: Ctx, o: Outcome) => Promise<void> | void;
}

const tokenConfig = (url = server.url): Record<string, string> => ({
  "jenkins:url": url,
  "jenkins:user": ADMIN.name,
  "jenkins:apiToken": ADMIN.apiToken,
});
const passwordConfig = (url = server.url): Record<string, string> => ({
  "jenkins:url": url,
  "jenkins:user": ADMIN.name,
  "jenkins:password": ADMIN.password,
});
const urn = (name: string) => `urn:pulumi:bad::hardening::pulumi-nodejs:dynamic/jenkins:Job::${name}`;

/** `pulumi up` of one resource; the outcome is the failure the user sees. Success is a test failure here. */
async function up(t: Ctx, key: string, inputs: Props): Promise<Outcome> {
  const before = t.engine.failures.length;
  if (await t.engine.up(urn(key), inputs)) throw new Error(`expected ${key} to fail, but it succeeded`);
  const f = t.engine.failures[before];
  return { message: f.message, property: f.property };
}

/** The create path without Check, as if a program skipped validation: the name must still be refused before any write. */
async function createSkippingCheck(inputs: Props): Promise<Outcome> {
  const requestsBefore = server.requests.length;
  try {
    await jobs.create({ ...inputs, __provider: "p" });
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidNameError);
    // Nothing that could change anything was sent (the provider's one-time "is this a Jenkins" GET may be).
    expect(server.requests.slice(requestsBefore).filter((r) => r.method !== "GET")).toEqual([]);
    return { message: (e as Error).message };
  }
  throw new Error("create without check succeeded");
}

const nameCases: Case[] = FORBIDDEN.map((ch) => ({
  title: `name with ${JSON.stringify(ch)}`,
  job: `bad${ch}name`,
  says: [new RegExp(`‘\\${ch}’ is an unsafe character`), ch === "/" ? /folder/ : /Jenkins does not allow any of/],
  reach: "none",
  property: "name",
  run: (t) => up(t, `bad-${ch.charCodeAt(0)}`, { name: `bad${ch}name`, configXml: markedFreestyle("x") }),
  // Also refused by the client itself when Check is skipped ("/" is a folder separator there, so not for it).
  verify:
    ch === "/"
      ? undefined
      : async () => {
          const direct = await createSkippingCheck({ name: `bad${ch}name`, configXml: markedFreestyle("x") });
          expect(direct.message).toContain(`"bad${ch}name"`);
        },
}));

const hugeName = "x".repeat(300);

const cases: Case[] = [
  ...nameCases,
  {
    title: 'name "."',
    job: ".",
    says: [/“\.” is not an allowed name/, /Choose another name/],
    reach: "none",
    property: "name",
    run: (t) => up(t, "dot", { name: ".", configXml: markedFreestyle("x") }),
    verify: async () =>
      expect((await createSkippingCheck({ name: ".", configXml: markedFreestyle("x") })).message).toContain('"."'),
  },
  {
    title: 'name ".."',
    job: "..",
    says: [/“\.\.” is not an allowed name/, /Choose another name/],
    reach: "none",
    property: "name",
    run: (t) => up(t, "dotdot", { name: "..", configXml: markedFreestyle("x") }),
  },
  {
    title: "name with a trailing dot",
    job: "release.",
    says: [/cannot end with ‘\.’/, /Remove the trailing dot/],
    reach: "none",
    property: "name",
    run: (t) => up(t, "trailing-dot", { name: "release.", configXml: markedFreestyle("x") }),
  },
  {
    title: "name with a control character",
    job: "bell\\u7;name",
    says: [/No control code is allowed/, /Remove the control character/],
    reach: "none",
    property: "name",
    run: (t) => up(t, "control", { name: "bell\u0007name", configXml: markedFreestyle("x") }),
    verify: async () =>
      expect((await createSkippingCheck({ name: "tab\tname", configXml: markedFreestyle("x") })).message).toContain(
        "tab\\u9;name",
      ),
  },
  {
    title: "empty name",
    says: [/name is required/, /without folders/],
    reach: "none",
    property: "name",
    run: (t) => up(t, "empty", { name: "", configXml: markedFreestyle("x") }),
  },
  {
    title: "name with leading and trailing spaces (Jenkins would trim it into another job)",
    job: " spaced ",
    says: [/cannot start or end with a space/, /remove the spaces/],
    reach: "none",
    property: "name",
    run: (t) => up(t, "spaced", { name: " spaced ", configXml: markedFreestyle("x") }),
  },
  {
    title: "folder path with an empty segment",
    job: "team//apps",
    says: [/invalid job path/, /single slashes/],
    reach: "none",
    property: "folder",
    run: (t) => up(t, "bad-folder", { name: "x", folder: "team//apps", configXml: markedFreestyle("x") }),
  },
  {
    title: "huge name (300 characters: longer than a file name may be)",
    // The message shows the start of the name, not all 300 characters.
    says: [/"x{20,}…?"/, /255/, /shorter name/i],
    reach: "none",
    property: "name",
    run: (t) => up(t, "huge", { name: hugeName, configXml: markedFreestyle("x") }),
  },
  {
    title: "unknown folder",
    job: "no-such-folder/app",
    says: [/folder "no-such-folder" does not exist/, /folders must exist before jobs are created/],
    reach: "server",
    run: (t) => up(t, "unknown-folder", { name: "app", folder: "no-such-folder", configXml: markedFreestyle("x") }),
  },
  {
    title: "malformed XML",
    says: [/not well-formed/, /line 4, column \d+/],
    reach: "none",
    // No property: the engine would print the whole config as the failing value.
    property: "",
    run: (t) =>
      up(t, "malformed", {
        name: "malformed",
        configXml: "<project>\n  <builders>\n    <hudson.tasks.Shell>\n</project>\n",
      }),
  },
  {
    title: "XML with a DOCTYPE declaring an external entity (file:///etc/passwd)",
    says: [/external entit/, /never resolved/, /line 2, column \d+/],
    // Well-formed XML: refused by policy or size, and the message must not call it malformed.
    notSays: [/not well-formed/],
    reach: "none",
    // No property: the engine would print the whole config as the failing value.
    property: "",
    run: (t) =>
      up(t, "xxe", {
        name: "xxe",
        configXml:
          '<?xml version="1.0"?>\n<!DOCTYPE project [ <!ENTITY leak SYSTEM "file:///etc/passwd"> ]>\n<project><description>&leak;</description></project>',
      }),
    verify: (_t, o) => expect(o.message).not.toMatch(/root:|\/bin\/(ba)?sh/),
  },
  {
    title: "XML with an external DTD and an entity from it (never fetched)",
    says: [/undefined entity &secret;/, /line 3/],
    reach: "none",
    // No property: the engine would print the whole config as the failing value.
    property: "",
    setup: async (t) => {
      t.foreign = await fake(() => ({ status: 200, body: '<!ENTITY secret "from-the-network">' }));
    },
    run: (t) =>
      up(t, "external-dtd", {
        name: "external-dtd",
        configXml: `<?xml version="1.0"?>\n<!DOCTYPE project SYSTEM "${t.foreign!.url}evil.dtd">\n<project><description>&secret;</description></project>`,
      }),
  },
  {
    title: "XML whose external entity names a local file (the file is never read)",
    says: [/external entity "local"/, /never resolved/],
    // Well-formed XML: refused by policy or size, and the message must not call it malformed.
    notSays: [/not well-formed/],
    reach: "none",
    // No property: the engine would print the whole config as the failing value.
    property: "",
    run: (t) => {
      const file = path.join(scratch, "marker.txt");
      writeFileSync(file, "MARKER-7f2c-never-read");
      return up(t, "xxe-local", {
        name: "xxe-local",
        configXml: `<!DOCTYPE project [<!ENTITY local SYSTEM "file://${file}">]>\n<project><description>&local;</description></project>`,
      });
    },
    verify: (t, o) => {
      expect(o.message).not.toContain("MARKER-7f2c");
      expect(JSON.stringify(t.engine.seen)).not.toContain("MARKER-7f2c");
    },
  },
  {
    title: "entity-expansion bomb (nested entities, billion laughs)",
    says: [/nested entity references are not allowed/, /line \d+, column \d+/],
    // Well-formed XML: refused by policy or size, and the message must not call it malformed.
    notSays: [/not well-formed/],
    reach: "none",
    // No property: the engine would print the whole config as the failing value.
    property: "",
    run: async (t) => {
      const levels = Array.from({ length: 10 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join("\n");
      const started = Date.now();
      const o = await up(t, "bomb", {
        name: "bomb",
        configXml: `<?xml version="1.0"?>\n<!DOCTYPE project [\n<!ENTITY l0 "lol">\n${levels}\n]>\n<project><description>&l10;</description></project>`,
      });
      expect(Date.now() - started).toBeLessThan(1000);
      return o;
    },
  },
  {
    title: "entity-expansion bomb (one wide entity used a million times)",
    says: [/after entity expansion/, /limit of \d+ bytes/],
    // Well-formed XML: refused by policy or size, and the message must not call it malformed.
    notSays: [/not well-formed/],
    reach: "none",
    // No property: the engine would print the whole config as the failing value.
    property: "",
    run: async (t) => {
      const used = "&w;".repeat(1_000_000);
      const started = Date.now();
      const heapBefore = process.memoryUsage().heapUsed;
      const o = await up(t, "wide-bomb", {
        name: "wide-bomb",
        configXml: `<!DOCTYPE project [<!ENTITY w "${"w".repeat(9_000)}">]>\n<project><description>${used}</description></project>`,
      });
      expect(Date.now() - started).toBeLessThan(5000);
      // 9 GB if it were expanded; the bound stops it at the 10 MB limit.
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
      return o;
    },
  },
  {
    title: "a 10 MB config",
    says: [/more than the limit of 10485760 bytes/],
    // Well-formed XML: refused by policy or size, and the message must not call it malformed.
    notSays: [/not well-formed/],
    reach: "none",
    // No property: the engine would print the whole config as the failing value.
    property: "",
    run: (t) =>
      up(t, "ten-mb", {
        name: "ten-mb",
        configXml: markedFreestyle("big").replace(
          "make test",
          "make test\n" + "echo padding-line-of-a-generated-script\n".repeat(270_000),
        ),
      }),
  },
  {
    title: "root element that is not a job (global config)",
    says: [/root element <hudson>/, /not a Jenkins job or folder/, /<project>/],
    reach: "none",
    // No property: the engine would print the whole config as the failing value.
    property: "",
    run: (t) =>
      up(t, "wrong-root", { name: "wrong-root", configXml: "<hudson><numExecutors>2</numExecutors></hudson>" }),
  },
  {
    title: "root element of a plugin that is not installed",
    job: "plugin-missing",
    says: [/refused the configuration XML/, /plugin/],
    reach: "server",
    run: (t) =>
      up(t, "plugin-missing", {
        name: "plugin-missing",
        configXml: "<com.example.jenkins.RocketProject><description/></com.example.jenkins.RocketProject>",
      }),
  },
  {
    title: "changing a job's type in a config update (freestyle → pipeline) when the update is attempted anyway",
    job: "typed",
    says: [/refused the configuration XML/, /same item type/, /Expecting class hudson\.model\.FreeStyleProject/],
    reach: "server",
    setup: async (t) => {
      expect(await t.engine.up(urn("typed"), { name: "typed", configXml: markedFreestyle("typed") })).toBe(true);
    },
    run: async (t) => {
      const entry = t.engine.state.get(urn("typed"))!;
      try {
        await jobs.update(entry.id, entry.outputs, { name: "typed", configXml: PIPELINE_XML, __provider: "p" });
      } catch (e) {
        return { message: (e as Error).message };
      }
      throw new Error("update succeeded");
    },
  },
  {
    title: "wrong credentials",
    job: "wrong-creds",
    says: [/credentials were rejected/, /HTTP 401/, /jenkins:apiToken/],
    reach: "server",
    setup: (t) => t.connect({ ...tokenConfig(), "jenkins:apiToken": "11" + "0".repeat(32) }),
    run: (t) => up(t, "wrong-creds", { name: "wrong-creds", configXml: markedFreestyle("x") }),
  },
  {
    title: "a user without permission (reader) creating a job",
    job: "by-reader",
    says: [/reader lacks hudson\.model\.Item\.Create/, /Grant hudson\.model\.Item\.Create to reader/],
    reach: "server",
    setup: (t) =>
      t.connect({ "jenkins:url": server.url, "jenkins:user": READER.name, "jenkins:password": READER.password }),
    run: (t) => up(t, "by-reader", { name: "by-reader", configXml: markedFreestyle("x") }),
  },
  {
    title: "a user without permission (reader) updating and deleting a job",
    job: "guarded",
    says: [/reader lacks hudson\.model\.Item\.Configure/, /Grant hudson\.model\.Item\.Configure to reader/],
    reach: "server",
    setup: async (t) => {
      expect(await t.engine.up(urn("guarded"), { name: "guarded", configXml: markedFreestyle("v1") })).toBe(true);
      await t.connect({ "jenkins:url": server.url, "jenkins:user": READER.name, "jenkins:password": READER.password });
    },
    run: (t) => up(t, "guarded", { name: "guarded", configXml: markedFreestyle("v2") }),
    verify: async (t) => {
      expect(await t.engine.destroy(urn("guarded"))).toBe(false);
      expect(t.engine.failures.at(-1)!.message).toMatch(/"guarded".*reader lacks hudson\.model\.Item\.Delete/);
    },
  },
  {
    title: "a URL that answers with an HTML login page (API token)",
    job: "behind-sso",
    says: [/HTML page/, /context path|single sign-on/],
    reach: "server",
    setup: async (t) => {
      t.front = await fake(LOGIN_PAGE);
      await t.connect(tokenConfig(t.front.url));
    },
    run: (t) => up(t, "behind-sso", { name: "behind-sso", configXml: markedFreestyle("x") }),
  },
  {
    title: "a URL that answers with an HTML login page (password: the crumb request meets it first)",
    job: "behind-sso-pw",
    says: [/HTML page/, /context path|single sign-on/],
    reach: "server",
    setup: async (t) => {
      t.front = await fake(LOGIN_PAGE);
      await t.connect(passwordConfig(t.front.url));
    },
    run: (t) => up(t, "behind-sso-pw", { name: "behind-sso-pw", configXml: markedFreestyle("x") }),
  },
  {
    title: "a server that is not Jenkins (JSON service, no X-Jenkins)",
    job: "not-jenkins",
    says: [/not a Jenkins|X-Jenkins/, /Check the URL/],
    reach: "server",
    setup: async (t) => {
      t.front = await fake(JSON_SERVICE);
      await t.connect(tokenConfig(t.front.url));
    },
    run: (t) => up(t, "not-jenkins", { name: "not-jenkins", configXml: markedFreestyle("x") }),
  },
  {
    title: "a server that is not Jenkins (answers 200 with an empty body, no X-Jenkins)",
    job: "not-jenkins-empty",
    says: [/not a Jenkins|X-Jenkins|not JSON/, /Check the URL/],
    reach: "server",
    setup: async (t) => {
      t.front = await fake(EMPTY_OK);
      await t.connect(tokenConfig(t.front.url));
    },
    run: (t) => up(t, "not-jenkins-empty", { name: "not-jenkins-empty", configXml: markedFreestyle("x") }),
  },
  {
    title: "a server that is not Jenkins (JSON service, no X-Jenkins), password auth",
    job: "not-jenkins-pw",
    says: [/not a Jenkins|X-Jenkins|crumb/, /Check the URL/],
    reach: "server",
    setup: async (t) => {
      t.front = await fake(JSON_SERVICE);
      await t.connect(passwordConfig(t.front.url));
    },
    run: (t) => up(t, "not-jenkins-pw", { name: "not-jenkins-pw", configXml: markedFreestyle("x") }),
  },
  {
    title: "a server that is not Jenkins (web server's default HTML page), password auth",
    job: "not-jenkins-html",
    says: [/HTML page/, /Check the URL/],
    reach: "server",
    setup: async (t) => {
      t.front = await fake(HTML_SERVICE);
      await t.connect(passwordConfig(t.front.url));
    },
    run: (t) => up(t, "not-jenkins-html", { name: "not-jenkins-html", configXml: markedFreestyle("x") }),
  },
  {
    title: "TLS with a certificate from an unknown CA",
    job: "tls-unknown-ca",
    says: [/TLS handshake failed/, /caCert/],
    reach: "server",
    setup: (t) => t.connect(tokenConfig(tlsServer.url)),
    run: (t) => up(t, "tls-unknown-ca", { name: "tls-unknown-ca", configXml: markedFreestyle("x") }),
    verify: () => expect(tlsServer.requests).toEqual([]),
  },
  {
    title: "TLS with the wrong CA given as caCert",
    job: "tls-wrong-ca",
    says: [/TLS handshake failed/, /caCert/],
    reach: "server",
    setup: (t) => t.connect({ ...tokenConfig(tlsServer.url), "jenkins:caCert": otherCa.cert }),
    run: (t) => up(t, "tls-wrong-ca", { name: "tls-wrong-ca", configXml: markedFreestyle("x") }),
    verify: () => expect(tlsServer.requests).toEqual([]),
  },
  {
    title: "a redirect to another origin on create (credentials are never sent there)",
    job: "moved",
    says: [/redirect/, /Check the URL/],
    reach: "server",
    setup: async (t) => {
      t.foreign = await fake(EMPTY_OK);
      t.front = await fake(redirectTo(t.foreign.url));
      await t.connect(passwordConfig(t.front.url));
    },
    run: (t) => up(t, "moved", { name: "moved", configXml: markedFreestyle("x") }),
    verify: (t) => expect(t.front!.requests[0].authorization).toMatch(/^Basic /),
  },
  {
    title: "a redirect to another origin on delete (a proxy switched to a maintenance page mid-run) is not success",
    job: "moved-away",
    says: [/redirect/, /Check the URL/],
    reach: "server",
    setup: async (t) => {
      expect(await t.engine.up(urn("moved-away"), { name: "moved-away", configXml: markedFreestyle("x") })).toBe(true);
      t.foreign = await fake(EMPTY_OK);
      // Reads still reach Jenkins (so the provider's first check that this is a Jenkins passes); writes are sent away.
      const proxy = await startProxy({
        target: server.url,
        intercept: (req) =>
          req.method === "POST"
            ? { status: 302, headers: { location: `${t.foreign!.url}maintenance.html` } }
            : undefined,
      });
      closers.push(() => proxy.close());
      await t.connect(tokenConfig(proxy.url));
    },
    run: async (t) => {
      if (await t.engine.destroy(urn("moved-away")))
        throw new Error("delete through a redirect to another origin reported success");
      return { message: t.engine.failures.at(-1)!.message };
    },
    // Still in Jenkins and still in state: not an orphan nobody manages.
    verify: (t) => expect(t.engine.state.has(urn("moved-away"))).toBe(true),
  },
  {
    title: "a job deleted by hand between preview and update",
    job: "vanishing",
    says: [/does not exist/, /pulumi refresh/],
    reach: "server",
    setup: async (t) => {
      expect(await t.engine.up(urn("vanishing"), { name: "vanishing", configXml: markedFreestyle("v1") })).toBe(true);
      // Preview: Check and Diff only; no request, and it shows an update.
      const entry = t.engine.state.get(urn("vanishing"))!;
      const checked = await jobs.check(entry.inputs, {
        name: "vanishing",
        configXml: markedFreestyle("v2"),
        __provider: "p",
      });
      const requestsBefore = server.requests.length;
      expect(await jobs.diff(entry.id, entry.outputs, checked.inputs!)).toMatchObject({ changes: true, replaces: [] });
      expect(server.requests.length).toBe(requestsBefore);
      // Then somebody deletes the job in Jenkins.
      expect((await user.request("POST", "job/vanishing/doDelete")).status).toBe(302);
    },
    // `pulumi up` runs the update that the preview showed.
    run: (t) => up(t, "vanishing", { name: "vanishing", configXml: markedFreestyle("v2") }),
    // Not silently re-created under the user's feet.
    verify: () => expect(snapshot(server)["vanishing"]).toBeUndefined(),
  },
  {
    title: "two resources declaring the same job",
    job: "shared",
    says: [/is already managed by this stack as resource [0-9a-f-]{36}/, /two resources cannot manage one job/],
    notSays: [/adopt/, /not managed/],
    reach: "server",
    setup: async (t) => {
      expect(await t.engine.up(urn("shared-a"), { name: "shared", configXml: markedFreestyle("first") })).toBe(true);
    },
    run: (t) => up(t, "shared-b", { name: "shared", configXml: markedFreestyle("second") }),
    verify: () => {
      expect(snapshot(server)["shared"]).toContain("first");
      expect(snapshot(server)["shared"]).not.toContain("second");
    },
  },
  {
    title: "two resources declaring the same job in different letter case",
    job: "Shared-Case",
    says: [/differs only in case from "shared-case", which this stack already manages as resource [0-9a-f-]{36}/],
    notSays: [/adopt/, /not managed/],
    reach: "server",
    setup: async (t) => {
      expect(await t.engine.up(urn("case-a"), { name: "shared-case", configXml: markedFreestyle("lower") })).toBe(true);
    },
    run: (t) => up(t, "case-b", { name: "Shared-Case", configXml: markedFreestyle("upper") }),
    verify: () =>
      expect(Object.keys(snapshot(server)).filter((n) => n.toLowerCase() === "shared-case")).toEqual(["shared-case"]),
  },
  {
    title: "a new job whose name differs only in case from a job made in Jenkins",
    job: "Made-In-UI",
    says: [/differs only in case from "made-in-ui", which already exists in Jenkins/, /choose another name/],
    notSays: [/adopt/],
    reach: "server",
    setup: async () => {
      await user.createJob("made-in-ui", markedFreestyle("ui"));
    },
    run: (t) => up(t, "case-ui", { name: "Made-In-UI", configXml: markedFreestyle("declared") }),
    verify: () => expect(snapshot(server)["made-in-ui"]).toContain("ui"),
  },
];

describe("bad input", () => {
  it("has at least 30 rows", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases.map((c) => [c.title, c] as const))("%s", async (_title, c) => {
    const provider = inProcess(jobs, "job-provider");
    const t: Ctx = {
      engine: new Engine(() => provider),
      connect: async (config) => jobs.configure({ config: { get: (k: string) => config[k] } }),
    };
    await t.connect(tokenConfig());
    await c.setup?.(t);
    const before = snapshot(server);
    const requestsBefore = server.requests.length;
    const outcome = await c.run(t);

    if (c.property !== undefined) expect(outcome.property).toBe(c.property);
    if (c.job !== undefined) expect(outcome.message).toContain(`"${c.job}"`);
    for (const re of c.says) expect(outcome.message).toMatch(re);
    for (const re of c.notSays ?? []) expect(outcome.message).not.toMatch(re);
    if (c.reach === "none") {
      expect(server.requests.slice(requestsBefore)).toEqual([]);
      expect(t.front?.requests ?? []).toEqual([]);
    }
    // Never contacted, so never given a credential, a cookie or a crumb.
    expect(t.foreign?.requests ?? []).toEqual([]);
    expect(outcome.message).not.toContain(ADMIN.password);
    expect(outcome.message).not.toContain(ADMIN.apiToken);
    await c.verify?.(t, outcome);
    expect(snapshot(server)).toEqual(before);
  });

  it("TLS with the right CA (self-signed, made at test time) works", async () => {
    await jobs.configure({
      config: { get: (k: string) => ({ ...tokenConfig(tlsServer.url), "jenkins:caCert": tls.cert })[k] },
    });
    const provider = inProcess(jobs, "job-provider");
    const engine = new Engine(() => provider);
    expect(await engine.up(urn("over-tls"), { name: "over-tls", configXml: markedFreestyle("tls") })).toBe(true);
    expect(engine.state.get(urn("over-tls"))!.outputs.url).toBe(`${tlsServer.url}job/over-tls/`);
    expect(snapshot(tlsServer)).toHaveProperty("over-tls");
    expect(await engine.inSync(urn("over-tls"))).toBe(true);
    // The server's absolute Locations (201 of a build) carry the https scheme.
    const client = new JenkinsClient({
      url: tlsServer.url,
      user: ADMIN.name,
      apiToken: ADMIN.apiToken,
      caCert: tls.cert,
    });
    try {
      expect((await client.build("over-tls")).queueUrl).toMatch(new RegExp(`^${tlsServer.url}queue/item/\\d+/$`));
    } finally {
      await client.close();
    }
    expect(await engine.destroy(urn("over-tls"))).toBe(true);
    expect(snapshot(tlsServer)).toEqual({});
  });

  it("a job's type change is a replacement with delete-before-replace, decided without a request", async () => {
    await jobs.configure({ config: { get: (k: string) => tokenConfig()[k] } });
    const provider = inProcess(jobs, "job-provider");
    const engine = new Engine(() => provider);
    expect(await engine.up(urn("retyped"), { name: "retyped", configXml: markedFreestyle("x") })).toBe(true);
    const entry = engine.state.get(urn("retyped"))!;
    const requestsBefore = server.requests.length;
    const checked = await jobs.check(entry.inputs, { name: "retyped", configXml: PIPELINE_XML, __provider: "p" });
    expect(checked.failures).toEqual([]);
    // The check's one request is the runnable check's lint of the new pipeline script; the diff sends none.
    expect(server.requests.slice(requestsBefore).map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /pipeline-model-converter/validateJenkinsfile",
    ]);
    const requestsChecked = server.requests.length;
    expect(await jobs.diff(entry.id, entry.outputs, checked.inputs!)).toEqual({
      changes: true,
      replaces: ["configXml"],
      deleteBeforeReplace: true,
    });
    expect(server.requests.length).toBe(requestsChecked);
    expect(snapshot(server)["retyped"]).toContain("<project>");
  });
});
