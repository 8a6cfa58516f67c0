/**
 * The folder-credentials rule of the parts of a config Jenkins owns, and where every rule puts back what it keeps:
 * pure functions over parsed configs. Each behaviour is also shown to fail with the rule switched off.
 */
import { FOLDER_CREDENTIALS_RULE } from "../../provider/resource/owned/folder-credentials";
import {
  keepOwnedParts,
  OWNED_PART_RULES,
  updateNeedsRemote,
  withoutOwnedParts,
} from "../../provider/resource/owned-parts";
import type { OwnedPartRule } from "../../provider/resource/owned/rule";
import { sameConfig } from "../../provider/resource/drift";
import { elementsEqual } from "../../provider/xml/semantic";
import { elementChildren, parseXml, type XmlElement } from "../../provider/xml/tree";
import { fixture } from "../harness/fixtures";
import { folder, FREESTYLE_XML } from "../harness/job-configs";

const root = (xml: string): XmlElement => parseXml(xml).root;
const PROPERTY = "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";
/** What Jenkins writes for a folder holding two credentials (secrets as this controller encrypted them). */
const CREDENTIALS = `<${PROPERTY}>
  <domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash">
    <entry>
      <com.cloudbees.plugins.credentials.domains.Domain plugin="credentials@1491.v6d6145e96e1c"><specifications/></com.cloudbees.plugins.credentials.domains.Domain>
      <java.util.concurrent.CopyOnWriteArrayList>
        <org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl plugin="plain-credentials@199.v9f8e1f741799">
          <scope>GLOBAL</scope><id>deploy-token</id><description>by hand</description>
          <secret>{AQAAABAAAAAQhuUwfUqTwVU7xjKdDN431sYG/bIS8iSSlrCvfzrmsZw=}</secret>
        </org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl>
        <com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl plugin="credentials@1491.v6d6145e96e1c">
          <scope>GLOBAL</scope><id>deployer</id><description></description><username>d</username>
          <password>{AQAAABAAAAAgZXhhbXBsZS1lbmNyeXB0ZWQtdGV4dC1mb3ItdGVzdHM=}</password><usernameSecret>false</usernameSecret>
        </com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>
      </java.util.concurrent.CopyOnWriteArrayList>
    </entry>
  </domainCredentialsMap>
</${PROPERTY}>`;

/** The weather-sample folder with the credentials property between its two other properties. */
const WEATHER = fixture("folder-weather-sample-properties.xml");
const REMOTE_WEATHER = root(
  WEATHER.replace(
    "<org.jenkinsci.plugins.pipeline.maven.MavenConfigFolderOverrideProperty",
    `${CREDENTIALS}<org.jenkinsci.plugins.pipeline.maven.MavenConfigFolderOverrideProperty`,
  ),
);
const DECLARED_WEATHER = root(WEATHER);

const propertyNames = (e: XmlElement): string[] =>
  elementChildren(elementChildren(e).find((c) => c.name === "properties") as XmlElement).map((c) => c.name);

/** Runs `body` with the folder-credentials rule taken out of the shared list, then puts it back. */
function withRuleOff<T>(body: () => T): T {
  const rules = OWNED_PART_RULES as OwnedPartRule[];
  const at = rules.indexOf(FOLDER_CREDENTIALS_RULE);
  rules.splice(at, 1);
  try {
    return body();
  } finally {
    rules.splice(at, 0, FOLDER_CREDENTIALS_RULE);
  }
}

