import { configWithoutMark, ownerOfConfig } from "../../provider/ownership/config-owner";
import { markLine } from "../../provider/ownership/mark";

const config = (description: string) =>
  `<?xml version='1.1' encoding='UTF-8'?>\n<project>\n  <description>${description}</description>\n  <disabled>false</disabled>\n</project>`;

describe("the mark in a saved config", () => {
  it("is read from the end of the description, however Jenkins wrote the line ends", () => {
    expect(ownerOfConfig(config(`Builds it\n\n${markLine("a/b")}`))).toBe("a/b");
    expect(ownerOfConfig(config(`Builds it&#xd;\n&#xd;\n${markLine("a/b")}`))).toBe("a/b");
    expect(ownerOfConfig(config(markLine("org/p/s")))).toBe("org/p/s");
    expect(ownerOfConfig(config("Builds it"))).toBeUndefined();
    expect(ownerOfConfig(config(`${markLine("a/b")} and more`))).toBeUndefined();
  });

  it("is removed with the line ends before it, leaving what a person wrote", () => {
    expect(configWithoutMark(config(`Builds it\n\n${markLine("a/b")}`))).toBe(config("Builds it"));
    expect(configWithoutMark(config(markLine("a/b")))).toBe(config(""));
    expect(configWithoutMark(config("Builds it"))).toBe(config("Builds it"));
  });

  it("is removed from every description of a folder's config: its views' and credentials' too", () => {
    const folder =
      `<folder><description>${markLine("a/b")}</description><views><hudson.model.ListView>` +
      `<description>V\n\n${markLine("a/b")}</description></hudson.model.ListView></views></folder>`;
    expect(configWithoutMark(folder)).toBe(
      "<folder><description></description><views><hudson.model.ListView><description>V</description>" +
        "</hudson.model.ListView></views></folder>",
    );
  });

  it("names the folder's own owner only: a folder without a description is not its credential's or view's", () => {
    const folder = (own: string) =>
      `<folder><properties><creds><description>${markLine("payments/prod")}</description></creds></properties>` +
      `${own}<views><hudson.model.ListView><description>${markLine("payments/prod")}</description>` +
      "</hudson.model.ListView></views></folder>";
    expect(ownerOfConfig(folder(""))).toBeUndefined();
    expect(ownerOfConfig(folder(`<description>Team\n\n${markLine("web/prod")}</description>`))).toBe("web/prod");
  });
});
