/**
 * Config fragments shared by Pipeline and freestyle jobs, in the form XStream writes them in a current Jenkins:
 * parameters, build discarder, triggers and a git SCM. Inputs are validated specs (validate.ts).
 *
 * Where Jenkins has a choice of forms, the one its web UI saves is used (e.g. choices as `Arrays$ArrayList`),
 * so a job that is later edited and saved in the UI keeps the same config.
 */
import type { XmlElement } from "../xml/tree";
import { bool, classAttr, int, obj, str } from "./nodes";
import { pluginAttr } from "./plugins";
import type { BuildDiscarderSpec, GitScmSpec, ParameterSpec, TriggersSpec, UpstreamThreshold } from "./types";

export const DEFAULT_BRANCH = "*/main";

/** Optional string field: written only when given and non-empty (Jenkins stores "" descriptions as null). */
function optional(name: string, value: string | undefined | null): XmlElement[] {
  return value === undefined || value === null || value === "" ? [] : [str(name, value)];
}

function parameter(p: ParameterSpec): XmlElement {
  const head = [str("name", p.name), ...optional("description", p.description)];
  switch (p.type) {
    case "string":
      return obj("hudson.model.StringParameterDefinition", [
        ...head,
        str("defaultValue", p.default ?? ""),
        bool("trim", p.trim ?? false),
      ]);
    case "boolean":
      return obj("hudson.model.BooleanParameterDefinition", [...head, bool("defaultValue", p.default ?? false)]);
    case "password":
      // Jenkins encrypts it on load (a Secret field); the Job resource sends it in place of a placeholder.
      return obj("hudson.model.PasswordParameterDefinition", [...head, str("defaultValue", p.default ?? "")]);
    case "choice":
      return obj("hudson.model.ChoiceParameterDefinition", [
        ...head,
        // What the UI's newline-separated text field turns into (Arrays.asList over a String[]).
        obj(
          "choices",
          [
            obj(
              "a",
              p.choices.map((c) => str("string", c)),
              [classAttr("string-array")],
            ),
          ],
          [classAttr("java.util.Arrays$ArrayList")],
        ),
      ]);
  }
}

/** `hudson.model.ParametersDefinitionProperty`, or nothing for no parameters. */
export function parametersProperty(params: readonly ParameterSpec[] | undefined | null): XmlElement[] {
  if (!params || params.length === 0) return [];
  return [obj("hudson.model.ParametersDefinitionProperty", [obj("parameterDefinitions", params.map(parameter))])];
}

/** `jenkins.model.BuildDiscarderProperty` with a LogRotator (-1 = keep), or nothing. */
export function buildDiscarderProperty(bd: BuildDiscarderSpec | undefined | null): XmlElement[] {
  if (!bd) return [];
  const keep = (n: number | undefined | null): number => n ?? -1;
  return [
    obj("jenkins.model.BuildDiscarderProperty", [
      obj(
        "strategy",
        [
          int("daysToKeep", keep(bd.daysToKeep)),
          int("numToKeep", keep(bd.numToKeep)),
          int("artifactDaysToKeep", keep(bd.artifactDaysToKeep)),
          int("artifactNumToKeep", keep(bd.artifactNumToKeep)),
          bool("removeLastBuild", false),
        ],
        [classAttr("hudson.tasks.LogRotator")],
      ),
    ]),
  ];
}

/** hudson.model.Result as XStream writes the constants. */
const RESULTS: Record<UpstreamThreshold, { ordinal: number; color: string }> = {
  SUCCESS: { ordinal: 0, color: "BLUE" },
  UNSTABLE: { ordinal: 1, color: "YELLOW" },
  FAILURE: { ordinal: 2, color: "RED" },
};

/**
 * The trigger objects, in the order of the UI's "Build Triggers" section: upstream, periodic, SCM polling.
 * Empty when no trigger is configured.
 */
export function triggerElements(t: TriggersSpec | undefined | null): XmlElement[] {
  if (!t) return [];
  const out: XmlElement[] = [];
  if (t.upstream) {
    const threshold = t.upstream.threshold ?? "SUCCESS";
    out.push(
      obj("jenkins.triggers.ReverseBuildTrigger", [
        str("spec", ""),
        // Jenkins keeps the job list as one string, names separated by ", ".
        str("upstreamProjects", t.upstream.projects.join(", ")),
        obj("threshold", [
          str("name", threshold),
          int("ordinal", RESULTS[threshold].ordinal),
          str("color", RESULTS[threshold].color),
          bool("completeBuild", true),
        ]),
      ]),
    );
  }
  if (t.cron !== undefined && t.cron !== null) {
    out.push(obj("hudson.triggers.TimerTrigger", [str("spec", t.cron)]));
  }
  if (t.pollScm !== undefined && t.pollScm !== null) {
    out.push(obj("hudson.triggers.SCMTrigger", [str("spec", t.pollScm), bool("ignorePostCommitHooks", false)]));
  }
  return out;
}

/** `<scm class="hudson.plugins.git.GitSCM">` with one remote and one branch, as the git plugin 5.x saves it. */
export function gitScm(scm: GitScmSpec): XmlElement {
  return obj(
    "scm",
    [
      int("configVersion", 2),
      obj("userRemoteConfigs", [
        obj("hudson.plugins.git.UserRemoteConfig", [
          str("url", scm.url),
          ...optional("credentialsId", scm.credentialsId),
        ]),
      ]),
      obj("branches", [obj("hudson.plugins.git.BranchSpec", [str("name", scm.branch ?? DEFAULT_BRANCH)])]),
      bool("doGenerateSubmoduleConfigurations", false),
      obj("submoduleCfg", [], [classAttr("empty-list")]),
      obj("extensions"),
    ],
    [classAttr("hudson.plugins.git.GitSCM"), pluginAttr("git")],
  );
}
