/**
 * The Job class's side of secrets (resource/secrets/hide.ts), with real Pulumi Outputs: what goes into the inputs
 * Pulumi registers, and which of them are secret. A config without a secret costs no Output at all.
 */
import * as pulumi from "@pulumi/pulumi";
import { hideSecrets } from "../../provider/resource/secrets/hide";

const PLAIN = "<project><builders/></project>";

function withPassword(value: string): string {
  return (
    "<project><properties><hudson.model.ParametersDefinitionProperty><parameterDefinitions>" +
    `<hudson.model.PasswordParameterDefinition><name>P</name><defaultValue>${value}</defaultValue>` +
    "</hudson.model.PasswordParameterDefinition></parameterDefinitions></hudson.model.ParametersDefinitionProperty>" +
    "</properties></project>"
  );
}

/** An Output's value and whether it is secret. */
async function resolved(v: unknown): Promise<{ value: unknown; secret: boolean }> {
  if (!pulumi.Output.isInstance(v)) return { value: v, secret: false };
  const value = await new Promise((resolve) => (v as pulumi.Output<unknown>).apply((x) => resolve(x)));
  return { value, secret: await pulumi.isSecret(v as pulumi.Output<unknown>) };
}

describe("hideSecrets", () => {
  test("a plain config or spec without a secret is returned as it is, with no Output made", () => {
    const args = { configXml: PLAIN };
    expect(hideSecrets(args)).toEqual({ args });
    const spec = { freestyle: { parameters: [{ type: "string" as const, name: "V" }] } };
    expect(hideSecrets(spec)).toEqual({ args: spec });
  });

  test("a plain config with a password: the value moves into a secret Output, the config keeps a placeholder", async () => {
    const { args, secretValues } = hideSecrets({ configXml: withPassword("pw-1") });
    expect(args.configXml).toBe(withPassword("[secret 1]"));
    expect(await resolved(secretValues)).toEqual({ value: ["pw-1"], secret: true });
  });

  test("a config built from a pulumi.secret is no longer secret once the value is out", async () => {
    const password = pulumi.secret("pw-2");
    const built = hideSecrets({ configXml: password.apply((p) => withPassword(p)) });
    expect(await resolved(built.args.configXml)).toEqual({ value: withPassword("[secret 1]"), secret: false });
    expect(await resolved(built.secretValues)).toEqual({ value: ["pw-2"], secret: true });
  });

  test("a secret config without a known secret field stays secret", async () => {
    const { args, secretValues } = hideSecrets({ configXml: pulumi.secret(PLAIN) });
    expect(await resolved(args.configXml)).toEqual({ value: PLAIN, secret: true });
    expect(await resolved(secretValues)).toEqual({ value: [], secret: true });
  });

  test("a spec's password default given as a pulumi.secret: the spec is readable, the value secret", async () => {
    const { args, secretValues } = hideSecrets({
      pipeline: {
        script: "echo hi",
        parameters: [
          { type: "string", name: "V", default: "1" },
          { type: "password", name: "P", default: pulumi.secret("pw-3") },
        ],
      } as never,
    });
    expect(await resolved(args.pipeline)).toEqual({
      value: {
        script: "echo hi",
        parameters: [
          { type: "string", name: "V", default: "1" },
          { type: "password", name: "P", default: "[secret 1]" },
        ],
      },
      secret: false,
    });
    expect(await resolved(secretValues)).toEqual({ value: ["pw-3"], secret: true });
  });

  test("parameters given as an Output are looked into once resolved", async () => {
    const parameters = pulumi.output([{ type: "password", name: "P", default: "pw-4" }]);
    const { args, secretValues } = hideSecrets({ freestyle: { parameters } as never });
    expect((await resolved(args.freestyle)).value).toEqual({
      parameters: [{ type: "password", name: "P", default: "[secret 1]" }],
    });
    expect(await resolved(secretValues)).toEqual({ value: ["pw-4"], secret: true });
  });
});
