/**
 * One owner for every view and credential, through the language host: two stacks of one project ("a" and "b") on
 * one Jenkins, each declaring root list views and system-store credentials by name. Each marks what it makes with
 * its owner (the last line of the description, in Jenkins only); neither takes the other's view or credential
 * without a hand-over; a hand-over moves the mark and the former owner's refresh records it; a destroy leaves what
 * another owner marked; `retainOnDelete` clears the mark; with marks off none is written. No secret is shown.
 */
import * as path from "node:path";
import type { JenkinsServer } from "../../provider/server";
import { markLine, readMark } from "../../provider/ownership/mark";
import { childText, parseXml } from "../../provider/xml/tree";
import { JenkinsUser } from "../harness/jenkins-user";
import type { PulumiCli } from "../harness/language-host";
import { repoRoot } from "../harness/provider-process";
import { ADMIN, startServer } from "../harness/test-server";
import { changedSteps, stackOn } from "./two-stacks";

const PROJECT = path.join(repoRoot, "test", "language-host", "projects", "ownership-views");
const A = "ownership-views/a";
const B = "ownership-views/b";

const stack = (server: JenkinsServer, name: string): PulumiCli => stackOn(server, PROJECT, name);
const ops = changedSteps;

/** The requests since the last reset that change something in Jenkins. */
function writes(server: JenkinsServer): string[] {
  return server.requests
    .filter((r) => r.method === "POST" || r.method === "DELETE")
    .map((r) => `${r.method} ${r.path}`);
}

/** Everything an operation showed: its errors and its log lines. */
function shown(result: { errors: Array<{ message: string }>; logs: Array<{ message: string }> }): string {
  return [...result.errors, ...result.logs].map((l) => l.message).join("\n");
}

