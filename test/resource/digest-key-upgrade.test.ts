/**
 * Outputs written while the config digest was the public output `configDigest` (its hashes in hex), managed by this
 * version, whose outputs keep it as the internal `__digest` (hashes in base64url): a refresh finds nothing and moves
 * the digest to its key, a plan has no changes before and after, and a real change is still one.
 */
import type { JenkinsServer } from "../../provider/server";
import * as lifecycle from "../../provider/resource/lifecycle";
import * as views from "../../provider/view/lifecycle";
import { closeClients } from "../../provider/connection/settings";
import { FREESTYLE_XML, folder } from "../harness/job-configs";
import { JenkinsUser } from "../harness/jenkins-user";
import { refreshRead } from "../harness/refresh-read";
import { ADMIN, startServer, tokenConfig } from "../harness/test-server";
import { createJob, PROVIDER_TEXT, type Props } from "./lifecycle-calls";
import { digestIn, digestOf } from "../../provider/resource/config-digest";
import { parseXml } from "../../provider/xml/tree";

/** A hash kept in base64url (a job's), in hex as before; a hash in hex (a view's) as it is. */
const hex = (kept: unknown) =>
  String(kept).length === 43 ? Buffer.from(String(kept), "base64url").toString("hex") : String(kept);

/**
 * `outs` as the release before wrote them: the digest public, its hashes in hex. A job's digest is made again from
 * its checked inputs, as that release made it (the state now keeps the first 128 bits of each hash, as text).
 */
function asWrittenBefore(outs: Props, inputs?: Props): Props {
  const { __digest, ...rest } = outs as Props & { __digest: unknown };
  const whole =
    inputs === undefined
      ? (__digest as Record<string, unknown>)
      : digestOf(String(inputs.configXml), parseXml(String(inputs.configXml)).root, true, {
          description: String(outs.description),
          enabled: outs.enabled !== false,
        });
  const digest: Record<string, unknown> = { ...whole };
  for (const k of ["canonical", "semantic", "equivalence"]) if (k in digest) digest[k] = hex(digest[k]);
  return { ...rest, configDigest: digest };
}

describe("outputs with the digest as the public configDigest", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;

  beforeAll(async () => {
    server = await startServer("current");
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    const config = tokenConfig(server);
    const source = { get: (k: string) => config[k] };
    await lifecycle.configure({ config: source });
    await views.configure({ config: source });
  });
  afterAll(async () => {
    await closeClients();
    await server?.close();
  });

  it("a job: refresh finds nothing and moves the digest; plans before and after have no changes", async () => {
    const job = await createJob({ name: "old-state", configXml: FREESTYLE_XML });
    const before = asWrittenBefore(job.outs, job.inputs);
    expect(Object.keys(before)).toContain("configDigest");
    expect(await lifecycle.diff(job.id, before, job.inputs)).toMatchObject({ changes: false });

    const read = await refreshRead(lifecycle, job.id, before, job.inputs);
    expect(read.inputs).toBeUndefined();
    expect(read.props).not.toHaveProperty("configDigest");
    expect(digestIn(read.props ?? {})).toMatchObject({ root: "project" });
    const after = { ...read.props, __provider: PROVIDER_TEXT };
    expect(await lifecycle.diff(job.id, after, job.inputs)).toMatchObject({ changes: false });

    const changed = await lifecycle.check(before, {
      ...job.inputs,
      configXml: FREESTYLE_XML.replace("make test", "make all"),
    });
    expect(await lifecycle.diff(job.id, before, changed.inputs as Props)).toMatchObject({ changes: true });

    // A hand edit is still found against the old digest.
    await user.editConfig("old-state", (xml) => xml.replace("make test", "make edited"));
    const edited = await refreshRead(lifecycle, job.id, before, job.inputs);
    expect(String(edited.inputs?.configXml)).toContain("make edited");
    await lifecycle.delete(job.id, after);
  });

  it("a view: refresh finds nothing and moves the digest; a plan has no changes", async () => {
    await user.createJob("team", folder());
    const checked = await views.check({}, { name: "apps", folder: "team", listView: { jobs: ["api"] } });
    const made = await views.create(checked.inputs as Props);
    const outs = { ...made.outs, __provider: PROVIDER_TEXT } as Props;
    const before = asWrittenBefore(outs);
    const inputs = { ...(checked.inputs as Props), __provider: PROVIDER_TEXT };
    expect(await views.diff(made.id, before, inputs)).toMatchObject({ changes: false });
    const read = await refreshRead(views, made.id, before, inputs);
    expect(read.inputs).toBeUndefined();
    expect(read.props).not.toHaveProperty("configDigest");
    expect(read.props?.__digest).toMatchObject({ root: "hudson.model.ListView" });
  });
});
