/** Invalid specs are refused before anything is rendered, with every problem named by the path of its field. */
import {
  JobSpecError,
  renderFolder,
  renderFreestyle,
  renderJobSpec,
  renderPipeline,
  specIssues,
  validateJobSpec,
  type JobSpecKind,
  type SpecIssue,
  unknownPath,
} from "../../provider/specs";
import { PIPELINE_FULL, FREESTYLE_FULL, FOLDER_FULL } from "./samples";

function issuesOf(render: () => unknown): SpecIssue[] {
  try {
    render();
  } catch (e) {
    if (e instanceof JobSpecError) return [...e.issues];
    throw e;
  }
  throw new Error("expected a JobSpecError");
}

function paths(kind: JobSpecKind, spec: unknown, fields?: object): string[] {
  return specIssues(kind, spec, fields).map((i) => i.path);
}

describe("pipeline specs", () => {
  test("the full samples are valid", () => {
    expect(specIssues("pipeline", PIPELINE_FULL)).toEqual([]);
    expect(specIssues("freestyle", FREESTYLE_FULL)).toEqual([]);
    expect(specIssues("folder", FOLDER_FULL)).toEqual([]);
  });

  test("an empty or blank script", () => {
    expect(issuesOf(() => renderPipeline({ script: "" }))).toEqual([
      { path: "pipeline.script", message: "must not be empty" },
    ]);
    expect(paths("pipeline", { script: " \n\t" })).toEqual(["pipeline.script"]);
  });

  test("both script and scm, or neither", () => {
    expect(issuesOf(() => renderPipeline({ script: "x", scm: { url: "u" } }))).toEqual([
      { path: "pipeline", message: "give either script (inline) or scm (script from git), not both" },
    ]);
    expect(issuesOf(() => renderPipeline({}))).toEqual([
      { path: "pipeline", message: "needs script (inline Pipeline script) or scm (script from git)" },
    ]);
  });

  test("scm: url required, blank strings refused, sandbox only with an inline script", () => {
    expect(paths("pipeline", { scm: {} })).toEqual(["pipeline.scm.url"]);
    expect(
      paths("pipeline", { scm: { url: "u", branch: "", scriptPath: " ", credentialsId: "" }, sandbox: true }),
    ).toEqual(["pipeline.sandbox", "pipeline.scm.branch", "pipeline.scm.credentialsId", "pipeline.scm.scriptPath"]);
    expect(paths("pipeline", { scm: { url: "u\nv", lightweight: "yes" } })).toEqual([
      "pipeline.scm.url",
      "pipeline.scm.lightweight",
    ]);
  });

  test("description and disabled are not spec fields: the message points to the Job inputs", () => {
    const issues = issuesOf(() => renderPipeline({ script: "x", description: "d", disabled: true } as never));
    expect(issues.map((i) => i.path)).toEqual(["pipeline.description", "pipeline.disabled"]);
    expect(issues[0].message).toContain("the Job's own `description` and `enabled` inputs");
  });

  test("wrong types are named without repeating the value", () => {
    const issues = issuesOf(() =>
      renderPipeline({ script: "secret-token-123", sandbox: "no", concurrentBuilds: 1, quietPeriod: -1 } as never),
    );
    expect(issues).toEqual([
      { path: "pipeline.sandbox", message: "must be true or false, got a string" },
      { path: "pipeline.concurrentBuilds", message: "must be true or false, got a number" },
      { path: "pipeline.quietPeriod", message: "must be at least 0" },
    ]);
    expect(JSON.stringify(issues)).not.toContain("secret-token-123");
  });

  test("the error message lists every problem with its path", () => {
    let err: unknown;
    try {
      renderPipeline({ script: "", quietPeriod: 1.5 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(JobSpecError);
    expect((err as Error).message).toBe(
      "Invalid pipeline spec: pipeline.script: must not be empty; pipeline.quietPeriod: must be a whole number, got a number",
    );
  });
});

describe("parameters", () => {
  test("duplicate names", () => {
    const issues = issuesOf(() =>
      renderPipeline({
        script: "x",
        parameters: [
          { type: "string", name: "A" },
          { type: "boolean", name: "B" },
          { type: "choice", name: "A", choices: ["1"] },
        ],
      }),
    );
    expect(issues).toEqual([
      {
        path: "pipeline.parameters[2].name",
        message: "duplicate parameter name (also used by pipeline.parameters[0])",
      },
    ]);
  });

  test("unknown types; a password parameter takes a string default and nothing else", () => {
    const issues = issuesOf(() =>
      renderFreestyle({
        parameters: [
          { type: "text", name: "A" },
          { type: "password", name: "P", default: 1, trim: true },
          { name: "N" },
        ],
      } as never),
    );
    expect(issues.map((i) => i.path)).toEqual([
      "freestyle.parameters[0].type",
      "freestyle.parameters[1].trim",
      "freestyle.parameters[1].default",
      "freestyle.parameters[2].type",
    ]);
    expect(issues[0].message).toBe("unknown parameter type; expected one of string, boolean, choice, password");
    expect(issues[3].message).toBe("is required: one of string, boolean, choice, password");
  });

  test("names, choices and per-type fields", () => {
    expect(
      paths("pipeline", {
        script: "x",
        parameters: [
          { type: "string", name: "" },
          { type: "choice", name: "C", choices: [] },
          { type: "choice", name: "D" },
          { type: "choice", name: "E", choices: ["a", 1, "b\nc"], default: "a" },
          { type: "boolean", name: "F", default: "true", trim: true },
          "G",
        ],
      }),
    ).toEqual([
      "pipeline.parameters[0].name",
      "pipeline.parameters[1].choices",
      "pipeline.parameters[2].choices",
      "pipeline.parameters[3].default",
      "pipeline.parameters[3].choices[1]",
      "pipeline.parameters[3].choices[2]",
      "pipeline.parameters[4].trim",
      "pipeline.parameters[4].default",
      "pipeline.parameters[5]",
    ]);
    expect(
      specIssues("pipeline", {
        script: "x",
        parameters: [{ type: "choice", name: "E", choices: ["a"], default: "a" }],
      })[0].message,
    ).toContain("The first choice is the default.");
  });

  test("parameters must be a list", () => {
    expect(specIssues("pipeline", { script: "x", parameters: { type: "string", name: "A" } })).toEqual([
      { path: "pipeline.parameters", message: "must be a list, got an object" },
    ]);
  });
});

describe("triggers, discarder, freestyle parts", () => {
  test("triggers", () => {
    expect(
      paths("freestyle", {
        triggers: { cron: "", pollScm: 5, upstream: { projects: [], threshold: "ABORTED" }, github: true },
      }),
    ).toEqual([
      "freestyle.triggers.github",
      "freestyle.triggers.cron",
      "freestyle.triggers.pollScm",
      "freestyle.triggers.upstream.projects",
      "freestyle.triggers.upstream.threshold",
    ]);
    expect(paths("freestyle", { triggers: { upstream: { projects: ["a,b", " "] } } })).toEqual([
      "freestyle.triggers.upstream.projects[0]",
      "freestyle.triggers.upstream.projects[1]",
    ]);
    expect(paths("freestyle", { triggers: { upstream: {} } })).toEqual(["freestyle.triggers.upstream.projects"]);
  });

  test("an empty poll schedule is allowed (poll on commit notifications only)", () => {
    expect(specIssues("freestyle", { triggers: { pollScm: "" } })).toEqual([]);
  });

  test("build discarder", () => {
    expect(paths("pipeline", { script: "x", buildDiscarder: {} })).toEqual(["pipeline.buildDiscarder"]);
    expect(paths("pipeline", { script: "x", buildDiscarder: { numToKeep: 0, daysToKeep: 2.5, keep: 1 } })).toEqual([
      "pipeline.buildDiscarder.keep",
      "pipeline.buildDiscarder.daysToKeep",
      "pipeline.buildDiscarder.numToKeep",
    ]);
    expect(paths("pipeline", { script: "x", buildDiscarder: { numToKeep: 2 ** 31 } })).toEqual([
      "pipeline.buildDiscarder.numToKeep",
    ]);
  });

  test("steps: exactly one of shell and batch, not empty", () => {
    expect(
      paths("freestyle", { steps: [{ shell: "a", batch: "b" }, {}, { shell: "" }, { powershell: "x" }, "ls"] }),
    ).toEqual([
      "freestyle.steps[0]",
      "freestyle.steps[1]",
      "freestyle.steps[2].shell",
      "freestyle.steps[3].powershell",
      "freestyle.steps[3]",
      "freestyle.steps[4]",
    ]);
  });

  test("archive artifacts and JUnit need their patterns", () => {
    expect(
      paths("freestyle", { archiveArtifacts: { allowEmpty: true }, junit: { testResults: " ", allowEmpty: true } }),
    ).toEqual(["freestyle.archiveArtifacts.artifacts", "freestyle.junit.allowEmpty", "freestyle.junit.testResults"]);
  });

  test("characters XML cannot hold are refused", () => {
    expect(specIssues("freestyle", { steps: [{ shell: "a\u0000b" }, { batch: "\uFFFF" }] })).toEqual([
      { path: "freestyle.steps[0].shell", message: "must not contain NUL, U+FFFE or U+FFFF (XML cannot hold them)" },
      { path: "freestyle.steps[1].batch", message: "must not contain NUL, U+FFFE or U+FFFF (XML cannot hold them)" },
    ]);
  });
});

describe("folders, job fields and kinds", () => {
  test("folder spec: only displayName; its description is the Job's input", () => {
    const issues = issuesOf(() => renderFolder({ description: "d" } as never));
    expect(issues.map((i) => i.path)).toEqual(["folder.description"]);
    expect(issues[0].message).toContain("the Job's own `description` input");
  });

  test("a folder cannot be disabled", () => {
    expect(issuesOf(() => renderFolder({}, { enabled: false }))).toEqual([
      { path: "enabled", message: "a folder cannot be disabled" },
    ]);
  });

  test("job fields are checked under their own names", () => {
    expect(paths("pipeline", { script: "x" }, { description: 1, enabled: "no", name: "x" })).toEqual([
      "name",
      "description",
      "enabled",
    ]);
  });

  test("a spec must be an object", () => {
    expect(specIssues("freestyle", [])).toEqual([{ path: "freestyle", message: "must be an object, got a list" }]);
    expect(specIssues("folder", null)).toEqual([{ path: "folder", message: "must be an object, got null" }]);
  });

  test("unknown kinds", () => {
    expect(() => renderJobSpec("matrix" as never, {} as never)).toThrow(JobSpecError);
    expect(() => validateJobSpec("matrix" as never, {})).toThrow(
      "Invalid matrix spec: kind: unknown job spec kind; expected one of pipeline, freestyle, folder",
    );
  });

  test("null counts as not given (as Pulumi passes unset values)", () => {
    expect(
      specIssues("pipeline", { script: "x", scm: null, sandbox: null, parameters: null, triggers: { cron: null } }),
    ).toEqual([]);
    expect(renderPipeline({ script: "x", scm: null, quietPeriod: null } as never)).toBe(
      renderPipeline({ script: "x" }),
    );
  });
});

describe("unknownPath", () => {
  const MARK = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
  test("finds a preview marker at any depth, with its path", () => {
    expect(unknownPath(MARK, MARK, "pipeline")).toBe("pipeline");
    expect(unknownPath({ scm: { url: MARK } }, MARK, "pipeline")).toBe("pipeline.scm.url");
    expect(unknownPath({ steps: [{ shell: "a" }, { shell: MARK }] }, MARK, "freestyle")).toBe(
      "freestyle.steps[1].shell",
    );
    expect(unknownPath({ steps: [{ shell: "a" }], n: 1, b: null }, MARK, "freestyle")).toBeUndefined();
  });
});

describe("hints for likely mix-ups", () => {
  test("concurrentBuild(s) is spelled differently per kind, as in Jenkins", () => {
    expect(specIssues("pipeline", { script: "x", concurrentBuild: false })[0].message).toContain(
      "Pipeline jobs spell it concurrentBuilds",
    );
    expect(specIssues("freestyle", { concurrentBuilds: false })[0].message).toContain(
      "freestyle jobs spell it concurrentBuild",
    );
  });

  test("a plain typo gets the list of fields and no unrelated advice", () => {
    expect(specIssues("pipeline", { scirpt: "x", script: "y" })).toEqual([
      {
        path: "pipeline.scirpt",
        message:
          "unknown field; expected one of: script, sandbox, scm, parameters, triggers, buildDiscarder, concurrentBuilds, quietPeriod",
      },
    ]);
  });
});
