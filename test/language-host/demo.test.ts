/**
 * `npm run demo` prints what docs/guide/first-stack.md shows: the demo runs as it runs without a Pulumi CLI (through
 * the language host) and its output must equal the guide's capture, ports and ids masked.
 */
import { demo } from "../../scripts/demo";
import { expectCapture } from "../docs/captures";

test("the demo's output is the capture in docs/guide/first-stack.md", async () => {
  const lines: string[] = [];
  await demo((text = "") => lines.push(text), undefined);
  const output = lines.join("\n");
  expect(output).toContain("== pulumi preview --diff");
  expectCapture("docs/guide/first-stack.md", "demo", output);
});
