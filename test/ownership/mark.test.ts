import { markLine, ownerNameProblem, readMark, stackOwner, withMark, withoutMark } from "../../provider/ownership/mark";

describe("the mark of ownership", () => {
  it("is the last line of the description, after a blank line", () => {
    expect(withMark("Builds the site.", "web/prod")).toBe(
      "Builds the site.\n\nManaged as code by web/prod. Changes made in Jenkins are put back by its next update.",
    );
    expect(withMark("", "web/prod")).toBe(markLine("web/prod"));
    expect(withMark(undefined, "web/prod")).toBe(markLine("web/prod"));
  });

  it("reads back the owner and the description a person wrote", () => {
    expect(readMark(withMark("Line one\nline two", "acme/jobs/prod"))).toEqual({
      description: "Line one\nline two",
      owner: "acme/jobs/prod",
    });
    expect(readMark(markLine("a/b"))).toEqual({ description: "", owner: "a/b" });
    expect(readMark("no mark here")).toEqual({ description: "no mark here" });
    expect(readMark(undefined)).toEqual({ description: "" });
  });

  it("reads a mark whose lines Jenkins's form turned into CRLF, or with a trailing newline", () => {
    expect(readMark(`Text\r\n\r\n${markLine("a/b")}\r\n`)).toEqual({ description: "Text", owner: "a/b" });
  });

  it("is replaced, never doubled, when an item changes hands", () => {
    const once = withMark("Text", "a/b");
    expect(withMark(once, "c/d")).toBe(withMark("Text", "c/d"));
    expect(withoutMark(once)).toBe("Text");
  });

  it("keeps the newlines a description ends with", () => {
    expect(readMark(withMark("Text\n", "a/b"))).toEqual({ description: "Text\n", owner: "a/b" });
    expect(readMark(withMark("Text\r\n\r\n", "a/b"))).toEqual({ description: "Text\r\n\r\n", owner: "a/b" });
    expect(readMark(`Text ${markLine("a/b")}`)).toEqual({ description: `Text ${markLine("a/b")}` });
  });

  it("is not read from the middle of a description", () => {
    const text = `${markLine("a/b")}\nmore text written after it`;
    expect(readMark(text)).toEqual({ description: text });
  });

  it("accepts project/stack names and refuses names that would not read back", () => {
    expect(ownerNameProblem(stackOwner("jenkins-jobs", "prod"))).toBeUndefined();
    expect(ownerNameProblem("acme/platform/prod.eu-1")).toBeUndefined();
    expect(ownerNameProblem("")).toMatch(/empty/);
    expect(ownerNameProblem("two words")).toMatch(/letters, digits/);
    expect(ownerNameProblem("a//b")).toMatch(/letters, digits/);
    expect(ownerNameProblem("x".repeat(201))).toMatch(/200/);
  });
});
