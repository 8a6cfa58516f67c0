/**
 * Folder specs render to the file a current cloudbees-folder saves for a new folder (as in the real fixtures
 * folder-github-minimal.xml and folder-weather-sample-properties.xml), and a save does not change it.
 */
import { renderFolder, renderJobSpec } from "../../provider/specs";
import { resave } from "../../provider/server/xstream";
import { FOLDER_FULL, FOLDER_FULL_FIELDS, FOLDER_MINIMAL } from "./samples";

const MINIMAL_XML = `<?xml version='1.1' encoding='UTF-8'?>
<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder@6.1079.vc0975c2de294">
  <actions/>
  <description></description>
  <properties/>
  <folderViews class="com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder">
    <views>
      <hudson.model.AllView>
        <owner class="com.cloudbees.hudson.plugins.folder.Folder" reference="../../../.."/>
        <name>All</name>
        <filterExecutors>false</filterExecutors>
        <filterQueue>false</filterQueue>
        <properties class="hudson.model.View$PropertyList"/>
      </hudson.model.AllView>
    </views>
    <tabBar class="hudson.views.DefaultViewsTabBar"/>
  </folderViews>
  <healthMetrics>
    <com.cloudbees.hudson.plugins.folder.health.WorstChildHealthMetric>
      <nonRecursive>false</nonRecursive>
    </com.cloudbees.hudson.plugins.folder.health.WorstChildHealthMetric>
  </healthMetrics>
  <icon class="com.cloudbees.hudson.plugins.folder.icons.StockFolderIcon"/>
</com.cloudbees.hudson.plugins.folder.Folder>`;

const FULL_XML = `<?xml version='1.1' encoding='UTF-8'?>
<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder@6.1079.vc0975c2de294">
  <actions/>
  <description>Jobs of the web team</description>
  <displayName>Team Web &amp; API</displayName>
  <properties/>
  <folderViews class="com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder">
    <views>
      <hudson.model.AllView>
        <owner class="com.cloudbees.hudson.plugins.folder.Folder" reference="../../../.."/>
        <name>All</name>
        <filterExecutors>false</filterExecutors>
        <filterQueue>false</filterQueue>
        <properties class="hudson.model.View$PropertyList"/>
      </hudson.model.AllView>
    </views>
    <tabBar class="hudson.views.DefaultViewsTabBar"/>
  </folderViews>
  <healthMetrics>
    <com.cloudbees.hudson.plugins.folder.health.WorstChildHealthMetric>
      <nonRecursive>false</nonRecursive>
    </com.cloudbees.hudson.plugins.folder.health.WorstChildHealthMetric>
  </healthMetrics>
  <icon class="com.cloudbees.hudson.plugins.folder.icons.StockFolderIcon"/>
</com.cloudbees.hudson.plugins.folder.Folder>`;

describe("renderFolder", () => {
  test("minimal: the All view, worst-child health metric and stock icon of a new folder", () => {
    expect(renderFolder(FOLDER_MINIMAL)).toBe(MINIMAL_XML);
  });

  test("full: description from the job fields, display name", () => {
    expect(renderFolder(FOLDER_FULL, FOLDER_FULL_FIELDS)).toBe(FULL_XML);
  });

  test("renderJobSpec dispatches on the kind; enabled: true is accepted and writes nothing", () => {
    expect(renderJobSpec("folder", FOLDER_FULL, { ...FOLDER_FULL_FIELDS, enabled: true })).toBe(FULL_XML);
  });

  test("an empty display name is the same as none", () => {
    expect(renderFolder({ displayName: "" })).toBe(MINIMAL_XML);
  });

  test.each([
    ["minimal", () => renderFolder(FOLDER_MINIMAL)],
    ["full", () => renderFolder(FOLDER_FULL, FOLDER_FULL_FIELDS)],
  ])("a Jenkins save leaves the %s rendering byte for byte unchanged", (_name, render) => {
    const rendered = render();
    expect(resave(rendered)).toBe(rendered);
  });
});
