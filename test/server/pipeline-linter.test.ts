/**
 * The declarative linter over HTTP (`POST /pipeline-model-converter/validateJenkinsfile`, ModelConverterAction):
 * 200 with `{"status":"ok","data":…}`, syntax errors with their line, the declarative model's errors, scripted
 * pipelines, no crumb needed, Overall/Read, and not there without the pipeline-model-definition plugin.
 */
import type { JenkinsServer } from "../../provider/server";
import { adminPassword, adminToken, call, readerPassword, start } from "./helpers";

type Data = { result: "success" } | { result: "failure"; errors: Array<{ error: string | string[] }> };

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const URL_PATH = "/pipeline-model-converter/validateJenkinsfile";

const declarative = (stages: string, extra = ""): string => `pipeline {
  agent any
${extra}  stages {
${stages}
  }
}
`;
const STAGE = `    stage('Build') {
      steps {
        sh 'make'
      }
    }`;

describe("the Jenkinsfile linter", () => {
  let server: JenkinsServer;
  beforeAll(async () => {
    server = await start({
      tools: [
        { type: "maven", name: "M3" },
        { type: "jdk", name: "jdk17" },
      ],
    });
  });
  afterAll(() => server.close());

  const lint = async (script: string, auth = readerPassword): Promise<Data> => {
    const a = await call(server, URL_PATH, {
      method: "POST",
      auth,
      headers: FORM,
      body: new URLSearchParams({ jenkinsfile: script }).toString(),
    });
    expect(a.status).toBe(200);
    expect(a.headers["content-type"]).toMatch(/^application\/json/);
    const doc = JSON.parse(a.body) as { status: string; data: Data };
    expect(doc.status).toBe("ok");
    return doc.data;
  };

  it("passes a valid declarative pipeline, without a crumb, for a read-only user", async () => {
    expect(await lint(declarative(STAGE, "  tools {\n    maven 'M3'\n    jdk \"jdk17\"\n  }\n"))).toEqual({
      result: "success",
    });
    expect(await lint(declarative(STAGE), adminPassword)).toEqual({ result: "success" });
  });

  it("reports a missing closing brace at the end of the script, with its line", async () => {
    const script = declarative(STAGE).replace("      }\n    }", "      }");
    expect(await lint(script)).toEqual({
      result: "failure",
      errors: [{ error: "expecting '}', found '' @ line 10, column 1." }],
    });
  });

  it("reports an extra closing brace where it stands", async () => {
    expect(await lint("pipeline {\n  agent any\n}\n}\n")).toEqual({
      result: "failure",
      errors: [{ error: "unexpected token: } @ line 4, column 1." }],
    });
  });

  it("reports unterminated strings of every kind", async () => {
    const errorOf = async (script: string): Promise<string | string[]> => {
      const d = await lint(script);
      if (d.result !== "failure") throw new Error(`expected a failure for ${script}`);
      return d.errors[0].error;
    };
    expect(await errorOf("node {\n  sh 'make\n}\n")).toBe("expecting ''', found '\\n' @ line 2, column 11.");
    expect(await errorOf('node {\n  sh "make\n}\n')).toBe(
      "expecting anything but ''\\n''; got it anyway @ line 2, column 11.",
    );
    expect(await errorOf("node {\n  sh '''make\n}\n")).toBe("unexpected char: 0xFFFF @ line 4, column 1.");
    expect(await errorOf('node {\n  sh """make ${env.X}\n}\n')).toBe("unexpected char: 0xFFFF @ line 4, column 1.");
    expect(await errorOf("def r = /abc\nnode {}\n")).toBe("unexpected char: 0xFFFF @ line 3, column 1.");
    expect(await errorOf('node {\n  sh "a ${env.X"\n}\n')).toMatch(/@ line \d+, column \d+\.$/);
    expect(await errorOf('node { sh "cost $ 5" }')).toMatch(/^illegal string body character after dollar sign;/);
  });

  it("does not mistake braces and quotes in comments, strings and GStrings for code", async () => {
    const script = `// a } in a comment, and a ' too
/* a { block comment " */
pipeline {
  agent { label 'linux && docker' }
  stages {
    stage('Build') {
      steps {
        sh "echo \${params.X ?: '}'} $HOME"
        sh '''echo "}" '{' '''
        sh """
          echo \${env.BRANCH_NAME.replaceAll(/[{}]/, '-')}
        """
        script {
          def parts = 'a/b'.split('/')
          def ratio = parts.size() / 2
          def re = /x\\/y{2}/
          echo "\${ratio} \${re}"
        }
      }
    }
  }
}
`;
    expect(await lint(script)).toEqual({ result: "success" });
  });

  it("answers a scripted pipeline that parses with the missing 'pipeline' step, the script quoted", async () => {
    const script = "node('linux') {\n  sh 'make'\n}\n";
    expect(await lint(script)).toEqual({
      result: "failure",
      errors: [{ error: `Jenkinsfile content '${script}' did not contain the 'pipeline' step` }],
    });
  });

  it("reports the missing required sections, stages before agent, as one error object holding both", async () => {
    expect(await lint("pipeline {\n  options { timestamps() }\n}\n")).toEqual({
      result: "failure",
      errors: [
        {
          error: [
            'Missing required section "stages" @ line 1, column 1.',
            'Missing required section "agent" @ line 1, column 1.',
          ],
        },
      ],
    });
    expect(await lint("pipeline {\n  agent any\n}\n")).toEqual({
      result: "failure",
      errors: [{ error: 'Missing required section "stages" @ line 1, column 1.' }],
    });
  });

  it("reports a stage with nothing to run, an unknown section and an unknown stage section", async () => {
    const nothing = declarative("    stage('Deploy') {\n      when { branch 'main' }\n    }");
    expect(await lint(nothing)).toEqual({
      result: "failure",
      errors: [{ error: 'Expected one of "steps", "stages", or "parallel" for stage "Deploy" @ line 4, column 5.' }],
    });
    expect(await lint(declarative(STAGE, "  foo {\n  }\n"))).toEqual({
      result: "failure",
      errors: [{ error: 'Undefined section "foo" @ line 3, column 3.' }],
    });
    const stepsOutside = declarative("    stage('Build') {\n      sh 'make'\n    }");
    const d = await lint(stepsOutside);
    expect(d).toEqual({
      result: "failure",
      errors: [
        {
          error: [
            'Unknown stage section "sh". Starting with version 0.5, steps in a stage must be in a \u2018steps\u2019 block. @ line 4, column 5.',
            'Expected one of "steps", "stages", or "parallel" for stage "Build" @ line 4, column 5.',
          ],
        },
      ],
    });
    expect(await lint(declarative(""))).toEqual({
      result: "failure",
      errors: [{ error: "No stages specified @ line 3, column 3." }],
    });
  });

  it("wants steps in a steps block, any Groovy only inside script {}", async () => {
    const steps = (body: string): string => declarative(`    stage('Build') {\n      steps {\n${body}\n      }\n    }`);
    expect(await lint(steps("        def v = readFile('v')\n        if (v) { echo v }"))).toEqual({
      result: "failure",
      errors: [{ error: ["Expected a step @ line 6, column 9.", "Expected a step @ line 7, column 9."] }],
    });
    const scripted = [
      "        script {",
      "          def v = readFile('v')",
      "          if (v) { echo v }",
      "        }",
      "        dir('sub') { sh 'make' }",
      "        echo currentBuild.description",
    ];
    expect(await lint(steps(scripted.join("\n")))).toEqual({ result: "success" });
    const post = declarative(STAGE).replace(
      "  stages {",
      "  post {\n    always {\n      x = 1\n    }\n  }\n  stages {",
    );
    expect(await lint(post)).toEqual({ result: "failure", errors: [{ error: "Expected a step @ line 5, column 7." }] });
    expect(await lint(declarative(STAGE, "  def x = 1\n"))).toEqual({
      result: "failure",
      errors: [
        {
          error:
            'Not a valid section definition: "def x = 1". Some extra configuration is required. @ line 3, column 3.',
        },
      ],
    });
  });

  it("reads agent sections and empty steps blocks as the parser does", async () => {
    const withAgent = (agent: string): string => declarative(STAGE).replace("  agent any\n", `  agent ${agent}\n`);
    expect(await lint(withAgent("none"))).toEqual({ result: "success" });
    expect(await lint(withAgent("{ node { label 'linux' } }"))).toEqual({ result: "success" });
    expect(await lint(withAgent("linux"))).toEqual({
      result: "failure",
      errors: [{ error: 'Only "agent none", "agent any" or "agent {...}" are allowed. @ line 2, column 3.' }],
    });
    expect(await lint(withAgent("{ }"))).toEqual({
      result: "failure",
      errors: [{ error: "Expected an agent @ line 2, column 3." }],
    });
    expect(await lint(declarative("    stage('Build') {\n      steps {\n      }\n    }"))).toEqual({
      result: "failure",
      errors: [{ error: "No steps specified for branch @ line 5, column 7." }],
    });
  });

  it("checks tools against the tool types and the configured installations", async () => {
    expect(await lint(declarative(STAGE, "  tools {\n    maven 'M4'\n  }\n"))).toEqual({
      result: "failure",
      errors: [
        {
          error:
            'Tool type "maven" does not have an install of "M4" configured - did you mean "M3"? @ line 4, column 11.',
        },
      ],
    });
    const unknown = await lint(declarative(STAGE, "  tools {\n    cmake 'latest'\n  }\n"));
    expect(unknown).toMatchObject({ result: "failure" });
    const message = (unknown as { errors: Array<{ error: string }> }).errors[0].error;
    expect(message).toMatch(
      /^Invalid tool type "cmake"\. Valid tool types: \[.*maven, hudson\.tasks\.Maven\$MavenInstallation.*\] @ line 4, column 5\.$/,
    );
    // No installation of a type at all: the nearest of none is null.
    expect(await lint(declarative(STAGE, "  tools {\n    ant 'A1'\n  }\n"))).toEqual({
      result: "failure",
      errors: [
        {
          error:
            'Tool type "ant" does not have an install of "A1" configured - did you mean "null"? @ line 4, column 9.',
        },
      ],
    });
    // A computed installation name is left to the build.
    expect(await lint(declarative(STAGE, '  tools {\n    maven "${params.M}"\n  }\n'))).toEqual({ result: "success" });
  });

  it("refuses an empty field, a GET, and a caller without Overall/Read", async () => {
    expect(await lint("")).toEqual({
      result: "failure",
      errors: [{ error: "No content found for 'jenkinsfile' parameter" }],
    });
    expect((await call(server, URL_PATH, { auth: adminToken })).status).toBe(405);
    const anonymous = await call(server, URL_PATH, {
      method: "POST",
      headers: FORM,
      body: "jenkinsfile=pipeline%20%7B%7D",
    });
    expect(anonymous.status).toBe(403);
  });

  it("is not there without an active pipeline-model-definition plugin, and then needs a crumb like any POST", async () => {
    const bare = await start({ disabledPlugins: ["pipeline-model-definition"] });
    try {
      const byToken = await call(bare, URL_PATH, {
        method: "POST",
        auth: adminToken,
        headers: FORM,
        body: "jenkinsfile=x",
      });
      expect(byToken.status).toBe(404);
      const byPassword = await call(bare, URL_PATH, {
        method: "POST",
        auth: adminPassword,
        headers: FORM,
        body: "jenkinsfile=x",
      });
      expect(byPassword.status).toBe(403);
    } finally {
      await bare.close();
    }
  });
});
