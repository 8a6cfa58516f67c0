#!/usr/bin/env node
/**
 * `pulumi-jenkins`: the package's command. It loads only the command it runs, so `import` never loads the
 * Jenkins-compatible server, `serve` never loads the import generator and `review` loads neither. Exit codes: 0 done, 1 failed, 2 wrong
 * usage; `serve` runs until stopped.
 */
import "../runtime/node-version"; // first: an unsupported Node.js stops here with one line

export const USAGE = `Usage: pulumi-jenkins <command> [options]

Commands:
  import --out <dir>   write a Pulumi program that adopts the jobs of an existing Jenkins
  review [FILE]        turn the output of \`pulumi preview --json\` (FILE or standard input) into a review for a
                       pull request: Markdown (or --format text), at most --max-chars characters (default 60000)
  serve [--port N]     start a Jenkins-compatible server for your own tests and demos; prints its URL, user and
                       API token (options: --port, --mode current|legacy, --plugins name@version,...)

\`pulumi-jenkins <command> --help\` lists a command's options.
`;

export async function main(argv: readonly string[]): Promise<number | undefined> {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case "help":
    case "-h":
    case "--help":
      process.stdout.write(USAGE);
      return 0;
    case "import": {
      const { main: runImportCommand } = await import("../import/cli");
      return runImportCommand(argv);
    }
    case "review": {
      const { main: runReviewCommand } = await import("../review/cli");
      return runReviewCommand(rest);
    }
    case "serve": {
      const { serve } = await import("../server/cli");
      return serve(rest, "pulumi-jenkins serve");
    }
    default: {
      // Name the command only when it looks like one: a stray first argument could be a pasted token.
      const named = /^[a-z][a-z-]{0,30}$/.test(command) ? ` "${command}"` : "";
      process.stderr.write(`Unknown command${named}. The commands are "import", "review" and "serve".\n\n${USAGE}`);
      return 2;
    }
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== undefined) process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`pulumi-jenkins: ${String((e as Error)?.stack ?? e)}\n`);
      process.exitCode = 1;
    },
  );
}
