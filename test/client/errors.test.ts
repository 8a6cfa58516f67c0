/**
 * Error answers: Jenkins's message taken from X-Error or the page (never the page itself), the one-line Oops
 * summary, and "this is not a Jenkins" for login pages and proxies answering 200.
 */
import type { JenkinsServer } from "../../provider/server";
import { AuthenticationError, JenkinsError, NotJenkinsError, ServerError } from "../../provider/client";
import { jenkinsMessage, messageFromHtml } from "../../provider/client/html-message";
import { freestyle } from "../harness/job-configs";
import { basic, caught, h, raw, READER, startServer, tokenClient } from "./helpers";
import { startProxy, type ProxyAnswer } from "./proxy";

let server: JenkinsServer;

beforeAll(async () => {
  server = await startServer();
  const client = tokenClient(server);
  await client.createJob("e-job", freestyle());
  await client.close();
});

afterAll(async () => {
  await server.close();
});

describe("messages from the server's error pages", () => {
  it("Failure page: X-Error has spaces for the curly quotes, the page has them; the page's text wins", async () => {
    const answer = await raw(server, "POST", "/createItem?name=e-job", {
      headers: { "content-type": "text/xml; charset=utf-8" },
      body: freestyle(),
    });
    expect(h(answer, "x-error")).toBe("A job already exists with the name  e-job ");
    expect(jenkinsMessage(h(answer, "x-error"), answer.body, h(answer, "content-type"))).toBe(
      "A job already exists with the name ‘e-job’",
    );
    // Without a page, the header is used as it is.
    expect(jenkinsMessage("Something  odd ", "", "text/html")).toBe("Something  odd");
  });

  it("Not Found, Access Denied and the container's crumb page", async () => {
    const notFound = await raw(server, "GET", "/job/nope/config.xml");
    expect(notFound.status).toBe(404);
    expect(messageFromHtml(notFound.body)).toBe(
      "Not Found: This page may not exist, or you may not have permission to see it.",
    );
    const denied = await raw(server, "POST", "/job/e-job/disable", { auth: basic(READER.name, READER.apiToken) });
    expect(denied.status).toBe(403);
    expect(messageFromHtml(denied.body)).toBe(`Access Denied: ${READER.name} is missing the Job/Configure permission`);
    const crumb = await raw(server, "POST", "/job/e-job/disable", { auth: basic(READER.name, READER.password) });
    expect(crumb.status).toBe(403);
    expect(messageFromHtml(crumb.body)).toBe("No valid crumb was included in the request");
  });

  it("Oops page → one line: headline, exception, cause, logging id", async () => {
    const answer = await raw(server, "POST", "/createItem?name=e-bad", {
      headers: { "content-type": "text/xml; charset=utf-8" },
      body: "<project><unclosed></project>",
    });
    expect(answer.status).toBe(500);
    expect(answer.body.length).toBeGreaterThan(500);
    const line = messageFromHtml(answer.body) ?? "";
    expect(line).toMatch(
      /^Oops! A problem occurred while processing the request \| [\w.$]+(Exception|Error)\b.*\| Logging ID=[0-9a-f-]{36}$/,
    );
    expect(line).not.toContain("\n");
    expect(line).not.toMatch(/\bat org\./);
    expect(line.length).toBeLessThanOrEqual(300);

    const client = tokenClient(server);
    const err = await caught(() => client.createJob("e-bad", "<project><unclosed></project>"));
    // Same summary through the client (only the logging id differs between the two requests).
    const withoutId = (s: string | undefined) => s?.replace(/Logging ID=[0-9a-f-]+/, "");
    expect(withoutId((err as JenkinsError).jenkinsMessage)).toBe(withoutId(line));
    expect(err.message).not.toContain("<");
    await client.close();
  });

  it("every error has the common format: subject, what, (HTTP status: message), hint", async () => {
    const client = tokenClient(server);
    const err = await caught(() => client.build("missing-job"));
    expect(err.message).toMatch(
      /^Jenkins job "missing-job": cannot trigger a build: the job does not exist \(HTTP 404: [^)]+\)\. \S/,
    );
    expect(err).toMatchObject({ job: "missing-job", status: 404, name: "JobNotFoundError" });
    expect((err as JenkinsError).hint.length).toBeGreaterThan(20);
    await client.close();
  });
});

