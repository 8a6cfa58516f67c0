/**
 * Names and paths: Jenkins's naming rules with Jenkins's own messages, checked before any request, and the
 * percent-encoding of paths and query values, compared with what the server decodes.
 */
import type { JenkinsServer } from "../../provider/server";
import { InvalidNameError, jobUrlPath, validateJobName, validateJobPath } from "../../provider/client";
import { messageFromHtml } from "../../provider/client/html-message";
import { encodeQueryValue } from "../../provider/client/names";
import { folder, freestyle } from "../harness/job-configs";
import { caught, h, raw, startServer, tokenClient } from "./helpers";

function nameError(fn: () => void): InvalidNameError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InvalidNameError);
    return err as InvalidNameError;
  }
  throw new Error("expected InvalidNameError");
}

describe("validateJobName", () => {
  it.each(["build", "a b", "ünïcødé-名前", "a.b", "+plus+", "it's (fine)", "~tilde", "-dash", "a=b,c", ".hidden"])(
    "accepts %j",
    (name) => {
      expect(() => validateJobName(name)).not.toThrow();
    },
  );

  it.each([..."?*/\\%!@#$^&|<>[]:;"])("refuses %j with Jenkins's message", (ch) => {
    const err = nameError(() => validateJobName(`a${ch}b`));
    expect(err.jenkinsMessage).toBe(`‘${ch}’ is an unsafe character`);
    expect(err.message).toContain(`‘${ch}’ is an unsafe character`);
  });

  it("refuses the empty name, . and .., a trailing dot and control characters", () => {
    expect(nameError(() => validateJobName("")).jenkinsMessage).toBe("No name is specified");
    expect(nameError(() => validateJobName(".")).jenkinsMessage).toBe("“.” is not an allowed name");
    expect(nameError(() => validateJobName("..")).jenkinsMessage).toBe("“..” is not an allowed name");
    expect(nameError(() => validateJobName("release.")).jenkinsMessage).toBe("A name cannot end with ‘.’");
    expect(nameError(() => validateJobName("release. ")).jenkinsMessage).toBe("A name cannot end with ‘.’");
    expect(nameError(() => validateJobName("a\u0007b")).jenkinsMessage).toBe("No control code is allowed: a\\u7;b");
    expect(nameError(() => validateJobName("a\u0085b")).jenkinsMessage).toBe("No control code is allowed: a\\u133;b");
  });

  it("refuses names Jenkins would silently trim, since the job would end up under another name", () => {
    expect(nameError(() => validateJobName(" lead")).jenkinsMessage).toMatch(/start or end with a space/);
    expect(nameError(() => validateJobName("trail ")).jenkinsMessage).toMatch(/start or end with a space/);
    expect(nameError(() => validateJobName("   ")).jenkinsMessage).toBe("No name is specified");
  });

  it("gives a message in the common format with a hint", () => {
    const err = nameError(() => validateJobPath("team/bad@name"));
    expect(err.job).toBe("team/bad@name");
    expect(err.message).toBe(
      'Jenkins job "team/bad@name": invalid job name "bad@name" (‘@’ is an unsafe character). ' +
        "Jenkins does not allow any of ?*/\\%!@#$^&|<>[]:; in item names.",
    );
  });
});

describe("validateJobPath", () => {
  it("checks every segment and refuses stray slashes", () => {
    expect(() => validateJobPath("a/b/c")).not.toThrow();
    for (const bad of ["", "/a", "a/", "a//b"]) {
      expect(nameError(() => validateJobPath(bad)).jenkinsMessage).toBe("No name is specified");
    }
    expect(nameError(() => validateJobPath("a/../b")).jenkinsMessage).toBe("“..” is not an allowed name");
  });
});

describe("jobUrlPath and query encoding", () => {
  it("builds /job/a/job/b/ with every segment percent-encoded as UTF-8", () => {
    expect(jobUrlPath("a b/c")).toBe("/job/a%20b/job/c/");
    expect(jobUrlPath("a+b")).toBe("/job/a%2Bb/");
    expect(jobUrlPath("ü/名")).toBe("/job/%C3%BC/job/%E5%90%8D/");
    expect(jobUrlPath("it's (x)")).toBe("/job/it%27s%20%28x%29/");
    expect(jobUrlPath("a=b,c~d")).toBe("/job/a%3Db%2Cc~d/");
    expect(jobUrlPath("")).toBe("/");
  });

  it("encodes + in query values as %2B (a bare + means a space there)", () => {
    expect(encodeQueryValue("a+b c")).toBe("a%2Bb%20c");
  });
});

describe("names over HTTP", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it("refuses a bad name before sending any request", async () => {
    const client = tokenClient(server);
    server.resetCounters();
    for (const bad of ["bad@name", "x/", "trailing.", "a;b"]) {
      expect(await caught(() => client.createJob(bad, freestyle()))).toBeInstanceOf(InvalidNameError);
      expect(await caught(() => client.getConfig(bad))).toBeInstanceOf(InvalidNameError);
      expect(await caught(() => client.rename("fine", bad))).toBeInstanceOf(InvalidNameError);
    }
    expect(server.requests).toHaveLength(0);
    await client.close();
  });

  it("gives exactly the message the server gives for every rule", async () => {
    for (const bad of ["a@b", "a&b", "a<b", "x.", ".", "..", "a\u0001b", "a%b", "a:b"]) {
      const answer = await raw(server, "POST", `/createItem?name=${encodeQueryValue(bad)}`, {
        headers: { "content-type": "text/xml; charset=utf-8" },
        body: freestyle(),
      });
      expect(answer.status).toBe(400);
      expect(h(answer, "x-error")).toBeDefined();
      const serverMessage = messageFromHtml(answer.body);
      expect(nameError(() => validateJobName(bad)).jenkinsMessage).toBe(serverMessage);
    }
  });

  it("creates and finds jobs whose names need encoding, in path and query", async () => {
    const client = tokenClient(server);
    const names = ["with space", "plus+sign", "ünï 名前", "quote's (paren)", "a=b,c"];
    await client.createJob("enc folder", folder());
    for (const name of names) {
      server.resetCounters();
      await client.createJob(`enc folder/${name}`, freestyle());
      const create = server.requests.find((r) => r.path.endsWith("/createItem"));
      expect(create?.path).toBe("/job/enc%20folder/createItem");
      expect(create?.query).toBe(`name=${encodeQueryValue(name)}`);
      expect(create?.status).toBe(200);
      // The server decoded the name to exactly what was asked for.
      const json = await raw(server, "GET", `${jobUrlPath(`enc folder/${name}`)}api/json?tree=fullName,name`);
      expect(json.status).toBe(200);
      expect(JSON.parse(json.body)).toMatchObject({ name, fullName: `enc folder/${name}` });
      expect(await client.exists(`enc folder/${name}`)).toBe(true);
    }
    const listed = (await client.listJobs("enc folder")).map((j) => j.fullName).sort();
    expect(listed).toEqual(names.map((n) => `enc folder/${n}`).sort());
    await client.close();
  });
});
