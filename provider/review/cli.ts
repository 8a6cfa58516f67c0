/**
 * `pulumi-jenkins review [FILE]` (dispatched by `entries/bin.ts`): reads what `pulumi preview --json` printed, from
 * FILE or standard input, and writes the review to standard output. Exit codes: 0 written, 2 wrong usage or an
 * input that is not a preview.
 */
import { readFileSync } from "node:fs";
import { parseDigest, ReviewInputError } from "./digest";
import { DEFAULT_MAX_CHARS, fitted } from "./fit";
import { markdown, text, type Format } from "./format";
import { reviewOf } from "./review";

export const USAGE = `Usage: pulumi-jenkins review [FILE] [--format markdown|text] [--max-chars N]

Reads the output of \`pulumi preview --json\` (FILE, or standard input) and writes a review of the planned change:
destructive changes first, moves, every changed job or credential with its diff (a secret only as "changed"),
identical changes once, new items in full.

  --format markdown|text   GitHub-flavoured Markdown for a pull-request comment (default), or plain text
  --max-chars N            fold the report to at most N characters (default ${DEFAULT_MAX_CHARS}, under GitHub's
                           65,536 per comment); 0 writes everything (a job summary, an artifact)

Example: pulumi preview --json | pulumi-jenkins review > review.md
`;

class UsageError extends Error {}

interface Args {
  file?: string;
  format: Format;
  maxChars: number;
  help: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { format: markdown, maxChars: DEFAULT_MAX_CHARS, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value.`);
      return v;
    };
    switch (flag) {
      case "-h":
      case "--help":
        args.help = true;
        break;
      case "--format": {
        const v = value();
        if (v !== "markdown" && v !== "text") throw new UsageError(`--format is "markdown" or "text", not "${v}".`);
        args.format = v === "text" ? text : markdown;
        break;
      }
      case "--max-chars": {
        const v = value();
        if (!/^\d+$/.test(v)) throw new UsageError(`--max-chars is a number of characters (0: no limit), not "${v}".`);
        args.maxChars = Number(v);
        break;
      }
      default:
        if (flag.startsWith("-") && flag !== "-") throw new UsageError(`Unknown option ${flag.slice(0, 40)}.`);
        if (args.file !== undefined) throw new UsageError("Give one FILE at most (or none to read standard input).");
        args.file = flag;
    }
  }
  return args;
}

function readInput(file: string | undefined): string {
  try {
    return readFileSync(file === undefined || file === "-" ? 0 : file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new ReviewInputError(
      file === undefined ? `Cannot read standard input (${code}).` : `Cannot read ${file} (${code ?? String(e)}).`,
    );
  }
}

/** The review of a digest's text, as the command writes it. */
export function reviewText(input: string, format: Format = markdown, maxChars = DEFAULT_MAX_CHARS): string {
  return fitted(reviewOf(parseDigest(input)), format, maxChars);
}

export function main(
  argv: readonly string[],
  io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process,
): number {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr.write(`pulumi-jenkins review: ${e.message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  try {
    io.stdout.write(reviewText(readInput(args.file), args.format, args.maxChars));
    return 0;
  } catch (e) {
    if (!(e instanceof ReviewInputError)) throw e;
    io.stderr.write(`pulumi-jenkins review: ${e.message}\n`);
    return 2;
  }
}
