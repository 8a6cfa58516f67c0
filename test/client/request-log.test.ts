/**
 * `JENKINS_LOG_REQUESTS` is a switch read as the other switches are: `0`, `false`, `no` or empty keep the request log
 * off, `1`, `true`, `yes` turn it on, anything else is an error naming the variable.
 */
import { clientFor, type ConnectionSettings } from "../../provider/connection/settings";
import type { JenkinsServer } from "../../provider/server";
import { ADMIN, startServer } from "./helpers";

let server: JenkinsServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

// The provider keeps one client per distinct connection: a different pool size per case gives each case its own.
let pool = 1;
function settings(): ConnectionSettings {
  return {
    url: server.url,
    user: ADMIN.name,
    apiToken: ADMIN.apiToken,
    insecureSkipTlsVerify: false,
    maxConnections: pool++,
  };
}

/** What one request through a fresh provider client writes to stderr with the variable set to `value`. */
async function loggedWith(value: string | undefined): Promise<string> {
  const lines: string[] = [];
  const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    const env = value === undefined ? {} : { JENKINS_LOG_REQUESTS: value };
    await clientFor(settings(), env).serverInfo();
  } finally {
    spy.mockRestore();
  }
  return lines.join("");
}

describe("JENKINS_LOG_REQUESTS", () => {
  it.each([undefined, "", "0", "false", "no", "FALSE"])("%p leaves the request log off", async (value) => {
    expect(await loggedWith(value)).toBe("");
  });

  it.each(["1", "true", "yes", "True"])("%p logs one line per request, without the credential", async (value) => {
    const log = await loggedWith(value);
    expect(log).toMatch(/^jenkins: GET \/api\/json.* 200 /m);
    expect(log).not.toContain(ADMIN.apiToken);
  });

  it("refuses a value that is neither on nor off, naming the variable", () => {
    expect(() => clientFor(settings(), { JENKINS_LOG_REQUESTS: "verbose" })).toThrow(
      "JENKINS_LOG_REQUESTS must be true or false.",
    );
  });
});
