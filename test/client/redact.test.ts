/**
 * The redaction helper on its own: registered secrets in all their spellings, and the shapes of secrets; and the
 * copies of an error that a caller rewords, field by field.
 */
import { Redactor } from "../../provider/client/redact";
import { JobNotFoundError, PermissionError } from "../../provider/client";

describe("Redactor", () => {
  it("masks registered secrets, their URL-encoded forms and the Basic credential built from them", () => {
    const r = new Redactor();
    const encoded = r.addBasic("alice", "p@ss word+1");
    expect(r.redact("pw p@ss word+1 and p%40ss%20word%2B1 and p%40ss+word%2B1")).toBe("pw **** and **** and ****");
    expect(r.redact(`header ${encoded}`)).toBe("header ****");
    expect(r.redact("user alice")).toBe("user alice");
  });

  it("masks the shapes of credentials even when they were never registered", () => {
    const r = new Redactor();
    const basic = Buffer.from("bob:secret").toString("base64");
    expect(r.redact(`Authorization: Basic ${basic}`)).toBe("Authorization: Basic ****");
    expect(r.redact("Basic authentication is enabled")).toBe("Basic authentication is enabled");
    expect(r.redact("Cookie: JSESSIONID.1a2b3c4d=node01x2y3z0; other=1")).toBe(
      "Cookie: JSESSIONID.1a2b3c4d=****; other=1",
    );
    expect(r.redact('{"crumb":"0123456789abcdef0123"}')).toBe('{"crumb":"****"}');
    expect(r.redact("Jenkins-Crumb: 0123456789abcdef")).toBe("Jenkins-Crumb: ****");
    expect(r.redact("see http://bob:hunter22@host/x")).toBe("see http://****@host/x");
    expect(r.redact("Bearer abcdefghijkl")).toBe("Bearer ****");
  });

  it("ignores values too short to mask without destroying the message", () => {
    const r = new Redactor();
    r.add("ab");
    r.add("");
    r.add(undefined);
    expect(r.redact("about a tab")).toBe("about a tab");
  });

  it("scrubs every string field of an error", () => {
    const r = new Redactor();
    r.add("tok-123456");
    const err = new PermissionError({
      what: "denied tok-123456",
      job: "j",
      status: 403,
      jenkinsMessage: "msg tok-123456",
      hint: "hint tok-123456",
      requiredPermission: "perm tok-123456",
      authenticatedAs: "as tok-123456",
    });
    r.scrubError(err);
    expect(JSON.stringify(err)).not.toContain("tok-123456");
    expect(err.message).not.toContain("tok-123456");
    expect(err.stack).not.toContain("tok-123456");
    expect(err.requiredPermission).toBe("perm ****");
    const plain = r.scrubError(new JobNotFoundError({ what: "x", hint: "tok-123456" }));
    expect(plain.hint).toBe("****");
  });
});

describe("JenkinsError.restated", () => {
  it("copies the error with changed fields, keeps its class and extra fields, and rebuilds the message", () => {
    const original = new PermissionError({
      action: "read config.xml",
      what: "permission denied",
      status: 403,
      jenkinsMessage: "Access Denied",
      hint: "Grant it.",
      requiredPermission: "hudson.model.Item.ExtendedRead",
    });
    const named = original.restated({ job: "team/app" });
    expect(named).toBeInstanceOf(PermissionError);
    expect(named).not.toBe(original);
    expect(named.message).toBe(
      'Jenkins job "team/app": cannot read config.xml: permission denied (HTTP 403: Access Denied). Grant it.',
    );
    expect(named.requiredPermission).toBe("hudson.model.Item.ExtendedRead");
    expect(named.stack?.split("\n")[0]).toBe(`PermissionError: ${named.message}`);
    expect(original.job).toBeUndefined();
    expect(original.message).toBe(
      "Jenkins: cannot read config.xml: permission denied (HTTP 403: Access Denied). Grant it.",
    );
    const reworded = named.restated({ action: undefined, what: "no access", outcomeUnknown: true });
    expect(reworded.message).toBe('Jenkins job "team/app": no access (HTTP 403: Access Denied). Grant it.');
    expect(reworded.outcomeUnknown).toBe(true);
  });
});
