/**
 * What `POST /pipeline-model-converter/validateJenkinsfile` answers for a script (ModelConverterAction
 * .doValidateJenkinsfile): the `data` of `{"status":"ok","data":…}`. Groovy parses the script first; a syntax
 * error is the one error reported. A script without a top-level `pipeline {}` block is "did not contain the
 * 'pipeline' step" (with the whole script quoted in the message, as the plugin writes it). Otherwise the declarative
 * model's errors. All compilation errors of one script go into a single `{"error": …}` object: a string for one
 * message, an array for several (net.sf.json's accumulate).
 */
import { lexGroovy, GroovyLexer, GroovySyntaxError } from "./groovy-lexer";
import { checkDeclarative, nestedPipelineOf, pipelineStatementOf, type ToolSetup } from "./declarative";
import { statementsOf } from "./statements";

export type LintResult = { result: "success" } | { result: "failure"; errors: Array<{ error: string | string[] }> };

const failure = (messages: string[]): LintResult => ({
  result: "failure",
  errors: [{ error: messages.length === 1 ? messages[0] : messages }],
});

export function validateJenkinsfile(script: string | null, tools: ToolSetup): LintResult {
  // StringUtils.isEmpty: only a missing or empty field; a blank script goes on to the parser.
  if (script === null || script === "") return failure(["No content found for 'jenkinsfile' parameter"]);
  let tokens;
  try {
    tokens = lexGroovy(script);
  } catch (e) {
    if (e instanceof GroovySyntaxError) return failure([e.message]);
    throw e;
  }
  const top = statementsOf(tokens);
  const lexer = new GroovyLexer(script);
  const at = (offset: number): string => {
    const { line, column } = lexer.where(offset);
    return ` @ line ${line}, column ${column}.`;
  };
  const pipeline = pipelineStatementOf(top);
  if (pipeline === undefined) {
    const nested = nestedPipelineOf(top);
    if (nested !== undefined)
      return failure([`pipeline block must be at the top-level, not within another block.${at(nested.start)}`]);
    return failure([`Jenkinsfile content '${script}' did not contain the 'pipeline' step`]);
  }
  const errors = checkDeclarative(script, pipeline, tools);
  if (errors.length === 0) return { result: "success" };
  return failure(errors.map((e) => e.message + at(e.offset)));
}
