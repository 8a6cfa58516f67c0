/**
 * The nodes the runnable checks read, over HTTP: `/label/<expression>/api/json` (never 404; nodes, clouds and
 * executors of whatever matches, the expression's class and name as Jenkins writes it back) and
 * `/computer/api/json` with the built-in node first. Label expressions evaluate with Jenkins's precedence.
 */
import type { JenkinsServer } from "../../provider/server";
import { parseAgent, parseArgs, parseCloud, parseTools } from "../../provider/server/cli";
import { labelOf, matches, nameOf } from "../../provider/server/nodes/label-expression";
import { CONTROLLER_WITH_NODES } from "../harness/test-server";
import { adminToken, call, readerToken, start } from "./helpers";

interface LabelDoc {
  _class: string;
  name: string;
  nodes: Array<{ _class: string; nodeName: string; numExecutors?: number }>;
  clouds: Array<{ _class: string }>;
  totalExecutors: number;
  idleExecutors: number;
  busyExecutors: number;
  offline: boolean;
  description: string | null;
}

const labelUrl = (expression: string, query = ""): string =>
  `/label/${encodeURIComponent(expression)}/api/json${query}`;

describe("label expressions (hudson.model.labels grammar)", () => {
  const on = (expr: string, ...atoms: string[]): boolean => matches(labelOf(expr), new Set(atoms));

  it("binds ! tighter than &&, && tighter than ||, || tighter than -> and <->", () => {
    expect(nameOf(labelOf("a || b && c"))).toBe("a||b&&c");
    expect(labelOf("a || b && c")).toMatchObject({ kind: "or", rhs: { kind: "and" } });
    expect(labelOf("!a && b")).toMatchObject({ kind: "and", lhs: { kind: "not" } });
    expect(labelOf("a -> b || c")).toMatchObject({ kind: "implies", rhs: { kind: "or" } });
    expect(labelOf("a <-> b -> c")).toMatchObject({ kind: "iff", rhs: { kind: "implies" } });
    expect(on("a || b && c", "a")).toBe(true);
    expect(on("(a || b) && c", "a")).toBe(false);
    expect(on("!windows", "linux")).toBe(true);
    expect(on("a -> b", "c")).toBe(true);
    expect(on("a -> b", "a")).toBe(false);
    expect(on("a <-> b", "c")).toBe(true);
    expect(on("a <-> b", "a")).toBe(false);
  });

  it("reads quoted atoms, dashes inside names, and keeps the user's parentheses in the name", () => {
    expect(labelOf('"my label" && linux')).toMatchObject({ kind: "and", lhs: { kind: "atom", name: "my label" } });
    expect(nameOf(labelOf('"my label" && linux'))).toBe('"my label"&&linux');
    expect(labelOf("x-86->arm")).toMatchObject({ kind: "implies", lhs: { name: "x-86" }, rhs: { name: "arm" } });
    expect(nameOf(labelOf("( a || b ) && c"))).toBe("(a||b)&&c");
    expect(nameOf(labelOf("!(a&&b)"))).toBe("!(a&&b)");
  });

  it("takes text that does not parse as one atom, after stripping surrounding quotes", () => {
    expect(labelOf("linux &&")).toEqual({ kind: "atom", name: "linux &&" });
    expect(labelOf("a b")).toEqual({ kind: "atom", name: "a b" });
    expect(labelOf("a -> b -> c")).toEqual({ kind: "atom", name: "a -> b -> c" });
    expect(labelOf('"gpu"')).toEqual({ kind: "atom", name: "gpu" });
  });
});

