/** The folder-views rule of the parts of a config Jenkins owns: pure functions over parsed configs. */
import { FOLDER_VIEWS_RULE } from "../../provider/resource/owned/folder-views";
import { keepOwnedParts, updateNeedsRemote, withoutOwnedParts } from "../../provider/resource/owned-parts";
import { sameConfig } from "../../provider/resource/drift";
import { elementsEqual } from "../../provider/xml/semantic";
import { parseXml, type XmlElement } from "../../provider/xml/tree";
import { writeXml } from "../../provider/xml/writer";
import { folder, FREESTYLE_XML } from "../harness/job-configs";
import { fixture } from "../harness/fixtures";
import { withoutFolderViews } from "../../provider/resource/found/folder-views";

const root = (xml: string): XmlElement => parseXml(xml).root;
const LIST_VIEW = `<hudson.model.ListView><owner class="com.cloudbees.hudson.plugins.folder.Folder" reference="../../../.."/><name>apps</name><jobNames><comparator class="java.lang.String$CaseInsensitiveComparator"/><string>api</string></jobNames></hudson.model.ListView>`;
const withViews = (xml: string): string => xml.replace("</views>", `${LIST_VIEW}</views>`);

describe("a folder's views", () => {
  const bare = root(folder({ description: "team" }));
  const withDefault = root(folder({ description: "team", views: true }));
  const remote = root(withViews(folder({ description: "team", views: true })));

  test("a folder declared without views, or with only the default holder, leaves them to Jenkins", () => {
    expect(sameConfig(bare, remote)).toBe(true);
    expect(sameConfig(withDefault, remote)).toBe(true);
    expect(updateNeedsRemote(bare)).toBe(true);
    expect(updateNeedsRemote(withDefault)).toBe(true);
  });

  test("other changes of such a folder are still drift", () => {
    const edited = root(
      withViews(folder({ description: "team", views: true })).replace(
        "<properties/>",
        "<displayName>By hand</displayName><properties/>",
      ),
    );
    expect(sameConfig(bare, edited)).toBe(false);
  });

  test("an update keeps the remote views, whether or not the declaration has the default holder", () => {
    for (const declared of [bare, withDefault]) {
      const kept = keepOwnedParts(declared, remote);
      const text = writeXml(kept, { style: "pretty", declaration: null });
      expect(text).toContain("<name>apps</name>");
      expect(text).toContain("<description>team</description>");
      expect(kept).not.toBe(declared);
    }
    // Nothing to keep: the declaration as it is.
    expect(FOLDER_VIEWS_RULE.keep(bare, bare)).toBe(bare);
  });

  test("views a folder declares are compared and posted as declared", () => {
    const declared = root(withViews(folder({ description: "team", views: true })));
    // The views rule needs nothing of the remote config (the folder's credentials still do: owned/folder-credentials).
    expect(FOLDER_VIEWS_RULE.needsRemote(declared)).toBe(false);
    expect(sameConfig(declared, withDefault)).toBe(false);
    expect(sameConfig(declared, remote)).toBe(true);
  });

  test("jobs are never touched by the rule", () => {
    const job = root(FREESTYLE_XML);
    expect(updateNeedsRemote(job)).toBe(false);
    expect(withoutOwnedParts(job, job)).toBe(job);
  });

  test("real saved folders with list views compare equal to their declaration without views", () => {
    for (const file of ["folder-listview-v1.0.xml", "folder-listviews-folder-libraries.xml"]) {
      const saved = root(fixture(file));
      // Only the default view kept (named `all` in one of them), as the import declares a folder.
      const declared = root(withoutFolderViews(fixture(file)));
      expect(updateNeedsRemote(declared)).toBe(true);
      expect(sameConfig(declared, saved)).toBe(true);
    }
    const saved = root(fixture("folder-listview-v1.0.xml"));
    const declared: XmlElement = {
      ...saved,
      children: saved.children.filter((c) => !(c.kind === "element" && c.name === "folderViews")),
    };
    expect(sameConfig(declared, saved)).toBe(true);
    expect(elementsEqual(keepOwnedParts(declared, saved), saved)).toBe(true);
  });
});
