/**
 * The jobs listed in stack config `owned-parts:jobs` (a JSON array of Job arguments, each with its resource `key`),
 * declared in order. The text `{{SECRET}}` in a config.xml, or as a spec value, stands for the secret stack config
 * value `owned-parts:secret`.
 */
import * as pulumi from "@pulumi/pulumi";
import { Job, type JobArgs } from "pulumi-jenkins-jobs";

const config = new pulumi.Config();
const secret = config.requireSecret("secret");
const MARK = "{{SECRET}}";

/** `value` with each spec value `{{SECRET}}` replaced by the secret. */
function withSecret(value: unknown): unknown {
  if (value === MARK) return secret;
  if (Array.isArray(value)) return value.map(withSecret);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withSecret(v)]));
  return value;
}

for (const { key, ...args } of config.requireObject<Array<{ key: string } & Record<string, unknown>>>("jobs")) {
  const xml = args.configXml;
  if (typeof xml === "string" && xml.includes(MARK)) {
    args.configXml = secret.apply((s) => xml.split(MARK).join(s));
    new Job(key, args as unknown as JobArgs);
  } else {
    new Job(key, withSecret(args) as JobArgs);
  }
}
