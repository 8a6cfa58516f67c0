/**
 * The declarative model's checks that the linter answers (pipeline-model-definition: ModelParser parses the
 * `pipeline {}` block, ModelValidatorImpl validates it; messages from its Messages.properties). Parse errors come
 * first, in source order, then the validator's: the pipeline's required sections ("stages" before "agent"), the
 * stages, then the tools. Each error carries the line and column of the element it is about.
 */
import type { Token } from "./groovy-lexer";
import { argumentsOf, blockOf, calledName, isMethodCall, type Block, type Statement } from "./statements";

export interface ModelError {
  message: string;
  offset: number;
}

/** A tool type a `tools {}` block may name: its @Symbol and its installation class (Tools.getAllowedToolTypes). */
export interface ToolType {
  symbol: string;
  className: string;
  /** The plugin providing it; undefined for Jenkins core. */
  plugin?: string;
}

export const TOOL_TYPES: readonly ToolType[] = [
  { symbol: "ant", className: "hudson.tasks.Ant$AntInstallation", plugin: "ant" },
  {
    symbol: "dockerTool",
    className: "org.jenkinsci.plugins.docker.commons.tools.DockerTool",
    plugin: "docker-commons",
  },
  { symbol: "git", className: "hudson.plugins.git.GitTool", plugin: "git" },
  { symbol: "go", className: "org.jenkinsci.plugins.golang.GolangInstallation", plugin: "golang" },
  { symbol: "gradle", className: "hudson.plugins.gradle.GradleInstallation", plugin: "gradle" },
  { symbol: "jdk", className: "hudson.model.JDK" },
  { symbol: "maven", className: "hudson.tasks.Maven$MavenInstallation" },
  { symbol: "msbuild", className: "hudson.plugins.msbuild.MsBuildInstallation", plugin: "msbuild" },
  { symbol: "nodejs", className: "jenkins.plugins.nodejs.tools.NodeJSInstallation", plugin: "nodejs" },
];

export interface ToolSetup {
  /** The types that can be named: those of core and of the active plugins. */
  types: readonly ToolType[];
  /** Installation names by tool class name. */
  installations: ReadonlyMap<string, readonly string[]>;
}

const TOP_LEVEL = new Set([
  "stages",
  "environment",
  "post",
  "agent",
  "tools",
  "options",
  "parameters",
  "triggers",
  "libraries",
]);
const RENAMED: Record<string, string> = {
  properties: "The \u2018properties\u2019 section has been renamed as of version 0.8. Use \u2018options\u2019 instead.",
  wrappers: "The 'wrappers' section has been removed as of version 0.8. Use 'options' instead.",
  jobProperties:
    "The \u2018jobProperties\u2019 section has been renamed as of version 0.7. Use \u2018properties\u2019 instead.",
  notifications:
    "The \u2018notifications\u2019 section has been removed as of version 0.6. Use \u2018post\u2019 for all post-build actions.",
  postBuild:
    "The \u2018postBuild\u2019 section has been renamed as of version 0.6. Use \u2018post\u2019 for all post-build actions.",
};
const STAGE_SECTIONS = new Set([
  "agent",
  "when",
  "steps",
  "post",
  "options",
  "input",
  "tools",
  "environment",
  "parallel",
  "matrix",
  "failFast",
  "stages",
]);

