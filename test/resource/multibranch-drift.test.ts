/**
 * Layer 1: a multibranch project declared with the typed spec (a source without id) against the server, whose
 * indexing gives the source an id. Refresh finds no drift; a hand edit is reported as the spec property that changed,
 * not as the id; `up` puts the declared spec back in one config POST that keeps Jenkins's id.
 */
import type { JenkinsServer } from "../../provider/server";
import * as lifecycle from "../../provider/resource/lifecycle";
import { closeClients } from "../../provider/connection/settings";
import type { MultibranchSpec } from "../../provider/specs";
import { JenkinsUser } from "../harness/jenkins-user";
import { ADMIN, calls, startServer, tokenConfig } from "../harness/test-server";
import { createJob, PROVIDER_TEXT, type Props } from "./lifecycle-calls";
import { refreshRead } from "../harness/refresh-read";

const REPO = "https://git.example.com/team/app.git";
const SPEC: MultibranchSpec = { sources: [{ type: "git", remote: REPO }], periodicIndexing: "1d" };

function idOf(xml: string | undefined): string | undefined {
  return /<source [^>]*>\s*<id>([^<]+)<\/id>/.exec(xml ?? "")?.[1];
}

describe.each(["legacy", "current"] as const)("a multibranch project from the spec (%s server)", (mode) => {
  let server: JenkinsServer;
  let user: JenkinsUser;

  beforeAll(async () => {
    server = await startServer(mode, { repositories: { [REPO]: ["main", "dev"] } });
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    const config = tokenConfig(server);
    await lifecycle.configure({ config: { get: (k: string) => config[k] } });
  });
  afterAll(async () => {
    await closeClients();
    await server?.close();
  });

  it("refresh sees no drift; a hand edit is the spec property; up restores it keeping the id", async () => {
    const job = await createJob({ name: "app", multibranch: SPEC });
    const id = idOf(server.jobConfigOnDisk("app"));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.jobConfigOnDisk("app/main")).toContain(`<sourceId>${id}</sourceId>`);

    const clean = await refreshRead(lifecycle, job.id, job.outs);
    expect(clean.inputs).toBeUndefined();

    // Someone sets another script path in the UI (Jenkins keeps the id).
    await user.editConfig("app", (xml) =>
      xml.replace("<scriptPath>Jenkinsfile</scriptPath>", "<scriptPath>other/Jenkinsfile</scriptPath>"),
    );
    const drifted = await refreshRead(lifecycle, job.id, job.outs);
    expect(drifted.inputs?.multibranch).toEqual({ ...SPEC, scriptPath: "other/Jenkinsfile" });
    const olds: Props = { ...drifted.props, __provider: PROVIDER_TEXT };
    const d = await lifecycle.diff(job.id, olds, job.inputs);
    expect(d.changes).toBe(true);

    server.resetCounters();
    await lifecycle.update(job.id, olds, job.inputs);
    expect(calls(server).filter((c) => c.startsWith("POST"))).toEqual(["POST /job/app/config.xml"]);
    expect(idOf(server.jobConfigOnDisk("app"))).toBe(id);
    expect(server.jobConfigOnDisk("app/main")).toContain(`<sourceId>${id}</sourceId>`);
    expect((await refreshRead(lifecycle, job.id, job.outs)).inputs).toBeUndefined();
    await lifecycle.delete(job.id, job.outs);
  });
});
