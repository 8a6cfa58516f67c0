/**
 * A job made by the dynamic provider (the real dynamic-provider process, `__provider` in every map), then taken
 * over by the plugin as the engine does after an alias: the plugin checks and diffs the dynamic state's inputs and
 * outputs, drops the serialized provider, plans no change and sends no write; refresh and the next update work on
 * that state. The secret values stay secret.
 */
import type { JenkinsServer } from "../../provider/server";
import { jobUrn, secret, type PropertyMap } from "../harness/provider-process";
import { startConfiguredProvider } from "../harness/configured-provider";
import { startPlugin, type PluginStart } from "../harness/plugin-process";
import { providerTextOfJob } from "../harness/serialized-provider";
import { ADMIN, calls, startServer } from "../harness/test-server";
import { FREESTYLE_XML } from "../harness/job-configs";
import { hideInXml } from "../../provider/resource/secrets/hide";

const PLUGIN_URN = "urn:pulumi:dev::jenkins-jobs::jenkins:index:Job::api";
const SIG = "4dabf18193072939515e22adb298388d";
const isSecret = (v: unknown) => typeof v === "object" && v !== null && SIG in (v as object);

const WITH_PASSWORD = FREESTYLE_XML.replace(
  "<properties/>",
  `<properties>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.PasswordParameterDefinition>
          <name>PW</name>
          <defaultValue>Fd-4e2a-pass</defaultValue>
        </hudson.model.PasswordParameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>
  </properties>`,
);

describe("a job the dynamic provider made, taken over by the plugin", () => {
  let server: JenkinsServer;
  let plugin: PluginStart;
  let dynamicState: { id: string; inputs: PropertyMap; outputs: PropertyMap };

  beforeAll(async () => {
    server = await startServer("current");
    const providerText = await providerTextOfJob();
    const dynamic = await startConfiguredProvider(server);
    try {
      // The inputs the Job class registers: the password out of the config, in the secret secretValues, and the
      // stack's owner (the project and stack the plugin then reads from the URN).
      const hidden = hideInXml(WITH_PASSWORD);
      // The dynamic provider takes no secrets: the engine sends them plain and keeps them secret in the state.
      const news = {
        name: "api",
        configXml: hidden.value,
        secretValues: hidden.values,
        __owner: "jenkins-jobs/dev",
        __provider: providerText,
      };
      const checked = await dynamic.check(jobUrn("api"), {}, news);
      expect(checked.failures).toEqual([]);
      const created = await dynamic.create(jobUrn("api"), checked.inputs);
      const sealed = (m: PropertyMap): PropertyMap => ({ ...m, secretValues: secret(m.secretValues) });
      dynamicState = { id: created.id, inputs: sealed(checked.inputs), outputs: sealed(created.properties) };
    } finally {
      await dynamic.close();
    }
    expect(dynamicState.outputs).toHaveProperty("__provider");
    plugin = await startPlugin({ installed: true });
    await plugin.proc.configureWith({ url: server.url, user: ADMIN.name, apiToken: secret(ADMIN.apiToken) });
  });
  afterAll(async () => {
    await plugin?.close();
    await server?.close();
  });

  it("plans no change and sends no write; the serialized provider is dropped, the secrets stay secret", async () => {
    server.resetCounters();
    // What a program in another language declares: the config with its password, as a secret.
    const checked = await plugin.proc.check(PLUGIN_URN, dynamicState.inputs, {
      name: "api",
      configXml: secret(WITH_PASSWORD),
    });
    expect(checked.failures).toEqual([]);
    expect(checked.inputs).not.toHaveProperty("__provider");
    expect(isSecret(checked.inputs.secretValues)).toBe(true);
    expect(checked.inputs.configXml).toBe(dynamicState.inputs.configXml);
    const diff = await plugin.proc.diff(
      PLUGIN_URN,
      dynamicState.id,
      dynamicState.outputs,
      checked.inputs,
      dynamicState.inputs,
    );
    expect(diff).toEqual({ changes: "none", replaces: [], deleteBeforeReplace: false });
    expect(calls(server).filter((c) => c.startsWith("POST"))).toEqual([]);

    // Refresh of the dynamic state: found unchanged, the serialized provider dropped from what is stored.
    const read = await plugin.proc.read(PLUGIN_URN, dynamicState.id, dynamicState.outputs, dynamicState.inputs);
    expect(read.id).toBe(dynamicState.id);
    expect(read.inputs).toBeUndefined();
    expect(read.properties).not.toHaveProperty("__provider");
    const { __provider: _dropped, ...outputsWithoutProvider } = dynamicState.outputs;
    void _dropped;
    expect(read.properties).toEqual({ ...outputsWithoutProvider, secretValues: read.properties.secretValues });
    expect(isSecret(read.properties.secretValues)).toBe(true);

    // The next change is one update on the dynamic state's outputs.
    const changed = await plugin.proc.check(PLUGIN_URN, checked.inputs, {
      name: "api",
      configXml: secret(WITH_PASSWORD),
      description: "now from the plugin",
    });
    const step = await plugin.proc.diff(PLUGIN_URN, dynamicState.id, read.properties, changed.inputs, checked.inputs);
    expect(step.detailedDiff).toEqual({ description: { kind: "UPDATE", inputDiff: true } });
    server.resetCounters();
    const outputs = await plugin.proc.update(PLUGIN_URN, dynamicState.id, read.properties, changed.inputs);
    expect(calls(server)).toEqual(["POST /job/api/description"]);
    expect(outputs).toMatchObject({ description: "now from the plugin" });
    expect(outputs).not.toHaveProperty("__provider");
  });
});
