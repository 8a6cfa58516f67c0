/** Raw HTTP helpers for the server tests: every answer is looked at as status, headers and body. */
import { request } from "undici";
import { startJenkinsServer, type JenkinsServer, type JenkinsServerOptions } from "../../provider/server";

export const ADMIN = {
  name: "admin",
  password: "pw-admin-5a1",
  apiToken: "11" + "ab12cd34".repeat(4),
  permissions: "admin" as const,
};
export const READER = {
  name: "reader",
  password: "pw-reader-9c2",
  apiToken: "11" + "98fe76dc".repeat(4),
  permissions: "read" as const,
};

export function start(opts: JenkinsServerOptions = {}): Promise<JenkinsServer> {
  return startJenkinsServer({ users: [ADMIN, READER], quietPeriodMs: 60_000, ...opts });
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Call {
  method?: string;
  /** "user:secret" */
  auth?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export function basic(user: string, secret: string): string {
  return `${user}:${secret}`;
}

export const adminToken = basic(ADMIN.name, ADMIN.apiToken);
export const adminPassword = basic(ADMIN.name, ADMIN.password);
export const readerToken = basic(READER.name, READER.apiToken);
export const readerPassword = basic(READER.name, READER.password);

export async function call(server: Pick<JenkinsServer, "url">, path: string, c: Call = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(c.headers ?? {}) };
  if (c.auth) headers.authorization = "Basic " + Buffer.from(c.auth, "utf8").toString("base64");
  const res = await request(new URL(path, server.url), { method: (c.method ?? "GET") as "GET", headers, body: c.body });
  const body = await res.body.text();
  return { status: res.statusCode, headers: res.headers, body };
}

export function h(a: Answer, name: string): string | undefined {
  const v = a.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(", ") : v;
}

export function hAll(a: Answer, name: string): string[] {
  const v = a.headers[name.toLowerCase()];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

export const XML = { "content-type": "text/xml; charset=utf-8" };

export const FREESTYLE = `<?xml version='1.1' encoding='UTF-8'?>
<project>
  <description>a job</description>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <scm class="hudson.scm.NullSCM"/>
  <canRoam>true</canRoam>
  <disabled>false</disabled>
  <triggers/>
  <concurrentBuild>false</concurrentBuild>
  <builders>
    <hudson.tasks.Shell>
      <command>echo 'hi'</command>
    </hudson.tasks.Shell>
  </builders>
  <publishers/>
  <buildWrappers/>
</project>
`;

export const FOLDER = `<?xml version='1.1' encoding='UTF-8'?>
<com.cloudbees.hudson.plugins.folder.Folder plugin="cloudbees-folder@6.999.v42253c105443">
  <description/>
  <properties/>
  <folderViews class="com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder">
    <views>
      <hudson.model.AllView>
        <owner class="com.cloudbees.hudson.plugins.folder.Folder" reference="../../../.."/>
        <name>All</name>
        <filterExecutors>false</filterExecutors>
        <filterQueue>false</filterQueue>
        <properties class="hudson.model.View$PropertyList"/>
      </hudson.model.AllView>
    </views>
    <tabBar class="hudson.views.DefaultViewsTabBar"/>
  </folderViews>
  <healthMetrics/>
  <icon class="com.cloudbees.hudson.plugins.folder.icons.StockFolderIcon"/>
</com.cloudbees.hudson.plugins.folder.Folder>
`;

export const PIPELINE = `<?xml version='1.1' encoding='UTF-8'?>
<flow-definition plugin="workflow-job@1400.v7fd111b_ec82f">
  <description></description>
  <keepDependencies>false</keepDependencies>
  <properties/>
  <definition class="org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition" plugin="workflow-cps@3894.vd0f0248b_a_fc4">
    <script>echo 'hi'</script>
    <sandbox>true</sandbox>
  </definition>
  <triggers/>
  <disabled>false</disabled>
</flow-definition>
`;

export const PARAMETERIZED = FREESTYLE.replace(
  "<properties/>",
  `<properties>
    <hudson.model.ParametersDefinitionProperty>
      <parameterDefinitions>
        <hudson.model.StringParameterDefinition>
          <name>GREETING</name>
          <defaultValue>hello</defaultValue>
          <trim>false</trim>
        </hudson.model.StringParameterDefinition>
        <hudson.model.BooleanParameterDefinition>
          <name>LOUD</name>
          <defaultValue>false</defaultValue>
        </hudson.model.BooleanParameterDefinition>
      </parameterDefinitions>
    </hudson.model.ParametersDefinitionProperty>
  </properties>`,
);

/** Creates an item with the admin's API token (no crumb needed); `parent` like "a/b". */
export async function createJob(server: JenkinsServer, fullName: string, xml = FREESTYLE): Promise<Answer> {
  const parts = fullName.split("/");
  const name = parts.pop() as string;
  const prefix = parts.map((p) => `job/${encodeURIComponent(p)}/`).join("");
  const a = await call(server, `/${prefix}createItem?name=${encodeURIComponent(name)}`, {
    method: "POST",
    auth: adminToken,
    headers: XML,
    body: xml,
  });
  if (a.status !== 200) throw new Error(`createItem ${fullName}: ${a.status} ${h(a, "x-error") ?? ""}`);
  return a;
}

/** Fetches a crumb with a password and returns the headers to send with it (crumb + session cookie). */
export async function crumbHeaders(server: JenkinsServer, auth = adminPassword): Promise<Record<string, string>> {
  const a = await call(server, "/crumbIssuer/api/json", { auth });
  const cookie = (h(a, "set-cookie") ?? "").split(";")[0];
  const crumb = (JSON.parse(a.body) as { crumb: string }).crumb;
  return { "Jenkins-Crumb": crumb, cookie };
}
