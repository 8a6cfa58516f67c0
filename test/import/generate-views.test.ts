/** The import's views: list views of the root and of imported folders as View resources referring to the Jobs. */
import { generateProgram } from "../../provider/import";
import { folderViewsOf } from "../../provider/import/views";
import { withoutFolderViews } from "../../provider/resource/found/folder-views";
import { fixture } from "../harness/fixtures";
import { folder, FREESTYLE_XML } from "../harness/job-configs";

const LIST = (jobs: string[], extra = "") =>
  `<hudson.model.ListView><name>x</name><jobNames><comparator class="java.lang.String$CaseInsensitiveComparator"/>${jobs
    .map((j) => `<string>${j}</string>`)
    .join("")}</jobNames><jobFilters/>${extra}<recurse>false</recurse></hudson.model.ListView>`;

const FOLDER_WITH_VIEW = folder({ views: true }).replace(
  "</views>",
  `${LIST(["api"]).replace("<name>x</name>", '<owner class="com.cloudbees.hudson.plugins.folder.Folder" reference="../../../.."/><name>apps</name>')}</views>`,
);

describe("views in the generated program", () => {
  const program = generateProgram({
    items: [
      { fullName: "team", configXml: FOLDER_WITH_VIEW },
      { fullName: "team/api", configXml: FREESTYLE_XML },
      { fullName: "nightly", configXml: FREESTYLE_XML },
    ],
    views: [
      { folder: "", name: "ci", configXml: LIST(["nightly", "gone"], "<includeRegex>n.*</includeRegex>") },
      {
        folder: "",
        name: "filtered",
        configXml: LIST([], "").replace("<jobFilters/>", "<jobFilters><a.B/></jobFilters>"),
      },
    ],
    sourceUrl: "https://ci.example.com/",
  });
  const index = program.files.get("index.ts")!;

  test("each list view is a View with adopt, its folder and jobs referring to the generated Jobs", () => {
    expect(index).toContain('import { Job, View } from "pulumi-jenkins-jobs";');
    expect(index).toMatch(/const nightly = new Job\("nightly"/);
    expect(index).toMatch(/const teamApi = new Job\("team\/api"/);
    expect(index).toContain(
      'new View("ci", { name: "ci", listView: { jobs: ["gone", nightly.name], includeRegex: "n.*" }, adopt: true });',
    );
    expect(index).toContain(
      'new View("team/apps", { name: "apps", folder: team.fullName, listView: { jobs: [teamApi.name] }, adopt: true });',
    );
    expect(program.views).toEqual(["ci", "team/apps"]);
  });

  test("the folder is declared with only Jenkins's default views; views a spec cannot say are listed as not imported", () => {
    const folderFile = program.files.get("jobs/team.xml") ?? "";
    expect(folderFile).toContain("<name>All</name>");
    expect(folderFile).not.toContain("<name>apps</name>");
    expect(index).toContain("//   view filtered: not a list view a listView spec can express");
  });

  test("Jenkins's default All view is not imported; real saved folders give their list views", () => {
    expect(folderViewsOf("f", folder({ views: true }))).toEqual([]);
    const saved = folderViewsOf("f", fixture("folder-listview-v1.0.xml"));
    expect(saved.map((v) => v.name)).toEqual(["other"]);
    const stripped = withoutFolderViews(fixture("folder-listview-v1.0.xml"));
    expect(stripped).toContain("<name>All</name>");
    expect(stripped).not.toContain("<name>other</name>");
  });
});