describe("the nodes over HTTP", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start({
      agents: [
        { name: "linux-1", labels: ["linux", "docker"], executors: 4 },
        { name: "linux-2", labels: ["linux"], executors: 2 },
        { name: "win-1", labels: ["windows"], executors: 0 },
        { name: "mac-1", labels: ["mac"], executors: 1, offline: true },
      ],
      clouds: [{ name: "k8s", labels: ["pod", "linux"] }],
    });
  });
  afterAll(() => server.close());

  const label = async (expression: string, query = ""): Promise<LabelDoc> => {
    const a = await call(server, labelUrl(expression, query), { auth: readerToken });
    expect(a.status).toBe(200);
    return JSON.parse(a.body) as LabelDoc;
  };

  it('answers the built-in node\'s label with its 2 executors and node name ""', async () => {
    const doc = await label("built-in");
    expect(doc).toMatchObject({
      _class: "hudson.model.labels.LabelAtom",
      name: "built-in",
      nodes: [{ _class: "hudson.model.Hudson", nodeName: "" }],
      clouds: [],
      totalExecutors: 2,
      idleExecutors: 2,
      busyExecutors: 0,
      offline: false,
    });
    // numExecutors of a node is one level down: only with depth=1 or a tree naming it.
    expect(doc.nodes[0].numExecutors).toBeUndefined();
    expect((await label("built-in", "?depth=1")).nodes[0].numExecutors).toBe(2);
  });

  it("evaluates an expression against every node and cloud, with the class of its operator", async () => {
    const doc = await label("linux && docker", "?tree=name,nodes[nodeName,numExecutors],clouds,totalExecutors");
    expect(doc).toEqual({
      _class: "hudson.model.labels.LabelExpression$And",
      name: "linux&&docker",
      nodes: [{ _class: "hudson.slaves.DumbSlave", nodeName: "linux-1", numExecutors: 4 }],
      clouds: [],
      totalExecutors: 4,
    });
    const orNot = await label("windows || !linux", "?tree=nodes[nodeName]");
    expect(orNot.nodes.map((n) => n.nodeName)).toEqual(["", "mac-1", "win-1"]);
    expect((await label("pod")).clouds).toEqual([
      { _class: "org.csanchez.jenkins.plugins.kubernetes.KubernetesCloud" },
    ]);
    // An atom's description is its own (none); an expression describes what it matches.
    expect((await label("pod")).description).toBeNull();
    expect((await label("pod || gpu")).description).toBe("Provisioned from k8s");
    expect((await label("linux && !docker")).description).toBe("");
    expect((await label("linux")).description).toBeNull();
  });

  it("never answers 404: a label nothing has comes back empty and offline", async () => {
    const doc = await label("gpu");
    expect(doc).toMatchObject({
      nodes: [],
      clouds: [],
      totalExecutors: 0,
      offline: true,
    });
    expect((await label("gpu && linux")).description).toBe("invalid label");
    const unparsable = await label("linux &&");
    expect(unparsable).toMatchObject({ _class: "hudson.model.labels.LabelAtom", name: "linux &&", nodes: [] });
  });

  it("counts no executor of a node with none or of an offline one", async () => {
    // An agent without executors has no computer: listed by its labels, never online, not under /computer.
    expect(await label("windows")).toMatchObject({ nodes: [{ nodeName: "win-1" }], totalExecutors: 0, offline: true });
    expect(await label("mac")).toMatchObject({ nodes: [{ nodeName: "mac-1" }], totalExecutors: 0, offline: true });
  });

  it("redirects /label/x to /label/x/ and needs Overall/Read", async () => {
    const a = await call(server, "/label/linux", { auth: readerToken });
    expect(a.status).toBe(302);
    expect(a.headers.location).toBe("/label/linux/");
    expect((await call(server, labelUrl("linux"))).status).toBe(403);
  });

  it("lists every computer with its labels, the built-in node first", async () => {
    const a = await call(
      server,
      "/computer/api/json?tree=computer[displayName,numExecutors,offline,assignedLabels[name]]",
      {
        auth: adminToken,
      },
    );
    expect(a.status).toBe(200);
    const doc = JSON.parse(a.body) as { _class: string; computer: Array<Record<string, unknown>> };
    expect(doc._class).toBe("hudson.model.ComputerSet");
    expect(doc.computer[0]).toEqual({
      _class: "hudson.model.Hudson$MasterComputer",
      assignedLabels: [{ name: "built-in" }],
      displayName: "Built-In Node",
      numExecutors: 2,
      offline: false,
    });
    expect(doc.computer.map((c) => c.displayName)).toEqual(["Built-In Node", "linux-1", "linux-2", "mac-1"]);
    expect(doc.computer[1].assignedLabels).toEqual([{ name: "linux" }, { name: "docker" }, { name: "linux-1" }]);
    expect((await call(server, "/computer/api/json")).status).toBe(403);
  });

  it("has only the built-in node by default", async () => {
    const plain = await start();
    try {
      const a = await call(plain, "/computer/api/json?tree=computer[displayName]", { auth: readerToken });
      expect(JSON.parse(a.body)).toEqual({
        _class: "hudson.model.ComputerSet",
        computer: [{ _class: "hudson.model.Hudson$MasterComputer", displayName: "Built-In Node" }],
      });
    } finally {
      await plain.close();
    }
  });
});