describe("a folder's credentials", () => {
  const bare = root(folder({ description: "team" }));
  const remote = root(
    folder({ description: "team", views: true }).replace("<properties/>", `<properties>${CREDENTIALS}</properties>`),
  );

  test("a folder declared without the property never shows the folder's credentials as drift", () => {
    expect(sameConfig(bare, remote)).toBe(true);
    expect(sameConfig(DECLARED_WEATHER, REMOTE_WEATHER)).toBe(true);
    expect(withRuleOff(() => sameConfig(bare, remote))).toBe(false);
    expect(withRuleOff(() => sameConfig(DECLARED_WEATHER, REMOTE_WEATHER))).toBe(false);
  });

  test("other changes of such a folder are still drift", () => {
    const edited = root(
      folder({ description: "team", views: true }).replace(
        "<properties/>",
        `<displayName>By hand</displayName><properties>${CREDENTIALS}</properties>`,
      ),
    );
    expect(sameConfig(bare, edited)).toBe(false);
  });

  test("an update keeps the property exactly as Jenkins has it, where Jenkins has it", () => {
    const changed = root(WEATHER.replace("<description></description>", "<description>new</description>"));
    expect(updateNeedsRemote(changed)).toBe(true);
    const kept = keepOwnedParts(changed, REMOTE_WEATHER);
    expect(propertyNames(kept)).toEqual(propertyNames(REMOTE_WEATHER));
    expect(propertyNames(kept)[1]).toBe(PROPERTY);
    const keptProperty = elementChildren(elementChildren(kept).find((c) => c.name === "properties") as XmlElement)[1];
    const remoteProperty = elementChildren(
      elementChildren(REMOTE_WEATHER).find((c) => c.name === "properties") as XmlElement,
    )[1];
    expect(keptProperty).toBe(remoteProperty);
    // Apart from the description, what is posted is what Jenkins has: nothing moved.
    expect(elementsEqual(keepOwnedParts(DECLARED_WEATHER, REMOTE_WEATHER), REMOTE_WEATHER)).toBe(true);
    expect(withRuleOff(() => propertyNames(keepOwnedParts(changed, REMOTE_WEATHER)))).not.toContain(PROPERTY);
  });

  test("a declaration without <properties> gets one holding the property alone, where the remote has it", () => {
    const noProps = root(folder({ description: "team" }).replace("<properties/>", ""));
    const kept = FOLDER_CREDENTIALS_RULE.keep(noProps, remote);
    const names = elementChildren(kept).map((c) => c.name);
    expect(names).toEqual(["actions", "description", "properties"]);
    expect(propertyNames(kept)).toEqual([PROPERTY]);
  });

  test("a folder that declares the property keeps comparing it and posts it as declared", () => {
    const declared = remote;
    expect(FOLDER_CREDENTIALS_RULE.needsRemote(declared)).toBe(false);
    expect(sameConfig(declared, remote)).toBe(true);
    const other = root(
      folder({ description: "team", views: true }).replace(
        "<properties/>",
        `<properties>${CREDENTIALS.replace("deploy-token", "other-id")}</properties>`,
      ),
    );
    expect(sameConfig(declared, other)).toBe(false);
    expect(FOLDER_CREDENTIALS_RULE.forComparison(other, declared)).toBe(other);
  });

  test("multibranch projects and organization folders hold credentials too; jobs never do", () => {
    const mb = fixture("multibranch-git-source-v1.0.xml");
    const mbRemote = root(
      mb.replace(/<properties\/>|<properties>/, (m) =>
        m === "<properties/>" ? `<properties>${CREDENTIALS}</properties>` : `<properties>${CREDENTIALS}`,
      ),
    );
    const mbDeclared = root(mb);
    expect(FOLDER_CREDENTIALS_RULE.needsRemote(mbDeclared)).toBe(true);
    expect(propertyNames(FOLDER_CREDENTIALS_RULE.keep(mbDeclared, mbRemote))).toContain(PROPERTY);
    expect(FOLDER_CREDENTIALS_RULE.needsRemote(root(fixture("organization-folder-unbuilt.xml")))).toBe(true);
    const job = root(FREESTYLE_XML);
    expect(FOLDER_CREDENTIALS_RULE.needsRemote(job)).toBe(false);
    expect(withoutOwnedParts(job, job)).toBe(job);
    expect(FOLDER_CREDENTIALS_RULE.keep(bare, bare)).toBe(bare);
  });
});

describe("kept parts go back where Jenkins had them", () => {
  const TRACKER = "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobPropertyTrackerAction";
  const DISCARDER = `<jenkins.model.BuildDiscarderProperty><strategy class="hudson.tasks.LogRotator"><daysToKeep>-1</daysToKeep><numToKeep>5</numToKeep><artifactDaysToKeep>-1</artifactDaysToKeep><artifactNumToKeep>-1</artifactNumToKeep></strategy></jenkins.model.BuildDiscarderProperty>`;
  const THROTTLE = `<hudson.plugins.throttleconcurrents.ThrottleJobProperty><maxConcurrentPerNode>1</maxConcurrentPerNode></hudson.plugins.throttleconcurrents.ThrottleJobProperty>`;
  const pipeline = (actions: string, props: string) =>
    root(
      `<flow-definition><actions>${actions}</actions><description/><properties>${props}</properties><definition class="org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition"><scriptPath>Jenkinsfile</scriptPath></definition></flow-definition>`,
    );
  const tracker = `<${TRACKER}><jobProperties><string>jenkins.model.BuildDiscarderProperty</string></jobProperties><triggers/><parameters/><options/></${TRACKER}>`;
  // The Jenkinsfile's build discarder stands before the throttle property the config declares.
  const remote = pipeline(`<other.Action/>${tracker}`, DISCARDER + THROTTLE);

  test("a pipeline's own property that stands before a declared one is put back before it", () => {
    const declared = pipeline("<other.Action/>", THROTTLE);
    const kept = keepOwnedParts(declared, remote);
    expect(propertyNames(kept)).toEqual([
      "jenkins.model.BuildDiscarderProperty",
      "hudson.plugins.throttleconcurrents.ThrottleJobProperty",
    ]);
    expect(elementsEqual(kept, remote)).toBe(true);
  });

  test("actions and parameters kept by a pipeline keep their places too", () => {
    const params = (names: string[]) =>
      `<hudson.model.ParametersDefinitionProperty><parameterDefinitions>${names
        .map(
          (n) => `<hudson.model.StringParameterDefinition><name>${n}</name></hudson.model.StringParameterDefinition>`,
        )
        .join("")}</parameterDefinitions></hudson.model.ParametersDefinitionProperty>`;
    const paramTracker = `<${TRACKER}><jobProperties/><triggers/><parameters><string>FROM_SCRIPT</string></parameters><options/></${TRACKER}>`;
    const withParams = pipeline(`${paramTracker}<other.Action/>`, params(["FROM_SCRIPT", "DECLARED"]));
    const kept = keepOwnedParts(pipeline("<other.Action/>", params(["DECLARED"])), withParams);
    expect(elementsEqual(kept, withParams)).toBe(true);
  });

  test("a folder's views kept for a declaration without them go where the remote has them", () => {
    const saved = root(fixture("folder-weather-sample-properties.xml"));
    const declared: XmlElement = {
      ...saved,
      children: saved.children.filter((c) => !(c.kind === "element" && c.name === "folderViews")),
    };
    expect(elementsEqual(keepOwnedParts(declared, saved), saved)).toBe(true);
  });
});
