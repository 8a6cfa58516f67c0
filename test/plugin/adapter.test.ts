/**
 * The plugin's pure adapters: secrets unwrapped and marked again, the configuration source's order, the ids an
 * import takes, and the program side's work in Check. The conformance tests drive them over gRPC; these pin the
 * edge cases.
 */
import { configSource } from "../../provider/plugin/config";
import { importedProps } from "../../provider/plugin/import-ids";
import { asFromProgram } from "../../provider/plugin/program-side";
import { typeOfUrn } from "../../provider/plugin/resources";
import { plain, secret, wire } from "../../provider/plugin/values";
import { UNKNOWN } from "../../provider/dynamic/props";

test("secrets at any depth are unwrapped, their top-level keys kept, and marked again once", () => {
  const given = { a: secret("x"), b: { c: [1, secret("y")] }, d: "plain", u: UNKNOWN };
  const p = plain(given);
  expect(p.props).toEqual({ a: "x", b: { c: [1, "y"] }, d: "plain", u: UNKNOWN });
  expect([...p.secrets].sort()).toEqual(["a", "b"]);
  expect(wire({ ...p.props, gone: undefined, list: [undefined, 1] }, p.secrets)).toEqual({
    a: secret("x"),
    b: secret({ c: [1, "y"] }),
    d: "plain",
    u: UNKNOWN,
    list: [null, 1],
  });
  expect(wire({ a: secret("x") }, new Set(["a"]))).toEqual({ a: secret("x") });
});

test("configuration: arguments, then the variables, then PULUMI_CONFIG; another URL borrows no credential", () => {
  const env = {
    PULUMI_CONFIG: JSON.stringify({ "jenkins:url": "https://a/", "jenkins:apiToken": "t", "aws:region": "x" }),
  };
  const fromStack = configSource({}, {}, env);
  expect([fromStack.get("jenkins:url"), fromStack.get("jenkins:apiToken"), fromStack.get("jenkins:region")]).toEqual([
    "https://a/",
    "t",
    undefined,
  ]);
  const explicit = configSource({ url: "https://b/" }, {}, env);
  expect([explicit.get("jenkins:url"), explicit.get("jenkins:apiToken")]).toEqual(["https://b/", undefined]);
  const same = configSource({ url: "https://a/", user: "u" }, { "jenkins:pluginCheck": "warn" }, env);
  expect([same.get("jenkins:user"), same.get("jenkins:apiToken"), same.get("jenkins:pluginCheck")]).toEqual([
    "u",
    "t",
    "warn",
  ]);
  expect(configSource({}, {}, { PULUMI_CONFIG: "not json" }).get("jenkins:url")).toBeUndefined();
});

test("import ids: full names, views and credentials by [folder/]name, a controller prefix, actions refused", () => {
  expect(importedProps("jenkins:index:Job", "team/apps/api")).toEqual({
    name: "api",
    folder: "team/apps",
    fullName: "team/apps/api",
  });
  expect(importedProps("jenkins:index:Job", "top")).toEqual({ name: "top", fullName: "top" });
  expect(importedProps("jenkins:index:View", "team/all")).toEqual({ name: "all", folder: "team" });
  expect(importedProps("jenkins:index:Credential", "ci2:deploy")).toEqual({
    credentialId: "deploy",
    controller: "ci2",
  });
  expect(() => importedProps("jenkins:index:Job", "/")).toThrow(/full name/);
  expect(() => importedProps("jenkins:index:BuildTrigger", "x")).toThrow(/not an item in Jenkins/);
});

test("the type of a URN, with or without parent types", () => {
  expect(typeOfUrn("urn:pulumi:dev::p::jenkins:index:Job::api")).toBe("jenkins:index:Job");
  expect(typeOfUrn("urn:pulumi:dev::p::my:Component$jenkins:index:View::all")).toBe("jenkins:index:View");
});

test("the program side: inputs that already went through it pass; unknown sources are left for the up", () => {
  const done = asFromProgram(
    "jenkins:index:Job",
    { name: "j", configXml: "<project/>", secretValues: ["v"] },
    new Set(),
  );
  expect(done.props).toEqual({ name: "j", configXml: "<project/>", secretValues: ["v"] });
  expect([...done.secrets]).toEqual(["secretValues"]);
  const unknown = asFromProgram("jenkins:index:Job", { name: "j", configXml: UNKNOWN }, new Set(["configXml"]));
  expect(unknown.props).toEqual({ name: "j", configXml: UNKNOWN });
  const typed = asFromProgram(
    "jenkins:index:Credential",
    { id: "k", sshPrivateKey: { username: "git", privateKey: "KEY" } },
    new Set(["sshPrivateKey"]),
  );
  expect(typed.props).toEqual({ credentialId: "k", sshPrivateKey: { username: "git" }, secretValues: ["KEY", ""] });
  expect([...typed.secrets]).toEqual(["secretValues"]);
  const view = asFromProgram("jenkins:index:View", { name: "v" }, new Set(["name"]));
  expect(view).toEqual({ props: { name: "v" }, secrets: new Set(["name"]) });
});
