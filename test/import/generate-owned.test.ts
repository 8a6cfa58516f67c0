/**
 * What a generated config leaves to Jenkins: a pipeline's own properties (its tracker says which) and a folder's
 * credentials. Declared without them, the adopted job compares equal to Jenkins's copy, so adoption writes nothing.
 */
import { generateProgram } from "../../provider/import";
import { sameConfig } from "../../provider/resource/drift";
import { fixture, pipelineOwningFirstProperty } from "../harness/fixtures";

const TRACKER = "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobPropertyTrackerAction";
const DISCARDER = "jenkins.model.BuildDiscarderProperty";
const PROPERTY = "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";

const folderWithCredentials = (): string =>
  fixture("folder-weather-sample-properties.xml").replace(
    "<properties>",
    `<properties><${PROPERTY}><domainCredentialsMap class="hudson.util.CopyOnWriteMap$Hash"><entry><com.cloudbees.plugins.credentials.domains.Domain><specifications/></com.cloudbees.plugins.credentials.domains.Domain><java.util.concurrent.CopyOnWriteArrayList><org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl><scope>GLOBAL</scope><id>t</id><description/><secret>{AQAAABAAAAAQZXhhbXBsZQ==}</secret></org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl></java.util.concurrent.CopyOnWriteArrayList></entry></domainCredentialsMap></${PROPERTY}>`,
  );

describe("the import leaves to Jenkins what Jenkins owns", () => {
  const pipeline = pipelineOwningFirstProperty();
  const folder = folderWithCredentials();
  const program = generateProgram({
    items: [
      { fullName: "team", configXml: folder },
      { fullName: "team/app", configXml: pipeline },
    ],
    sourceUrl: "http://jenkins.example.com/",
  });
  const file = (name: string): string => program.files.get(`jobs/${name}`) as string;

  it("a pipeline's config is written without the properties its tracker owns, nor the tracker", () => {
    const written = file("team/app.xml");
    expect(written).toContain("hudson.model.ParametersDefinitionProperty");
    expect(written).not.toContain(DISCARDER);
    expect(written).not.toContain(TRACKER);
    // Adopting it: the written config is the job Jenkins has, so nothing is sent.
    expect(sameConfig(written, pipeline)).toBe(true);
  });

  it("a folder's config is written without its credentials, and no encrypted secret is written anywhere", () => {
    const written = file("team.xml");
    expect(written).not.toContain(PROPERTY);
    expect(written).toContain("MavenConfigFolderOverrideProperty");
    expect(sameConfig(written, folder)).toBe(true);
    for (const [name, text] of program.files) expect([name, text.includes("{AQAAAB")]).toEqual([name, false]);
  });
});
