/** The lines an XML error shows: a few around the position, a caret under the column, secrets masked. */
import { excerptAt } from "../../provider/xml/excerpt";
import { parseXml, XmlSyntaxError } from "../../provider/xml/tree";

function errorOf(xml: string): XmlSyntaxError {
  try {
    parseXml(xml);
  } catch (e) {
    if (e instanceof XmlSyntaxError) return e;
    throw e;
  }
  throw new Error("expected a syntax error");
}

describe("excerptAt", () => {
  it("shows the line with the problem and two before it, numbered, with a caret under the column", () => {
    const lines = Array.from({ length: 200 }, (_, i) => `  <p${i}>v</p${i}>`);
    lines[149] = "  <broken>make & test</broken>";
    const xml = `<project>\n${lines.join("\n")}\n</project>`;
    const e = errorOf(xml);
    expect(e.line).toBe(151);
    const shown = excerptAt(xml, e.line, e.column).split("\n");
    expect(shown).toEqual([
      "149 |   <p147>v</p147>",
      "150 |   <p148>v</p148>",
      "151 |   <broken>make & test</broken>",
      `    | ${" ".repeat(e.column - 1)}^`,
    ]);
    expect(shown[3].indexOf("^") - 6).toBe(shown[2].indexOf("&") - 6);
  });

  it("cuts a long line to a window around the column", () => {
    const xml = `<project><description>${"x".repeat(500)}</descriptio></project>`;
    const e = errorOf(xml);
    const [line, caret] = excerptAt(xml, e.line, e.column).split("\n");
    expect(line.length).toBeLessThan(120);
    expect(line).toMatch(/^1 \| …x+<\/descriptio>.*$/);
    expect(line[caret.indexOf("^")]).toBe(xml[e.column - 1]);
  });

  it("masks the text of secret-looking elements and Jenkins's encrypted values", () => {
    const xml = [
      "<project>",
      "  <password>hunter2</password>",
      "  <apiToken>{AQAAABAAAAAQabc123==}</apiToken><x>{AQAAABAAAAAgzz=}</x>",
      "  <a></b>",
      "</project>",
    ].join("\n");
    const e = errorOf(xml);
    const shown = excerptAt(xml, e.line, e.column);
    expect(shown).not.toContain("hunter2");
    expect(shown).not.toContain("AQAAAB");
    expect(shown).toContain("<password>****</password>");
    expect(shown).toContain("<x>{****}</x>");
  });

  it("gives nothing for a position outside the text", () => {
    expect(excerptAt("<a/>", 5, 1)).toBe("");
  });
});
