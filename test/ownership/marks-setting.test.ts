/**
 * A value of `jenkins:ownershipMarks` that is neither true nor false: `configure` keeps it, and the check of every
 * item kind that carries a mark (a job, a view, a credential) fails naming the key and the fix, before anything is
 * written to Jenkins.
 */
import type { JenkinsServer } from "../../provider/server";
import * as jobs from "../../provider/resource/lifecycle";
import * as views from "../../provider/view/lifecycle";
import * as credentials from "../../provider/credential/lifecycle";
import { closeClients } from "../../provider/connection/settings";
import { marksSetting, OwnershipConfigError } from "../../provider/ownership/settings";
import { FREESTYLE_XML } from "../harness/job-configs";
import { startServer, tokenConfig } from "../harness/test-server";

const REASON =
  'jenkins:ownershipMarks must be true or false, not "sometimes": ' +
  "run `pulumi config set jenkins:ownershipMarks false` to stop writing marks of ownership.";

describe("jenkins:ownershipMarks", () => {
  let server: JenkinsServer;

  beforeAll(async () => {
    server = await startServer("current");
    const config: Record<string, string> = { ...tokenConfig(server), "jenkins:ownershipMarks": "sometimes" };
    const source = { get: (k: string) => config[k] };
    for (const l of [jobs, views, credentials]) await l.configure({ config: source });
  });
  afterAll(async () => {
    await closeClients();
    await server?.close();
  });

  it("is kept by configure as the value, or the error the checks report", () => {
    expect(marksSetting({ get: () => undefined })).toBe(true);
    expect(marksSetting({ get: () => "false" })).toBe(false);
    expect(marksSetting({ get: () => false })).toBe(false);
    expect(marksSetting({ get: () => "sometimes" })).toEqual(new OwnershipConfigError("sometimes"));
  });

  it("fails the check of a job, a view and a credential, writing nothing", async () => {
    server.resetCounters();
    const results = [
      await jobs.check({}, { name: "api", configXml: FREESTYLE_XML }),
      await views.check({}, { name: "apps", listView: { jobs: ["api"] } }),
      await credentials.check(
        {},
        { credentialId: "token", description: "A token", secretText: {}, secretValues: ["s3cr3t"] },
      ),
    ];
    expect(results.map((r) => r.failures)).toEqual([
      [{ property: "", reason: REASON }],
      [{ property: "", reason: REASON }],
      [{ property: "", reason: REASON }],
    ]);
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });
});
