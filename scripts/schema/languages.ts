/**
 * Where the package comes from and what `pulumi package add` names the SDK it generates in each language: the
 * schema's `repository`, `publisher` and `language` sections, from package.json. Pure.
 *
 * The keys are those each language's code generator reads from `language.<lang>` (pulumi/pulumi
 * `pkg/codegen/nodejs`, `python`, `go` `importer.go`; the C# generator of pulumi/pulumi-dotnet, the Java one of
 * pulumi/pulumi-java). Each SDK is named after this project, so that it differs from the npm package of classes
 * (`pulumi-jenkins-jobs`, which a TypeScript project moving to the plugin holds at the same time as the SDK) and from
 * the defaults another package called `jenkins` gets (`@pulumi/jenkins`, `pulumi_jenkins`, `Pulumi.Jenkins`).
 * Go and Java keep the schema's name as their last part (`…/go/jenkins`, `com.pulumi.jenkins`): their generators
 * take it from the package name, not from a setting.
 */
import { PACKAGE } from "./types";

export interface LanguageSection {
  nodejs: { packageName: string };
  python: { packageName: string };
  go: { importBasePath: string };
  csharp: { rootNamespace: string; namespaces: Record<string, string> };
  java: { basePackage: string };
}

/** The package name of the generated TypeScript/JavaScript SDK (its package.json `name`, what a program imports). */
export const NODEJS_PACKAGE = "pulumi-jenkins-jobs-sdk";
/** The generated Python SDK: its distribution and module name (`import pulumi_jenkins_jobs as jenkins`). */
export const PYTHON_PACKAGE = "pulumi_jenkins_jobs";
/** The .NET namespace and NuGet package: `<rootNamespace>.<namespaces[jenkins]>`, `Pulumi.JenkinsJobs`. */
export const CSHARP_ROOT_NAMESPACE = "Pulumi";
export const CSHARP_NAMESPACE = "JenkinsJobs";
/** The Java package is `<basePackage>.<package name>`: `com.pulumi.jenkins`. */
export const JAVA_BASE_PACKAGE = "com.pulumi";

/**
 * package.json's `repository` as a URL a browser opens: the object form's `url`, `git+` and `.git` dropped, the
 * `github:owner/repo` (`gitlab:`, `bitbucket:`) and `owner/repo` shorthands npm accepts spelled out. Undefined when there is none.
 */
export function repositoryUrl(repository: string | { url?: string } | undefined): string | undefined {
  const raw = (typeof repository === "string" ? repository : repository?.url)?.trim();
  if (raw === undefined || raw === "") return undefined;
  const shorthand = /^(?:(github|gitlab|bitbucket):)?([\w.-]+\/[\w.-]+)$/.exec(raw);
  if (shorthand) {
    const host = shorthand[1] === "bitbucket" ? "bitbucket.org" : `${shorthand[1] ?? "github"}.com`;
    return `https://${host}/${shorthand[2].replace(/\.git$/, "")}`;
  }
  const ssh = /^(?:git\+)?ssh:\/\/git@([^/]+)\/(.+?)(?:\.git)?$/.exec(raw);
  if (ssh) return `https://${ssh[1]}/${ssh[2]}`;
  return raw.replace(/^git\+/, "").replace(/\.git$/, "");
}

/**
 * The Go SDK's import path, as `pulumi package add` derives it from the schema when the schema does not give one
 * (`ExtractImportBasePath` in pulumi/pulumi `pkg/codegen/go`): the repository's host and path, else
 * `example.com/pulumi-<name>`, then `/sdk/go/<name>`. Giving the same path keeps the import the CLI prints (derived,
 * in the CLIs that print it so) and the module its go.mod replace directive names (taken from this setting) the
 * same. The module is never downloaded: the directive points the program at the generated folder.
 */
export function goImportBasePath(repository: string | undefined): string {
  let root = `example.com/pulumi-${PACKAGE}`;
  if (repository !== undefined && URL.canParse(repository)) {
    const url = new URL(repository);
    root = `${url.host}${url.pathname.replace(/\/+$/, "")}`;
  }
  return `${root}/sdk/go/${PACKAGE}`;
}

export function languageSection(repository: string | undefined): LanguageSection {
  return {
    nodejs: { packageName: NODEJS_PACKAGE },
    python: { packageName: PYTHON_PACKAGE },
    go: { importBasePath: goImportBasePath(repository) },
    csharp: { rootNamespace: CSHARP_ROOT_NAMESPACE, namespaces: { [PACKAGE]: CSHARP_NAMESPACE } },
    java: { basePackage: JAVA_BASE_PACKAGE },
  };
}

/** The publisher: package.json's `author` (its name), else the project, which publishes the package. */
export function publisherOf(pkg: { name: string; author?: string | { name?: string } }): string {
  const author = typeof pkg.author === "string" ? pkg.author.replace(/\s*[<(].*$/, "").trim() : pkg.author?.name;
  return author !== undefined && author !== "" ? author : pkg.name;
}
