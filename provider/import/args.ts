/** Command-line arguments of `pulumi-jenkins import`. Pure: argv in, options or a usage error out. */
import { parseArgs } from "node:util";
import type { ScriptConnection } from "../connection/script";
import type { ProgramLanguage } from "./templates";

const LANGUAGES: readonly ProgramLanguage[] = ["typescript", "yaml"];

export const USAGE = `Usage: pulumi-jenkins import --out <dir> [options]

Writes a Pulumi program (TypeScript, or Pulumi YAML with --language yaml) that declares every job, folder and list view of a Jenkins server (or of one
folder), each with adopt: true and either the typed spec it fits exactly or its config.xml in its own file, so
that the existing jobs can be taken over by Pulumi.

Credentials are not declared unless --credentials is given: they stay in Jenkins, the jobs keep naming them by
id (the preview of a job being adopted or changed checks that each id exists where the job can use it), a
folder's own credentials stay as Jenkins holds them, and the first \`pulumi up\` changes nothing in Jenkins.

Options:
  --url <url>           Jenkins URL (default: $JENKINS_URL)
  --user <name>         user name (default: $JENKINS_USER)
  --api-token <token>   API token (default: $JENKINS_API_TOKEN); prefer the variable, flags end up in shell history
  --password <pw>       password instead of a token (default: $JENKINS_PASSWORD)
  --ca-cert <file|pem>  CA certificate(s) to trust
  --insecure            accept any TLS certificate
  --folder <a/b>        import only what is inside this folder
  --credentials         also declare the credentials of the system store (whole server only) and of the imported
                        folders, each secret read from a stack config key the generated README lists; adopting
                        them writes those secrets over the ones Jenkins holds
  --include-owned       also import the items another stack manages (their description's last line, the mark
                        of ownership, names it); by default they are left out, each listed with its owner
  --out <dir>           folder to write the program into (required)
  --project <name>      Pulumi project name (default: the name of the --out folder)
  --language <lang>     typescript (default: index.ts with this package's classes) or yaml (Pulumi.yaml whose
                        resources are the provider plugin's, jenkins:index:Job and the rest)
  --concurrency <n>     parallel config.xml requests (default 8)
  --force               replace a program already in --out
  --quiet               no progress output
  -h, --help            show this help

A proxy from HTTPS_PROXY or HTTP_PROXY (NO_PROXY: the hosts reached directly) carries the requests, as for the
provider.
`;

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export interface ImportArgs {
  connection: ScriptConnection;
  folder?: string;
  /** Declare the credentials (system store and imported folders) as `Credential`s; by default they stay in Jenkins. */
  credentials: boolean;
  /** Import items whose mark of ownership names an owner too; by default they are left out. */
  includeOwned?: boolean;
  out: string;
  projectName?: string;
  /** The generated program's language (default TypeScript). */
  language?: ProgramLanguage;
  concurrency: number;
  force: boolean;
  quiet: boolean;
}

export type ParsedCommand = { command: "help" } | { command: "import"; args: ImportArgs };

export function parseCommandLine(argv: readonly string[]): ParsedCommand {
  const [command, ...rest] = argv;
  if (command === undefined || command === "-h" || command === "--help" || command === "help")
    return { command: "help" };
  if (command !== "import")
    throw new UsageError(`Unknown command "${command}". The commands are "import" and "serve".`);
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...rest],
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: "string" },
        user: { type: "string" },
        "api-token": { type: "string" },
        password: { type: "string" },
        "ca-cert": { type: "string" },
        insecure: { type: "boolean" },
        folder: { type: "string" },
        credentials: { type: "boolean" },
        "include-owned": { type: "boolean" },
        out: { type: "string" },
        project: { type: "string" },
        language: { type: "string" },
        concurrency: { type: "string" },
        force: { type: "boolean" },
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    // parseArgs quotes the offending argument. An option name is shown; a stray value could be a pasted token.
    const message = (e as Error).message
      .split("\n")[0]
      .replace(/'([^']*)'/g, (_m, arg: string) => (arg.startsWith("-") ? `'${arg.split("=")[0]}'` : "a value"));
    throw new UsageError(message);
  }
  if (values.help) return { command: "help" };
  const out = values.out as string | undefined;
  if (!out) throw new UsageError("--out <dir> is required: the folder to write the program into.");
  const concurrency = values.concurrency === undefined ? 8 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    throw new UsageError("--concurrency must be a whole number from 1 to 64.");
  }
  const language = (values.language as string | undefined) ?? "typescript";
  if (!(LANGUAGES as readonly string[]).includes(language)) {
    throw new UsageError(`--language must be one of ${LANGUAGES.join(", ")}; "${language}" is not.`);
  }
  const folder = (values.folder as string | undefined)?.replace(/^\/+|\/+$/g, "");
  return {
    command: "import",
    args: {
      connection: {
        url: values.url as string | undefined,
        user: values.user as string | undefined,
        apiToken: values["api-token"] as string | undefined,
        password: values.password as string | undefined,
        caCert: values["ca-cert"] as string | undefined,
        insecureSkipTlsVerify: values.insecure === true ? true : undefined,
      },
      folder: folder === "" ? undefined : folder,
      credentials: values.credentials === true,
      ...(values["include-owned"] === true ? { includeOwned: true } : {}),
      out,
      projectName: values.project as string | undefined,
      language: values.language === undefined ? undefined : (language as ProgramLanguage),
      concurrency,
      force: values.force === true,
      quiet: values.quiet === true,
    },
  };
}