describe("not a Jenkins", () => {
  const loginPage =
    "<!DOCTYPE html><html><head><title>Sign in - Example SSO</title></head><body><h1>Sign in</h1><form>...</form></body></html>";

  it("a proxy answering every request with a 200 login page", async () => {
    const proxy = await startProxy({
      target: server.url,
      intercept: () => ({ status: 200, headers: { "content-type": "text/html;charset=utf-8" }, body: loginPage }),
    });
    const client = tokenClient(server, { url: proxy.url });
    const checks: Array<[() => Promise<unknown>, string]> = [
      [() => client.serverInfo(), "/api/json was answered with an HTML page instead of JSON"],
      [() => client.getConfig("e-job"), "config.xml came back as an HTML page instead of XML"],
      [() => client.getDescription("e-job"), "the description came back as an HTML page instead of text"],
      [() => client.exists("e-job"), "api/json was answered with an HTML page instead of JSON"],
      [() => client.listJobs(), "api/json was answered with an HTML page instead of JSON"],
      [() => client.updateConfig("e-job", freestyle()), "the request was answered with an HTML page"],
      [() => client.createJob("e-new", freestyle()), "createItem was answered with an HTML page"],
      [() => client.build("e-job"), "the build request was answered with an HTML page"],
    ];
    for (const [call, text] of checks) {
      const err = await caught(call);
      expect(err).toBeInstanceOf(NotJenkinsError);
      expect(err.message).toContain(text);
      expect(err.message).toContain("Sign in");
      expect(err.message).toContain("reverse proxy or single sign-on");
    }
    await client.close();
    await proxy.close();
  });

  it("JSON without X-Jenkins is not a Jenkins; a gateway's own 401 is not Jenkins refusing the credentials", async () => {
    const proxy = await startProxy({
      target: server.url,
      intercept: (req): ProxyAnswer | undefined =>
        req.url === "/api/json"
          ? { status: 200, headers: { "content-type": "application/json" }, body: '{"hello":"world"}' }
          : req.url === "/job/e-job/config.xml"
            ? { status: 401, headers: { "www-authenticate": 'Basic realm="gateway"', server: "gateway/1.0" } }
            : undefined,
    });
    const client = tokenClient(server, { url: proxy.url });
    const err = await caught(() => client.serverInfo());
    expect(err).toBeInstanceOf(NotJenkinsError);
    expect(err.message).toContain("no X-Jenkins header");
    expect(err.message).not.toContain("hello");
    const refused = await caught(() => client.getConfig("e-job"));
    expect(refused).toBeInstanceOf(NotJenkinsError);
    expect(refused).toMatchObject({ status: 401, answeredBy: "gateway/1.0" });
    expect(refused.message).toContain('the answer came from "gateway/1.0", not from Jenkins (no X-Jenkins header)');
    expect(refused.message).toContain("the user name and API token were not checked by Jenkins");
    expect(refused.message).not.toContain("credentials were rejected");
    await client.close();
    // Jenkins's own 401, passed through by the same proxy, still names the credentials.
    const wrong = tokenClient(server, { url: proxy.url, apiToken: "not-the-token" });
    const rejected = await caught(() => wrong.getDescription("e-job"));
    expect(rejected).toBeInstanceOf(AuthenticationError);
    expect(rejected.message).toContain("the credentials were rejected");
    await wrong.close();
    await proxy.close();
  });

  it("a gateway's own error page (502) is summarised, not dumped, and names the gateway", async () => {
    const page = `<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center>${"<!-- padding -->".repeat(50)}</body></html>`;
    const proxy = await startProxy({
      target: server.url,
      intercept: () => ({ status: 502, headers: { "content-type": "text/html", server: "nginx/1.24.0" }, body: page }),
    });
    const client = tokenClient(server, { url: proxy.url, retries: 1 });
    const err = await caught(() => client.getConfig("e-job"));
    expect(err).toBeInstanceOf(NotJenkinsError);
    expect(err.message).toBe(
      'Jenkins job "e-job": cannot read config.xml: the answer came from "nginx/1.24.0", not from Jenkins (no X-Jenkins header) (HTTP 502: 502 Bad Gateway). ' +
        "A server in front of Jenkins (a reverse proxy, a gateway, a load balancer) answered itself: Jenkins behind it is down, starting or unreachable from it, or that server is overloaded. Check Jenkins and the server in front of it, then try again.",
    );
    // Retried as a gateway's 502 always was: Jenkins may be restarting behind it.
    expect(proxy.seen).toHaveLength(2);
    await client.close();
    await proxy.close();
  });

  it("Jenkins's own 503 while it starts is Jenkins's, though it has no X-Jenkins", async () => {
    const client = tokenClient(server, { retries: 0 });
    const restarting = server.restart({ downtimeMs: 400 });
    const err = await caught(() => client.getConfig("e-job"));
    await restarting;
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({ status: 503, answeredBy: undefined });
    expect(err.message).toContain("Jenkins is unavailable (HTTP 503");
    expect(err.message).toContain("Jenkins is unavailable (starting, restarting or overloaded); try again later.");
    await client.close();
  });
});
