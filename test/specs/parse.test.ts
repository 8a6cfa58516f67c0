/** Configs that fit a spec exactly are read back into that spec; anything a spec cannot express is not. */
import {
  parseJobSpec,
  renderFreestyle,
  renderJobSpec,
  renderPipeline,
  type JobSpecKind,
  type JobSpecs,
} from "../../provider/specs";
import { resave } from "../../provider/server/xstream";
import { savedConfigs } from "../harness/fixtures";
import { configsEquivalent } from "../../provider/xml/semantic";
import {
  FOLDER_FULL,
  FOLDER_FULL_FIELDS,
  FOLDER_MINIMAL,
  FREESTYLE_FULL,
  FREESTYLE_FULL_FIELDS,
  FREESTYLE_MINIMAL,
  PIPELINE_FULL,
  PIPELINE_FULL_FIELDS,
  PIPELINE_MINIMAL,
} from "./samples";

const SAMPLES: Array<[string, JobSpecKind, JobSpecs[JobSpecKind], { description?: string; enabled?: boolean }]> = [
  ["pipeline minimal", "pipeline", PIPELINE_MINIMAL, {}],
  ["pipeline full", "pipeline", PIPELINE_FULL, PIPELINE_FULL_FIELDS],
  ["freestyle minimal", "freestyle", FREESTYLE_MINIMAL, {}],
  ["freestyle full", "freestyle", FREESTYLE_FULL, FREESTYLE_FULL_FIELDS],
  ["freestyle empty", "freestyle", {}, { enabled: false }],
  ["folder minimal", "folder", FOLDER_MINIMAL, {}],
  ["folder full", "folder", FOLDER_FULL, FOLDER_FULL_FIELDS],
];

describe("parseJobSpec", () => {
  test.each(SAMPLES)("%s: rendered, saved by Jenkins, parsed back to the same spec", (_name, kind, spec, fields) => {
    const rendered = renderJobSpec(kind, spec, fields);
    const expected = { kind, spec, fields: { description: fields.description ?? "", enabled: fields.enabled ?? true } };
    expect(parseJobSpec(rendered)).toEqual(expected);
    expect(parseJobSpec(resave(rendered))).toEqual(expected);
  });

  test("values equal to a default are left out of the parsed spec", () => {
    const xml = renderPipeline({
      scm: { url: "u", branch: "*/main", scriptPath: "Jenkinsfile", lightweight: true },
      concurrentBuilds: true,
      parameters: [
        { type: "string", name: "A", default: "", trim: false },
        { type: "boolean", name: "B", default: false },
      ],
      triggers: { upstream: { projects: ["x"], threshold: "SUCCESS" } },
    });
    expect(parseJobSpec(xml)?.spec).toEqual({
      scm: { url: "u" },
      parameters: [
        { type: "string", name: "A" },
        { type: "boolean", name: "B" },
      ],
      triggers: { upstream: { projects: ["x"] } },
    });
  });

  test("actions Jenkins adds when a Pipeline runs do not prevent a fit", () => {
    const xml = renderPipeline(PIPELINE_MINIMAL).replace(
      "<actions/>",
      "<actions><org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobAction/></actions>",
    );
    expect(parseJobSpec(xml)?.spec).toEqual(PIPELINE_MINIMAL);
  });

  test.each([
    [
      "a job property no spec has",
      renderFreestyle({}).replace("<properties/>", "<properties><x.Y><a>1</a></x.Y></properties>"),
    ],
    [
      "a Maven build step",
      renderFreestyle({}).replace(
        "<builders/>",
        "<builders><hudson.tasks.Maven><targets>x</targets></hudson.tasks.Maven></builders>",
      ),
    ],
    [
      "a setting of a rendered class the spec does not cover",
      renderFreestyle({ archiveArtifacts: { artifacts: "a" } }).replace(
        "<artifacts>a</artifacts>",
        "<artifacts>a</artifacts><excludes>b</excludes>",
      ),
    ],
    [
      "an unknown trigger",
      renderFreestyle({}).replace("<triggers/>", "<triggers><com.x.GitHubPushTrigger/></triggers>"),
    ],
    [
      "a git SCM with two remotes",
      renderFreestyle({ scm: { url: "a" } }).replace(
        "</userRemoteConfigs>",
        "<hudson.plugins.git.UserRemoteConfig><url>b</url></hudson.plugins.git.UserRemoteConfig></userRemoteConfigs>",
      ),
    ],
    ["an empty inline script", renderPipeline({ script: "x" }).replace("<script>x</script>", "<script></script>")],
    ["a build wrapper", renderFreestyle({}).replace("<buildWrappers/>", "<buildWrappers><a.B/></buildWrappers>")],
    ["an item type without a spec", "<matrix-project><actions/></matrix-project>"],
  ])("does not fit: %s", (_what, xml) => {
    expect(parseJobSpec(xml)).toBeUndefined();
  });

  test("real saved configs: only those a spec expresses exactly fit, and those render back equivalently", () => {
    const fitting: string[] = [];
    for (const f of savedConfigs()) {
      const parsed = parseJobSpec(f.xml);
      if (parsed === undefined) continue;
      fitting.push(f.file);
      expect(configsEquivalent(renderJobSpec(parsed.kind, parsed.spec, parsed.fields), f.xml)).toBe(true);
    }
    // The others carry plugin properties, other SCMs and steps, legacy layouts, or an empty script.
    expect(fitting).toEqual(["folder-github-minimal.xml", "pipeline-no-root-plugin-attr.xml"]);
    expect(parseJobSpec(savedConfigs().find((f) => f.file === "folder-github-minimal.xml")!.xml)).toEqual({
      kind: "folder",
      spec: { displayName: "GitHub" },
      fields: { description: "Repositories hosted on [GitHub](https://github.com)", enabled: true },
    });
  });
});