describe("two stacks on one Jenkins, each view and credential with one owner", () => {
  let server: JenkinsServer;
  let user: JenkinsUser;
  let a: PulumiCli;
  let b: PulumiCli;

  const viewDescription = async (name: string) =>
    childText(parseXml(await user.getViewConfig("", name)).root, "description") ?? "";
  const credentialDescription = async (id: string) => {
    const res = await user.request("GET", `/credentials/store/system/domain/_/credential/${id}/config.xml`);
    expect(res.status).toBe(200);
    return childText(parseXml(res.body).root, "description") ?? "";
  };
  const viewOwner = async (name: string) => readMark(await viewDescription(name));
  const credentialOwner = async (id: string) => readMark(await credentialDescription(id));

  beforeAll(async () => {
    server = await startServer("current");
    user = new JenkinsUser(server.url, { user: ADMIN.name, apiToken: ADMIN.apiToken });
    a = stack(server, "a");
    b = stack(server, "b");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("marks each view and credential with its stack; the mark never shows as a change, and a no-op preview asks nothing about owners", async () => {
    a.setConfig("views", "v").setConfig("credentials", "c");
    const up = await a.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await viewDescription("v")).toBe(`View v\n\n${markLine(A)}`);
    expect(await credentialDescription("c")).toBe(`Credential c\n\n${markLine(A)}`);
    const view = a.state.resources.find((r) => r.urn.endsWith("::view-v"))!;
    expect((view.outputs.listView as { description?: string }).description).toBe("View v");
    expect(view.outputs.__owner).toBe(A);
    const credential = a.state.resources.find((r) => r.urn.endsWith("::credential-c"))!;
    expect(credential.outputs.description).toBe("Credential c");
    expect(credential.outputs.__owner).toBe(A);
    server.resetCounters();
    expect(ops(await a.preview())).toEqual([]);
    // Items in the state: no listing of the root's views or of the store's credentials.
    expect(server.requests.filter((r) => /views|credentials/.test(`${r.path}?${r.query}`))).toEqual([]);
    const refreshed = await a.refresh();
    expect({ ok: refreshed.ok, changed: refreshed.changed }).toEqual({ ok: true, changed: [] });
    expect(ops(await a.preview())).toEqual([]);
  });

  it("fails the preview of another stack declaring either, naming it, its owner and the hand-over, and sends nothing", async () => {
    // One kind at a time: the engine stops a preview at its first failed check.
    const refused = [
      { views: "v", credentials: "", urn: "::view-v", item: 'Jenkins view "v"' },
      { views: "", credentials: "c", urn: "::credential-c", item: 'Jenkins credential "system/_/c"' },
    ];
    for (const adopt of ["false", "true"]) {
      for (const r of refused) {
        b.setConfig("views", r.views).setConfig("credentials", r.credentials).setConfig("adopt", adopt);
        server.resetCounters();
        const preview = await b.preview();
        expect(preview.ok).toBe(false);
        const action = adopt === "true" ? "adopted" : "created";
        const message = preview.errors.find((e) => e.urn.endsWith(r.urn))?.message ?? "";
        expect(message).toContain(`${r.item} cannot be ${action}: it is managed as code by ${A}`);
        expect(message).toContain(`takeOverFrom: "${A}"`);
        expect(shown(preview)).not.toContain("token-of-c");
        const up = await b.up();
        expect(up.ok).toBe(false);
        expect(writes(server)).toEqual([]);
      }
    }
    expect(await viewOwner("v")).toEqual({ description: "View v", owner: A });
    expect(await credentialOwner("c")).toEqual({ description: "Credential c", owner: A });
    b.setConfig("views", "").setConfig("credentials", "").removeConfig("adopt");
  });

  it("hands them over: the marks move, the former owner's refresh warns once and its next up lets them go without a request that writes", async () => {
    b.setConfig("views", "v").setConfig("credentials", "c").setConfig("adopt", "true").setConfig("takeOverFrom", A);
    const up = await b.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await viewOwner("v")).toEqual({ description: "View v", owner: B });
    expect(await credentialOwner("c")).toEqual({ description: "Credential c", owner: B });
    b.removeConfig("takeOverFrom").removeConfig("adopt");
    expect(ops(await b.preview())).toEqual([]);

    const refreshed = await a.refresh();
    expect(refreshed.ok).toBe(true);
    const warnings = refreshed.logs.filter((l) => l.severity === "warning" && l.message.includes("is now managed"));
    expect(warnings.map((w) => w.message).sort()).toEqual([
      `Jenkins credential "system/_/c" is now managed by ${B}: this stack leaves it alone and never deletes it. ` +
        "Remove its resource from the program; the next `pulumi up` then drops it from this stack's state.",
      `Jenkins view "v" is now managed by ${B}: this stack leaves it alone and never deletes it. ` +
        "Remove its resource from the program; the next `pulumi up` then drops it from this stack's state.",
    ]);
    // Recorded: a second refresh says nothing more, and the preview plans nothing for them.
    const again = await a.refresh();
    expect(again.logs.filter((l) => l.message.includes("is now managed"))).toEqual([]);
    expect(ops(await a.preview())).toEqual([]);

    a.setConfig("views", "").setConfig("credentials", "");
    server.resetCounters();
    const letGo = await a.up();
    expect({ ok: letGo.ok, errors: letGo.errors }).toEqual({ ok: true, errors: [] });
    expect(ops(letGo).sort()).toEqual(["delete credential-c", "delete view-v"]);
    expect(writes(server)).toEqual([]);
    expect(await viewOwner("v")).toEqual({ description: "View v", owner: B });
    expect(await credentialOwner("c")).toEqual({ description: "Credential c", owner: B });
  });

  it("destroys only its own: a view and a credential handed over without a refresh stay, with a warning", async () => {
    a.setConfig("views", "w,mine").setConfig("credentials", "d,own");
    expect((await a.up()).errors).toEqual([]);
    b.setConfig("views", "v,w").setConfig("credentials", "c,d").setConfig("adopt", "true").setConfig("takeOverFrom", A);
    expect((await b.up()).errors).toEqual([]);
    b.removeConfig("takeOverFrom").removeConfig("adopt");

    const destroyed = await a.destroy();
    expect({ ok: destroyed.ok, errors: destroyed.errors }).toEqual({ ok: true, errors: [] });
    const messages = shown(destroyed);
    expect(messages).toContain(
      `Jenkins view "w" was left in Jenkins: its mark of ownership names ${B}, not this stack. ` +
        "It is removed from this stack's state only.",
    );
    expect(messages).toContain(
      `Jenkins credential "system/_/d" was left in Jenkins: its mark of ownership names ${B}, not this stack.`,
    );
    expect(await viewOwner("w")).toEqual({ description: "View w", owner: B });
    expect(await credentialOwner("d")).toEqual({ description: "Credential d", owner: B });
    // Its own are gone.
    expect(await user.viewNames("")).not.toContain("mine");
    expect(await user.credentialIds(undefined)).not.toContain("own");
  });

  it("clears the mark of a view and a credential declared with retainOnDelete", async () => {
    a.setConfig("views", "kept").setConfig("credentials", "kept-token");
    expect((await a.up()).errors).toEqual([]);
    expect((await viewOwner("kept")).owner).toBe(A);
    a.setConfig("retain", "kept,kept-token");
    expect(ops(await a.preview()).sort()).toEqual(["update credential-kept-token", "update view-kept"]);
    const up = await a.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await viewOwner("kept")).toEqual({ description: "View kept" });
    expect(await credentialOwner("kept-token")).toEqual({ description: "Credential kept-token" });
    expect(ops(await a.preview())).toEqual([]);
    // Let go, then taken by b without a hand-over: they carry no mark.
    a.setConfig("views", "").setConfig("credentials", "");
    expect((await a.up()).errors).toEqual([]);
    b.setConfig("views", "v,w,kept").setConfig("credentials", "c,d,kept-token").setConfig("adopt", "true");
    expect((await b.up()).errors).toEqual([]);
    expect((await viewOwner("kept")).owner).toBe(B);
    expect((await credentialOwner("kept-token")).owner).toBe(B);
  });

  it("clears the mark of a view and a credential declared with letGo; a refresh and a preview after it plan nothing", async () => {
    a.setConfig("views", "freed").setConfig("credentials", "freed-token");
    expect((await a.up()).errors).toEqual([]);
    expect((await credentialOwner("freed-token")).owner).toBe(A);
    a.setConfig("letGo", "freed,freed-token");
    expect(ops(await a.preview()).sort()).toEqual(["update credential-freed-token", "update view-freed"]);
    const up = await a.up();
    expect({ ok: up.ok, errors: up.errors }).toEqual({ ok: true, errors: [] });
    expect(await viewOwner("freed")).toEqual({ description: "View freed" });
    expect(await credentialOwner("freed-token")).toEqual({ description: "Credential freed-token" });
    const refreshed = await a.refresh();
    expect({ ok: refreshed.ok, changed: refreshed.changed }).toEqual({ ok: true, changed: [] });
    expect(ops(await a.preview())).toEqual([]);
  });

  it("with jenkins:ownershipMarks false writes no mark, and still refuses another owner's view and credential", async () => {
    const c = stack(server, "c")
      .setConfig("jenkins:ownershipMarks", "false")
      .setConfig("views", "plain")
      .setConfig("credentials", "plain-token");
    expect((await c.up()).errors).toEqual([]);
    expect(await viewDescription("plain")).toBe("View plain");
    expect(await credentialDescription("plain-token")).toBe("Credential plain-token");
    expect(ops(await c.preview())).toEqual([]);
    c.setConfig("views", "plain,kept").setConfig("adopt", "true");
    const viewPreview = await c.preview();
    expect(viewPreview.ok).toBe(false);
    expect(viewPreview.errors.find((e) => e.urn.endsWith("::view-kept"))?.message).toContain(`managed as code by ${B}`);
    c.setConfig("views", "plain").setConfig("credentials", "plain-token,kept-token");
    const credentialPreview = await c.preview();
    expect(credentialPreview.ok).toBe(false);
    expect(credentialPreview.errors.find((e) => e.urn.endsWith("::credential-kept-token"))?.message).toContain(
      `managed as code by ${B}`,
    );
  });

  it("keeps every secret out of the state's plain values and out of what the runs showed", () => {
    for (const cli of [a, b]) {
      for (const r of cli.state.resources.filter((x) => x.urn.includes("::credential-"))) {
        expect(JSON.stringify(r.outputs)).not.toMatch(/token-of-/);
        expect(JSON.stringify(r.inputs)).not.toMatch(/token-of-/);
      }
    }
  });
});