describe("the serve command's node options", () => {
  it("parses agents, clouds, tools and libraries", () => {
    expect(
      parseArgs([
        "--agents",
        "linux-1:linux,docker:4;gpu-1::1",
        "--agent",
        "win:windows:2",
        "--cloud",
        "k8s:pod,linux",
        "--tools",
        "maven:M3,jdk:jdk17",
        "--libraries",
        "shared,deploy",
        "--built-in-executors",
        "0",
      ]),
    ).toEqual({
      port: 8080,
      agents: [
        { name: "linux-1", labels: ["linux", "docker"], executors: 4 },
        { name: "gpu-1", labels: [], executors: 1 },
        { name: "win", labels: ["windows"], executors: 2 },
      ],
      clouds: [{ name: "k8s", labels: ["pod", "linux"] }],
      tools: [
        { type: "maven", name: "M3" },
        { type: "jdk", name: "jdk17" },
      ],
      globalLibraries: ["shared", "deploy"],
      builtInExecutors: 0,
    });
    expect(() => parseAgent("linux-1:linux")).toThrow("--agent takes NAME:LABELS:EXECUTORS");
    expect(() => parseAgent("linux-1:linux:many")).toThrow("--agent takes");
    expect(() => parseCloud("k8s")).toThrow("--cloud takes NAME:LABELS");
    expect(() => parseTools("maven")).toThrow("--tools takes type:name");
  });
});

describe("the harness's controller with nodes", () => {
  it("has agents for linux, docker and windows, a cloud for pod, and nothing for gpu", async () => {
    const server = await start({ ...CONTROLLER_WITH_NODES });
    try {
      const total = async (expression: string): Promise<[number, number]> => {
        const a = await call(server, labelUrl(expression, "?tree=totalExecutors,clouds"), { auth: readerToken });
        const doc = JSON.parse(a.body) as { totalExecutors: number; clouds: unknown[] };
        return [doc.totalExecutors, doc.clouds.length];
      };
      expect(await total("linux && docker")).toEqual([2, 0]);
      expect(await total("linux")).toEqual([4, 0]);
      expect(await total("windows")).toEqual([1, 0]);
      expect(await total("pod")).toEqual([0, 1]);
      expect(await total("gpu")).toEqual([0, 0]);
    } finally {
      await server.close();
    }
  });
});

describe("bad node and tool options", () => {
  it("stop the server before it starts, naming the entry", async () => {
    await expect(start({ agents: [{ name: "a", labels: [], executors: -1 }] })).rejects.toThrow(
      'agents: "a" needs a whole number of executors',
    );
    await expect(
      start({
        agents: [
          { name: "a", labels: [], executors: 1 },
          { name: "a", labels: ["x"], executors: 1 },
        ],
      }),
    ).rejects.toThrow('agents: two agents are called "a"');
    await expect(start({ tools: [{ type: "cmake", name: "3" }] })).rejects.toThrow('tools: unknown tool type "cmake"');
  });
});
