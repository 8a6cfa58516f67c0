import { canonicalizeConfig } from "../../provider/xml/canonical";
import { rootElementName, rootFieldText, withRootField } from "../../provider/xml/fields";
import { configDifferences } from "../../provider/xml/semantic";
import { fixture } from "./fixtures";

describe("root fields", () => {
  const xml = fixture("freestyle-git-shell-archiveartifacts.xml");

  it("reads the root name and root fields", () => {
    expect(rootElementName(xml)).toBe("project");
    expect(rootElementName(fixture("folder-github-minimal.xml"))).toBe("com.cloudbees.hudson.plugins.folder.Folder");
    expect(rootFieldText(xml, "disabled")).toBe("false");
    expect(rootFieldText(xml, "description")).toMatch(/^\[JENKINS-64621\]/);
    expect(rootFieldText(xml, "nope")).toBeUndefined();
    expect(rootFieldText("<project><description/></project>", "description")).toBe("");
  });

  it("replaces a field in place", () => {
    const changed = withRootField(xml, "disabled", "true");
    expect(configDifferences(xml, changed)).toEqual(["/project/disabled: text changed"]);
    expect(rootFieldText(changed, "disabled")).toBe("true");
  });

  it("adds description after actions, other fields last, and removes fields", () => {
    expect(withRootField("<project><actions/><keepDependencies>false</keepDependencies></project>", "description", "a & b")).toBe(
      "<?xml version='1.1' encoding='UTF-8'?>\n<project>\n  <actions/>\n  <description>a &amp; b</description>\n  <keepDependencies>false</keepDependencies>\n</project>",
    );
    expect(withRootField("<project><builders/></project>", "disabled", "true")).toBe(
      "<?xml version='1.1' encoding='UTF-8'?>\n<project>\n  <builders/>\n  <disabled>true</disabled>\n</project>",
    );
    expect(withRootField("<project><description>x</description><builders/></project>", "description", undefined)).toBe(
      canonicalizeConfig("<project><builders/></project>"),
    );
    expect(withRootField("<project/>", "description", "")).toBe("<?xml version='1.1' encoding='UTF-8'?>\n<project>\n  <description/>\n</project>");
  });

  it("keeps whitespace and line ends of the value", () => {
    const value = "line 1\r\n  line 2 ";
    expect(rootFieldText(withRootField("<project/>", "description", value), "description")).toBe(value);
  });
});