/** hudson.util.EditDistance.findNearest: the candidate with the fewest edits, the first on a tie; null for none. */
export function findNearest(key: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestScore = Number.MAX_SAFE_INTEGER;
  for (const c of candidates) {
    const score = editDistance(key, c);
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

interface Stage {
  name: string;
  at: number;
  kinds: string[];
  tools?: Statement;
  children: Stages[];
  /** Where a `steps {}` with nothing in it stands. */
  emptySteps?: number;
}

interface Stages {
  at: number;
  stages: Stage[];
}

interface Pipeline {
  at: number;
  sections: Map<string, Statement>;
}

class ModelChecker {
  readonly errors: ModelError[] = [];
  private readonly validation: ModelError[] = [];

  constructor(
    private readonly src: string,
    private readonly tools: ToolSetup,
  ) {}

  private error(message: string, offset: number): void {
    this.errors.push({ message, offset });
  }

  private invalid(message: string, offset: number): void {
    this.validation.push({ message, offset });
  }

  private sourceText(s: Statement): string {
    return this.src.slice(s.start, s.end);
  }

  check(pipelineStatement: Statement): void {
    const body = blockOf(pipelineStatement);
    const p: Pipeline = { at: pipelineStatement.start, sections: new Map() };
    let stages: Stages | undefined;
    for (const s of body?.statements ?? []) {
      const name = calledName(s);
      if (name === undefined) {
        this.error(
          `Not a valid section definition: "${this.sourceText(s)}". Some extra configuration is required.`,
          s.start,
        );
        continue;
      }
      if (p.sections.has(name)) this.error(`Multiple occurrences of the ${name} section`, s.start);
      p.sections.set(name, s);
      if (name === "stages") stages = this.parseStages(s);
      else if (name === "post") this.parsePost(s);
      else if (name === "agent") this.parseAgent(s);
      else if (RENAMED[name] !== undefined) this.error(RENAMED[name], s.start);
      else if (!TOP_LEVEL.has(name)) this.error(`Undefined section "${name}"`, s.start);
    }
    // ModelValidatorImpl.validateElement(ModelASTPipelineDef), then its children.
    if (!p.sections.has("stages")) this.invalid('Missing required section "stages"', p.at);
    if (!p.sections.has("agent")) this.invalid('Missing required section "agent"', p.at);
    if (stages) this.validateStages(stages);
    const tools = p.sections.get("tools");
    if (tools) this.validateTools(tools);
    this.errors.push(...this.validation);
  }

  private parseStages(s: Statement): Stages {
    const out: Stages = { at: s.start, stages: [] };
    for (const st of blockOf(s)?.statements ?? []) {
      if (calledName(st) !== "stage") {
        this.error("Expected a stage", st.start);
        continue;
      }
      const stage = this.parseStage(st);
      if (stage) out.stages.push(stage);
    }
    return out;
  }

  private parseStage(st: Statement): Stage | undefined {
    const [nameArg] = argumentsOf(st);
    if (nameArg === undefined || nameArg.kind !== "string") {
      this.error("Expected a stage name but did not find any", st.start);
      return undefined;
    }
    const stage: Stage = { name: nameArg.text, at: st.start, kinds: [], children: [] };
    const body = st.blocks[0];
    if (body === undefined) {
      this.error("Stage does not have a block", st.start);
      return stage;
    }
    const seen = new Set<string>();
    for (const s of body.statements) {
      const name = calledName(s);
      if (name === undefined) {
        this.error(
          `Not a valid stage section definition: "${this.sourceText(s)}". Some extra configuration is required.`,
          st.start,
        );
        continue;
      }
      if (seen.has(name)) this.error(`Multiple occurrences of the ${name} section`, st.start);
      seen.add(name);
      if (!STAGE_SECTIONS.has(name)) {
        this.error(
          `Unknown stage section "${name}". Starting with version 0.5, steps in a stage must be in a \u2018steps\u2019 block.`,
          st.start,
        );
        continue;
      }
      if (name === "steps" || name === "stages" || name === "parallel" || name === "matrix") stage.kinds.push(name);
      if (name === "steps") {
        this.parseSteps(blockOf(s));
        if ((blockOf(s)?.statements.length ?? 0) === 0) stage.emptySteps = s.start;
      }
      if (name === "agent") this.parseAgent(s);
      if (name === "post") this.parsePost(s);
      if (name === "stages" || name === "parallel") stage.children.push(this.parseStages(s));
      if (name === "matrix") {
        const inner = blockOf(s)?.statements.find((m) => calledName(m) === "stages");
        if (inner) stage.children.push(this.parseStages(inner));
      }
      if (name === "tools") stage.tools = s;
    }
    return stage;
  }

  /**
   * ModelParser.parseStep: every statement of a steps block is a step, a method call; a tree step (`dir('x') { … }`,
   * a `parallel` branch) holds steps again, and `script { … }` holds any Groovy.
   */
  private parseSteps(block: Block | undefined): void {
    for (const s of block?.statements ?? []) {
      if (!isMethodCall(s)) {
        this.error("Expected a step", s.start);
        continue;
      }
      if (calledName(s) === "script") continue;
      for (const inner of [...s.blocks, ...s.argBlocks]) this.parseSteps(inner);
    }
  }

  /** ModelParser.parseAgent: `agent any`, `agent none`, or a block naming one agent type. */
  private parseAgent(s: Statement): void {
    const block = blockOf(s);
    if (block === undefined) {
      const args = argumentsOf(s);
      if (args.length === 0) this.error("No argument for agent", s.start);
      else if (args.length > 1 || (args[0].text !== "any" && args[0].text !== "none"))
        this.error('Only "agent none", "agent any" or "agent {...}" are allowed.', s.start);
      return;
    }
    if (block.statements.length === 0) this.error("Expected an agent", s.start);
    else if (block.statements.length > 1) this.error("Only one agent type is allowed per agent section", s.start);
    else if (calledName(block.statements[0]) === undefined) this.error("Expected an agent", s.start);
  }

  /** `post { always { … } failure { … } }`: each condition holds steps. */
  private parsePost(s: Statement): void {
    for (const condition of blockOf(s)?.statements ?? []) this.parseSteps(blockOf(condition));
  }

  private validateStages(stages: Stages): void {
    if (stages.stages.length === 0) this.invalid("No stages specified", stages.at);
    const names = stages.stages.map((s) => s.name);
    for (const n of new Set(names.filter((n, i) => names.indexOf(n) !== i)))
      this.invalid(`Duplicate stage name: "${n}"`, stages.at);
    for (const stage of stages.stages) {
      if (stage.kinds.length > 1)
        this.invalid(
          `Only one of "matrix", "parallel", "stages", or "steps" allowed for stage "${stage.name}"`,
          stage.at,
        );
      else if (stage.kinds.length === 0)
        this.invalid(`Expected one of "steps", "stages", or "parallel" for stage "${stage.name}"`, stage.at);
      if (stage.emptySteps !== undefined && stage.kinds.length === 1)
        this.invalid("No steps specified for branch", stage.emptySteps);
      if (stage.tools) this.validateTools(stage.tools);
      for (const child of stage.children) this.validateStages(child);
    }
  }

  private validateTools(s: Statement): void {
    const entries = blockOf(s)?.statements ?? [];
    if (entries.length === 0) this.invalid("No tools specified", s.start);
    const allowed = new Map<string, string>();
    for (const t of this.tools.types) {
      allowed.set(t.symbol, t.className);
      allowed.set(t.className, t.className);
    }
    for (const entry of entries) {
      const type = entry.tokens[0];
      const args = argumentsOf(entry);
      if (type?.kind !== "ident" || args.length === 0) {
        this.error(
          type?.kind === "ident"
            ? `No argument for tool "${type.text}"`
            : 'Expected to find \u2018someTool "someVersion"\u2019',
          entry.start,
        );
        continue;
      }
      if (args.length > 1) {
        this.error(`Too many arguments for tool "${type.text}"`, entry.start);
        continue;
      }
      const className = allowed.get(type.text);
      if (className === undefined) {
        this.invalid(
          `Invalid tool type "${type.text}". Valid tool types: [${[...allowed.keys()].join(", ")}]`,
          type.start,
        );
        continue;
      }
      const value = args[0];
      // A value that is not a literal (an interpolated string, a variable) is left to the build.
      if (value.kind !== "string" || value.interpolated) continue;
      const installed = this.tools.installations.get(className) ?? [];
      if (!installed.includes(value.text)) {
        const nearest = findNearest(value.text, installed);
        this.invalid(
          `Tool type "${type.text}" does not have an install of "${value.text}" configured - did you mean "${nearest}"?`,
          value.start,
        );
      }
    }
  }
}

/** The declarative `pipeline` block among the top-level statements (ModelParser.isDeclarativePipelineStep). */
export function pipelineStatementOf(top: Block): Statement | undefined {
  return top.statements.find((s) => calledName(s) === "pipeline" && blockOf(s) !== undefined);
}

/** A `pipeline {}` written inside another block, which the parser refuses. */
export function nestedPipelineOf(top: Block): Statement | undefined {
  const walk = (b: Block, nested: boolean): Statement | undefined => {
    for (const s of b.statements) {
      if (nested && calledName(s) === "pipeline" && blockOf(s) !== undefined) return s;
      for (const inner of [...s.blocks, ...s.argBlocks]) {
        const found = walk(inner, true);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(top, false);
}

export function checkDeclarative(src: string, pipeline: Statement, tools: ToolSetup): ModelError[] {
  const checker = new ModelChecker(src, tools);
  checker.check(pipeline);
  return checker.errors;
}

export type { Token };
