// The provider plugin's code, generated from provider/ by `npm run bundle` (scripts/plugin-bundle.ts); do not
// edit. plugin/index.js serves it when the checkout around the plugin folder is not built.
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// provider/plugin/serve.ts
var serve_exports = {};
__export(serve_exports, {
  serve: () => serve
});
module.exports = __toCommonJS(serve_exports);

// provider/runtime/node-version.ts
var import_node_fs = require("node:fs");
var OLDEST_SUPPORTED_MAJOR = 22;
var SUPPORTED_LINES = "22 or 24";
function unsupportedNodeMessage(version) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (!Number.isInteger(major) || major >= OLDEST_SUPPORTED_MAJOR) return void 0;
  return `pulumi-jenkins-jobs needs Node.js ${SUPPORTED_LINES}, but this is Node.js ${version} (${process.execPath}); put a supported Node.js first on PATH and run the command again.`;
}
var message = unsupportedNodeMessage(process.versions.node);
if (message !== void 0) {
  (0, import_node_fs.writeSync)(2, `${message}
`);
  process.exit(1);
}

// provider/plugin/serve.ts
var path2 = __toESM(require("node:path"));

// provider/plugin/service.ts
var import_node_fs3 = require("node:fs");
var path = __toESM(require("node:path"));

// provider/dynamic/props.ts
var UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
var PROVIDER_KEY = "__provider";
function strip(props) {
  const out = { ...props ?? {} };
  delete out[PROVIDER_KEY];
  return out;
}
function withCurrentDigestKey(olds) {
  if (olds.configDigest === void 0) return olds;
  const { configDigest, ...rest } = olds;
  return rest.__digest === void 0 ? { ...rest, __digest: configDigest } : rest;
}

// provider/dynamic/refresh-diff.ts
var import_fast_deep_equal = __toESM(require("fast-deep-equal"));
var pending = /* @__PURE__ */ new Map();
function legacyRefresh() {
  const v = (process.env.PULUMI_ENABLE_LEGACY_REFRESH_DIFF ?? "").trim().toLowerCase();
  return v === "1" || v === "true";
}
function readReported(id, inputs) {
  if (legacyRefresh()) return;
  pending.set(id, inputs);
}
function readFoundNothing(id) {
  pending.delete(id);
}
var isInternal = (key) => key.startsWith("__");
function isRefreshDiffOfEdit(id, oldInputs) {
  const reported = pending.get(id);
  if (reported === void 0) return false;
  pending.delete(id);
  const keys2 = new Set([...Object.keys(reported), ...Object.keys(oldInputs)].filter((k) => !isInternal(k)));
  return [...keys2].some((k) => !(0, import_fast_deep_equal.default)(reported[k], oldInputs[k]));
}
function noted(id, result) {
  if (result.inputs !== void 0) readReported(id, result.inputs);
  else readFoundNothing(id);
  return result;
}

// provider/dynamic/partial-failure.ts
var PartialFailureError = class extends Error {
  constructor(message2, id, properties2, reasons) {
    super(message2);
    this.id = id;
    this.properties = properties2;
    this.reasons = reasons;
    this.name = "PartialFailureError";
  }
  id;
  properties;
  reasons;
};

// provider/client/errors.ts
function formatMessage(d) {
  const subject = d.credential !== void 0 ? `Jenkins credential "${d.credential}"` : d.view !== void 0 ? `Jenkins view "${d.view}"` : d.job !== void 0 ? `Jenkins job "${d.job}"` : "Jenkins";
  let detail = "";
  if (d.status !== void 0) {
    detail = d.jenkinsMessage ? ` (HTTP ${d.status}: ${d.jenkinsMessage})` : ` (HTTP ${d.status})`;
  } else if (d.jenkinsMessage) {
    detail = ` (${d.jenkinsMessage})`;
  }
  const hint = d.hint.trim();
  const attempt3 = d.action !== void 0 ? `cannot ${d.action}: ` : "";
  return `${subject}: ${attempt3}${d.what}${detail}.${hint ? ` ${hint}` : ""}`;
}
var JenkinsError = class extends Error {
  /** See JenkinsErrorDetails.action. */
  action;
  /** What happened, without the job, the action, Jenkins's answer or the hint. */
  what;
  job;
  view;
  credential;
  status;
  jenkinsMessage;
  hint;
  /** See JenkinsErrorDetails.outcomeUnknown. */
  outcomeUnknown;
  /** See JenkinsErrorDetails.answeredBy. */
  answeredBy;
  /** See JenkinsErrorDetails.proxy. */
  proxy;
  constructor(details) {
    super(formatMessage(details));
    this.name = new.target.name;
    this.action = details.action;
    this.what = details.what;
    this.job = details.job;
    this.view = details.view;
    this.credential = details.credential;
    this.status = details.status;
    this.jenkinsMessage = details.jenkinsMessage;
    this.hint = details.hint;
    this.outcomeUnknown = details.outcomeUnknown ?? false;
    this.answeredBy = details.answeredBy;
    this.proxy = details.proxy;
  }
  /**
   * A copy of this error (same class, same extra fields) with some details changed and the message rebuilt from
   * them. A copy, because one error may reach several callers (operations that waited on one shared request).
   */
  restated(changes) {
    const copy = Object.assign(Object.create(Object.getPrototypeOf(this)), this, changes);
    copy.message = formatMessage(copy);
    const frames = (this.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
    copy.stack = [`${copy.name}: ${copy.message}`, ...frames].join("\n");
    return copy;
  }
};
var AuthenticationError = class extends JenkinsError {
};
var PermissionError = class extends JenkinsError {
  /** From `X-Required-Permission`, e.g. "hudson.model.Item.Configure". */
  requiredPermission;
  /** From `X-You-Are-Authenticated-As`. */
  authenticatedAs;
  constructor(details) {
    super(details);
    this.requiredPermission = details.requiredPermission;
    this.authenticatedAs = details.authenticatedAs;
  }
};
var CrumbError = class extends JenkinsError {
};
var JobNotFoundError = class extends JenkinsError {
};
var JobAlreadyExistsError = class extends JenkinsError {
};
var InvalidNameError = class extends JenkinsError {
};
var NotBuildableError = class extends JenkinsError {
};
var BadRequestError = class extends JenkinsError {
};
var ServerError = class extends JenkinsError {
};
var RequestTimeoutError = class extends JenkinsError {
};
var ConnectionError = class extends JenkinsError {
};
var NotJenkinsError = class extends JenkinsError {
};
var JobBuildingError = class extends JenkinsError {
};
var MoveRefusedError = class extends JenkinsError {
  source;
  destination;
};
var InvalidConfigError = class extends JenkinsError {
};
var ViewNotFoundError = class extends JenkinsError {
};
var ViewAlreadyExistsError = class extends JenkinsError {
};
var CredentialNotFoundError = class extends JenkinsError {
};
var CredentialAlreadyExistsError = class extends JenkinsError {
};

// provider/dynamic/engine-log.ts
var import_node_module = require("node:module");
var client;
function engineAddress(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--logtostderr" || args[i].startsWith("-v=")) continue;
    if (args[i] === "--tracing") {
      i++;
      continue;
    }
    return args[i];
  }
  return void 0;
}
function engine() {
  if (client !== void 0) return client;
  const address = engineAddress(process.argv.slice(2));
  client = null;
  if (!address || !/^[\w.-]+:\d+$/.test(address) || address.endsWith(":0")) return client;
  try {
    const fromSdk2 = (0, import_node_module.createRequire)(require.resolve("@pulumi/pulumi/package.json"));
    const grpc2 = fromSdk2("@grpc/grpc-js");
    const stubs = fromSdk2("@pulumi/pulumi/proto/engine_grpc_pb");
    const pb = fromSdk2("@pulumi/pulumi/proto/engine_pb");
    client = { engine: new stubs.EngineClient(address, grpc2.credentials.createInsecure()), pb };
  } catch {
    client = null;
  }
  return client;
}
function warn(message2) {
  return send("WARNING", message2);
}
function info(message2) {
  return send("INFO", message2);
}
function send(severity, message2) {
  const c = engine();
  if (!c) {
    process.stderr.write(`${severity === "WARNING" ? "warning" : "info"}: ${message2}
`);
    return Promise.resolve();
  }
  const req = new c.pb.LogRequest();
  req.setSeverity(c.pb.LogSeverity[severity]);
  req.setMessage(message2);
  req.setUrn("");
  return new Promise((resolve) => c.engine.log(req, () => resolve()));
}

// provider/plugins/renames.ts
var RENAMED = [
  ["workflow-cps-global-lib", "pipeline-groovy-lib"],
  ["aws-java-sdk-core", "aws-java-sdk-minimal"],
  ["aws-java-sdk-jmespath", "aws-java-sdk-minimal"],
  ["aws-java-sdk-kms", "aws-java-sdk-minimal"],
  ["aws-java-sdk-s3", "aws-java-sdk-minimal"],
  ["aws-java-sdk-sts", "aws-java-sdk-minimal"],
  ["jmeter", "performance"],
  ["hipchat-plugin", "hipchat"],
  ["openstack-plugin", "openstack-cloud"],
  ["aws-lambda-plugin", "aws-lambda"],
  ["aws-lambda-jenkins-plugin", "aws-lambda"],
  ["vagrant-plugin", "vagrant"],
  ["create-fingerprint-plugin", "create-fingerprint"],
  ["icon-shim-plugin", "icon-shim"],
  ["datadog-build-reporter", "datadog"],
  ["jgiven-plugin", "jgiven"],
  ["schedule-build-plugin", "schedule-build"],
  ["paranoia", "extended-security-settings"],
  ["ivy2", "ivy"]
];
var SUCCESSOR = new Map(RENAMED);
function successorOf(name) {
  let next = SUCCESSOR.get(name);
  for (let seen = 0; next !== void 0 && SUCCESSOR.has(next) && seen < RENAMED.length; seen++) {
    next = SUCCESSOR.get(next);
  }
  return next;
}

// provider/plugins/versions.ts
var MAX_PARSED = 1e3;
var parsed = /* @__PURE__ */ new Map();
function numericParts(v) {
  const known2 = parsed.get(v);
  if (known2 !== void 0) return known2;
  const out = [];
  for (const part of v.split(/[.-]/)) {
    if (!/^\d+$/.test(part)) break;
    out.push(Number(part));
  }
  if (parsed.size >= MAX_PARSED) parsed.clear();
  parsed.set(v, out);
  return out;
}
function isOlder(a, b) {
  const x = numericParts(a);
  const y = numericParts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0;
  }
  return false;
}
function newerOf(a, b) {
  if (a === void 0) return b;
  if (b === void 0) return a;
  return isOlder(a, b) ? b : a;
}

// provider/plugins/issues.ts
function pluginIssues(required, installed) {
  const issues = [];
  for (const [plugin, wanted] of [...required].sort(([a], [b]) => a < b ? -1 : 1)) {
    const have = installed.get(plugin);
    const successor = have ? void 0 : successorOf(plugin);
    const heir = successor === void 0 ? void 0 : installed.get(successor);
    if (heir) {
      if (!heir.active) issues.push({ plugin: successor, kind: "disabled", installed: heir.version });
    } else if (!have) issues.push({ plugin, kind: "missing", wanted });
    else if (!have.active) issues.push({ plugin, kind: "disabled", wanted, installed: have.version });
    else if (wanted !== void 0 && isOlder(have.version, wanted))
      issues.push({ plugin, kind: "old", wanted, installed: have.version });
  }
  return issues;
}
function describeIssue(i) {
  const wanted = i.wanted ? ` (the config was written for ${i.plugin} ${i.wanted})` : "";
  if (i.kind === "missing") return `plugin "${i.plugin}" is not installed${wanted}`;
  if (i.kind === "disabled") return `plugin "${i.plugin}" ${i.installed} is installed but disabled${wanted}`;
  return `plugin "${i.plugin}" ${i.installed} is older than the config was written for (${i.wanted})`;
}

// provider/plugins/required.ts
var ROOT_PLUGINS = {
  "flow-definition": "workflow-job",
  "com.cloudbees.hudson.plugins.folder.Folder": "cloudbees-folder",
  "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject": "workflow-multibranch",
  "jenkins.branch.OrganizationFolder": "branch-api",
  "matrix-project": "matrix-project",
  "maven2-moduleset": "maven-plugin"
};
var CLASS_PLUGINS = [
  ["org.jenkinsci.plugins.workflow.cps.", "workflow-cps"],
  ["org.jenkinsci.plugins.workflow.job.", "workflow-job"],
  ["org.jenkinsci.plugins.workflow.multibranch.", "workflow-multibranch"],
  ["com.cloudbees.hudson.plugins.folder.", "cloudbees-folder"],
  ["org.jenkinsci.plugins.plaincredentials.", "plain-credentials"],
  ["com.cloudbees.jenkins.plugins.sshcredentials.", "ssh-credentials"],
  ["com.cloudbees.plugins.credentials.", "credentials"],
  ["hudson.plugins.git.", "git"],
  ["jenkins.plugins.git.", "git"],
  ["hudson.tasks.junit.", "junit"],
  ["hudson.plugins.timestamper.", "timestamper"],
  ["hudson.plugins.ansicolor.", "ansicolor"],
  ["hudson.plugins.ws_cleanup.", "ws-cleanup"]
];
function pluginOfClass(name) {
  if (!name.includes(".")) return void 0;
  return CLASS_PLUGINS.find(([prefix]) => name.startsWith(prefix))?.[1];
}
function requiredPlugins(root) {
  const out = /* @__PURE__ */ new Map();
  const need = (name, version) => {
    if (name === "") return;
    out.set(name, newerOf(out.get(name), version));
  };
  const rootPlugin = ROOT_PLUGINS[root.name];
  if (rootPlugin !== void 0) need(rootPlugin, void 0);
  const visit = (e) => {
    for (const [key, value] of e.attrs) {
      if (key === "plugin") {
        const at = value.indexOf("@");
        need(
          (at < 0 ? value : value.slice(0, at)).trim(),
          at < 0 ? void 0 : value.slice(at + 1).trim() || void 0
        );
      } else if (key === "class") {
        const plugin = pluginOfClass(value);
        if (plugin !== void 0) need(plugin, void 0);
      }
    }
    const fromName = pluginOfClass(e.name);
    if (fromName !== void 0) need(fromName, void 0);
    for (const c of e.children) if (c.kind === "element") visit(c);
  };
  visit(root);
  return out;
}

// provider/plugins/preflight.ts
var PLUGIN_CHECK_KEY = "jenkins:pluginCheck";
function parsePluginCheck(raw) {
  if (raw === void 0 || raw === null || raw === "") return "error";
  const v = String(raw).trim().toLowerCase();
  if (v === "error" || v === "warn" || v === "off") return v;
  throw new Error(`${PLUGIN_CHECK_KEY} must be "error", "warn" or "off" (got "${String(raw)}").`);
}
function pluginCheckOf(config) {
  try {
    return parsePluginCheck(config.get(PLUGIN_CHECK_KEY));
  } catch (e) {
    return e;
  }
}
var installedBy = /* @__PURE__ */ new WeakMap();
function installedOn(client3, where) {
  let pending2 = installedBy.get(client3);
  if (!pending2) {
    pending2 = client3.installedPlugins().then(
      (list) => list,
      (e) => {
        const skipped = e instanceof PermissionError ? `the plugin check was skipped for ${where}: the user may not read the list of installed plugins (it needs Overall/Administer). A job that uses a missing plugin loses those parts when Jenkins saves it. Set ${PLUGIN_CHECK_KEY} to "off" to silence this warning.` : `the plugin check was skipped for ${where}: ${e instanceof Error ? e.message : String(e)}`;
        void warn(skipped);
        return { skipped };
      }
    );
    installedBy.set(client3, pending2);
  }
  return pending2;
}
async function preflight(client3, job2, where, config, mode, opts = {}, kind = "job") {
  if (mode === "off") return void 0;
  const installed = await installedOn(client3, where);
  if ("skipped" in installed) return void 0;
  const issues = pluginIssues(requiredPlugins(config), installed).filter(
    (i) => !(opts.versionsChosenByProvider === true && i.kind === "old")
  );
  const blocking = mode === "error" ? issues.filter((i) => i.kind !== "old") : [];
  for (const issue of issues.filter((i) => !blocking.includes(i))) {
    await warn(
      `Jenkins ${kind} "${job2}" on ${where}: ${describeIssue(issue)}. Jenkins drops the parts of a missing or disabled plugin when it saves the ${kind}.`
    );
  }
  if (blocking.length === 0) return void 0;
  return `Jenkins ${kind} "${job2}" needs plugins that ${where} does not have: ${blocking.map(describeIssue).join("; ")}. Jenkins would accept this config and silently drop those parts on its next save. Install or enable the plugin (Manage Jenkins → Plugins), or remove what uses it; set ${PLUGIN_CHECK_KEY} to "warn" to go ahead anyway.`;
}

// provider/xml/tree.ts
var import_fast_xml_parser = require("fast-xml-parser");

// provider/xml/errors.ts
var XmlSyntaxError = class extends Error {
  line;
  column;
  /** The problem without the position suffix, for callers that build their own message. */
  reason;
  constructor(reason, line, column, message2) {
    super(message2 ?? `Invalid XML: ${reason} (line ${line}, column ${column})`);
    this.name = "XmlSyntaxError";
    this.reason = reason;
    this.line = line;
    this.column = column;
  }
};
var XmlEntityError = class extends XmlSyntaxError {
  constructor(reason, line, column) {
    super(reason, line, column, `Refused XML: ${reason} (line ${line}, column ${column})`);
    this.name = "XmlEntityError";
  }
};
var XmlTooLargeError = class extends XmlSyntaxError {
  bytes;
  maxBytes;
  constructor(bytes, maxBytes, what = "XML document") {
    const reason = `${what} is ${bytes} bytes, more than the limit of ${maxBytes} bytes (maxBytes)`;
    super(reason, 1, 1, `Refused XML: ${reason}`);
    this.name = "XmlTooLargeError";
    this.bytes = bytes;
    this.maxBytes = maxBytes;
  }
};
function positionAt(text2, index) {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(index, text2.length);
  for (let i = 0; i < end; i++) {
    const c = text2.charCodeAt(i);
    if (c === 10) {
      line++;
      lineStart = i + 1;
    } else if (c === 13) {
      if (text2.charCodeAt(i + 1) === 10) i++;
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

// provider/xml/entities.ts
var PREDEFINED_ENTITIES = /* @__PURE__ */ new Map([
  ["lt", "<"],
  ["gt", ">"],
  ["amp", "&"],
  ["apos", "'"],
  ["quot", '"']
]);
var REFERENCE = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|([A-Za-z_:\u00C0-\uFFFF][-A-Za-z0-9._:\u00B7-\uFFFF]*));/g;
function charFromReference(hex, dec) {
  const code = hex !== void 0 ? parseInt(hex, 16) : parseInt(dec ?? "", 10);
  if (!Number.isFinite(code) || code <= 0 || code > 1114111 || code >= 55296 && code <= 57343) {
    return void 0;
  }
  return String.fromCodePoint(code);
}
var NAME = /^[A-Za-z_:\u00C0-\uFFFF][-A-Za-z0-9._:\u00B7-\uFFFF]*$/;
var HEX = /^[0-9a-fA-F]+$/;
var DECIMAL = /^[0-9]+$/;
function decodeEntities(raw, ctx) {
  let amp = raw.indexOf("&");
  if (amp === -1) return raw;
  let out = "";
  let last = 0;
  let remaining = ctx.budget.remaining;
  while (amp !== -1) {
    const semi = raw.indexOf(";", amp + 1);
    if (semi === -1) return decodeAll(raw, ctx);
    const body = raw.slice(amp + 1, semi);
    let value = predefinedOrCharacter(body);
    if (value === void 0) {
      value = NAME.test(body) ? ctx.entities.get(body) : void 0;
      if (value === void 0) return decodeAll(raw, ctx);
      remaining -= value.length;
      if (remaining < 0) return decodeAll(raw, ctx);
    }
    out += raw.slice(last, amp) + value;
    last = semi + 1;
    amp = raw.indexOf("&", last);
  }
  ctx.budget.remaining = remaining;
  return out + raw.slice(last);
}
function predefinedOrCharacter(body) {
  switch (body) {
    case "quot":
      return '"';
    case "apos":
      return "'";
    case "amp":
      return "&";
    case "lt":
      return "<";
    case "gt":
      return ">";
  }
  if (body.charCodeAt(0) !== 35) return void 0;
  if (body.charCodeAt(1) === 120) {
    const digits2 = body.slice(2);
    return HEX.test(digits2) ? charFromReference(digits2, void 0) : void 0;
  }
  const digits = body.slice(1);
  return DECIMAL.test(digits) ? charFromReference(void 0, digits) : void 0;
}
function decodeAll(raw, ctx) {
  let out = "";
  let last = 0;
  REFERENCE.lastIndex = 0;
  for (let m = REFERENCE.exec(raw); m !== null; m = REFERENCE.exec(raw)) {
    const between = raw.slice(last, m.index);
    if (between.indexOf("&") !== -1) throw strayAmpersand(ctx, between);
    out += between;
    const [token, hex, dec, name] = m;
    if (name === void 0) {
      const ch = charFromReference(hex, dec);
      if (ch === void 0)
        throw located(ctx, token, (p) => new XmlSyntaxError(`invalid character reference ${token}`, p.line, p.column));
      out += ch;
    } else {
      const predefined = PREDEFINED_ENTITIES.get(name);
      if (predefined !== void 0) {
        out += predefined;
      } else {
        const value = ctx.entities.get(name);
        if (value === void 0) {
          throw located(ctx, token, (p) => new XmlSyntaxError(`undefined entity ${token}`, p.line, p.column));
        }
        ctx.budget.remaining -= value.length;
        if (ctx.budget.remaining < 0) {
          throw new XmlTooLargeError(
            ctx.budget.maxBytes - ctx.budget.remaining,
            ctx.budget.maxBytes,
            "XML document after entity expansion"
          );
        }
        out += value;
      }
    }
    last = m.index + token.length;
  }
  const rest = raw.slice(last);
  if (rest.indexOf("&") !== -1) throw strayAmpersand(ctx, rest);
  return out + rest;
}
function strayAmpersand(ctx, around) {
  const at = around.indexOf("&");
  const snippet = around.slice(at, at + 12);
  return located(
    ctx,
    snippet,
    (p) => new XmlSyntaxError(`'&' must start an entity or character reference (write &amp;)`, p.line, p.column)
  );
}
function located(ctx, token, make) {
  const idx = ctx.source.indexOf(token);
  return make(positionAt(ctx.source, idx < 0 ? 0 : idx));
}

// provider/xml/doctype.ts
var DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
var MAX_ENTITIES = 100;
var MAX_ENTITY_LENGTH = 1e4;
var NAME2 = /[A-Za-z_:\u00C0-\uFFFF][-A-Za-z0-9._:\u00B7-\uFFFF]*/y;
var SPACE = /[ \t\r\n]*/y;
var Cursor = class {
  constructor(text2, pos) {
    this.text = text2;
    this.pos = pos;
  }
  text;
  pos;
  fail(reason, at = this.pos) {
    const p = positionAt(this.text, at);
    throw new XmlSyntaxError(reason, p.line, p.column);
  }
  refuse(reason, at = this.pos) {
    const p = positionAt(this.text, at);
    throw new XmlEntityError(reason, p.line, p.column);
  }
  skipSpace() {
    SPACE.lastIndex = this.pos;
    SPACE.exec(this.text);
    const moved = SPACE.lastIndex > this.pos;
    this.pos = SPACE.lastIndex;
    return moved;
  }
  startsWith(s) {
    return this.text.startsWith(s, this.pos);
  }
  name(what) {
    NAME2.lastIndex = this.pos;
    const m = NAME2.exec(this.text);
    if (!m) this.fail(`expected ${what} name in DOCTYPE`);
    this.pos += m[0].length;
    return m[0];
  }
  quoted(what) {
    const q = this.text[this.pos];
    if (q !== '"' && q !== "'") this.fail(`expected quoted ${what} in DOCTYPE`);
    const close = this.text.indexOf(q, this.pos + 1);
    if (close < 0) this.fail(`unterminated ${what} in DOCTYPE`);
    const value = this.text.slice(this.pos + 1, close);
    this.pos = close + 1;
    return value;
  }
  /** Skips to just after `terminator`, failing with `what` if it never comes. */
  skipPast(terminator, what) {
    const at = this.text.indexOf(terminator, this.pos);
    if (at < 0) this.fail(`unterminated ${what} in DOCTYPE`);
    this.pos = at + terminator.length;
  }
};
function scanDoctype(text2, maxBytes = DEFAULT_MAX_BYTES) {
  const c = new Cursor(text2, 0);
  for (; ; ) {
    c.skipSpace();
    if (c.startsWith("<?")) c.skipPast("?>", "processing instruction");
    else if (c.startsWith("<!--")) c.skipPast("-->", "comment");
    else break;
  }
  if (!c.startsWith("<!DOCTYPE")) return void 0;
  const start = c.pos;
  c.pos += "<!DOCTYPE".length;
  if (!c.skipSpace()) c.fail("expected whitespace after <!DOCTYPE");
  const rootName = c.name("root element");
  c.skipSpace();
  if (c.startsWith("SYSTEM")) {
    c.pos += 6;
    c.skipSpace();
    c.quoted("system identifier");
  } else if (c.startsWith("PUBLIC")) {
    c.pos += 6;
    c.skipSpace();
    c.quoted("public identifier");
    c.skipSpace();
    c.quoted("system identifier");
  }
  c.skipSpace();
  const entities = /* @__PURE__ */ new Map();
  if (c.startsWith("[")) {
    c.pos++;
    readInternalSubset(c, entities, maxBytes);
  }
  c.skipSpace();
  if (!c.startsWith(">")) c.fail("expected '>' to close the DOCTYPE");
  c.pos++;
  return { start, end: c.pos, rootName, entities };
}
function readInternalSubset(c, entities, maxBytes) {
  let declared2 = 0;
  let total = 0;
  for (; ; ) {
    c.skipSpace();
    if (c.pos >= c.text.length) c.fail("unterminated DOCTYPE internal subset");
    if (c.startsWith("]")) {
      c.pos++;
      return;
    }
    if (c.startsWith("%")) c.refuse("parameter entity references are not allowed in a DOCTYPE");
    if (c.startsWith("<!--")) {
      c.skipPast("-->", "comment");
    } else if (c.startsWith("<?")) {
      c.skipPast("?>", "processing instruction");
    } else if (c.startsWith("<!ENTITY")) {
      const at = c.pos;
      c.pos += "<!ENTITY".length;
      if (!c.skipSpace()) c.fail("expected whitespace after <!ENTITY");
      if (c.startsWith("%")) c.refuse("parameter entities are not allowed in a DOCTYPE", at);
      const name = c.name("entity");
      c.skipSpace();
      if (c.startsWith("SYSTEM") || c.startsWith("PUBLIC")) {
        c.refuse(`external entity "${name}" is not allowed; external entities are never resolved`, at);
      }
      const valueAt = c.pos + 1;
      const rawValue = c.quoted("entity value");
      c.skipSpace();
      if (!c.startsWith(">")) c.fail(`expected '>' after the value of entity "${name}"`);
      c.pos++;
      if (++declared2 > MAX_ENTITIES) c.refuse(`more than ${MAX_ENTITIES} entity declarations in the DOCTYPE`, at);
      if (rawValue.length > MAX_ENTITY_LENGTH) {
        c.refuse(`entity "${name}" is ${rawValue.length} characters long; the limit is ${MAX_ENTITY_LENGTH}`, at);
      }
      total += rawValue.length;
      if (total > maxBytes) c.refuse("DOCTYPE entity values exceed maxBytes", at);
      const value = decodeEntityValue(c, name, rawValue, valueAt);
      if (!entities.has(name) && !PREDEFINED_ENTITIES.has(name)) entities.set(name, value);
    } else if (c.startsWith("<!ELEMENT") || c.startsWith("<!ATTLIST") || c.startsWith("<!NOTATION")) {
      skipDeclaration(c);
    } else {
      c.fail("unexpected content in DOCTYPE internal subset");
    }
  }
}
function skipDeclaration(c) {
  const at = c.pos;
  for (c.pos += 2; c.pos < c.text.length; c.pos++) {
    const ch = c.text[c.pos];
    if (ch === '"' || ch === "'") {
      c.quoted("literal");
      c.pos--;
    } else if (ch === ">") {
      c.pos++;
      return;
    }
  }
  c.fail("unterminated declaration", at);
}
var VALUE_REFERENCE = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|([^;&\s]*));|[&%<]/g;
function decodeEntityValue(c, name, raw, valueAt) {
  let out = "";
  let last = 0;
  VALUE_REFERENCE.lastIndex = 0;
  for (let m = VALUE_REFERENCE.exec(raw); m !== null; m = VALUE_REFERENCE.exec(raw)) {
    out += raw.slice(last, m.index);
    last = m.index + m[0].length;
    const at = valueAt + m.index;
    if (m[0] === "%") c.refuse(`entity "${name}" uses a parameter entity reference; not allowed`, at);
    if (m[0] === "<") c.refuse(`entity "${name}" contains markup; only text entities are supported`, at);
    if (m[0] === "&") c.fail(`'&' in the value of entity "${name}" must start a reference`, at);
    const [token, hex, dec, ref] = m;
    if (ref === void 0) {
      const ch = charFromReference(hex, dec);
      if (ch === void 0) c.fail(`invalid character reference ${token}`, at);
      out += ch;
    } else {
      const predefined = PREDEFINED_ENTITIES.get(ref);
      if (predefined === void 0) {
        c.refuse(`entity "${name}" refers to entity "${ref}"; nested entity references are not allowed`, at);
      }
      out += predefined;
    }
  }
  return out + raw.slice(last);
}

// provider/xml/scan.ts
var GIVE_UP = new Error("not for the single-pass reader");
var LT = 60;
var GT = 62;
var SLASH = 47;
var BANG = 33;
var QUESTION = 63;
var EQUALS = 61;
var DQUOTE = 34;
var SQUOTE = 39;
var MAX_DEPTH = 1e3;
function isSpace(c) {
  return c === 32 || c === 10 || c === 9 || c === 13;
}
function isNameStart(c) {
  return c >= 97 && c <= 122 || c >= 65 && c <= 90 || c === 95 || c === 58;
}
function isNameChar(c) {
  return isNameStart(c) || c >= 48 && c <= 57 || c === 45 || c === 46;
}
function scanDocument(source, ctx) {
  if (source.indexOf("\r") !== -1) return void 0;
  try {
    return new Scanner(source, ctx).document();
  } catch {
    return void 0;
  }
}
var Scanner = class {
  constructor(s, ctx) {
    this.s = s;
    this.ctx = ctx;
  }
  s;
  ctx;
  i = 0;
  document() {
    const s = this.s;
    let declaration;
    if (s.startsWith("<?xml") && isSpace(s.charCodeAt(5))) declaration = this.declaration();
    this.misc();
    if (s.charCodeAt(this.i) !== LT) throw GIVE_UP;
    const root = this.element(0);
    this.misc();
    if (this.i !== s.length) throw GIVE_UP;
    return declaration ? { root, declaration } : { root };
  }
  /** `<?xml version=… encoding=…?>` at the very start. */
  declaration() {
    this.i = 5;
    const attrs = this.attributes(true);
    if (!this.s.startsWith("?>", this.i)) throw GIVE_UP;
    this.i += 2;
    let version = "1.0";
    let encoding;
    for (const [name, value] of attrs) {
      if (name === "version") version = value;
      else if (name === "encoding") encoding = value;
    }
    return encoding === void 0 ? { version } : { version, encoding };
  }
  /** Whitespace, comments and processing instructions around the root element. */
  misc() {
    const s = this.s;
    for (; ; ) {
      while (this.i < s.length && isSpace(s.charCodeAt(this.i))) this.i++;
      if (s.startsWith("<!--", this.i)) this.comment();
      else if (s.startsWith("<?", this.i)) this.instruction();
      else return;
    }
  }
  comment() {
    const end = this.s.indexOf("-->", this.i + 4);
    if (end === -1) throw GIVE_UP;
    const text2 = this.s.slice(this.i + 4, end);
    this.i = end + 3;
    return text2;
  }
  /** A processing instruction: carries no job configuration, so it is skipped. */
  instruction() {
    const s = this.s;
    if (!isNameStart(s.charCodeAt(this.i + 2))) throw GIVE_UP;
    if (s.slice(this.i + 2, this.i + 5).toLowerCase() === "xml" && !isNameChar(s.charCodeAt(this.i + 5))) throw GIVE_UP;
    const end = s.indexOf("?>", this.i + 2);
    if (end === -1) throw GIVE_UP;
    this.i = end + 2;
  }
  name() {
    const s = this.s;
    const start = this.i;
    if (!isNameStart(s.charCodeAt(start))) throw GIVE_UP;
    let j = start + 1;
    while (j < s.length && isNameChar(s.charCodeAt(j))) j++;
    const next = s.charCodeAt(j);
    if (next >= 128) throw GIVE_UP;
    this.i = j;
    return s.slice(start, j);
  }
  /**
   * Attributes up to `>`, `/>` (or `?>` in the declaration). Each needs white space before it, `=` right after its
   * name and a quoted value; a repeated name gives up.
   */
  attributes(inDeclaration) {
    const s = this.s;
    const attrs = [];
    for (; ; ) {
      const before = this.i;
      while (isSpace(s.charCodeAt(this.i))) this.i++;
      const c = s.charCodeAt(this.i);
      if (c === GT || c === SLASH || inDeclaration && c === QUESTION) return attrs;
      if (this.i === before) throw GIVE_UP;
      const name = this.name();
      if (s.charCodeAt(this.i) !== EQUALS) throw GIVE_UP;
      const quote = s.charCodeAt(this.i + 1);
      if (quote !== DQUOTE && quote !== SQUOTE) throw GIVE_UP;
      const end = s.indexOf(quote === DQUOTE ? '"' : "'", this.i + 2);
      if (end === -1) throw GIVE_UP;
      let raw = s.slice(this.i + 2, end);
      if (raw.indexOf("<") !== -1) throw GIVE_UP;
      if (raw.indexOf("\n") !== -1 || raw.indexOf("	") !== -1) raw = raw.replace(/[\t\n]/g, " ");
      for (const [seen] of attrs) if (seen === name) throw GIVE_UP;
      attrs.push([name, decodeEntities(raw, this.ctx)]);
      this.i = end + 1;
    }
  }
  /** An element starting at `<`, through its end tag. */
  element(depth) {
    if (depth > MAX_DEPTH) throw GIVE_UP;
    const s = this.s;
    this.i++;
    const name = this.name();
    const el3 = { kind: "element", name, attrs: this.attributes(false), children: [] };
    if (s.charCodeAt(this.i) === SLASH) {
      if (s.charCodeAt(this.i + 1) !== GT) throw GIVE_UP;
      this.i += 2;
      return el3;
    }
    this.i++;
    const children = el3.children;
    let content = false;
    for (; ; ) {
      const lt = s.indexOf("<", this.i);
      if (lt === -1) throw GIVE_UP;
      if (lt > this.i) {
        content = true;
        const raw = s.slice(this.i, lt);
        if (raw.indexOf("]]>") !== -1) throw GIVE_UP;
        const text2 = decodeEntities(raw, this.ctx);
        const last = children[children.length - 1];
        if (last !== void 0 && last.kind === "text") last.text += text2;
        else children.push({ kind: "text", text: text2 });
      }
      this.i = lt;
      const c = s.charCodeAt(lt + 1);
      if (c === SLASH) {
        this.endTag(name);
        if (!content) children.push({ kind: "text", text: "" });
        return el3;
      }
      content = true;
      if (c === BANG) {
        if (s.startsWith("<!--", lt)) {
          children.push({ kind: "comment", text: this.comment() });
        } else if (s.startsWith("<![CDATA[", lt)) {
          const end = s.indexOf("]]>", lt + 9);
          if (end === -1) throw GIVE_UP;
          children.push({ kind: "cdata", text: s.slice(lt + 9, end) });
          this.i = end + 3;
        } else {
          throw GIVE_UP;
        }
      } else if (c === QUESTION) {
        this.instruction();
      } else {
        children.push(this.element(depth + 1));
      }
    }
  }
  /** `</name>`, white space allowed before the `>`. */
  endTag(name) {
    const s = this.s;
    const at = this.i + 2;
    if (!s.startsWith(name, at)) throw GIVE_UP;
    let j = at + name.length;
    while (isSpace(s.charCodeAt(j))) j++;
    if (s.charCodeAt(j) !== GT) throw GIVE_UP;
    this.i = j + 1;
  }
};

// provider/xml/tree.ts
var ATTR_PREFIX = "@_";
var TEXT = "#text";
var COMMENT = "#comment";
var CDATA = "#cdata";
var OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: ATTR_PREFIX,
  textNodeName: TEXT,
  commentPropName: COMMENT,
  cdataPropName: CDATA,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // We decode entities ourselves (see entities.ts) after our own DOCTYPE policy has run.
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: false,
  ignorePiTags: false,
  // Jenkins configs are shallow, but nested folders of matrix axes etc. can go beyond the default of 100.
  maxNestedTags: 1e3,
  // Start offsets let us tell `<a></a>` from `<a/>` (see convertElement).
  captureMetaData: true,
  // Our callbacks are the defaults and ignore the path; asking for it as a string rebuilds it at every tag.
  jPath: false
};
var TEXT_ELEMENTS = ["script", "command", "description"];
var TEXT_ELEMENT_SET = new Set(TEXT_ELEMENTS);
var textParser = new import_fast_xml_parser.XMLParser({ ...OPTIONS, stopNodes: TEXT_ELEMENTS.map((name) => `..${name}`) });
var parser = new import_fast_xml_parser.XMLParser(OPTIONS);
var META = import_fast_xml_parser.XMLParser.getMetaDataSymbol();
var MARKUP_IN_TEXT_ELEMENT = new Error("markup inside a text element");
function parseXml(text2, opts = {}) {
  return parseDocument(text2, opts, true);
}
function parseDocument(text2, opts, singlePass) {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  if (text2.length > maxBytes || text2.length * 3 > maxBytes && Buffer.byteLength(text2, "utf8") > maxBytes) {
    throw new XmlTooLargeError(Buffer.byteLength(text2, "utf8"), maxBytes);
  }
  let source = text2.charCodeAt(0) === 65279 ? text2.slice(1) : text2;
  const doctype = scanDoctype(source, maxBytes);
  if (doctype) {
    const blank = source.slice(doctype.start, doctype.end).replace(/[^\n\r]/g, " ");
    source = source.slice(0, doctype.start) + blank + source.slice(doctype.end);
  }
  if (singlePass && !doctype) {
    const scanned = scanDocument(source, { source, entities: NO_ENTITIES, budget: { remaining: maxBytes, maxBytes } });
    if (scanned) {
      const doc2 = { root: scanned.root, hasDoctype: false };
      if (scanned.declaration) doc2.declaration = scanned.declaration;
      return doc2;
    }
  }
  const valid = import_fast_xml_parser.XMLValidator.validate(source, { allowBooleanAttributes: false });
  if (valid !== true) {
    throw new XmlSyntaxError(valid.err.msg, valid.err.line || 1, valid.err.col || 1);
  }
  const entities = doctype?.entities ?? NO_ENTITIES;
  const remaining = entities.size === 0 ? maxBytes : maxBytes - Buffer.byteLength(text2, "utf8");
  const context = (textElements) => ({
    source,
    entities,
    budget: { remaining, maxBytes },
    textElements
  });
  let built;
  try {
    built = buildDocument(runParser(textParser, source), context(true));
  } catch {
    built = buildDocument(runParser(parser, source), context(false));
  }
  const doc = { root: built.root, hasDoctype: doctype !== void 0 };
  if (built.declaration) doc.declaration = built.declaration;
  return doc;
}
function runParser(p, source) {
  try {
    return p.parse(source);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw new XmlSyntaxError(msg, 1, 1);
  }
}
function buildDocument(raw, ctx) {
  const { source } = ctx;
  let declaration;
  let root;
  for (const node of raw) {
    const name = nodeName(node);
    if (name === "?xml") {
      const attrs = attributesOf(node, ctx);
      const version = attrs.find(([k]) => k === "version")?.[1] ?? "1.0";
      const encoding = attrs.find(([k]) => k === "encoding")?.[1];
      declaration = encoding === void 0 ? { version } : { version, encoding };
    } else if (name !== void 0 && name !== TEXT && name !== COMMENT && !name.startsWith("?")) {
      if (root) {
        const p = positionAt(source, startOf(node) ?? 0);
        throw new XmlSyntaxError(`a second root element <${name}>; a document has exactly one`, p.line, p.column);
      }
      root = convertElement(node, name, ctx);
      checkEpilog(source, endOf(node));
    }
  }
  if (!root) {
    const end = positionAt(source, source.length);
    throw new XmlSyntaxError("no root element", end.line, end.column);
  }
  return declaration ? { root, declaration } : { root };
}
var NO_ENTITIES = /* @__PURE__ */ new Map();
function nodeName(node) {
  for (const key in node) {
    if (key !== ":@") return key;
  }
  return void 0;
}
function attributesOf(node, ctx) {
  const map = node[":@"];
  if (!map) return [];
  const out = [];
  for (const key of Object.keys(map)) {
    const name = key.startsWith(ATTR_PREFIX) ? key.slice(ATTR_PREFIX.length) : key;
    let rawValue = String(map[key]);
    if (rawValue.indexOf("\n") !== -1 || rawValue.indexOf("	") !== -1) rawValue = rawValue.replace(/[\t\n]/g, " ");
    if (rawValue.indexOf("<") !== -1)
      throw notAllowed(ctx, `${name}=`, `'<' in the value of attribute "${name}" (write &lt;)`);
    out.push([name, decodeEntities(rawValue, ctx)]);
  }
  return out;
}
function textOfFxp(children) {
  if (!Array.isArray(children)) return "";
  let s = "";
  for (const c of children) {
    const t = c[TEXT];
    if (t !== void 0) s += String(t);
  }
  return s;
}
function convertElement(node, name, ctx) {
  const el3 = { kind: "element", name, attrs: attributesOf(node, ctx), children: [] };
  let children = node[name];
  if (ctx.textElements && TEXT_ELEMENT_SET.has(name)) {
    const content = textOfFxp(children);
    if (content.indexOf("<") !== -1) throw MARKUP_IN_TEXT_ELEMENT;
    if (content === "") children = [];
  }
  if (!Array.isArray(children) || children.length === 0) {
    if (writtenWithEndTag(node, ctx.source)) el3.children.push({ kind: "text", text: "" });
    return el3;
  }
  for (const child6 of children) {
    const childName = nodeName(child6);
    if (childName === void 0) continue;
    if (childName === TEXT) {
      const rawText = String(child6[TEXT]);
      if (rawText.includes("]]>")) throw notAllowed(ctx, "]]>", "']]>' in text (write ]]&gt;)");
      const text2 = decodeEntities(rawText, ctx);
      const last = el3.children[el3.children.length - 1];
      if (last && last.kind === "text") last.text += text2;
      else if (text2 !== "") el3.children.push({ kind: "text", text: text2 });
    } else if (childName === COMMENT) {
      el3.children.push({ kind: "comment", text: textOfFxp(child6[COMMENT]) });
    } else if (childName === CDATA) {
      el3.children.push({ kind: "cdata", text: textOfFxp(child6[CDATA]) });
    } else if (childName.charCodeAt(0) === 63) {
      continue;
    } else {
      el3.children.push(convertElement(child6, childName, ctx));
    }
  }
  return el3;
}
function notAllowed(ctx, token, reason) {
  const p = positionAt(ctx.source, Math.max(0, ctx.source.indexOf(token)));
  return new XmlSyntaxError(reason, p.line, p.column);
}
function startOf(node) {
  const meta = node[META];
  return meta?.startIndex;
}
function endOf(node) {
  const meta = node[META];
  return meta?.endIndex;
}
function checkEpilog(source, from) {
  if (from === void 0) return;
  let i = from;
  while (i < source.length) {
    const ch = source[i];
    if (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
      i++;
    } else if (source.startsWith("<!--", i) || source.startsWith("<?", i)) {
      const close = source.indexOf(source[i + 1] === "!" ? "-->" : "?>", i + 2);
      if (close < 0) break;
      i = close + (source[i + 1] === "!" ? 3 : 2);
    } else {
      break;
    }
  }
  if (i < source.length) {
    const p = positionAt(source, i);
    throw new XmlSyntaxError("content after the root element", p.line, p.column);
  }
}
function writtenWithEndTag(node, source) {
  const start = startOf(node);
  if (start === void 0) return false;
  let quote = "";
  for (let i = start + 1; i < source.length; i++) {
    const ch = source[i];
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === ">") {
      return source[i - 1] !== "/";
    }
  }
  return false;
}
function elementChildren(e) {
  const out = [];
  for (const c of e.children) if (c.kind === "element") out.push(c);
  return out;
}
function childText(e, name) {
  for (const c of e.children) {
    if (c.kind === "element" && c.name === name) return textOf(c);
  }
  return void 0;
}
function textOf(e) {
  let s = "";
  for (const c of e.children) {
    if (c.kind === "text" || c.kind === "cdata") s += c.text;
  }
  return s;
}

// provider/references/ids.ts
var REFERENCE_ELEMENTS = ["credentialsId", "scanCredentialsId", "checkoutCredentialsId"];
var NOT_IDS = /* @__PURE__ */ new Set(["SAME", "ANONYMOUS", ""]);
function checkable(id, unknown) {
  return !NOT_IDS.has(id) && !id.includes("${") && !id.includes(unknown);
}
function idsInConfig(root, unknown) {
  const out = /* @__PURE__ */ new Set();
  const visit = (e) => {
    for (const c of elementChildren(e)) {
      if (REFERENCE_ELEMENTS.includes(c.name) && elementChildren(c).length === 0) {
        const id = textOf(c).trim();
        if (checkable(id, unknown)) out.add(id);
      } else visit(c);
    }
  };
  visit(root);
  return [...out];
}
function idsInSpec(spec, unknown) {
  const out = /* @__PURE__ */ new Set();
  const visit = (v) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        if (REFERENCE_ELEMENTS.includes(k) && typeof x === "string") {
          if (checkable(x.trim(), unknown)) out.add(x.trim());
        } else visit(x);
      }
    }
  };
  visit(spec);
  return [...out];
}
function folderScope(fullName, isFolder) {
  const segments = fullName.split("/").filter((s) => s !== "");
  const out = [];
  for (let n = isFolder ? segments.length : segments.length - 1; n > 0; n--) out.push(segments.slice(0, n).join("/"));
  return out;
}
function distance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}
function closestIds(id, existing, max = 3) {
  const limit = Math.max(2, Math.floor(id.length / 2));
  return [...new Set(existing)].map((e) => ({ e, d: distance(id, e) })).filter(
    ({ e, d }) => d <= limit || e.toLowerCase().startsWith(id.toLowerCase()) || id.toLowerCase().startsWith(e.toLowerCase())
  ).sort((x, y) => x.d - y.d || (x.e < y.e ? -1 : 1)).slice(0, max).map(({ e }) => e);
}

// provider/references/declared.ts
var declared = /* @__PURE__ */ new Map();
var keyOf = (controller, folder2) => `${controller ?? ""}
${folder2.toLowerCase()}`;
function declareCredential(controller, folder2, id) {
  const key = keyOf(controller, folder2);
  if (!declared.has(key)) declared.set(key, /* @__PURE__ */ new Set());
  declared.get(key).add(id);
}
function declaredIn(controller, folder2) {
  return declared.get(keyOf(controller, folder2)) ?? /* @__PURE__ */ new Set();
}

// provider/references/check.ts
var CREDENTIALS_CHECK_KEY = "jenkins:credentialsCheck";
function parseCredentialsCheck(raw) {
  if (raw === void 0 || raw === null || raw === "") return "error";
  const v = String(raw).trim().toLowerCase();
  if (v === "error" || v === "warn" || v === "off") return v;
  throw new Error(`${CREDENTIALS_CHECK_KEY} must be "error", "warn" or "off" (got "${String(raw)}").`);
}
function credentialsCheckOf(config) {
  try {
    return parseCredentialsCheck(config.get(CREDENTIALS_CHECK_KEY));
  } catch (e) {
    return e;
  }
}
var listings = /* @__PURE__ */ new WeakMap();
function listingOf(connection, folder2, list) {
  if (!listings.has(connection)) listings.set(connection, /* @__PURE__ */ new Map());
  const byStore = listings.get(connection);
  const key = folder2.toLowerCase();
  let pending2 = byStore.get(key);
  if (pending2 === void 0) {
    pending2 = list(folder2).catch((e) => ({ unreadable: e instanceof Error ? e.message : String(e) }));
    byStore.set(key, pending2);
  }
  return pending2;
}
function rememberCreated(connection, folder2, id) {
  const pending2 = listings.get(connection)?.get(folder2.toLowerCase());
  if (pending2 === void 0) return;
  listings.get(connection).set(
    folder2.toLowerCase(),
    pending2.then((l) => "ids" in l ? { ids: /* @__PURE__ */ new Set([...l.ids, id]) } : l)
  );
}
var warned = /* @__PURE__ */ new WeakMap();
function firstWarning(connection, folder2) {
  if (!warned.has(connection)) warned.set(connection, /* @__PURE__ */ new Set());
  const seen = warned.get(connection);
  if (seen.has(folder2.toLowerCase())) return false;
  seen.add(folder2.toLowerCase());
  return true;
}
var storeName = (folder2) => folder2 === "" ? "the system store" : `folder "${folder2}"`;
async function checkReferences(c) {
  if (c.ids.length === 0) return void 0;
  const stores = [...c.folders, ""];
  const found = /* @__PURE__ */ new Map();
  const unreadable = [];
  const warnAbout = [];
  for (const folder2 of stores) {
    const listing = await listingOf(c.connection, folder2, c.list);
    const declared2 = declaredIn(c.controller, folder2);
    if ("unreadable" in listing) {
      unreadable.push(folder2);
      if (firstWarning(c.connection, folder2)) warnAbout.push(`${storeName(folder2)} (${listing.unreadable})`);
      found.set(folder2, declared2);
    } else found.set(folder2, /* @__PURE__ */ new Set([..."ids" in listing ? listing.ids : [], ...declared2]));
  }
  if (warnAbout.length > 0)
    await warn(
      `the credentials check of Jenkins job "${c.job}" (and of any job that looks there) could not read ${warnAbout.join(", ")} on ${c.where}; ids found nowhere else are not reported. Set ${CREDENTIALS_CHECK_KEY} to "off" to silence this warning.`
    );
  const missing = c.ids.filter((id) => !stores.some((s) => found.get(s).has(id)));
  if (missing.length === 0 || unreadable.length > 0) return void 0;
  const searched = `${stores.map(storeName).join(", then ")} (every domain of each)`;
  const all = stores.flatMap((s) => [...found.get(s)]);
  const lines = missing.map((id) => {
    const near = closestIds(id, all);
    return `"${id}"${near.length > 0 ? ` (closest existing: ${near.map((n) => `"${n}"`).join(", ")})` : " (no similar id exists)"}`;
  });
  const message2 = `Jenkins job "${c.job}" names credential${missing.length > 1 ? "s" : ""} ${lines.join(", ")} that exist${missing.length > 1 ? "" : "s"} nowhere in its scope on ${c.where}; searched ${searched}. A build would fail when it needs ${missing.length > 1 ? "them" : "it"}. Fix the id, or declare the credential with a Credential resource and name it as \`credential.credentialId\` (a literal id is found only when its Credential is declared earlier in the program)`;
  if (c.mode === "warn") {
    await warn(`${message2}.`);
    return void 0;
  }
  return `${message2}; set ${CREDENTIALS_CHECK_KEY} to "warn" to go ahead anyway.`;
}

// provider/runnable/mode.ts
var RUNNABLE_CHECK_KEY = "jenkins:runnableCheck";
function parse(raw, key) {
  if (raw === void 0 || raw === null || raw === "") return "error";
  const v = String(raw).trim().toLowerCase();
  if (v === "error" || v === "warn" || v === "off") return v;
  throw new Error(`${key} must be "error", "warn" or "off" (got "${String(raw)}").`);
}
function attempt(raw, key) {
  try {
    return parse(raw, key);
  } catch (e) {
    return e;
  }
}
function runnableCheckOf(config) {
  const stack = attempt(config.get(RUNNABLE_CHECK_KEY), RUNNABLE_CHECK_KEY);
  const controllers = {};
  let raw = config.get("jenkins:controllers");
  if (typeof raw === "string") {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = void 0;
    }
  }
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw))
    for (const [name, fields3] of Object.entries(raw)) {
      const value = fields3 !== null && typeof fields3 === "object" ? fields3.runnableCheck : void 0;
      if (value !== void 0 && value !== null && value !== "")
        controllers[name] = attempt(value, `jenkins:controllers.${name}.runnableCheck`);
    }
  return { stack, controllers };
}
function modeFor(modes, controller) {
  return (controller ? modes.controllers[controller] : void 0) ?? modes.stack;
}

// provider/connection/settings.ts
var import_node_crypto2 = require("node:crypto");
var import_node_fs2 = require("node:fs");

// provider/client/html-message.ts
var MAX_LENGTH = 300;
var NAMED_ENTITIES = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  raquo: "»",
  laquo: "«",
  hellip: "…"
};
function decodeEntities2(text2) {
  return text2.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole2, body) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 1114111 ? String.fromCodePoint(code) : whole2;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole2;
  });
}
function htmlToText(fragment) {
  const noTags = fragment.replace(/<(script|style|svg)\b[\s\S]*?<\/\1\s*>/gi, " ").replace(/<!--[\s\S]*?-->/g, " ").replace(/<[^>]*>/g, " ");
  return decodeEntities2(noTags).replace(/\s+/g, " ").trim();
}
function shorten(text2) {
  return text2.length > MAX_LENGTH ? `${text2.slice(0, MAX_LENGTH - 1)}…` : text2;
}
function firstMatch(html, re) {
  const m = re.exec(html);
  if (!m) return void 0;
  const text2 = htmlToText(m[1]);
  return text2.length > 0 ? text2 : void 0;
}
function looksLikeHtml(body) {
  const head = body.slice(0, 64).replace(/^\uFEFF/, "").trimStart().toLowerCase();
  return head.startsWith("<!doctype html") || head.startsWith("<html");
}
function preText(fragment) {
  return decodeEntities2(fragment.replace(/<[^>]*>/g, ""));
}
function summariseOops(html) {
  const headline = "Oops! A problem occurred while processing the request";
  const loggingId = /Logging ID\s*=\s*([0-9a-f-]{8,})/i.exec(html);
  const idPart = loggingId ? `Logging ID=${loggingId[1]}` : void 0;
  const details = [];
  const pre = /<pre\b[^>]*>([\s\S]*?)<\/pre>/i.exec(html);
  if (pre) {
    const lines = preText(pre[1]).split(/\r?\n/).map((l) => l.replace(/\s+/g, " ").trim()).filter((l) => l.length > 0);
    const first2 = lines.find((l) => !l.startsWith("at ") && !l.startsWith("..."));
    const causes = lines.filter((l) => l.startsWith("Caused by: "));
    const separators = 3 * (1 + (first2 ? 1 : 0) + (causes.length > 0 ? 1 : 0));
    let budget = MAX_LENGTH - headline.length - (idPart?.length ?? 0) - separators;
    if (first2) {
      const clipped = clip(first2, Math.min(first2.length, causes.length > 0 ? 80 : budget));
      details.push(clipped);
      budget -= clipped.length;
    }
    if (causes.length > 0) details.push(clip(causes[causes.length - 1], budget));
  }
  return [headline, ...details, ...idPart ? [idPart] : []].join(" | ");
}
function clip(text2, max) {
  return text2.length > max ? `${text2.slice(0, Math.max(0, max - 1))}…` : text2;
}
function messageFromHtml(body) {
  if (!body || !/<[a-z!]/i.test(body)) return void 0;
  if (/Oops!/.test(body) || /A problem occurred while processing the request/i.test(body)) {
    return summariseOops(body);
  }
  const jettyMessage = firstMatch(body, /<th>\s*MESSAGE:\s*<\/th>\s*<td>([\s\S]*?)<\/td>/i);
  if (jettyMessage) return shorten(jettyMessage);
  const h1End = body.search(/<\/h1\s*>/i);
  const h1 = firstMatch(body, /<h1\b[^>]*>([\s\S]*?)<\/h1>/i);
  if (h1 !== void 0 && h1End >= 0) {
    const para = firstMatch(body.slice(h1End), /<p\b[^>]*>([\s\S]*?)<\/p>/i);
    if (/^error$/i.test(h1)) return shorten(para ?? h1);
    return shorten(para ? `${h1}: ${para}` : h1);
  }
  const h2 = firstMatch(body, /<h2\b[^>]*>([\s\S]*?)<\/h2>/i);
  if (h2) return shorten(h2.replace(/^HTTP ERROR \d+\s*/i, "") || h2);
  const title = firstMatch(body, /<title\b[^>]*>([\s\S]*?)<\/title>/i);
  if (title) return shorten(title.replace(/\s*\[Jenkins\]\s*$/, "").replace(/^Error \d+\s*/i, "") || title);
  const text2 = htmlToText(body.replace(/<head\b[\s\S]*?<\/head\s*>/i, " "));
  return text2.length > 0 ? shorten(text2) : void 0;
}
function jenkinsMessage(xError, body, contentType) {
  const fromPage = isHtmlType(contentType) || looksLikeHtml(body) ? messageFromHtml(body) : void 0;
  const header2 = xError?.trim() || void 0;
  if (header2 === void 0) {
    if (fromPage !== void 0) return fromPage;
    const plain2 = body.trim();
    return plain2 && plain2.length <= MAX_LENGTH && !plain2.includes("\n") && !isHtmlType(contentType) ? plain2 : void 0;
  }
  if (fromPage !== void 0 && sameSentence(header2, fromPage)) return fromPage;
  return shorten(header2);
}
function sameSentence(a, b) {
  const norm = (s) => s.replace(/[^\p{L}\p{N}]+/gu, "").toLowerCase();
  return norm(a) === norm(b);
}
function isHtmlType(contentType) {
  return /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType ?? "");
}

// provider/client/transport.ts
var import_node_perf_hooks3 = require("node:perf_hooks");

// provider/client/proxy-env.ts
var SCHEMES = /* @__PURE__ */ new Set(["http:", "https:"]);
function first(env, names) {
  for (const name of names) {
    const value = env[name];
    if (value !== void 0) return { name, value };
  }
  return void 0;
}
function checkProxyUrl(value, from) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(
      `${from} is not a valid proxy URL; expected e.g. http://proxy.example.com:3128 (with http:// or https://).`
    );
  }
  if (!SCHEMES.has(url.protocol)) {
    throw new TypeError(`${from} must start with http:// or https:// (e.g. http://proxy.example.com:3128).`);
  }
  return value;
}
function proxyFromEnvironment(env = process.env) {
  const http = first(env, ["http_proxy", "HTTP_PROXY"]);
  const https = first(env, ["https_proxy", "HTTPS_PROXY"]);
  const noProxy = first(env, ["no_proxy", "NO_PROXY"]);
  const out = {};
  if (http?.value) {
    out.httpProxy = checkProxyUrl(http.value, `The ${http.name} environment variable`);
    out.httpProxyFrom = http.name;
  }
  if (https?.value) {
    out.httpsProxy = checkProxyUrl(https.value, `The ${https.name} environment variable`);
    out.httpsProxyFrom = https.name;
  }
  if (noProxy?.value) out.noProxy = noProxy.value;
  return out;
}
function hasProxy(p) {
  return Boolean(p.httpProxy || p.httpsProxy);
}
function proxyPassword(url) {
  if (!url) return void 0;
  const { password } = new URL(url);
  if (!password) return void 0;
  try {
    return decodeURIComponent(password);
  } catch {
    return password;
  }
}

// provider/client/proxy-route.ts
var DEFAULT_PORTS = { "http:": 80, "https:": 443 };
function comparable(host) {
  let h = host.toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.length > 1 && h.endsWith(".")) h = h.slice(0, -1);
  return h;
}
function parseEntry(raw) {
  const bracketed = /^\[(.+)\]:(\d+)$/.exec(raw);
  let host = raw;
  let port = 0;
  if (bracketed) {
    host = bracketed[1];
    port = Number(bracketed[2]);
  } else {
    const bare2 = raw.replace(/^\[(.+)\]$/, "$1");
    const withPort = bare2.split(":").length === 2 ? /^(.+):(\d+)$/.exec(bare2) : null;
    host = withPort ? withPort[1] : bare2;
    port = withPort ? Number(withPort[2]) : 0;
  }
  const subdomainsOnly = raw.startsWith("*");
  const stripped = host.replace(/^\*?\./, "");
  return { host: stripped === "*" ? "*" : comparable(stripped), port, subdomainsOnly };
}
function bypassesProxy(noProxy, host, port) {
  const name = comparable(host);
  for (const raw of (noProxy ?? "").split(/[,\s]/)) {
    if (raw === "") continue;
    const entry = parseEntry(raw);
    if (entry.port !== 0 && entry.port !== port) continue;
    if (entry.host === "*") return true;
    if (!entry.subdomainsOnly && name === entry.host) return true;
    if (name.endsWith(`.${entry.host}`)) return true;
  }
  return false;
}
function addressOf(url) {
  return `${url.hostname}:${url.port || DEFAULT_PORTS[url.protocol]}`;
}
function proxyRoute(origin, p) {
  const target = new URL(origin);
  const tunnel = target.protocol === "https:";
  const chosen = tunnel && p.httpsProxy ? "httpsProxy" : "httpProxy";
  const url = p[chosen];
  if (!url) return void 0;
  const port = Number(target.port) || DEFAULT_PORTS[target.protocol];
  if (bypassesProxy(p.noProxy, target.hostname, port)) return void 0;
  const from = (chosen === "httpsProxy" ? p.httpsProxyFrom : p.httpProxyFrom) ?? `the proxy option ${chosen}`;
  return { url, address: addressOf(new URL(url)), from, tunnel, target: addressOf(target) };
}

// provider/client/concurrency-gate.ts
var import_node_perf_hooks2 = require("node:perf_hooks");

// provider/client/concurrency-policy.ts
var OVERLOAD_STATUS_CODES = [429, 502, 503, 504];
function concurrencySettings(max) {
  return {
    max,
    overloadFactor: 0.5,
    slowFactor: 0.8,
    latencyTolerance: 2,
    latencySlackMs: 20,
    smoothing: 0.25,
    stallCap: 4
  };
}
function initialState(settings) {
  return { limit: settings.max, windowStart: 0, best: {}, smoothed: {} };
}
function currentLimit(state) {
  return wholePart(state.limit);
}
function wholePart(limit) {
  return Math.max(1, Math.floor(limit + 1e-9));
}
function requestKind(method, path3, bodyBytes2) {
  const endpoint = path3.split("?")[0].split("/").pop() ?? "";
  const sizeClass = bodyBytes2 <= 8192 ? 0 : Math.ceil(Math.log2(bodyBytes2 / 8192) / 3);
  return `${method} ${endpoint} ${sizeClass}`;
}
function controllerLatency(outcome) {
  return Math.max(0, outcome.latencyMs - (outcome.ownDelayMs ?? 0));
}
function decreased(state, obs, factor, reason) {
  const to = wholePart(state.limit * factor);
  const next = { ...state, limit: to, windowStart: obs.nextTicket, smoothed: { ...state.best } };
  const from = currentLimit(state);
  return { state: next, change: from === to ? void 0 : { from, to, reason } };
}
function observe(settings, state, obs) {
  const current2 = obs.ticket >= state.windowStart;
  const { outcome } = obs;
  if (outcome.kind === "failed") return { state };
  if (outcome.kind === "timeout") {
    return current2 ? decreased(state, obs, settings.overloadFactor, "no answer in time") : { state };
  }
  if (OVERLOAD_STATUS_CODES.includes(outcome.status)) {
    return current2 ? decreased(state, obs, settings.overloadFactor, `HTTP ${outcome.status}`) : { state };
  }
  if (outcome.status >= 400) return { state };
  const kind = outcome.requestKind;
  const best = Math.min(state.best[kind] ?? Infinity, outcome.latencyMs);
  state = { ...state, best: { ...state.best, [kind]: best } };
  if (!current2) return { state };
  const latency = Math.min(controllerLatency(outcome), best * settings.stallCap);
  const before = state.smoothed[kind];
  const smoothed = before === void 0 ? latency : before + settings.smoothing * (latency - before);
  state = { ...state, smoothed: { ...state.smoothed, [kind]: smoothed } };
  if (smoothed > best * settings.latencyTolerance && smoothed > best + settings.latencySlackMs) {
    const reason = `slow answers (${Math.round(smoothed)} ms on average, fastest ${Math.round(best)} ms)`;
    return decreased(state, obs, settings.slowFactor, reason);
  }
  if (state.limit >= settings.max || obs.inFlight * 2 < currentLimit(state)) return { state };
  const from = currentLimit(state);
  const limit = Math.min(settings.max, state.limit + 1 / from);
  const to = wholePart(limit);
  return { state: { ...state, limit }, change: to === from ? void 0 : { from, to, reason: "good answers" } };
}

// provider/client/own-delay.ts
var import_node_perf_hooks = require("node:perf_hooks");
var OwnDelay = class {
  constructor(tickMs = 10) {
    this.tickMs = tickMs;
  }
  tickMs;
  expected = 0;
  lastTickAt = -Infinity;
  lastLateness = 0;
  timer;
  holders = 0;
  /** How late this process is now, in ms (0 while nothing is held). */
  lateness() {
    if (this.timer === void 0) return 0;
    const at = import_node_perf_hooks.performance.now();
    const overdue = at - this.expected;
    if (overdue > 0) return overdue;
    return at - this.lastTickAt <= 1 ? this.lastLateness : 0;
  }
  /** Starts ticking (if not ticking already); call `release` once the request is answered. */
  hold() {
    if (this.holders++ > 0) return;
    this.expected = import_node_perf_hooks.performance.now() + this.tickMs;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.timer.unref();
  }
  release() {
    if (this.holders === 0 || --this.holders > 0) return;
    clearInterval(this.timer);
    this.timer = void 0;
  }
  tick() {
    const at = import_node_perf_hooks.performance.now();
    this.lastLateness = Math.max(0, at - this.expected);
    this.lastTickAt = at;
    this.expected = at + this.tickMs;
  }
};

// provider/client/concurrency-gate.ts
var TIMEOUT_CODES = /* @__PURE__ */ new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);
var ConcurrencyGate = class {
  /**
   * @param settings the adaptive policy's settings, or undefined for a fixed limit of `max`
   * @param onChange told each time the limit changes (for the request log)
   */
  constructor(max, settings, onChange) {
    this.max = max;
    this.settings = settings;
    this.onChange = onChange;
    this.state = initialState(settings ?? concurrencySettings(max));
  }
  max;
  settings;
  onChange;
  state;
  inFlightNow = 0;
  nextTicket = 0;
  waiting = [];
  ownDelay = new OwnDelay();
  /** Requests let into flight at once now. */
  get limit() {
    return this.settings === void 0 ? this.max : currentLimit(this.state);
  }
  /** Requests in flight now (sent, not yet fully answered). */
  get inFlight() {
    return this.inFlightNow;
  }
  /** The undici interceptor; compose it before (below) the retry interceptor, so that it sees every attempt. */
  interceptor() {
    return (dispatch) => (opts, handler) => {
      const send2 = () => this.send(dispatch, opts, handler);
      if (this.inFlightNow < this.limit) send2();
      else this.waiting.push(send2);
      return true;
    };
  }
  send(dispatch, opts, handler) {
    const ticket = this.nextTicket++;
    const sentWith = ++this.inFlightNow;
    const adaptive = this.settings !== void 0;
    if (adaptive) this.ownDelay.hold();
    let started = import_node_perf_hooks2.performance.now();
    const kind = requestKind(String(opts.method), String(opts.path), bodyBytes(opts.body));
    let answered = false;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (adaptive) this.ownDelay.release();
      this.inFlightNow--;
      this.admit();
    };
    const wrapped = {
      onRequestStart: (controller, context) => {
        started = import_node_perf_hooks2.performance.now();
        handler.onRequestStart?.(controller, context);
      },
      onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => {
        if (statusCode >= 200 && !answered) {
          answered = true;
          this.record(ticket, sentWith, {
            kind: "answer",
            status: statusCode,
            latencyMs: import_node_perf_hooks2.performance.now() - started,
            ownDelayMs: adaptive ? this.ownDelay.lateness() : 0,
            requestKind: kind
          });
          if (OVERLOAD_STATUS_CODES.includes(statusCode)) release();
        }
        handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
      },
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      // The slot is freed before the handler hears of the end: a retry it starts at once finds it free.
      onResponseEnd: (controller, trailers) => {
        release();
        handler.onResponseEnd?.(controller, trailers);
      },
      onResponseError: (controller, error) => {
        if (!answered) {
          answered = true;
          const code = error.code ?? "";
          this.record(ticket, sentWith, { kind: TIMEOUT_CODES.has(code) ? "timeout" : "failed" });
        }
        release();
        handler.onResponseError?.(controller, error);
      }
    };
    try {
      dispatch(opts, wrapped);
    } catch (err) {
      release();
      throw err;
    }
  }
  record(ticket, sentWith, outcome) {
    if (this.settings === void 0) return;
    const { state, change } = observe(this.settings, this.state, {
      ticket,
      inFlight: Math.max(sentWith, this.inFlightNow),
      nextTicket: this.nextTicket,
      outcome
    });
    this.state = state;
    if (change) this.onChange?.(change);
  }
  emptied = [];
  /** Resolves once no request waits in the gate (all are in flight or done): closing the pool then waits for them. */
  whenEmpty() {
    if (this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.emptied.push(resolve));
  }
  /** Lets waiting requests into flight, oldest first, while the limit allows. */
  admit() {
    while (this.waiting.length > 0 && this.inFlightNow < this.limit) this.waiting.shift()();
    if (this.waiting.length === 0 && this.emptied.length > 0) {
      const callbacks = this.emptied;
      this.emptied = [];
      for (const resolve of callbacks) resolve();
    }
  }
};
function bodyBytes(body) {
  if (typeof body === "string") return body.length;
  if (body instanceof Uint8Array) return body.byteLength;
  return 0;
}

// provider/client/retry-policy.ts
var RETRY_STATUS_CODES = [429, 502, 503, 504];
var RETRY_ERROR_CODES = [
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ENETDOWN",
  "ENETUNREACH",
  "EHOSTDOWN",
  "EHOSTUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED"
];
var PROXY_CONNECT_CODES = ["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN"];
function retryErrorCodes(viaProxy) {
  return viaProxy ? RETRY_ERROR_CODES.filter((c) => !PROXY_CONNECT_CODES.includes(c)) : RETRY_ERROR_CODES;
}
function backoffDelay(attempt3, baseDelayMs, maxDelayMs, random) {
  const step3 = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt3 - 1));
  return Math.round(step3 / 2 + random() * (step3 / 2));
}
function retryAfterMs(headers) {
  const raw = headers?.["retry-after"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return void 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1e3);
  const at = Date.parse(value);
  return Number.isNaN(at) ? void 0 : Math.max(0, at - Date.now());
}
function retryCallback(policy) {
  const random = policy.random ?? Math.random;
  const errorCodes = retryErrorCodes(policy.viaProxy === true);
  return (err, context, callback) => {
    const failure6 = err;
    const isStatus = failure6.code === "UND_ERR_REQ_RETRY" && typeof failure6.statusCode === "number";
    const retryable = isStatus ? RETRY_STATUS_CODES.includes(failure6.statusCode) : failure6.code !== void 0 && errorCodes.includes(failure6.code);
    const attempt3 = context.state.counter;
    if (!retryable || attempt3 > policy.maxRetries) {
      callback(err);
      return;
    }
    const backoff = backoffDelay(attempt3, policy.baseDelayMs, policy.maxDelayMs, random);
    const hinted = isStatus ? retryAfterMs(failure6.headers) : void 0;
    const delayMs = hinted !== void 0 ? Math.min(hinted, policy.maxDelayMs) : backoff;
    const opts = context.opts;
    policy.onRetry?.({
      attempt: attempt3,
      delayMs,
      reason: isStatus ? `HTTP ${failure6.statusCode}` : String(failure6.code),
      method: String(opts.method),
      path: String(opts.path)
    });
    setTimeout(() => callback(null), delayMs);
  };
}

// provider/client/transport.ts
var TransportError = class extends Error {
  constructor(message2, code, kind, maybeProcessed) {
    super(message2);
    this.code = code;
    this.kind = kind;
    this.maybeProcessed = maybeProcessed;
    this.name = "TransportError";
  }
  code;
  kind;
  maybeProcessed;
  /** Which machine failed: the proxy the request goes through (it refused, timed out or refused the tunnel), or Jenkins. */
  at = "jenkins";
  /** The status a proxy answered a CONNECT with instead of opening the tunnel. */
  proxyStatus;
};
var PROXY_REFUSED = "PROXY_REFUSED";
var NOT_SENT_CODES = /* @__PURE__ */ new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "ENETDOWN",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_PRX_CONN",
  "UND_ERR_PRX_TLS",
  PROXY_REFUSED
]);
var TLS_CODE = /^(ERR_TLS_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|ERR_SSL_|EPROTO$)/;
function describe(code) {
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
      return "connection reset by the server";
    case "UND_ERR_SOCKET":
      return "the server closed the connection";
    case "UND_ERR_CLOSED":
      return "the connection was closed";
    case "EPIPE":
      return "the connection broke while sending";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return "host name not found";
    case "UND_ERR_CONNECT_TIMEOUT":
      return "connect timeout";
    case "UND_ERR_HEADERS_TIMEOUT":
      return "no answer within the header timeout";
    case "UND_ERR_BODY_TIMEOUT":
      return "the answer stopped arriving (body timeout)";
    case "UND_ERR_PRX_CONN":
      return "the proxy closed the connection before the tunnel to Jenkins was open";
    case "UND_ERR_PRX_TLS":
      return "TLS handshake with the proxy failed";
    default:
      return TLS_CODE.test(code) ? "TLS handshake failed" : "connection failed";
  }
}
function proxyRefusal(err) {
  const message2 = err instanceof Error ? err.message : "";
  const m = /^Proxy response \((\d{3})\)|^Proxy Authentication Required \((\d{3})\)/.exec(message2);
  if (!m) return void 0;
  const status = m[1] ?? m[2];
  const what = status === "407" ? "the proxy asks for credentials (407)" : `the proxy refused the tunnel (${status})`;
  const refused = new TransportError(`${what} (${PROXY_REFUSED})`, PROXY_REFUSED, "connection", false);
  refused.at = "proxy";
  refused.proxyStatus = Number(status);
  return refused;
}
var CONNECT_CODES = /* @__PURE__ */ new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "UND_ERR_PRX_CONN",
  "UND_ERR_PRX_TLS"
]);
function failedAtProxy(err, code, route) {
  if (route === void 0) return false;
  if (CONNECT_CODES.has(code)) return true;
  if (code !== "UND_ERR_CONNECT_TIMEOUT") return false;
  const message2 = err instanceof Error ? err.message : "";
  return !(route.tunnel && message2.includes(`address: ${route.target}`));
}
function toTransportError(err, route) {
  if (err instanceof TransportError) return err;
  const refused = proxyRefusal(err);
  if (refused) return refused;
  const e = err;
  const code = String(e?.code ?? e?.cause?.code ?? "UNKNOWN");
  const kind = /TIMEOUT$/.test(code) ? "timeout" : TLS_CODE.test(code) ? "tls" : "connection";
  const maybeProcessed = !NOT_SENT_CODES.has(code) && kind !== "tls";
  const failure6 = new TransportError(`${describe(code)} (${code})`, code, kind, maybeProcessed);
  if (failedAtProxy(err, code, route)) failure6.at = "proxy";
  return failure6;
}
function parseBaseUrl(raw) {
  let u;
  try {
    u = new URL(raw);
  } catch {
    throw new TypeError("JenkinsClientOptions.url is not a valid URL (expected e.g. http://jenkins.example:8080/)");
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") {
    throw new TypeError("JenkinsClientOptions.url must start with http:// or https://");
  }
  if (u.username || u.password) {
    throw new TypeError(
      "JenkinsClientOptions.url must not contain credentials; pass user and apiToken (or password) instead"
    );
  }
  const prefix = u.pathname.replace(/\/+$/, "");
  return { origin: u.origin, prefix, url: `${u.origin}${prefix}/` };
}
function loggingInterceptor(log, redactor) {
  return (dispatch) => (opts, handler) => {
    const started = import_node_perf_hooks3.performance.now();
    let status;
    const line = (outcome) => log(redactor.redact(`${opts.method} ${opts.path} ${outcome} ${Math.round(import_node_perf_hooks3.performance.now() - started)}ms`));
    const wrapped = {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => {
        status = statusCode;
        handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
      },
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => {
        line(String(status));
        handler.onResponseEnd?.(controller, trailers);
      },
      onResponseError: (controller, error) => {
        const code = error.code ?? error.name;
        line(status === void 0 ? `failed ${code}` : `${status} then failed ${code}`);
        handler.onResponseError?.(controller, error);
      }
    };
    return dispatch(opts, wrapped);
  };
}
var undici;
function loadUndici() {
  return undici ??= require("undici");
}
function dispatcherFor(base2, opts, route) {
  const { Pool, ProxyAgent } = loadUndici();
  const https = base2.origin.startsWith("https:");
  const tls = {
    ...https && opts.caCert ? { ca: opts.caCert } : {},
    ...https && opts.insecureSkipTlsVerify ? { rejectUnauthorized: false } : {}
  };
  const pooled = {
    connections: opts.maxConnections,
    headersTimeout: opts.headersTimeoutMs,
    bodyTimeout: opts.bodyTimeoutMs
  };
  const connect4 = { timeout: opts.connectTimeoutMs, ...tls };
  if (route === void 0) return new Pool(base2.origin, { ...pooled, connect: connect4 });
  return new ProxyAgent({
    uri: route.url,
    ...pooled,
    connect: connect4,
    requestTls: tls,
    connectTimeout: opts.connectTimeoutMs,
    // Also builds the pool that speaks to the proxy in absolute form (http origins), which undici would
    // otherwise open without a bound or our timeouts.
    factory: (origin, o) => new Pool(origin, { ...o, ...pooled })
  });
}
var Transport = class {
  constructor(base2, opts, redactor) {
    this.base = base2;
    this.redactor = redactor;
    const { interceptors } = loadUndici();
    redactor.add(proxyPassword(opts.proxy.httpProxy));
    redactor.add(proxyPassword(opts.proxy.httpsProxy));
    this.route = proxyRoute(base2.origin, opts.proxy);
    this.dispatcher = dispatcherFor(base2, opts, this.route);
    const log = opts.log;
    this.gate = new ConcurrencyGate(
      opts.maxConnections,
      opts.adaptiveConcurrency ? concurrencySettings(opts.maxConnections) : void 0,
      log ? (c) => log(`requests in flight: at most ${c.to} (was ${c.from}) after ${c.reason}`) : void 0
    );
    const below = [...log ? [loggingInterceptor(log, redactor)] : [], this.gate.interceptor()];
    this.once = this.dispatcher.compose(...below);
    this.retrying = this.dispatcher.compose(
      ...below,
      interceptors.retry({
        maxRetries: opts.retries,
        // POST is listed because only idempotent POSTs (config.xml, description, enable, disable) are ever
        // routed here; the non-idempotent ones use `once`.
        methods: ["GET", "POST"],
        statusCodes: [...RETRY_STATUS_CODES],
        errorCodes: [...retryErrorCodes(this.route !== void 0)],
        retryAfter: true,
        throwOnError: false,
        retry: retryCallback({
          maxRetries: opts.retries,
          baseDelayMs: opts.retryBaseDelayMs,
          maxDelayMs: opts.retryMaxDelayMs,
          viaProxy: this.route !== void 0,
          onRetry: log ? (i) => log(
            redactor.redact(
              `retrying ${i.method} ${i.path} after ${i.reason} in ${i.delayMs}ms (retry ${i.attempt} of ${opts.retries})`
            )
          ) : void 0
        })
      })
    );
  }
  base;
  redactor;
  /** The proxy the requests go through, or undefined when they go direct. */
  route;
  dispatcher;
  once;
  retrying;
  gate;
  /** Sends one request to the Jenkins origin; throws TransportError when no HTTP answer arrived. */
  async send(req) {
    const dispatcher = req.retry ? this.retrying : this.once;
    try {
      const res = await dispatcher.request({
        origin: this.base.origin,
        path: this.base.prefix + req.path,
        method: req.method,
        headers: req.headers,
        body: req.body
      });
      const body = await res.body.text();
      return { status: res.statusCode, headers: res.headers, body };
    } catch (err) {
      throw toTransportError(err, this.route);
    }
  }
  closing;
  /**
   * Closes the pool (and the proxy's, if any) once, after the requests waiting in the gate went out, as the pool's
   * close waits for its own queue; later calls wait for the same close.
   */
  close() {
    return this.closing ??= this.gate.whenEmpty().then(() => this.dispatcher.close());
  }
};
function header(headers, name) {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
function headerList(headers, name) {
  const v = headers[name.toLowerCase()];
  return v === void 0 ? [] : Array.isArray(v) ? v : [v];
}

// provider/client/jenkins-signature.ts
function answerNeedsJenkinsMarks(status) {
  return status === 401 || status === 403 || status === 407 || status >= 500;
}
var BASIC_REALM_JENKINS = /realm="Jenkins( user)?"/i;
var CRUMB_REFUSAL = /No valid crumb was included in the request/i;
var STARTING_PAGE = /class="app-jenkins-booting"|<title>\s*(Starting|Restarting) Jenkins\s*<\/title>/i;
function isFromJenkins(res) {
  if (header(res.headers, "x-jenkins") !== void 0 || header(res.headers, "x-hudson") !== void 0) return true;
  if (res.status === 401) return BASIC_REALM_JENKINS.test(header(res.headers, "www-authenticate") ?? "");
  if (res.status === 403) return CRUMB_REFUSAL.test(res.body);
  if (res.status === 503) return STARTING_PAGE.test(res.body);
  return false;
}
function serverOf(res) {
  const value = header(res.headers, "server")?.trim();
  return value ? value.slice(0, 100) : void 0;
}

// provider/client/response-errors.ts
var NAME_RULE = /unsafe character|is not an allowed name|cannot end with|No name is specified|No control code is allowed/i;
var ALREADY_EXISTS = /^A job already exists with the name|is already in use/i;
var BUILDING = /while (a job inside it|it) is building/i;
var NOTHING_SUBMITTED = /Nothing is submitted/i;
var HINTS = {
  credentials: "Check the user name and API token (or password) given to the provider (jenkins:user and jenkins:apiToken, or JENKINS_USER and JENKINS_API_TOKEN); an API token is created on the user's Security page in Jenkins.",
  anonymous: "Jenkins treated the request as anonymous: configure a user and an API token for the provider.",
  crumb: "Jenkins refused the CSRF crumb even after a fresh session and crumb were fetched; a proxy in front of Jenkins may be dropping the JSESSIONID cookie. Use an API token instead of a password: token requests need no crumb.",
  notFound: "Check the job name and its folder path (folders must exist before jobs are created in them) and that the user may see the job: Jenkins answers 404 for items a user may not read.",
  alreadyExists: "Jenkins names are case-insensitive within a folder. Choose another name, adopt the existing job, or delete it first.",
  invalidName: "Choose a name Jenkins accepts.",
  building: "Wait for the build to finish (or abort it in Jenkins), then run `pulumi up` again; nothing was changed.",
  noParameters: "Pass the build parameters (params) so that the build is triggered through buildWithParameters.",
  notBuildable: "The job is disabled (or cannot be built): enable it first.",
  badRequest: "Jenkins refused the request as sent; check the values passed to this call.",
  invalidConfig: "Check that the XML is well-formed, that its root element is an item type this Jenkins has the plugin for, and, for an update, that it is the same item type as the existing job (which is left unchanged).",
  serverError: "Jenkins failed while handling the request; the Jenkins system log has the details (search for the Logging ID).",
  unavailable: "Jenkins is unavailable (starting, restarting or overloaded); try again later.",
  connection: "Check the URL and that Jenkins is running and reachable from here.",
  tls: "Check the server certificate: pass the CA certificate (caCert) if Jenkins uses a private CA, or set insecureSkipTlsVerify for a throwaway test instance only.",
  notJenkins: "Check the URL, including the context path (e.g. https://host/jenkins/); a reverse proxy or single sign-on page may be answering instead of Jenkins.",
  outcomeUnknown: "Look at Jenkins before repeating the call: it may or may not have been carried out."
};
function base(ctx, res, what, hint) {
  return {
    job: ctx.job,
    status: res?.status,
    jenkinsMessage: res ? messageOf(res) : void 0,
    action: ctx.action,
    what,
    hint
  };
}
function messageOf(res) {
  return jenkinsMessage(header(res.headers, "x-error"), res.body, header(res.headers, "content-type"));
}
function isCrumbRefusal(res) {
  return res.status === 403 && CRUMB_REFUSAL.test(res.body);
}
function locationPath(res) {
  const location = header(res.headers, "location") ?? "";
  try {
    return new URL(location, "http://placeholder.invalid").pathname;
  } catch {
    return "?";
  }
}
function isLoginRedirect(res) {
  if (res.status < 300 || res.status >= 400) return false;
  const path3 = locationPath(res);
  return !path3.includes("/job/") && /\/(login|securityRealm|sso|saml|oauth2?|oidc|signin)(\/|$)/i.test(path3);
}
var XML_REFUSAL = /SAXParseException|CannotResolveClassException|ConversionException|XStreamException|XmlPullParserException|Expecting class|Unable to read|Failed to persist config\.xml|Premature end of file|Content is not allowed in prolog/i;
function isXmlRefusal(res, message2) {
  return XML_REFUSAL.test(message2 ?? "") || XML_REFUSAL.test(res.body);
}
function errorFromResponse(res, ctx) {
  const status = res.status;
  if (answerNeedsJenkinsMarks(status) && !isFromJenkins(res)) return answeredInsteadOfJenkins(res, ctx);
  const message2 = messageOf(res);
  if (status === 401) {
    return new AuthenticationError(base(ctx, res, "the credentials were rejected", HINTS.credentials));
  }
  if (status === 403) {
    if (CRUMB_REFUSAL.test(res.body)) {
      return new CrumbError(base(ctx, res, "the CSRF crumb was refused", HINTS.crumb));
    }
    const requiredPermission = header(res.headers, "x-required-permission");
    const authenticatedAs = header(res.headers, "x-you-are-authenticated-as");
    const who = authenticatedAs ?? "the user";
    const anonymous = ctx.anonymous || authenticatedAs === "anonymous";
    const hint = anonymous ? HINTS.anonymous : requiredPermission ? `Grant ${requiredPermission} to ${who} in Jenkins, or use the credentials of a user who has it.` : "Use the credentials of a user with enough permissions for this call.";
    const what = requiredPermission ? `permission denied (${who} lacks ${requiredPermission})` : "permission denied";
    return new PermissionError({ ...base(ctx, res, what, hint), requiredPermission, authenticatedAs });
  }
  if (status === 404) {
    return new JobNotFoundError(base(ctx, res, ctx.notFound ?? "the job does not exist", HINTS.notFound));
  }
  if (status === 409) {
    return new NotBuildableError(base(ctx, res, "the job is not buildable", HINTS.notBuildable));
  }
  if (status === 400 && message2 !== void 0 && ALREADY_EXISTS.test(message2)) {
    return new JobAlreadyExistsError(base(ctx, res, "a job with this name already exists", HINTS.alreadyExists));
  }
  if (status === 400 && message2 !== void 0 && NAME_RULE.test(message2)) {
    return new InvalidNameError(base(ctx, res, "Jenkins refused the name", HINTS.invalidName));
  }
  if (status === 400 && message2 !== void 0 && BUILDING.test(message2)) {
    return new JobBuildingError({
      ...base(ctx, res, "a build is running", HINTS.building),
      action: void 0,
      what: "cannot rename it while a build is running"
    });
  }
  if (status === 400 && message2 !== void 0 && NOTHING_SUBMITTED.test(message2)) {
    return new BadRequestError(base(ctx, res, "the job has parameters and none were given", HINTS.noParameters));
  }
  if (status === 500 && ctx.xmlPost && isXmlRefusal(res, message2)) {
    return new InvalidConfigError(base(ctx, res, "Jenkins refused the configuration XML", HINTS.invalidConfig));
  }
  if (status === 502 || status === 503 || status === 504) {
    const unknown = ctx.notRepeatable === true;
    return new ServerError({
      ...base(
        ctx,
        res,
        "Jenkins is unavailable",
        unknown ? `${HINTS.outcomeUnknown} ${HINTS.unavailable}` : HINTS.unavailable
      ),
      outcomeUnknown: unknown
    });
  }
  if (status >= 500) {
    return new ServerError(base(ctx, res, "Jenkins reported an internal error", HINTS.serverError));
  }
  if (status >= 300 && status < 400) {
    const target = locationPath(res);
    if (isLoginRedirect(res)) {
      return new NotJenkinsError(base(ctx, res, `redirected to a login page (${target})`, HINTS.notJenkins));
    }
    return new NotJenkinsError(base(ctx, res, `unexpected redirect to ${target}`, HINTS.notJenkins));
  }
  if (status >= 400) {
    return new BadRequestError(base(ctx, res, "Jenkins refused the request", HINTS.badRequest));
  }
  return new NotJenkinsError(base(ctx, res, `unexpected answer`, HINTS.notJenkins));
}
function isUnexpectedHtml(res) {
  return isHtmlType(header(res.headers, "content-type")) || looksLikeHtml(res.body);
}
function forwardingProxy(ctx) {
  return ctx.proxy && !ctx.proxy.tunnel ? ctx.proxy : void 0;
}
function proxyName(proxy) {
  return `the proxy at ${proxy.address} (${proxy.from})`;
}
function answeredBy(res, ctx) {
  const server = serverOf(res);
  const who = server ? `from "${server}"` : "from a server that does not name itself";
  const proxy = forwardingProxy(ctx);
  return proxy ? `${who}, through ${proxyName(proxy)}` : who;
}
function notJenkins(ctx, res, what) {
  const marked = res === void 0 || isFromJenkins(res);
  const details = base(ctx, res, marked ? what : `${what}, ${answeredBy(res, ctx)}`, HINTS.notJenkins);
  if (res && !isUnexpectedHtml(res)) details.jenkinsMessage = void 0;
  if (res && !marked) details.answeredBy = serverOf(res);
  return new NotJenkinsError(details);
}
function hintInsteadOfJenkins(status, proxy) {
  if (proxy) {
    const name = `The${proxyName(proxy).slice(3)}`;
    if (status === 407) {
      return `${name} asks for credentials: give its user and password in ${proxy.from}, as user:password@ before the host (special characters percent-encoded).`;
    }
    if (status < 500) {
      return `${name} refused the request before it reached Jenkins, which did not check the credentials: check what the proxy allows and asks for, or list the Jenkins host in NO_PROXY when it is reached directly.`;
    }
    return `${name} could not get an answer from Jenkins at ${proxy.target}: check that Jenkins is running there and that the proxy can reach it, or list the Jenkins host in NO_PROXY when it is reached directly.`;
  }
  if (status === 401 || status === 403 || status === 407) {
    return "A server in front of Jenkins (a gateway, a single sign-on, a proxy) refused the request before Jenkins saw it, so the user name and API token were not checked by Jenkins: check the URL (Jenkins itself, with its context path), or what that server needs to let API requests through.";
  }
  return "A server in front of Jenkins (a reverse proxy, a gateway, a load balancer) answered itself: Jenkins behind it is down, starting or unreachable from it, or that server is overloaded. Check Jenkins and the server in front of it, then try again.";
}
function answeredInsteadOfJenkins(res, ctx) {
  const proxy = forwardingProxy(ctx);
  const unknown = ctx.notRepeatable === true && (res.status === 502 || res.status === 503 || res.status === 504);
  const hint = hintInsteadOfJenkins(res.status, proxy);
  return new NotJenkinsError({
    ...base(ctx, res, `the answer came ${answeredBy(res, ctx)}, not from Jenkins (no X-Jenkins header)`, hint),
    hint: unknown ? `${HINTS.outcomeUnknown} ${hint}` : hint,
    outcomeUnknown: unknown,
    answeredBy: serverOf(res),
    proxy: proxy && { address: proxy.address, from: proxy.from }
  });
}

// provider/client/answers.ts
var XML_CONTENT_TYPE = "text/xml; charset=utf-8";
var FORM_CONTENT_TYPE = "application/x-www-form-urlencoded; charset=UTF-8";
var is2xx = (res) => res.status >= 200 && res.status < 300;
function redirectIntoJenkins(base2) {
  return (res) => {
    if (res.status >= 200 && res.status < 300) return true;
    if (res.status < 300 || res.status >= 400 || isLoginRedirect(res)) return false;
    const location = header(res.headers, "location");
    if (location === void 0) return true;
    try {
      return new URL(location, base2.url).origin === base2.origin;
    } catch {
      return false;
    }
  };
}
function expectSuccess(ctx, res, ok, what = "the request") {
  if (!ok(res)) throw errorFromResponse(res, ctx);
  if (res.status < 300 && res.body.trim() !== "" && isUnexpectedHtml(res)) {
    throw notJenkins(ctx, res, `${what} was answered with an HTML page`);
  }
}
function parseJson(ctx, res, what) {
  if (res.status !== 200) throw errorFromResponse(res, ctx);
  if (isUnexpectedHtml(res)) throw notJenkins(ctx, res, `${what} was answered with an HTML page instead of JSON`);
  try {
    const value = JSON.parse(res.body);
    if (value === null || typeof value !== "object") throw new SyntaxError("not an object");
    return value;
  } catch {
    throw notJenkins(ctx, res, `${what} was answered with something that is not JSON`);
  }
}
function configXmlOf(ctx, res) {
  if (res.status !== 200) throw errorFromResponse(res, ctx);
  if (isUnexpectedHtml(res)) throw notJenkins(ctx, res, "config.xml came back as an HTML page instead of XML");
  if (!res.body.replace(/^\uFEFF/, "").trimStart().startsWith("<")) {
    throw notJenkins(ctx, res, "config.xml came back as something that is not XML");
  }
  return res.body;
}
function failureOf(ctx, res, ok, what) {
  if (ok(res)) {
    if (res.status < 300 && isUnexpectedHtml(res) && res.body.trim() !== "") {
      return notJenkins(ctx, res, `${what} was answered with an HTML page`);
    }
    return void 0;
  }
  return errorFromResponse(res, ctx);
}

// provider/client/names.ts
var UNSAFE_CHARACTERS = "?*/\\%!@#$^&|<>[]:;";
function isIsoControl(code) {
  return code <= 31 || code >= 127 && code <= 159;
}
function printableName(name) {
  let out = "";
  for (const ch of name) {
    const code = ch.charCodeAt(0);
    out += isIsoControl(code) ? `\\u${code};` : ch;
  }
  return out;
}
function javaTrim(s) {
  let start = 0;
  let end = s.length;
  while (start < end && s.charCodeAt(start) <= 32) start++;
  while (end > start && s.charCodeAt(end - 1) <= 32) end--;
  return s.slice(start, end);
}
function invalid(name, message2, hint, job2) {
  return new InvalidNameError({
    what: `invalid job name "${printableName(name)}"`,
    job: job2 === void 0 ? void 0 : printableName(job2),
    jenkinsMessage: message2,
    hint
  });
}
function validateJobName(name) {
  checkName(name);
}
function checkName(name, job2) {
  if (typeof name !== "string" || name.length === 0) {
    throw invalid(String(name ?? ""), "No name is specified", "Give the job a name.", job2);
  }
  const trimmed = javaTrim(name);
  if (trimmed === "." || trimmed === "..") {
    throw invalid(name, `“${trimmed}” is not an allowed name`, "Choose another name.", job2);
  }
  for (const ch of name) {
    if (isIsoControl(ch.charCodeAt(0))) {
      throw invalid(name, `No control code is allowed: ${printableName(name)}`, "Remove the control character.", job2);
    }
    if (UNSAFE_CHARACTERS.includes(ch)) {
      throw invalid(
        name,
        `‘${ch}’ is an unsafe character`,
        ch === "/" ? "A job inside a folder is addressed by its full path; give the folder and the leaf name separately where a single name is expected." : `Jenkins does not allow any of ${UNSAFE_CHARACTERS} in item names.`,
        job2
      );
    }
  }
  if (trimmed.endsWith(".")) {
    throw invalid(name, "A name cannot end with ‘.’", "Remove the trailing dot.", job2);
  }
  if (trimmed.length === 0) {
    throw invalid(name, "No name is specified", "Give the job a name that is not only spaces.", job2);
  }
  if (trimmed !== name) {
    throw invalid(
      name,
      "A name cannot start or end with a space",
      "Jenkins would trim the name and create the job under another name; remove the spaces.",
      job2
    );
  }
}
function splitJobPath(path3) {
  return path3.split("/");
}
function validateJobPath(path3) {
  if (typeof path3 !== "string" || path3.length === 0) {
    throw invalid("", "No name is specified", "Give the job a name.");
  }
  for (const segment of splitJobPath(path3)) {
    if (segment.length === 0) {
      throw new InvalidNameError({
        what: "invalid job path",
        job: printableName(path3),
        jenkinsMessage: "No name is specified",
        hint: 'Write a job path as folder names and the job name joined by single slashes, e.g. "team/app/build", with no leading or trailing slash.'
      });
    }
    checkName(segment, path3);
  }
}
function encodeSegment(segment) {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
function encodeQueryValue(value) {
  return encodeSegment(value);
}
function jobUrlPath(path3) {
  if (path3 === "") return "/";
  return "/" + splitJobPath(path3).map((s) => `job/${encodeSegment(s)}/`).join("");
}
function parentAndName(path3) {
  const i = path3.lastIndexOf("/");
  return i < 0 ? { parent: "", name: path3 } : { parent: path3.slice(0, i), name: path3.slice(i + 1) };
}

// provider/client/builds.ts
function maybeQueued(err) {
  return err.restated({
    action: "tell whether the build was queued",
    what: `${err.what}; the build may or may not have been queued`,
    hint: "Check the job's build queue and history in Jenkins before triggering it again; the request was not repeated.",
    outcomeUnknown: true
  });
}
async function build(http, path3, params) {
  validateJobPath(path3);
  const ctx = http.ctx(path3, "trigger a build", { notRepeatable: true });
  const withParams = params !== void 0 && Object.keys(params).length > 0;
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) form.append(k, String(v));
  let res;
  try {
    res = await http.exchange(ctx, {
      method: "POST",
      path: `${jobUrlPath(path3)}${withParams ? "buildWithParameters" : "build"}`,
      body: withParams ? form.toString() : void 0,
      contentType: withParams ? FORM_CONTENT_TYPE : void 0,
      retry: false
    });
  } catch (err2) {
    throw err2 instanceof JenkinsError && err2.outcomeUnknown ? maybeQueued(err2) : err2;
  }
  if (res.status >= 200 && res.status < 300) {
    const location = header(res.headers, "location");
    if (!location) {
      throw isUnexpectedHtml(res) ? notJenkins(ctx, res, "the build request was answered with an HTML page") : notJenkins(ctx, res, `Jenkins answered HTTP ${res.status} without the queue item's Location`);
    }
    return { queueUrl: new URL(location, `${http.base.origin}/`).toString() };
  }
  const err = errorFromResponse(res, ctx);
  throw err.outcomeUnknown ? maybeQueued(err) : err;
}
async function poll(http, path3) {
  validateJobPath(path3);
  const ctx = http.ctx(path3, "trigger SCM polling", {
    notRepeatable: true,
    notFound: "the job does not exist or its type has no SCM polling"
  });
  const res = await http.exchange(ctx, { method: "POST", path: `${jobUrlPath(path3)}polling`, retry: false });
  expectSuccess(ctx, res, redirectIntoJenkins(http.base));
}
async function buildNumbers(http, path3) {
  validateJobPath(path3);
  const ctx = http.ctx(path3, "read the job's builds");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `${jobUrlPath(path3)}api/json?tree=builds[number]`,
    retry: true
  });
  const json = parseJson(ctx, res, "api/json");
  return (json.builds ?? []).map((b) => Number(b.number)).filter((n) => Number.isInteger(n));
}

// provider/xml/semantic.ts
var import_node_crypto = require("node:crypto");

// provider/xml/defaults.ts
var ABSTRACT_PROJECT_ROOTS = ["project", "matrix-project", "maven2-moduleset"];
var JOB_ROOTS = [...ABSTRACT_PROJECT_ROOTS, "flow-definition"];
var VIEW_ROOTS = ["hudson.model.ListView", "hudson.model.AllView", "hudson.model.MyView"];
var JENKINS_DEFAULT_FIELDS = [
  // hudson.model.Job / AbstractProject
  { element: "keepDependencies", value: "false", parents: JOB_ROOTS },
  { element: "disabled", value: "false", parents: JOB_ROOTS },
  { element: "canRoam", value: "true", parents: ABSTRACT_PROJECT_ROOTS },
  { element: "blockBuildWhenDownstreamBuilding", value: "false", parents: ABSTRACT_PROJECT_ROOTS },
  { element: "blockBuildWhenUpstreamBuilding", value: "false", parents: ABSTRACT_PROJECT_ROOTS },
  { element: "concurrentBuild", value: "false", parents: ABSTRACT_PROJECT_ROOTS },
  // matrix-project
  { element: "runSequentially", value: "false", parents: ["executionStrategy"] },
  // maven2-moduleset (maven-plugin writes every boolean of MavenModuleSet)
  { element: "aggregatorStyleBuild", value: "true", parents: ["maven2-moduleset"] },
  { element: "incrementalBuild", value: "false", parents: ["maven2-moduleset"] },
  { element: "ignoreUpstremChanges", value: "false", parents: ["maven2-moduleset"] },
  { element: "ignoreUnsuccessfulUpstreams", value: "false", parents: ["maven2-moduleset"] },
  { element: "archivingDisabled", value: "false", parents: ["maven2-moduleset"] },
  { element: "siteArchivingDisabled", value: "false", parents: ["maven2-moduleset"] },
  { element: "fingerprintingDisabled", value: "false", parents: ["maven2-moduleset"] },
  { element: "resolveDependencies", value: "false", parents: ["maven2-moduleset"] },
  { element: "processPlugins", value: "false", parents: ["maven2-moduleset"] },
  { element: "mavenValidationLevel", value: "-1", parents: ["maven2-moduleset"] },
  { element: "runHeadless", value: "false", parents: ["maven2-moduleset"] },
  { element: "disableTriggerDownstreamProjects", value: "false", parents: ["maven2-moduleset"] },
  { element: "blockTriggerWhenBuilding", value: "true", parents: ["maven2-moduleset"] },
  { element: "name", value: "FAILURE", parents: ["runPostStepsIfResult"] },
  { element: "ordinal", value: "2", parents: ["runPostStepsIfResult"] },
  { element: "color", value: "RED", parents: ["runPostStepsIfResult"] },
  { element: "completeBuild", value: "true", parents: ["runPostStepsIfResult"] },
  // Pipeline (workflow-cps): a primitive boolean, always written
  { element: "sandbox", value: "false", parents: ["definition"] },
  // Parameters: newer Jenkins writes trim on string parameters
  { element: "trim", value: "false", parents: ["hudson.model.StringParameterDefinition"] },
  // Views (hudson.model.View, ListView): primitive booleans, always written
  { element: "filterExecutors", value: "false", parents: VIEW_ROOTS },
  { element: "filterQueue", value: "false", parents: VIEW_ROOTS },
  { element: "recurse", value: "false", parents: ["hudson.model.ListView"] }
];
var JENKINS_MANAGED_CONTAINERS = [{ element: "actions", parents: JOB_ROOTS }];
var NEUTRAL_ATTRIBUTES = ["class", "plugin"];
function byElement(rows) {
  const out = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const list = out.get(row.element);
    if (list === void 0) out.set(row.element, [row]);
    else list.push(row);
  }
  return out;
}
var DEFAULT_FIELDS_BY_ELEMENT = byElement(JENKINS_DEFAULT_FIELDS);
var MANAGED_CONTAINERS_BY_ELEMENT = byElement(JENKINS_MANAGED_CONTAINERS);
function isDefaultField(parent, element2, value) {
  const rows = DEFAULT_FIELDS_BY_ELEMENT.get(element2);
  if (rows === void 0) return false;
  return rows.some((row) => row.value === value && (row.parents === void 0 || row.parents.includes(parent)));
}
function isManagedContainer(parent, element2) {
  const rows = MANAGED_CONTAINERS_BY_ELEMENT.get(element2);
  return rows !== void 0 && rows.some((row) => row.parents.includes(parent));
}

// provider/xml/writer.ts
var INDENT = "  ";
var NEWLINE_INDENT = [];
function newlineIndent(depth) {
  for (let d = NEWLINE_INDENT.length; d <= depth; d++) NEWLINE_INDENT.push("\n" + INDENT.repeat(d));
  return NEWLINE_INDENT[depth];
}
function writeXml(doc, opts) {
  const root = "kind" in doc ? doc : doc.root;
  let declaration = null;
  if (opts.declaration !== void 0) declaration = opts.declaration;
  else if (!("kind" in doc) && doc.declaration) {
    const d = doc.declaration;
    declaration = `<?xml version='${d.version}'${d.encoding !== void 0 ? ` encoding='${d.encoding}'` : ""}?>`;
  }
  const style = opts.style;
  let out = "";
  if (declaration !== null) out = style === "identity" ? declaration : declaration + "\n";
  return style === "identity" ? writeInline(root, style, out) : writeElement(root, 0, style, out);
}
function isBlank(s) {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) return false;
  }
  return true;
}
function hasElementContent(e) {
  let sawElement = false;
  for (const c of e.children) {
    if (c.kind === "element") sawElement = true;
    else if (c.kind === "cdata") return false;
    else if (c.kind === "text" && !isBlank(c.text)) return false;
  }
  return sawElement;
}
function isEmpty(e, style) {
  if (style !== "pretty") return e.children.length === 0;
  for (const c of e.children) if (c.kind !== "text" || c.text !== "") return false;
  return true;
}
function startTag(e, style, out) {
  out += "<" + e.name;
  for (const [k, v] of e.attrs) out += " " + k + '="' + escapeAttribute(v, style === "xstream") + '"';
  return out;
}
function writeElement(e, depth, style, out) {
  out = startTag(e, style, out);
  if (isEmpty(e, style)) return out + "/>";
  out += ">";
  if (!hasElementContent(e)) {
    for (const c of e.children) out = writeInline(c, style, out);
    return out + "</" + e.name + ">";
  }
  const inner = newlineIndent(depth + 1);
  for (const c of e.children) {
    if (c.kind === "text") continue;
    out += inner;
    out = c.kind === "element" ? writeElement(c, depth + 1, style, out) : writeInline(c, style, out);
  }
  return out + newlineIndent(depth) + "</" + e.name + ">";
}
function writeInline(n, style, out) {
  switch (n.kind) {
    case "text":
      return out + escapeText(n.text, style === "xstream");
    case "cdata":
      return out + "<![CDATA[" + n.text.split("]]>").join("]]]]><![CDATA[>") + "]]>";
    case "comment":
      return out + "<!--" + n.text + "-->";
    case "element":
      out = startTag(n, style, out);
      if (isEmpty(n, style)) return out + "/>";
      out += ">";
      for (const c of n.children) out = writeInline(c, style, out);
      return out + "</" + n.name + ">";
  }
}
var TEXT_PRETTY = /[&<>\r\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
var TEXT_XSTREAM = /[&<>"'\r\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
var ATTR_PRETTY = /[&<>"\t\n\r\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
var ATTR_XSTREAM = /[&<>"'\t\n\r\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
function reference(ch) {
  switch (ch) {
    case "&":
      return "&amp;";
    case "<":
      return "&lt;";
    case ">":
      return "&gt;";
    case '"':
      return "&quot;";
    case "'":
      return "&apos;";
    default:
      return `&#x${ch.charCodeAt(0).toString(16)};`;
  }
}
function escapeText(s, xstream) {
  return s.replace(xstream ? TEXT_XSTREAM : TEXT_PRETTY, reference);
}
function escapeAttribute(s, xstream) {
  return s.replace(xstream ? ATTR_XSTREAM : ATTR_PRETTY, reference);
}

// provider/xml/normalize.ts
var IGNORED_ATTRIBUTES = /* @__PURE__ */ new Set(["plugin"]);
function groupKey(name) {
  return name.includes(".") ? "" : name;
}
function significantText(e) {
  let text2 = "";
  let hasElements = false;
  for (const c of e.children) {
    if (c.kind === "text" || c.kind === "cdata") text2 += c.text;
    else if (c.kind === "element") hasElements = true;
  }
  if (hasElements && isBlank(text2)) return "";
  return text2;
}
function comparableAttributes(e) {
  if (e.attrs.length === 0) return [];
  const out = e.attrs.filter(([k]) => !IGNORED_ATTRIBUTES.has(k)).map(([k, v]) => [k, v]);
  out.sort((x, y) => x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0);
  return out;
}
function childElements(e) {
  const out = [];
  for (const c of e.children) if (c.kind === "element") out.push(c);
  return out;
}
function orderedChildren(e) {
  const kids = childElements(e);
  let sorted = true;
  for (let i = 1; i < kids.length && sorted; i++) sorted = groupKey(kids[i - 1].name) <= groupKey(kids[i].name);
  if (sorted) return kids;
  return kids.sort((x, y) => {
    const kx = groupKey(x.name);
    const ky = groupKey(y.name);
    return kx < ky ? -1 : kx > ky ? 1 : 0;
  });
}

// provider/xml/semantic.ts
function configsEqual(a, b, opts) {
  if (a === b) return true;
  return elementsEqual(parseXml(a, opts).root, parseXml(b, opts).root, opts);
}
function configsEquivalent(declared2, actual, opts) {
  if (declared2 === actual) return true;
  const a = parseXml(declared2, opts).root;
  const b = parseXml(actual, opts).root;
  if (opts?.jenkinsDefaults === false) return elementsEqual(a, b, opts);
  return elementsEquivalent(a, b, opts);
}
function elementsEqual(a, b, opts = {}) {
  return sameElement(withoutRootFields(a, opts.ignoreRootFields), withoutRootFields(b, opts.ignoreRootFields));
}
function elementsEquivalent(declared2, actual, opts = {}) {
  const a = withoutRootFields(declared2, opts.ignoreRootFields);
  const b = withoutRootFields(actual, opts.ignoreRootFields);
  return sameElement(a, b) || differences(a, b, true).length === 0;
}
function differences(rootA, rootB, jenkins) {
  const out = [];
  const ctx = { jenkins, fingerprints: new Fingerprints(jenkins), out };
  if (rootA.name !== rootB.name) {
    out.push(`/: root element changed from <${rootA.name}> to <${rootB.name}>`);
    return out;
  }
  diffElement(rootA, rootB, `/${rootA.name}`, "", ctx);
  return out;
}
function withoutRootFields(root, names) {
  if (!names || names.length === 0) return root;
  const children = root.children.filter((c) => !(c.kind === "element" && names.includes(c.name)));
  return children.length === root.children.length ? root : { ...root, children };
}
function sameElement(a, b) {
  if (a === b) return true;
  if (a.name !== b.name) return false;
  if ((a.attrs.length > 0 || b.attrs.length > 0) && !sameAttributes(comparableAttributes(a), comparableAttributes(b))) {
    return false;
  }
  if (significantText(a) !== significantText(b)) return false;
  const kidsA = orderedChildren(a);
  const kidsB = orderedChildren(b);
  if (kidsA.length !== kidsB.length) return false;
  for (let i = 0; i < kidsA.length; i++) {
    if (!sameElement(kidsA[i], kidsB[i])) return false;
  }
  return true;
}
function sameAttributes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i][0] !== b[i][0] || a[i][1] !== b[i][1]) return false;
  }
  return true;
}
var Fingerprints = class {
  constructor(jenkins) {
    this.jenkins = jenkins;
  }
  jenkins;
  ids = /* @__PURE__ */ new Map();
  cache = /* @__PURE__ */ new WeakMap();
  of(e) {
    const cached = this.cache.get(e);
    if (cached !== void 0) return cached;
    let kids = orderedChildren(e);
    if (this.jenkins) kids = kids.filter((c) => !(isFieldName(c.name, kids) && jenkinsMayAddOrDrop(e.name, c)));
    const childIds = kids.map((c) => this.of(c));
    const attrs = comparableAttributes(e).map(([k, v]) => `${k}=${v.length}:${v}`).join("");
    let text2 = significantText(e);
    if (this.jenkins && kids.length === 0 && isLineBreakIndentation(text2)) text2 = "";
    const key = `${e.name}\0${attrs}\0${text2.length}:${text2}\0${childIds.join(",")}`;
    let id = this.ids.get(key);
    if (id === void 0) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    this.cache.set(e, id);
    return id;
  }
};
function isFieldName(name, siblings) {
  if (name.includes(".")) return false;
  let n = 0;
  for (const s of siblings) if (s.name === name && ++n > 1) return false;
  return true;
}
function diffElement(a, b, path3, parentName, ctx) {
  if (ctx.fingerprints.of(a) === ctx.fingerprints.of(b)) return;
  if (ctx.jenkins && isManagedContainer(parentName, a.name)) return;
  diffAttributes(a, b, path3, ctx);
  const textA = significantText(a);
  const textB = significantText(b);
  if (textA !== textB && !indentationBesideElements(a, b) && !(ctx.jenkins && whitespaceVersusEmpty(a, b))) {
    const onlyWhitespace = textA.replace(/\s+/g, "") === textB.replace(/\s+/g, "");
    ctx.out.push(`${path3}: text changed${onlyWhitespace ? " (whitespace only)" : ""}`);
  }
  diffChildren(a, b, path3, ctx);
}
function indentationBesideElements(a, b) {
  const elementsA = childElements(a).length > 0;
  const elementsB = childElements(b).length > 0;
  if (elementsA === elementsB) return false;
  return significantText(a).trim() === "" && significantText(b).trim() === "";
}
function whitespaceVersusEmpty(a, b) {
  if (childElements(a).length > 0 || childElements(b).length > 0) return false;
  const ta = significantText(a);
  const tb = significantText(b);
  return ta === "" && isLineBreakIndentation(tb) || tb === "" && isLineBreakIndentation(ta);
}
function isLineBreakIndentation(text2) {
  return text2.includes("\n") && text2.trim() === "";
}
function diffAttributes(a, b, path3, ctx) {
  const mapA = new Map(comparableAttributes(a));
  const mapB = new Map(comparableAttributes(b));
  for (const [k, v] of mapA) {
    if (!mapB.has(k)) ctx.out.push(`${path3}/@${k}: attribute removed`);
    else if (mapB.get(k) !== v) ctx.out.push(`${path3}/@${k}: attribute changed`);
  }
  for (const k of mapB.keys()) {
    if (!mapA.has(k)) ctx.out.push(`${path3}/@${k}: attribute added`);
  }
}
function groupChildren(e) {
  const groups = /* @__PURE__ */ new Map();
  const counts = /* @__PURE__ */ new Map();
  for (const el3 of childElements(e)) {
    const nth = (counts.get(el3.name) ?? 0) + 1;
    counts.set(el3.name, nth);
    const key = groupKey(el3.name);
    let g = groups.get(key);
    if (!g) groups.set(key, g = []);
    g.push({ el: el3, nth, pos: g.length + 1 });
  }
  return groups;
}
function diffChildren(a, b, path3, ctx) {
  const groupsA = groupChildren(a);
  const groupsB = groupChildren(b);
  const keys2 = [...groupsA.keys()];
  for (const k of groupsB.keys()) if (!groupsA.has(k)) keys2.push(k);
  const repeated = (name) => name.includes(".") || (groupsA.get(name)?.length ?? 0) > 1 || (groupsB.get(name)?.length ?? 0) > 1;
  const childPath = (item) => `${path3}/${item.el.name}${repeated(item.el.name) ? `[${item.nth}]` : ""}`;
  for (const key of keys2) {
    const ga = groupsA.get(key) ?? [];
    const gb = groupsB.get(key) ?? [];
    if (key !== "" && ga.length === 1 && gb.length === 1) {
      diffElement(ga[0].el, gb[0].el, childPath(ga[0]), a.name, ctx);
      continue;
    }
    const isField = key !== "" && ga.length + gb.length === 1;
    alignEntries(
      ga,
      gb,
      ctx,
      (item, side) => {
        const parentName = side === "removed" ? a.name : b.name;
        if (ctx.jenkins && isField && jenkinsMayAddOrDrop(parentName, item.el)) return;
        ctx.out.push(`${childPath(item)}: ${side}`);
      },
      (x, y) => diffElement(x.el, y.el, childPath(x), a.name, ctx),
      (x, y) => {
        ctx.out.push(`${childPath(x)}: moved from position ${x.pos} to ${y.pos}`);
      }
    );
  }
}
function alignEntries(listA, listB, ctx, alone, pair, moved) {
  const fa = listA.map((i) => ctx.fingerprints.of(i.el));
  const fb = listB.map((i) => ctx.fingerprints.of(i.el));
  const anchors = commonSubsequence(fa, fb);
  const looseA = looseFingerprints(fa, new Set(anchors.map(([i]) => i)));
  const looseB = looseFingerprints(fb, new Set(anchors.map(([, j]) => j)));
  const removed = [];
  const added = [];
  let ia = 0;
  let ib = 0;
  for (const [ea, eb] of [...anchors, [listA.length, listB.length]]) {
    const byName2 = new Queues();
    for (const y of listB.slice(ib, eb)) if (!looseA.has(fb[y.pos - 1])) byName2.push(y.el.name, y);
    const paired = /* @__PURE__ */ new Set();
    for (const x of listA.slice(ia, ea)) {
      const y = looseB.has(fa[x.pos - 1]) ? void 0 : byName2.take(x.el.name);
      if (y) {
        pair(x, y);
        paired.add(y);
      } else {
        removed.push(x);
      }
    }
    for (const y of listB.slice(ib, eb)) if (!paired.has(y)) added.push(y);
    ia = ea + 1;
    ib = eb + 1;
  }
  const addedById = new Queues();
  for (const y of added) addedById.push(fb[y.pos - 1], y);
  const movedTo = /* @__PURE__ */ new Set();
  for (const x of removed) {
    const y = addedById.take(fa[x.pos - 1]);
    if (y) {
      moved(x, y);
      movedTo.add(y);
    } else {
      alone(x, "removed");
    }
  }
  for (const y of added) if (!movedTo.has(y)) alone(y, "added");
}
var Queues = class {
  lists = /* @__PURE__ */ new Map();
  push(key, item) {
    const q = this.lists.get(key);
    if (q) q.items.push(item);
    else this.lists.set(key, { items: [item], next: 0 });
  }
  take(key) {
    const q = this.lists.get(key);
    if (!q || q.next >= q.items.length) return void 0;
    return q.items[q.next++];
  }
};
function looseFingerprints(ids, anchored) {
  const out = /* @__PURE__ */ new Set();
  ids.forEach((id, n) => {
    if (!anchored.has(n)) out.add(id);
  });
  return out;
}
function commonSubsequence(a, b) {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = [];
  for (let i = 0; i < start; i++) head.push([i, i]);
  const tail = [];
  for (let i = endA, j = endB; i < a.length; i++, j++) tail.push([i, j]);
  const n = endA - start;
  const m = endB - start;
  const middle = [];
  if (n > 0 && m > 0 && n * m <= 1e6) {
    const table2 = [];
    for (let i2 = 0; i2 <= n; i2++) table2.push(new Uint32Array(m + 1));
    for (let i2 = n - 1; i2 >= 0; i2--) {
      for (let j2 = m - 1; j2 >= 0; j2--) {
        table2[i2][j2] = a[start + i2] === b[start + j2] ? table2[i2 + 1][j2 + 1] + 1 : Math.max(table2[i2 + 1][j2], table2[i2][j2 + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (a[start + i] === b[start + j]) {
        middle.push([start + i, start + j]);
        i++;
        j++;
      } else if (table2[i + 1][j] >= table2[i][j + 1]) i++;
      else j++;
    }
  }
  return [...head, ...middle, ...tail];
}
function jenkinsMayAddOrDrop(parentName, e, known2) {
  const kept = known2?.get(e);
  if (kept !== void 0 && kept.parent === parentName) return kept.answer;
  let answer2;
  if (isManagedContainer(parentName, e.name)) answer2 = true;
  else if (e.attrs.some(([k]) => !NEUTRAL_ATTRIBUTES.includes(k))) answer2 = false;
  else {
    const kids = childElements(e);
    const text2 = significantText(e);
    answer2 = kids.length === 0 ? text2 === "" || isLineBreakIndentation(text2) || isDefaultField(parentName, e.name, text2) : kids.every((k) => isFieldName(k.name, kids) && jenkinsMayAddOrDrop(e.name, k, known2));
  }
  known2?.set(e, { parent: parentName, answer: answer2 });
  return answer2;
}
var Digested = class {
  parts = [];
  add(s) {
    this.parts.push(`${s.length}:${s}`);
  }
  digest() {
    return (0, import_node_crypto.createHash)("sha256").update(this.parts.join(""), "utf8").digest("hex");
  }
};
function equivalenceDigest(root, opts = {}) {
  const parts = new Digested();
  const part = (s) => parts.add(s);
  const known2 = /* @__PURE__ */ new Map();
  const visit = (e, parentName) => {
    part(e.name);
    if (isManagedContainer(parentName, e.name)) {
      part("managed");
      return;
    }
    const attrs = comparableAttributes(e);
    part(String(attrs.length));
    for (const [k, v] of attrs) {
      part(k);
      part(v);
    }
    const all = orderedChildren(e);
    const kids = all.filter((c) => !(isFieldName(c.name, all) && jenkinsMayAddOrDrop(e.name, c, known2)));
    let text2 = significantText(e);
    if (kids.length === 0 && isLineBreakIndentation(text2)) text2 = "";
    part(text2);
    part(String(kids.length));
    for (const c of kids) visit(c, e.name);
  };
  visit(withoutRootFields(root, opts.ignoreRootFields), "");
  return parts.digest();
}
function equivalenceForm(e, parentName) {
  if (isManagedContainer(parentName, e.name)) return { ...e, attrs: [], children: [] };
  const all = childElements(e);
  const children = e.children.flatMap((c) => {
    if (c.kind === "comment") return [];
    if (c.kind !== "element") return all.length > 0 ? [] : [c];
    if (isFieldName(c.name, all) && jenkinsMayAddOrDrop(e.name, c)) return [];
    return [equivalenceForm(c, e.name)];
  });
  const text2 = significantText(e);
  if (all.length > 0 && text2 !== "") children.unshift({ kind: "text", text: text2 });
  return { ...e, attrs: comparableAttributes(e), children };
}
function semanticDigest(root, opts = {}) {
  const parts = new Digested();
  const part = (s) => parts.add(s);
  const visit = (e) => {
    part(e.name);
    const attrs = comparableAttributes(e);
    part(String(attrs.length));
    for (const [k, v] of attrs) {
      part(k);
      part(v);
    }
    part(significantText(e));
    const kids = orderedChildren(e);
    part(String(kids.length));
    for (const c of kids) visit(c);
  };
  visit(withoutRootFields(root, opts.ignoreRootFields));
  return parts.digest();
}

// provider/client/config-match.ts
function isConfigWeSent(sent, stored) {
  try {
    return sent === stored || elementsEquivalent(parseXml(sent).root, parseXml(stored).root);
  } catch {
    return false;
  }
}

// provider/client/send-once.ts
var import_promises = require("node:timers/promises");
async function sendOnceThenLook(http, spec) {
  const subject = `${spec.endpoint} ${spec.ctx.job ?? ""}`.trimEnd();
  for (let round = 1; ; round++) {
    const failure6 = await attempt2(http, spec);
    if (failure6 === void 0 && spec.lookAfterSuccess !== true) return;
    const seen = failure6 === void 0 ? await spec.look() : await lookOrGiveUp(failure6, spec.look);
    const verdict = await spec.judge(seen, failure6);
    if (verdict instanceof JenkinsError) throw verdict;
    if (verdict !== "failed" && "done" in verdict) {
      if (failure6 !== void 0) http.log(`${subject}: outcome was unknown; ${verdict.done}`);
      return;
    }
    if (failure6 === void 0)
      throw new TypeError(`${spec.endpoint}: judged ${JSON.stringify(verdict)} after a success`);
    if (verdict === "failed") throw failure6;
    if (round > http.opts.retries) throw spec.giveUp ? spec.giveUp(failure6) : failure6;
    const delayMs = backoffDelay(round, http.opts.retryBaseDelayMs, http.opts.retryMaxDelayMs, Math.random);
    http.log(`${subject}: outcome was unknown; ${verdict.resend}; sending it again in ${delayMs}ms`);
    await (0, import_promises.setTimeout)(delayMs);
  }
}
async function attempt2(http, spec) {
  let failure6;
  try {
    const res = await http.exchange(spec.ctx, spec.request);
    failure6 = failureOf(spec.ctx, res, spec.ok, spec.endpoint);
  } catch (err) {
    if (err instanceof JenkinsError && err.outcomeUnknown) return err;
    throw err;
  }
  if (failure6 !== void 0 && !failure6.outcomeUnknown) throw failure6;
  return failure6;
}
async function lookOrGiveUp(failure6, look) {
  try {
    return await look();
  } catch (err) {
    const why = err instanceof JenkinsError ? err.what : "unexpected failure";
    throw failure6.restated({
      what: `${failure6.what}, and checking the server afterwards failed too (${why})`,
      hint: HINTS.outcomeUnknown,
      outcomeUnknown: true
    });
  }
}

// provider/client/jobs.ts
function folderPath(folder2) {
  return folder2 === "" ? "/" : jobUrlPath(folder2);
}
async function itemExists(http, path3) {
  const ctx = http.ctx(path3, "check whether the job exists");
  const res = await http.exchange(ctx, { method: "GET", path: `${jobUrlPath(path3)}api/json?tree=name`, retry: true });
  if (res.status === 404) return false;
  parseJson(ctx, res, "api/json");
  return true;
}
async function itemName(http, path3) {
  validateJobPath(path3);
  const ctx = http.ctx(path3, "read the job's name");
  const res = await http.exchange(ctx, { method: "GET", path: `${jobUrlPath(path3)}api/json?tree=name`, retry: true });
  if (res.status === 404) return void 0;
  return parseJson(ctx, res, "api/json").name;
}
async function exists(http, path3) {
  validateJobPath(path3);
  return itemExists(http, path3);
}
async function configIfExists(http, path3) {
  const ctx = http.ctx(path3, "read config.xml");
  const res = await http.exchange(ctx, { method: "GET", path: `${jobUrlPath(path3)}config.xml`, retry: true });
  if (res.status === 404) return void 0;
  return configXmlOf(ctx, res);
}
async function createJob(http, path3, configXml) {
  validateJobPath(path3);
  const { parent, name } = parentAndName(path3);
  const ctx = http.ctx(path3, "create the job", {
    xmlPost: true,
    notRepeatable: true,
    notFound: parent === "" ? "Jenkins has no createItem endpoint at this URL" : `the folder "${parent}" does not exist`
  });
  await sendOnceThenLook(http, {
    ctx,
    endpoint: "createItem",
    request: {
      method: "POST",
      path: `${folderPath(parent)}createItem?name=${encodeQueryValue(name)}`,
      body: configXml,
      contentType: XML_CONTENT_TYPE,
      retry: false
    },
    ok: is2xx,
    look: () => configIfExists(http, path3),
    judge: (stored, failure6) => {
      if (stored === void 0) return { resend: "the job does not exist" };
      if (isConfigWeSent(configXml, stored)) return { done: "the job exists with the configuration sent" };
      return new JobAlreadyExistsError({
        job: path3,
        action: ctx.action,
        what: `the create request failed (${failure6?.what ?? "no answer"}) and a job with this name now exists with a different configuration`,
        hint: HINTS.alreadyExists
      });
    },
    giveUp: (failure6) => failure6.restated({
      what: `${failure6.what}; the job was not created`,
      hint: HINTS.unavailable,
      outcomeUnknown: false
    })
  });
}
async function getConfig(http, path3) {
  validateJobPath(path3);
  const ctx = http.ctx(path3, "read config.xml");
  const res = await http.exchange(ctx, { method: "GET", path: `${jobUrlPath(path3)}config.xml`, retry: true });
  return configXmlOf(ctx, res);
}
async function updateConfig(http, path3, configXml) {
  validateJobPath(path3);
  const ctx = http.ctx(path3, "update config.xml", { xmlPost: true });
  const res = await http.exchange(ctx, {
    method: "POST",
    path: `${jobUrlPath(path3)}config.xml`,
    body: configXml,
    contentType: XML_CONTENT_TYPE,
    retry: true
  });
  expectSuccess(ctx, res, is2xx);
}
async function getDescription(http, path3) {
  validateJobPath(path3);
  const ctx = http.ctx(path3, "read the description");
  const res = await http.exchange(ctx, { method: "GET", path: `${jobUrlPath(path3)}description`, retry: true });
  if (res.status !== 200) throw errorFromResponse(res, ctx);
  if (isHtmlType(header(res.headers, "content-type"))) {
    throw notJenkins(ctx, res, "the description came back as an HTML page instead of text");
  }
  return res.body;
}
async function setDescription(http, path3, description) {
  validateJobPath(path3);
  const ctx = http.ctx(path3, "set the description");
  const res = await http.exchange(ctx, {
    method: "POST",
    path: `${jobUrlPath(path3)}description`,
    body: new URLSearchParams({ description }).toString(),
    contentType: FORM_CONTENT_TYPE,
    retry: true
  });
  expectSuccess(ctx, res, is2xx);
}
async function toggle(http, path3, action) {
  validateJobPath(path3);
  const ctx = http.ctx(path3, `${action} the job`);
  const res = await http.exchange(ctx, { method: "POST", path: `${jobUrlPath(path3)}${action}`, retry: true });
  expectSuccess(ctx, res, redirectIntoJenkins(http.base));
}
async function deleteJob(http, path3) {
  validateJobPath(path3);
  const ctx = http.ctx(path3, "delete the job", { notRepeatable: true });
  await sendOnceThenLook(http, {
    ctx,
    endpoint: "doDelete",
    request: { method: "POST", path: `${jobUrlPath(path3)}doDelete`, retry: false },
    ok: redirectIntoJenkins(http.base),
    look: () => itemExists(http, path3),
    judge: (stillThere) => stillThere ? { resend: "the job still exists" } : { done: "the job is gone" },
    giveUp: (failure6) => failure6.restated({
      what: `${failure6.what}; the job still exists`,
      hint: HINTS.unavailable,
      outcomeUnknown: false
    })
  });
}

// provider/client/credentials.ts
var HINTS2 = {
  notFound: "Check the folder and the domain (`_` is the global one), and that the user has Credentials/View there; Jenkins answers 404 for each of these.",
  storeMissing: "Check that the folder exists (create it first) and the domain (`_` is the global one), and that the user has Credentials/View there.",
  alreadyExists: "Choose another id, adopt the existing credential (adopt: true), or delete it in Jenkins first; ids are unique within a store's domain."
};
var folderOf = (s) => s.folder ?? "";
var domainOf = (s) => s.domain === void 0 || s.domain === "" ? "_" : s.domain;
function credentialDomainName(store) {
  const f = folderOf(store);
  return `${f === "" ? "system" : `${f}/folder`}/${domainOf(store)}`;
}
function credentialFullName(store, id) {
  return `${credentialDomainName(store)}/${id}`;
}
function credentialDomainPath(store) {
  const f = folderOf(store);
  return `${folderPath(f)}credentials/store/${f === "" ? "system" : "folder"}/domain/${encodeSegment(domainOf(store))}/`;
}
function credentialUrlPath(store, id) {
  return `${credentialDomainPath(store)}credential/${encodeSegment(id)}/`;
}
function invalid2(store, id, what) {
  return new InvalidNameError({
    credential: id === void 0 ? credentialDomainName(store) : credentialFullName(store, id),
    what,
    hint: `Give a non-empty id without line breaks, and a folder's full name ("a/b").`
  });
}
function validate(store, id) {
  const f = folderOf(store);
  if (f !== "") validateJobPath(f);
  if (/[\r\n]/.test(domainOf(store))) throw invalid2(store, id, "the domain's name holds a line break");
  if (id !== void 0 && (id.trim() === "" || /[\r\n]/.test(id)))
    throw invalid2(store, id, "a credential's id must be non-empty and on one line");
}
function asCredentialError(e, store, id) {
  const credential = id === void 0 ? credentialDomainName(store) : credentialFullName(store, id);
  const fields3 = {
    action: e.action,
    status: e.status,
    jenkinsMessage: e.jenkinsMessage,
    outcomeUnknown: e.outcomeUnknown,
    credential
  };
  if (e instanceof JobNotFoundError) {
    return id === void 0 ? new CredentialNotFoundError({
      ...fields3,
      what: "the store or its domain does not exist",
      hint: HINTS2.storeMissing
    }) : new CredentialNotFoundError({ ...fields3, what: "the credential does not exist", hint: HINTS2.notFound });
  }
  if (e instanceof NotBuildableError)
    return new CredentialAlreadyExistsError({
      ...fields3,
      what: "a credential with this id already exists",
      hint: HINTS2.alreadyExists
    });
  return e.restated({ job: void 0, credential });
}
async function asCredential(store, id, op) {
  try {
    return await op();
  } catch (e) {
    if (e instanceof JenkinsError && e.credential === void 0) throw asCredentialError(e, store, id);
    throw e;
  }
}
async function listCredentials(http, store) {
  validate(store);
  return asCredential(store, void 0, async () => {
    const ctx = http.ctx(void 0, "list the credentials");
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${credentialDomainPath(store)}api/json?tree=credentials[id,typeName,description]`,
      retry: true
    });
    const doc = parseJson(
      ctx,
      res,
      "api/json"
    );
    return (doc.credentials ?? []).filter((c) => typeof c.id === "string").map((c) => ({
      id: c.id,
      typeName: typeof c.typeName === "string" ? c.typeName : "",
      description: typeof c.description === "string" ? c.description : ""
    }));
  });
}
async function listCredentialDomains(http, store) {
  validate(store);
  return asCredential(store, void 0, async () => {
    const ctx = http.ctx(void 0, "list the credentials domains");
    const f = folderOf(store);
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${folderPath(f)}credentials/store/${f === "" ? "system" : "folder"}/api/json`,
      retry: true
    });
    const doc = parseJson(ctx, res, "api/json");
    const domains = doc.domains !== null && typeof doc.domains === "object" ? Object.keys(doc.domains) : [];
    return domains.sort();
  });
}
async function listStoreCredentialIds(http, store) {
  validate(store);
  return asCredential(store, void 0, async () => {
    const ctx = http.ctx(void 0, "list the credentials of every domain");
    const f = folderOf(store);
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${folderPath(f)}credentials/store/${f === "" ? "system" : "folder"}/api/json?tree=domains[credentials[id]]`,
      retry: true
    });
    const doc = parseJson(ctx, res, "api/json");
    const out = /* @__PURE__ */ new Map();
    if (doc.domains === null || typeof doc.domains !== "object") return out;
    for (const [name, domain] of Object.entries(doc.domains)) {
      const list = domain?.credentials;
      const ids = Array.isArray(list) ? list.map((c) => c?.id).filter((id) => typeof id === "string") : [];
      out.set(name, ids);
    }
    return out;
  });
}
async function listStoreDescriptions(http, store) {
  validate(store);
  return asCredential(store, void 0, async () => {
    const ctx = http.ctx(void 0, "list the credentials' descriptions");
    const f = folderOf(store);
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${folderPath(f)}credentials/store/${f === "" ? "system" : "folder"}/api/json?tree=domains[credentials[id,description]]`,
      retry: true
    });
    const doc = parseJson(ctx, res, "api/json");
    const out = [];
    if (doc.domains === null || typeof doc.domains !== "object") return out;
    for (const [domain, value] of Object.entries(doc.domains)) {
      const list = value?.credentials;
      for (const c of Array.isArray(list) ? list : []) {
        const { id, description } = c ?? {};
        if (typeof id === "string")
          out.push({ domain, id, description: typeof description === "string" ? description : "" });
      }
    }
    return out;
  });
}
async function configIfExists2(http, store, id) {
  const ctx = http.ctx(void 0, "read the credential's config.xml");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `${credentialUrlPath(store, id)}config.xml`,
    retry: true
  });
  if (res.status === 404) return void 0;
  return configXmlOf(ctx, res);
}
async function getCredentialConfig(http, store, id) {
  validate(store, id);
  return asCredential(store, id, async () => {
    const ctx = http.ctx(void 0, "read the credential's config.xml");
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${credentialUrlPath(store, id)}config.xml`,
      retry: true
    });
    return configXmlOf(ctx, res);
  });
}
async function createCredential(http, store, id, configXml) {
  validate(store, id);
  await asCredential(
    store,
    id,
    () => sendOnceThenLook(http, {
      ctx: http.ctx(void 0, "create the credential", { xmlPost: true, notRepeatable: true }),
      endpoint: "createCredentials",
      request: {
        method: "POST",
        path: `${credentialDomainPath(store)}createCredentials`,
        body: configXml,
        contentType: XML_CONTENT_TYPE,
        retry: false
      },
      ok: is2xx,
      look: () => configIfExists2(http, store, id),
      judge: (seen) => seen === void 0 ? { resend: "the credential does not exist" } : { done: "the credential exists" }
    })
  );
}
async function updateCredentialConfig(http, store, id, configXml) {
  validate(store, id);
  await asCredential(store, id, async () => {
    const ctx = http.ctx(void 0, "update the credential's config.xml", { xmlPost: true });
    const res = await http.exchange(ctx, {
      method: "POST",
      path: `${credentialUrlPath(store, id)}config.xml`,
      body: configXml,
      contentType: XML_CONTENT_TYPE,
      retry: true
    });
    expectSuccess(ctx, res, is2xx);
  });
}
async function deleteCredential(http, store, id) {
  validate(store, id);
  await asCredential(
    store,
    id,
    () => sendOnceThenLook(http, {
      ctx: http.ctx(void 0, "delete the credential", { notRepeatable: true }),
      endpoint: "deleteCredential",
      request: { method: "DELETE", path: `${credentialUrlPath(store, id)}config.xml`, retry: false },
      ok: is2xx,
      look: async () => await configIfExists2(http, store, id) !== void 0,
      judge: (stillThere) => stillThere ? { resend: "the credential still exists" } : { done: "the credential is gone" }
    })
  );
}

// provider/client/csrf-session.ts
var CsrfSession = class {
  /**
   * @param fetchCrumb fetches a crumb with the current cookies; resolves to null when CSRF protection is off
   *   (crumbIssuer answers 404). It must feed the answer's Set-Cookie into `absorb`.
   */
  constructor(fetchCrumb, redactor) {
    this.fetchCrumb = fetchCrumb;
    this.redactor = redactor;
  }
  fetchCrumb;
  redactor;
  cookies = /* @__PURE__ */ new Map();
  state = { kind: "unknown" };
  generation = 0;
  inFlight;
  /** Value for the Cookie header, or undefined when there is no session yet. */
  cookieHeader() {
    if (this.cookies.size === 0) return void 0;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  /** Keeps the Jenkins session cookie(s) from a response; other cookies are not ours to keep. */
  absorb(headers) {
    for (const line of headerList(headers, "set-cookie")) {
      const pair = line.split(";", 1)[0];
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!/^JSESSIONID/i.test(name)) continue;
      const expired = /;\s*max-age\s*=\s*0\b/i.test(line) || value === "";
      if (expired) {
        this.cookies.delete(name);
      } else {
        this.redactor.add(value);
        this.cookies.set(name, value);
      }
    }
  }
  /** The crumb for the current session (fetching it the first time), and the generation it belongs to. */
  async current() {
    const generation = this.generation;
    if (this.state.kind === "crumb") return { crumb: this.state.crumb, generation };
    if (this.state.kind === "disabled") return { crumb: null, generation };
    if (!this.inFlight || this.inFlight.generation !== generation) {
      const fetching = this.fetchCrumb().then((crumb2) => {
        if (crumb2) this.redactor.add(crumb2.value);
        if (generation === this.generation) this.state = crumb2 ? { kind: "crumb", crumb: crumb2 } : { kind: "disabled" };
        return crumb2;
      });
      this.inFlight = { generation, promise: fetching };
      const clear = () => {
        if (this.inFlight?.promise === fetching) this.inFlight = void 0;
      };
      fetching.then(clear, clear);
    }
    const crumb = await this.inFlight.promise;
    return { crumb, generation };
  }
  /**
   * Drops the session after Jenkins refused a crumb of `generation`. Returns false when another caller has
   * already done so, in which case the caller simply asks for the current crumb again.
   */
  invalidate(generation) {
    if (generation !== this.generation) return false;
    this.generation++;
    this.state = { kind: "unknown" };
    this.cookies.clear();
    return true;
  }
};

// provider/client/redact.ts
var MASK = "****";
var MIN_SECRET_LENGTH = 3;
function maskBasic(text2) {
  return text2.replace(
    /\bBasic(\s+)([A-Za-z0-9+/]{4,}={0,2})/g,
    (whole2, space, value) => Buffer.from(value, "base64").toString("utf8").includes(":") ? `Basic${space}${MASK}` : whole2
  );
}
var PATTERNS = [
  [/\b(Bearer)\s+[A-Za-z0-9+/=._~-]{8,}/g, `$1 ${MASK}`],
  [/\b(JSESSIONID[.A-Za-z0-9_-]*)=[^;\s,"'<>]+/gi, `$1=${MASK}`],
  [/\b(Jenkins-Crumb)(["']?\s*[:=]\s*["']?)[A-Za-z0-9]{8,}/gi, `$1$2${MASK}`],
  [/\b("?crumb"?\s*:\s*")[A-Za-z0-9]{8,}/gi, `$1${MASK}`],
  // userinfo in URLs: scheme://user:secret@host
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+:[^/\s@]+@/gi, `$1${MASK}@`]
];
function variants(secret2) {
  const out = /* @__PURE__ */ new Set([secret2]);
  out.add(encodeURIComponent(secret2));
  out.add(new URLSearchParams({ s: secret2 }).toString().slice(2));
  return [...out].filter((v) => v.length >= MIN_SECRET_LENGTH);
}
var Redactor = class {
  secrets = [];
  /** Registers a value that must never appear in output. Empty and very short values are ignored. */
  add(secret2) {
    if (!secret2 || secret2.length < MIN_SECRET_LENGTH) return;
    for (const v of variants(secret2)) {
      if (!this.secrets.includes(v)) this.secrets.push(v);
    }
    this.secrets.sort((a, b) => b.length - a.length);
  }
  /** Registers the Basic credential `user:secret` in its base64 form as well as its parts. */
  addBasic(user, secret2) {
    const encoded = Buffer.from(`${user}:${secret2}`, "utf8").toString("base64");
    this.add(secret2);
    this.add(encoded);
    return encoded;
  }
  redact(text2) {
    let out = text2;
    for (const s of this.secrets) {
      if (out.includes(s)) out = out.split(s).join(MASK);
    }
    out = maskBasic(out);
    for (const [re, replacement] of PATTERNS) out = out.replace(re, replacement);
    return out;
  }
  /** Scrubs an error in place (message, stack and every string field, e.g. Jenkins's message) and returns it. */
  scrubError(err) {
    err.message = this.redact(err.message);
    if (err.stack) err.stack = this.redact(err.stack);
    const fields3 = err;
    for (const key of Object.keys(fields3)) {
      const value = fields3[key];
      if (typeof value === "string") fields3[key] = this.redact(value);
    }
    return err;
  }
};

// provider/client/no-answer.ts
var TIMEOUT_OF = {
  UND_ERR_CONNECT_TIMEOUT: "connectTimeoutMs",
  UND_ERR_HEADERS_TIMEOUT: "headersTimeoutMs",
  UND_ERR_BODY_TIMEOUT: "bodyTimeoutMs"
};
var TIMEOUT_TITLE = {
  connectTimeoutMs: "the connect timeout",
  headersTimeoutMs: "the headers timeout",
  bodyTimeoutMs: "the body timeout"
};
function timeoutValue(name, t) {
  return t.given ? `${t.ms} ms, ${TIMEOUT_TITLE[name]}, set by ${t.setting}` : `${t.ms} ms, ${TIMEOUT_TITLE[name]}'s default`;
}
function raise(t) {
  return t.given ? `raise ${t.setting}` : `raise it with ${t.setting}`;
}
function timeoutFailure(err, ctx, proxy) {
  const name = TIMEOUT_OF[err.code];
  const t = name ? ctx.timeouts?.[name] : void 0;
  if (!name || !t) {
    return {
      what: err.message,
      hint: "Jenkins did not answer in time: check that it is healthy, or raise the timeout."
    };
  }
  const value = timeoutValue(name, t);
  if (name === "connectTimeoutMs" && proxy) {
    return {
      what: `no connection to ${proxyName(proxy)} within ${value} (${err.code})`,
      hint: `Check that the proxy ${proxy.from} names is running and reachable from here at ${proxy.address}, or ${raise(t)}; list the Jenkins host in NO_PROXY when it is reached directly. Jenkins itself was not reached.`
    };
  }
  if (name === "connectTimeoutMs") {
    return {
      what: `no connection within ${value} (${err.code})`,
      hint: `Check that Jenkins is reachable from here (a firewall that drops packets makes a connection wait), or ${raise(t)}.`
    };
  }
  const through = ctx.proxy ? `, through ${proxyName(ctx.proxy)}` : "";
  const what = name === "headersTimeoutMs" ? `no answer within ${value}${through} (${err.code})` : `the answer stopped arriving for longer than ${value}${through} (${err.code})`;
  return { what, hint: `Jenkins did not answer in time: check that it is healthy, or ${raise(t)}.` };
}
function proxyDid(err, proxy) {
  if (err.code === "PROXY_REFUSED") {
    const status = err.proxyStatus ?? 0;
    if (status === 407) return "asks for credentials";
    if (status >= 500) return `could not open a tunnel to Jenkins at ${proxy.target}`;
    return `refused to open a tunnel to ${proxy.target}`;
  }
  switch (err.code) {
    case "ECONNREFUSED":
      return "refused the connection (ECONNREFUSED): no proxy listens there";
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `cannot be found: host name not found (${err.code})`;
    case "UND_ERR_PRX_TLS":
      return "failed the TLS handshake (UND_ERR_PRX_TLS)";
    case "UND_ERR_PRX_CONN":
      return "closed the connection before the tunnel to Jenkins was open (UND_ERR_PRX_CONN)";
    default:
      return `cannot be reached: ${err.message}`;
  }
}
function proxyHint(err, proxy) {
  const status = err.code === "PROXY_REFUSED" ? err.proxyStatus ?? 0 : 0;
  const direct = "list the Jenkins host in NO_PROXY when it is reached directly";
  if (status === 407) {
    return `Give the proxy's user and password in ${proxy.from}, as user:password@ before the host (special characters percent-encoded), or ${direct}.`;
  }
  if (status >= 500) {
    return `The proxy runs, but could not connect to Jenkins: check that Jenkins is running at ${proxy.target} and that the proxy can reach it, or ${direct}.`;
  }
  if (status > 0) {
    return `The proxy does not let this client reach ${proxy.target}: ask for it to be allowed, or ${direct}.`;
  }
  if (err.code === "UND_ERR_PRX_TLS") {
    return `An https:// proxy needs a certificate Node.js trusts (NODE_EXTRA_CA_CERTS); check ${proxy.from}, or ${direct}. Jenkins itself was not reached.`;
  }
  return `Check that the proxy is running at ${proxy.address} and reachable from here, or fix ${proxy.from}; ${direct}. Jenkins itself was not reached.`;
}
function errorFromTransport(err, ctx) {
  const unknown = ctx.notRepeatable === true && err.maybeProcessed;
  const prefix = unknown ? `${HINTS.outcomeUnknown} ` : "";
  const proxy = err.at === "proxy" ? ctx.proxy : void 0;
  const found = err.kind === "timeout" ? timeoutFailure(err, ctx, proxy) : proxy ? { what: `${proxyName(proxy)} ${proxyDid(err, proxy)}`, hint: proxyHint(err, proxy) } : {
    // Through a proxy, a broken connection or a certificate may be Jenkins's or the proxy's: it is named too.
    what: ctx.proxy ? `${err.message}, through ${proxyName(ctx.proxy)}` : err.message,
    hint: err.kind === "tls" ? HINTS.tls : HINTS.connection
  };
  const details = {
    job: ctx.job,
    action: ctx.action,
    what: found.what,
    hint: prefix + found.hint,
    outcomeUnknown: unknown,
    proxy: proxy && { address: proxy.address, from: proxy.from }
  };
  if (err.kind === "timeout") return new RequestTimeoutError(details);
  if (proxy && err.code === "PROXY_REFUSED") return new NotJenkinsError({ ...details, status: err.proxyStatus });
  return new ConnectionError(details);
}

// provider/client/jenkins-http.ts
var JenkinsHttp = class {
  base;
  opts;
  redactor = new Redactor();
  transport;
  authorization;
  /** API-token requests are exempt from CSRF checks; password and anonymous requests are not. */
  needsCrumb;
  anonymous;
  session;
  constructor(opts) {
    const secret2 = opts.apiToken ?? opts.password;
    if (secret2 !== void 0 && opts.user === void 0) {
      throw new TypeError("JenkinsClientOptions.user is required when apiToken or password is set");
    }
    this.opts = opts;
    this.redactor.add(opts.password);
    this.redactor.add(opts.apiToken);
    if (opts.user !== void 0 && secret2 !== void 0) {
      this.authorization = `Basic ${this.redactor.addBasic(opts.user, secret2)}`;
    }
    this.anonymous = this.authorization === void 0;
    this.needsCrumb = opts.apiToken === void 0;
    this.base = parseBaseUrl(opts.url);
    this.transport = new Transport(this.base, opts, this.redactor);
    this.session = new CsrfSession(() => this.fetchCrumb(), this.redactor);
  }
  /**
   * The context an error of this call is built from: the job, what the call tried, what a 404 means, and the
   * connection's proxy and timeouts, by which an error names the machine and the setting.
   */
  ctx(job2, action, extra = {}) {
    return {
      job: job2,
      action,
      anonymous: this.anonymous,
      proxy: this.transport.route,
      timeouts: this.opts.timeouts,
      ...extra
    };
  }
  /**
   * One HTTP exchange with credentials, session cookie and (for POSTs that need one) the crumb. A crumb refusal
   * drops the session and is retried exactly once with a fresh session and crumb: the request was refused
   * before Jenkins looked at it, so repeating it is safe even for createItem or build.
   */
  async exchange(ctx, req) {
    const withCrumb = req.method === "POST" && this.needsCrumb && req.noCrumb !== true;
    for (let attempt3 = 1; ; attempt3++) {
      const headers = {};
      if (this.authorization) headers.authorization = this.authorization;
      let generation = -1;
      if (withCrumb) {
        const current2 = await this.session.current().catch((err) => {
          throw inContext(err, ctx, "while fetching a CSRF crumb");
        });
        generation = current2.generation;
        if (current2.crumb) headers[current2.crumb.field] = current2.crumb.value;
      }
      const cookie = this.session.cookieHeader();
      if (cookie) headers.cookie = cookie;
      if (req.contentType) headers["content-type"] = req.contentType;
      let res;
      try {
        res = await this.transport.send({
          method: req.method,
          path: req.path,
          headers,
          body: req.body,
          retry: req.retry
        });
      } catch (err) {
        if (err instanceof TransportError) throw errorFromTransport(err, ctx);
        throw err;
      }
      this.session.absorb(res.headers);
      if (withCrumb && attempt3 === 1 && isCrumbRefusal(res)) {
        this.session.invalidate(generation);
        this.log(`${req.method} ${req.path.split("?")[0]}: crumb refused, fetching a new session and crumb`);
        continue;
      }
      return res;
    }
  }
  /** A line for the `log` option, with credentials masked. */
  log(line) {
    this.opts.log?.(this.redactor.redact(line));
  }
  /** Runs a public operation and scrubs credentials from anything it throws. */
  async run(op) {
    try {
      return await op();
    } catch (err) {
      throw err instanceof Error ? this.redactor.scrubError(err) : err;
    }
  }
  close() {
    return this.transport.close();
  }
  /** `GET /crumbIssuer/api/json`; null when CSRF protection is off (404). */
  async fetchCrumb() {
    const ctx = this.ctx(void 0, "fetch a CSRF crumb");
    const res = await this.exchange(ctx, { method: "GET", path: "/crumbIssuer/api/json", retry: true });
    if (res.status === 404) return null;
    const json = parseJson(ctx, res, "/crumbIssuer/api/json");
    if (typeof json.crumb !== "string" || typeof json.crumbRequestField !== "string") {
      throw notJenkins(ctx, res, "/crumbIssuer/api/json did not contain a crumb");
    }
    return { field: json.crumbRequestField, value: json.crumb };
  }
};
function inContext(err, ctx, where) {
  if (!(err instanceof JenkinsError) || err.job !== void 0 || ctx.job === void 0) return err;
  return err.restated({ job: ctx.job, action: ctx.action, what: `${err.what} ${where}` });
}

// provider/client/options.ts
var DEFAULTS = {
  maxConnections: 8,
  connectTimeoutMs: 1e4,
  // Jenkins can take a while on big config saves or when its disk is slow; a minute covers a busy controller.
  headersTimeoutMs: 6e4,
  bodyTimeoutMs: 6e4,
  retries: 3,
  retryBaseDelayMs: 250,
  // A Jenkins restart takes tens of seconds; waits beyond this add latency without making success likelier.
  retryMaxDelayMs: 1e4
};
function nonNegative(name, value, fallback) {
  if (value === void 0) return fallback;
  if (!Number.isFinite(value) || value < 0) {
    throw new TypeError(`JenkinsClientOptions.${name} must be a non-negative number`);
  }
  return value;
}
function resolveOptions(opts) {
  const maxConnections = nonNegative("maxConnections", opts.maxConnections, DEFAULTS.maxConnections);
  if (maxConnections < 1) throw new TypeError("JenkinsClientOptions.maxConnections must be at least 1");
  const retryBaseDelayMs = nonNegative("retryBaseDelayMs", opts.retryBaseDelayMs, DEFAULTS.retryBaseDelayMs);
  const timeout = (name) => ({
    ms: nonNegative(name, opts[name], DEFAULTS[name]),
    setting: opts.timeoutNames?.[name] ?? `the client's ${name} option`,
    given: opts[name] !== void 0
  });
  const timeouts2 = {
    connectTimeoutMs: timeout("connectTimeoutMs"),
    headersTimeoutMs: timeout("headersTimeoutMs"),
    bodyTimeoutMs: timeout("bodyTimeoutMs")
  };
  return {
    url: opts.url,
    user: opts.user || void 0,
    apiToken: opts.apiToken || void 0,
    password: opts.password || void 0,
    caCert: opts.caCert || void 0,
    insecureSkipTlsVerify: opts.insecureSkipTlsVerify === true,
    maxConnections: Math.floor(maxConnections),
    adaptiveConcurrency: opts.adaptiveConcurrency !== false,
    connectTimeoutMs: timeouts2.connectTimeoutMs.ms,
    headersTimeoutMs: timeouts2.headersTimeoutMs.ms,
    bodyTimeoutMs: timeouts2.bodyTimeoutMs.ms,
    timeouts: timeouts2,
    retries: Math.floor(nonNegative("retries", opts.retries, DEFAULTS.retries)),
    retryBaseDelayMs,
    retryMaxDelayMs: nonNegative(
      "retryMaxDelayMs",
      opts.retryMaxDelayMs,
      Math.max(DEFAULTS.retryMaxDelayMs, retryBaseDelayMs)
    ),
    proxy: opts.proxy ? checkedProxy(opts.proxy) : proxyFromEnvironment(process.env),
    log: opts.log
  };
}
function checkedProxy(p) {
  const out = {};
  if (p.httpProxy) {
    out.httpProxy = checkProxyUrl(p.httpProxy, "JenkinsClientOptions.proxy.httpProxy");
    out.httpProxyFrom = p.httpProxyFrom ?? "JenkinsClientOptions.proxy.httpProxy";
  }
  if (p.httpsProxy) {
    out.httpsProxy = checkProxyUrl(p.httpsProxy, "JenkinsClientOptions.proxy.httpsProxy");
    out.httpsProxyFrom = p.httpsProxyFrom ?? "JenkinsClientOptions.proxy.httpsProxy";
  }
  if (p.noProxy) out.noProxy = p.noProxy;
  return out;
}

// provider/client/relocation.ts
var FOLDER_CLASS = "com.cloudbees.hudson.plugins.folder.Folder";
function lookAt(http, oldPath, newPath) {
  return async () => [await itemExists(http, oldPath), await itemExists(http, newPath)];
}
var MOVED = { done: "the item is at its new path only" };
async function rename(http, path3, newName) {
  validateJobPath(path3);
  validateJobName(newName);
  const { parent } = parentAndName(path3);
  const newPath = parent === "" ? newName : `${parent}/${newName}`;
  await sendOnceThenLook(http, {
    ctx: http.ctx(path3, `rename the job to "${newName}"`, { notRepeatable: true }),
    endpoint: "confirmRename",
    request: {
      method: "POST",
      path: `${jobUrlPath(path3)}confirmRename?newName=${encodeQueryValue(newName)}`,
      retry: false
    },
    ok: redirectIntoJenkins(http.base),
    look: lookAt(http, path3, newPath),
    judge: ([oldThere, newThere]) => {
      if (newThere && !oldThere) return MOVED;
      if (oldThere && !newThere) return { resend: "the item is still at its old path" };
      return "failed";
    }
  });
}
async function move(http, path3, destination) {
  validateJobPath(path3);
  if (destination !== "") validateJobPath(destination);
  const { name } = parentAndName(path3);
  const newPath = destination === "" ? name : `${destination}/${name}`;
  const where = destination === "" ? "the top level" : `folder "${destination}"`;
  await sendOnceThenLook(http, {
    ctx: http.ctx(path3, `move it to ${where}`, { notRepeatable: true }),
    endpoint: "move",
    request: {
      method: "POST",
      path: `${jobUrlPath(path3)}move/move`,
      body: new URLSearchParams({ destination: `/${destination}` }).toString(),
      contentType: FORM_CONTENT_TYPE,
      retry: false
    },
    ok: redirectIntoJenkins(http.base),
    look: lookAt(http, path3, newPath),
    lookAfterSuccess: true,
    judge: async ([oldThere, newThere], failure6) => {
      if (newThere && !oldThere) return MOVED;
      if (failure6 !== void 0) return "failed";
      const refused = new MoveRefusedError({
        job: path3,
        what: `Jenkins did not move it to ${where}: ${await moveRefusal(http, path3, destination, newPath, oldThere)}`,
        hint: "Nothing was moved. Fix the cause in Jenkins or in the program, then run `pulumi up` again."
      });
      refused.source = path3;
      refused.destination = destination;
      return refused;
    }
  });
}
async function moveRefusal(http, path3, destination, newPath, oldThere) {
  if (!oldThere) return "the item is not at its old path any more";
  const lower = (s) => s.toLowerCase();
  if (destination !== "" && (lower(destination) === lower(path3) || lower(destination).startsWith(`${lower(path3)}/`))) {
    return "a folder cannot be moved into itself or into a folder inside it";
  }
  if (destination !== "") {
    const ctx = http.ctx(destination, "look at the destination");
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${jobUrlPath(destination)}api/json?tree=_class`,
      retry: true
    });
    if (res.status === 404)
      return `the destination folder "${destination}" does not exist (or the user may not see it)`;
    const { _class } = parseJson(ctx, res, "api/json");
    if (_class !== FOLDER_CLASS) return `"${destination}" is not a folder that can hold items`;
  }
  if (await itemExists(http, newPath)) return `an item named "${newPath.split("/").pop()}" already exists there`;
  return "the user may lack Job/Create in the destination, or the item cannot be moved (items of a multibranch project cannot)";
}

// provider/client/runnable-reads.ts
function unavailable(res) {
  if (res.status === 403) return { unavailable: "forbidden" };
  if (res.status === 404 || res.status === 405) return { unavailable: "absent" };
  return void 0;
}
var NOT_DECLARATIVE = /did not contain the 'pipeline' step/;
function errorTexts(value) {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(errorTexts);
  if (value !== null && typeof value === "object" && "error" in value) return errorTexts(value.error);
  return [];
}
async function validateJenkinsfile(http, script) {
  const ctx = http.ctx(void 0, "lint a pipeline script");
  const res = await http.exchange(ctx, {
    method: "POST",
    path: "/pipeline-model-converter/validateJenkinsfile",
    body: `jenkinsfile=${encodeQueryValue(script)}`,
    contentType: FORM_CONTENT_TYPE,
    retry: true,
    noCrumb: true
  });
  const refused = unavailable(res);
  if (refused !== void 0) return refused;
  const json = parseJson(
    ctx,
    res,
    "validateJenkinsfile"
  );
  if (json.data?.result === "success") return { ok: true };
  const errors = errorTexts(json.data?.errors);
  if (errors.length > 0 && errors.every((e) => NOT_DECLARATIVE.test(e))) return { ok: true };
  if (errors.length > 0) return { errors: errors.filter((e) => !NOT_DECLARATIVE.test(e)) };
  return { errors: [`the linter answered ${typeof json.message === "string" ? json.message : "without a result"}`] };
}
async function labelInfo(http, expression) {
  const ctx = http.ctx(void 0, `read label "${expression}"`);
  const tree = encodeQueryValue("nodes[nodeName,numExecutors],clouds[name]");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `/label/${encodeSegment(expression)}/api/json?tree=${tree}`,
    retry: true
  });
  const refused = unavailable(res);
  if (refused !== void 0) return refused;
  const json = parseJson(
    ctx,
    res,
    "label api/json"
  );
  return {
    nodes: (json.nodes ?? []).map((n) => ({
      name: typeof n.nodeName === "string" ? n.nodeName : "",
      executors: typeof n.numExecutors === "number" ? n.numExecutors : 0
    })),
    clouds: Array.isArray(json.clouds) ? json.clouds.length : 0
  };
}
async function nodeLabels(http) {
  const ctx = http.ctx(void 0, "read the labels of the nodes");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `/computer/api/json?tree=${encodeQueryValue("computer[assignedLabels[name]]")}`,
    retry: true
  });
  const refused = unavailable(res);
  if (refused !== void 0) return refused;
  const json = parseJson(ctx, res, "computer");
  const names = /* @__PURE__ */ new Set();
  for (const c of json.computer ?? [])
    for (const l of c.assignedLabels ?? []) if (typeof l.name === "string" && l.name !== "") names.add(l.name);
  return [...names].sort();
}
var LIBRARY_STEP = "org.jenkinsci.plugins.workflow.libs.LibraryStep";
async function libraryNames(http, folder2) {
  const ctx = http.ctx(folder2 === "" ? void 0 : folder2, "list the shared libraries");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `${folderPath(folder2)}descriptorByName/${LIBRARY_STEP}/autoCompleteIdentifier?value=`,
    retry: true
  });
  if (res.status === 404 && folder2 !== "") return { missingFolder: true };
  const refused = unavailable(res);
  if (refused !== void 0) return refused;
  const json = parseJson(ctx, res, "autoCompleteIdentifier");
  const names = /* @__PURE__ */ new Set();
  for (const s of json.suggestions ?? []) if (typeof s.name === "string") names.add(s.name.split("@")[0]);
  return { names: [...names] };
}

// provider/client/server-reads.ts
async function serverInfo(http) {
  const ctx = http.ctx(void 0, "read the server information", {
    notFound: "there is no Jenkins API at this URL"
  });
  const res = await http.exchange(ctx, { method: "GET", path: "/api/json", retry: true });
  if (res.status === 404) throw notJenkins(ctx, res, "there is no Jenkins API (/api/json) at this URL");
  const json = parseJson(ctx, res, "/api/json");
  const version = header(res.headers, "x-jenkins");
  if (!version) throw notJenkins(ctx, res, "the answer to /api/json has no X-Jenkins header, so this is not a Jenkins");
  return {
    version,
    mode: typeof json.mode === "string" ? json.mode : void 0,
    url: typeof json.url === "string" && json.url !== "" ? json.url : http.base.url
  };
}
async function installedPlugins(http) {
  const ctx = http.ctx(void 0, "read the list of installed plugins");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: "/pluginManager/api/json?tree=plugins[shortName,version,active,enabled]",
    retry: true
  });
  const json = parseJson(ctx, res, "pluginManager/api/json");
  const out = /* @__PURE__ */ new Map();
  for (const p of json.plugins ?? []) {
    if (typeof p.shortName !== "string") continue;
    out.set(p.shortName, { version: String(p.version ?? ""), active: p.active !== false && p.enabled !== false });
  }
  return out;
}
var LIST_DEPTH = 4;
var LIST_FIELDS = "_class,name,fullName,url,description";
function listTree(levels) {
  return levels <= 0 ? "jobs[name]" : `jobs[${LIST_FIELDS},${listTree(levels - 1)}]`;
}
async function listJobs(http, folder2) {
  return (await listFolderOf(http, folder2)).items;
}
async function listFolderOf(http, folder2) {
  if (folder2 !== "") validateJobPath(folder2);
  const items = [];
  const className = await listFolder(http, folder2, items);
  return { className, items };
}
async function listFolder(http, folder2, out) {
  const ctx = http.ctx(folder2 === "" ? void 0 : folder2, "list jobs", { notFound: "the folder does not exist" });
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `${folderPath(folder2)}api/json?tree=${encodeQueryValue(`_class,${listTree(LIST_DEPTH)}`)}`,
    retry: true
  });
  const json = parseJson(ctx, res, "api/json");
  await collect(http, json.jobs ?? [], folder2, 1, out);
  return json._class ?? "";
}
async function collect(http, items, parent, level, out) {
  for (const item of items) {
    const name = item.name ?? "";
    const fullName = item.fullName ?? (parent === "" ? name : `${parent}/${name}`);
    const children = item.jobs;
    out.push({
      fullName,
      className: item._class ?? "",
      url: item.url ?? `${http.base.url}${jobUrlPath(fullName).slice(1)}`,
      isFolder: Array.isArray(children),
      description: typeof item.description === "string" ? item.description : ""
    });
    if (!Array.isArray(children) || children.length === 0) continue;
    if (level < LIST_DEPTH) await collect(http, children, fullName, level + 1, out);
    else await listFolder(http, fullName, out);
  }
}
function describedTree(levels, wanted) {
  const own = ["name", "description"];
  if (wanted.nextBuildNumber === true) own.push("nextBuildNumber");
  if (wanted.views === true) own.push("views[name,description]");
  return levels <= 1 ? `jobs[${own.join(",")}]` : `jobs[${own.join(",")},${describedTree(levels - 1, wanted)}]`;
}
async function itemDescriptions(http, folder2, levels, wanted = {}) {
  if (folder2 !== "") validateJobPath(folder2);
  const ctx = http.ctx(folder2 === "" ? void 0 : folder2, "list descriptions", {
    notFound: "the folder does not exist"
  });
  const views = wanted.views === true;
  const top = views ? "description,views[name,description]" : "description";
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `${folderPath(folder2)}api/json?tree=${encodeQueryValue(`${top},${describedTree(levels, wanted)}`)}`,
    retry: true
  });
  const items = [];
  const viewsFound = [];
  const folders = [];
  const descriptionOf = (d) => typeof d === "string" ? d : "";
  const holder = (item, fullName) => {
    if (!Array.isArray(item.jobs) && !Array.isArray(item.views)) return;
    folders.push(fullName);
    for (const v of Array.isArray(item.views) ? item.views : [])
      if (typeof v.name === "string")
        viewsFound.push({ folder: fullName, name: v.name, description: descriptionOf(v.description) });
  };
  const walk = (list, parent) => {
    for (const item of list) {
      const fullName = parent === "" ? item.name ?? "" : `${parent}/${item.name ?? ""}`;
      const listed = { fullName, description: descriptionOf(item.description) };
      if (wanted.nextBuildNumber === true && typeof item.nextBuildNumber === "number")
        listed.neverRan = item.nextBuildNumber === 1;
      items.push(listed);
      holder(item, fullName);
      if (Array.isArray(item.jobs)) walk(item.jobs, fullName);
    }
  };
  const json = parseJson(ctx, res, "api/json");
  holder(json, folder2);
  walk(json.jobs ?? [], folder2);
  const out = { description: descriptionOf(json.description), items };
  return views ? { ...out, views: viewsFound, folders } : out;
}

// provider/client/views.ts
var VIEW_HINTS = {
  notFound: "Check the view's name (view names are case-sensitive) and its folder, and that the user may see it; a view deleted in Jenkins is created again by the next `pulumi up` after a refresh.",
  alreadyExists: "Choose another name, adopt the existing view (adopt: true), or delete it in Jenkins first.",
  folderMissing: "Create the folder first (a View's folder is usually a Job's fullName, which orders them)."
};
function viewFullName(folder2, name) {
  return folder2 === "" ? name : `${folder2}/${name}`;
}
function viewUrlPath(folder2, name) {
  return `${folderPath(folder2)}view/${encodeSegment(name)}/`;
}
function validate2(folder2, name) {
  if (folder2 !== "") validateJobPath(folder2);
  try {
    validateJobName(name);
  } catch (e) {
    if (e instanceof JenkinsError) throw asViewError(e, folder2, name, false);
    throw e;
  }
}
function asViewError(e, folder2, name, folderMissing) {
  const view = viewFullName(folder2, name);
  const fields3 = {
    action: e.action,
    what: e.what,
    status: e.status,
    jenkinsMessage: e.jenkinsMessage,
    hint: e.hint,
    outcomeUnknown: e.outcomeUnknown,
    view
  };
  if (e instanceof JobNotFoundError) {
    return folderMissing ? new ViewNotFoundError({
      ...fields3,
      what: `the folder "${folder2}" does not exist`,
      hint: VIEW_HINTS.folderMissing
    }) : new ViewNotFoundError({ ...fields3, what: "the view does not exist", hint: VIEW_HINTS.notFound });
  }
  if (e instanceof BadRequestError && /^A view already exists with the name/i.test(e.jenkinsMessage ?? "")) {
    return new ViewAlreadyExistsError({
      ...fields3,
      what: "a view with this name already exists",
      hint: VIEW_HINTS.alreadyExists
    });
  }
  return e.restated({ job: void 0, view });
}
async function asView(folder2, name, folderMissing, op) {
  try {
    return await op();
  } catch (e) {
    if (e instanceof JenkinsError && e.view === void 0) throw asViewError(e, folder2, name, folderMissing);
    throw e;
  }
}
async function configIfExists3(http, folder2, name) {
  const ctx = http.ctx(void 0, "read the view's config.xml");
  const res = await http.exchange(ctx, { method: "GET", path: `${viewUrlPath(folder2, name)}config.xml`, retry: true });
  if (res.status === 404) return void 0;
  return configXmlOf(ctx, res);
}
async function createView(http, folder2, name, configXml) {
  validate2(folder2, name);
  await asView(
    folder2,
    name,
    true,
    () => sendOnceThenLook(http, {
      ctx: http.ctx(void 0, "create the view", { xmlPost: true, notRepeatable: true }),
      endpoint: "createView",
      request: {
        method: "POST",
        path: `${folderPath(folder2)}createView?name=${encodeQueryValue(name)}`,
        body: configXml,
        contentType: XML_CONTENT_TYPE,
        retry: false
      },
      ok: is2xx,
      look: () => configIfExists3(http, folder2, name),
      judge: (stored) => stored === void 0 ? { resend: "the view does not exist" } : { done: "the view exists" }
    })
  );
}
async function getViewConfig(http, folder2, name) {
  validate2(folder2, name);
  return asView(folder2, name, false, async () => {
    const ctx = http.ctx(void 0, "read the view's config.xml");
    const res = await http.exchange(ctx, {
      method: "GET",
      path: `${viewUrlPath(folder2, name)}config.xml`,
      retry: true
    });
    return configXmlOf(ctx, res);
  });
}
async function updateViewConfig(http, folder2, name, configXml) {
  validate2(folder2, name);
  await asView(folder2, name, false, async () => {
    const ctx = http.ctx(void 0, "update the view's config.xml", { xmlPost: true });
    const res = await http.exchange(ctx, {
      method: "POST",
      path: `${viewUrlPath(folder2, name)}config.xml`,
      body: configXml,
      contentType: XML_CONTENT_TYPE,
      retry: true
    });
    expectSuccess(ctx, res, is2xx);
  });
}
async function renameView(http, folder2, name, newName) {
  validate2(folder2, name);
  validate2(folder2, newName);
  try {
    await sendRename(http, folder2, name, newName);
  } catch (e) {
    if (e instanceof ViewAlreadyExistsError)
      throw e.restated({
        hint: `The view keeps its name. Choose another name, or rename or delete the other view "${newName}" in Jenkins first.`
      });
    throw e;
  }
}
async function sendRename(http, folder2, name, newName) {
  await asView(
    folder2,
    name,
    false,
    () => sendOnceThenLook(http, {
      ctx: http.ctx(void 0, `rename the view to "${newName}"`, { notRepeatable: true }),
      endpoint: "configSubmit",
      request: {
        method: "POST",
        path: `${viewUrlPath(folder2, name)}configSubmit`,
        body: new URLSearchParams({ name: newName, json: JSON.stringify({ name: newName }) }).toString(),
        contentType: FORM_CONTENT_TYPE,
        retry: false
      },
      ok: redirectIntoJenkins(http.base),
      look: async () => await configIfExists3(http, folder2, name) === void 0 && await configIfExists3(http, folder2, newName) !== void 0,
      judge: (renamed) => renamed ? { done: "the view has its new name" } : { resend: "the view has its old name" }
    })
  );
}
async function deleteView(http, folder2, name) {
  validate2(folder2, name);
  await asView(
    folder2,
    name,
    false,
    () => sendOnceThenLook(http, {
      ctx: http.ctx(void 0, "delete the view", { notRepeatable: true }),
      endpoint: "doDelete",
      request: { method: "POST", path: `${viewUrlPath(folder2, name)}doDelete`, retry: false },
      ok: redirectIntoJenkins(http.base),
      look: async () => await configIfExists3(http, folder2, name) !== void 0,
      judge: (stillThere) => stillThere ? { resend: "the view still exists" } : { done: "the view is gone" }
    })
  );
}
async function listViews(http, folder2) {
  if (folder2 !== "") validateJobPath(folder2);
  const ctx = http.ctx(folder2 === "" ? void 0 : folder2, "list the views");
  const res = await http.exchange(ctx, {
    method: "GET",
    path: `${folderPath(folder2)}api/json?tree=views[name,description]`,
    retry: true
  });
  const doc = parseJson(
    ctx,
    res,
    "api/json"
  );
  return (doc.views ?? []).filter((v) => typeof v.name === "string").map((v) => ({
    name: v.name,
    className: typeof v._class === "string" ? v._class : "",
    description: typeof v.description === "string" ? v.description : ""
  }));
}

// provider/client/jenkins-client.ts
var JenkinsClient = class {
  http;
  constructor(options) {
    this.http = new JenkinsHttp(resolveOptions(options));
  }
  /** Checks that the URL answers like a Jenkins and returns its version (`GET /api/json` + `X-Jenkins`). */
  serverInfo() {
    return this.http.run(() => serverInfo(this.http));
  }
  /** The item's name as Jenkins has it (its letter case), or undefined when there is no such item. */
  itemName(path3) {
    return this.http.run(() => itemName(this.http, path3));
  }
  /** True when the job (or folder) exists and the user may see it. Names are case-insensitive in Jenkins. */
  exists(path3) {
    return this.http.run(() => exists(this.http, path3));
  }
  /** `POST /job/a/job/b/createItem?name=c` with the XML as body. */
  createJob(path3, configXml) {
    return this.http.run(() => createJob(this.http, path3, configXml));
  }
  getConfig(path3) {
    return this.http.run(() => getConfig(this.http, path3));
  }
  updateConfig(path3, configXml) {
    return this.http.run(() => updateConfig(this.http, path3, configXml));
  }
  getDescription(path3) {
    return this.http.run(() => getDescription(this.http, path3));
  }
  setDescription(path3, description) {
    return this.http.run(() => setDescription(this.http, path3, description));
  }
  /** `POST /job/N/enable`; Jenkins answers 302, which is success. */
  enable(path3) {
    return this.http.run(() => toggle(this.http, path3, "enable"));
  }
  disable(path3) {
    return this.http.run(() => toggle(this.http, path3, "disable"));
  }
  /** `POST /job/N/doDelete`; throws JobNotFoundError when the job does not exist (the caller decides). */
  deleteJob(path3) {
    return this.http.run(() => deleteJob(this.http, path3));
  }
  /**
   * Queues a build: `POST /job/N/build`, or `/job/N/buildWithParameters` with the parameters as form fields.
   * Returns the absolute URL of the queue item. Never repeated: after an ambiguous failure the build may or may
   * not be queued, and the error says so.
   */
  build(path3, params) {
    return this.http.run(() => build(this.http, path3, params));
  }
  /** `POST /job/N/polling`: asks Jenkins to check the job's SCM now. */
  poll(path3) {
    return this.http.run(() => poll(this.http, path3));
  }
  /** The numbers of the job's builds, newest first (none for a folder, or a job never built). */
  buildNumbers(path3) {
    return this.http.run(() => buildNumbers(this.http, path3));
  }
  /** Renames the job within its folder (`confirmRename`, which keeps the build history). */
  rename(path3, newName) {
    return this.http.run(() => rename(this.http, path3, newName));
  }
  /**
   * Moves the item (with its history, and everything inside a folder) into the folder `destination` ("" for the
   * top level), keeping its name; a refused move is a MoveRefusedError naming the reason when the server shows it.
   */
  move(path3, destination) {
    return this.http.run(() => move(this.http, path3, destination));
  }
  /** The controller's Jenkinsfile linter on an inline pipeline script (pipeline-model-definition). */
  validateJenkinsfile(script) {
    return this.http.run(() => validateJenkinsfile(this.http, script));
  }
  /** The nodes (with their executors) and clouds a label expression matches. */
  labelInfo(expression) {
    return this.http.run(() => labelInfo(this.http, expression));
  }
  /** Every label of every node, sorted. */
  nodeLabels() {
    return this.http.run(() => nodeLabels(this.http));
  }
  /** The shared libraries an item in `folder` may load ("" for the global ones). */
  libraryNames(folder2) {
    return this.http.run(() => libraryNames(this.http, folder2));
  }
  /** The installed plugins, short name → version and whether it is active; needs Overall/Administer. */
  installedPlugins() {
    return this.http.run(() => installedPlugins(this.http));
  }
  /** Every item under `folder` (default: the whole server), recursively, depth-first, parents before children. */
  listJobs(folder2) {
    return this.http.run(() => listJobs(this.http, folder2 ?? ""));
  }
  /**
   * An item's description and those of the items in it ("" for the root), `levels` deep, in one request; what
   * `wanted` names (the views of every folder listed, each job's next build number) too.
   */
  itemDescriptions(folder2, levels, wanted) {
    return this.http.run(() => itemDescriptions(this.http, folder2, levels, wanted));
  }
  /** The folder's own Java class and every item under it (as `listJobs`), in the same requests. */
  listFolder(folder2) {
    return this.http.run(() => listFolderOf(this.http, folder2));
  }
  /** `POST <folder>/createView?name=N` with the view's XML; `folder` is "" for the root. */
  createView(folder2, name, configXml) {
    return this.http.run(() => createView(this.http, folder2, name, configXml));
  }
  getViewConfig(folder2, name) {
    return this.http.run(() => getViewConfig(this.http, folder2, name));
  }
  updateViewConfig(folder2, name, configXml) {
    return this.http.run(() => updateViewConfig(this.http, folder2, name, configXml));
  }
  /** `POST view/N/configSubmit` renaming the view; post its config.xml after it (the form resets its fields). */
  renameView(folder2, name, newName) {
    return this.http.run(() => renameView(this.http, folder2, name, newName));
  }
  /** `POST view/N/doDelete`; throws ViewNotFoundError when the view does not exist (the caller decides). */
  deleteView(folder2, name) {
    return this.http.run(() => deleteView(this.http, folder2, name));
  }
  /** The views of the root ("") or of a folder, with their classes and descriptions. */
  listViews(folder2) {
    return this.http.run(() => listViews(this.http, folder2));
  }
  /** The credentials of a store's domain (`{}`: the system store's global domain): ids, types, descriptions. */
  listCredentials(store) {
    return this.http.run(() => listCredentials(this.http, store));
  }
  /** The URL names of a store's domains (`_`: the global domain), sorted; `{}` is the system store. */
  listCredentialDomains(store) {
    return this.http.run(() => listCredentialDomains(this.http, store));
  }
  /** The credential ids of every domain of a store (`{}`: the system store), by domain, in one request. */
  listStoreCredentialIds(store) {
    return this.http.run(() => listStoreCredentialIds(this.http, store));
  }
  /** Every credential of a store (`{}`: the system store) with its domain and description, in one request. */
  listStoreDescriptions(store) {
    return this.http.run(() => listStoreDescriptions(this.http, store));
  }
  /** A credential's config.xml, every secret shown by Jenkins as `<secret-redacted/>`. */
  getCredentialConfig(store, id) {
    return this.http.run(() => getCredentialConfig(this.http, store, id));
  }
  /** `createCredentials` with the XML (whose `<id>` is `id`); CredentialAlreadyExistsError when the id is taken. */
  createCredential(store, id, configXml) {
    return this.http.run(() => createCredential(this.http, store, id, configXml));
  }
  /** Replaces the credential; every secret must be in the XML (a redacted one would be stored blank). */
  updateCredentialConfig(store, id, configXml) {
    return this.http.run(() => updateCredentialConfig(this.http, store, id, configXml));
  }
  /** `DELETE …/config.xml`; CredentialNotFoundError when it does not exist (the caller decides). */
  deleteCredential(store, id) {
    return this.http.run(() => deleteCredential(this.http, store, id));
  }
  /** Closes the connection pool; the client cannot be used afterwards. */
  close() {
    return this.http.close();
  }
};

// provider/connection/errors.ts
var ConnectionConfigError = class extends Error {
  constructor(message2) {
    super(message2);
    this.name = "ConnectionConfigError";
  }
};
var ConnectionCheckError = class extends Error {
  constructor(message2, status) {
    super(message2);
    this.status = status;
    this.name = "ConnectionCheckError";
  }
  status;
};

// provider/connection/settings.ts
var DEFAULT_MAX_CONNECTIONS = 16;
var CONFIG_KEYS = {
  url: { config: "jenkins:url", env: "JENKINS_URL" },
  user: { config: "jenkins:user", env: "JENKINS_USER" },
  apiToken: { config: "jenkins:apiToken", env: "JENKINS_API_TOKEN" },
  password: { config: "jenkins:password", env: "JENKINS_PASSWORD" },
  caCert: { config: "jenkins:caCert", env: void 0 },
  insecureSkipTlsVerify: { config: "jenkins:insecureSkipTlsVerify", env: void 0 },
  maxConnections: { config: "jenkins:maxConnections", env: "JENKINS_MAX_CONNECTIONS" },
  adaptiveConcurrency: { config: "jenkins:adaptiveConcurrency", env: "JENKINS_ADAPTIVE_CONCURRENCY" },
  connectTimeoutMs: { config: "jenkins:connectTimeoutMs", env: "JENKINS_CONNECT_TIMEOUT_MS" },
  headersTimeoutMs: { config: "jenkins:headersTimeoutMs", env: "JENKINS_HEADERS_TIMEOUT_MS" },
  bodyTimeoutMs: { config: "jenkins:bodyTimeoutMs", env: "JENKINS_BODY_TIMEOUT_MS" }
};
var TIMEOUTS = {
  connectTimeoutMs: DEFAULTS.connectTimeoutMs,
  headersTimeoutMs: DEFAULTS.headersTimeoutMs,
  bodyTimeoutMs: DEFAULTS.bodyTimeoutMs
};
var MAX_TIMEOUT_MS = 36e5;
var STACK_WIDE = CONFIG_KEYS;
function setCommand(names, key, value, secret2 = false) {
  return `pulumi config set ${secret2 ? "--secret " : ""}${names[key].path ? "--path " : ""}${names[key].config} ${value}`;
}
function envName(names, key) {
  return names[key].env;
}
function asString(v) {
  if (v === void 0 || v === null) return void 0;
  const s = typeof v === "string" ? v : String(v);
  return s.length > 0 ? s : void 0;
}
function readConfig(source) {
  const out = {};
  if (!source) return out;
  for (const key of Object.keys(CONFIG_KEYS)) {
    const value = asString(source.get(CONFIG_KEYS[key].config));
    if (value !== void 0) out[key] = value;
  }
  return out;
}
function parseBoolean(raw, key) {
  if (raw === void 0) return false;
  const v = raw.trim().toLowerCase();
  if (["true", "1", "yes"].includes(v)) return true;
  if (["false", "0", "no", ""].includes(v)) return false;
  throw new ConnectionConfigError(`${key} must be true or false.`);
}
function parseMaxConnections(raw, names) {
  if (raw === void 0) return DEFAULT_MAX_CONNECTIONS;
  const n = Number(raw.trim());
  if (!Number.isInteger(n) || n < 1 || n > 1024) {
    throw new ConnectionConfigError(
      `${names.maxConnections.config} (or ${names.maxConnections.env}) must be a whole number from 1 to 1024; the default is ${DEFAULT_MAX_CONNECTIONS}.`
    );
  }
  return n;
}
function parseAdaptive(raw, names) {
  if (raw === void 0) return true;
  const env = names.adaptiveConcurrency.env;
  return parseBoolean(raw, `${names.adaptiveConcurrency.config}${env ? ` (or ${env})` : ""}`);
}
function parseTimeout(raw, key, names) {
  if (raw === void 0) return void 0;
  const n = Number(raw.trim());
  if (raw.trim() === "" || !Number.isInteger(n) || n < 1 || n > MAX_TIMEOUT_MS) {
    const env = names[key].env;
    throw new ConnectionConfigError(
      `${names[key].config}${env ? ` (or ${env})` : ""} must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}; the default is ${TIMEOUTS[key]}.`
    );
  }
  return n;
}
function loadCaCert(raw, names) {
  if (raw === void 0) return void 0;
  if (raw.includes("-----BEGIN")) return raw;
  try {
    return (0, import_node_fs2.readFileSync)(raw, "utf8");
  } catch {
    throw new ConnectionConfigError(
      // The value itself is not echoed: it may be a mangled certificate or key pasted into the wrong key.
      `${names.caCert.config} is neither PEM text (-----BEGIN CERTIFICATE-----…) nor the path of a readable file.`
    );
  }
}
function checkUrl(raw, names) {
  let parsed2;
  try {
    parsed2 = new URL(raw);
  } catch {
    throw new ConnectionConfigError(
      `The Jenkins URL is not a valid URL. Set it with \`${setCommand(names, "url", "https://jenkins.example.com/")}\` or the ${names.url.env} environment variable.`
    );
  }
  if (parsed2.protocol !== "http:" && parsed2.protocol !== "https:") {
    throw new ConnectionConfigError(`The Jenkins URL must start with http:// or https:// (got ${parsed2.protocol}).`);
  }
  if (parsed2.username || parsed2.password) {
    throw new ConnectionConfigError(
      `The Jenkins URL must not contain a user name or password. Use ${names.user.config} with ${names.apiToken.config} (or ${names.user.env} with ${names.apiToken.env}) instead.`
    );
  }
  if (!parsed2.pathname.endsWith("/")) parsed2.pathname += "/";
  parsed2.search = "";
  parsed2.hash = "";
  return parsed2.toString();
}
function resolveConnection(config, env = process.env, names = STACK_WIDE, opts = {}) {
  const pick = (key) => {
    const fromConfig2 = config[key];
    if (fromConfig2 !== void 0) return fromConfig2;
    const name = envName(names, key);
    return name ? asString(env[name]) : void 0;
  };
  const url = pick("url");
  if (!url) {
    throw new ConnectionConfigError(
      `No Jenkins URL is configured. Set it with \`${setCommand(names, "url", "https://jenkins.example.com/")}\` or the ${names.url.env} environment variable.`
    );
  }
  const envOf = (key) => {
    const name = envName(names, key);
    return name ? asString(env[name]) : void 0;
  };
  const credentialInEnv = opts.envCredentialWins === true && (envOf("apiToken") !== void 0 || envOf("password") !== void 0);
  const user = credentialInEnv ? envOf("user") ?? pick("user") : pick("user");
  const apiToken = credentialInEnv ? envOf("apiToken") : pick("apiToken");
  const password = credentialInEnv ? envOf("password") : pick("password");
  const credentialKey = apiToken ? "apiToken" : "password";
  const fromConfig = config[credentialKey] !== void 0 && !credentialInEnv;
  const credentialFrom = fromConfig ? names[credentialKey].config : envName(names, credentialKey);
  if (!user || !apiToken && !password) {
    throw new ConnectionConfigError(
      `No Jenkins credentials are configured. Set a user and an API token with \`${setCommand(names, "user", "<name>")}\` and \`${setCommand(names, "apiToken", "<token>", true)}\` (or ${names.password.config}), or with the ${names.user.env} and ${names.apiToken.env} (or ${names.password.env}) environment variables.`
    );
  }
  return {
    url: checkUrl(url, names),
    user,
    apiToken,
    // With a token the password is never needed; not keeping it means it cannot leak from here.
    password: apiToken ? void 0 : password,
    caCert: loadCaCert(pick("caCert"), names),
    insecureSkipTlsVerify: parseBoolean(pick("insecureSkipTlsVerify"), names.insecureSkipTlsVerify.config),
    maxConnections: parseMaxConnections(pick("maxConnections"), names),
    adaptiveConcurrency: parseAdaptive(pick("adaptiveConcurrency"), names),
    ...timeouts(pick, names),
    timeoutNames: timeoutNames(config, env, names),
    credentialFrom
  };
}
function timeouts(pick, names) {
  const out = {};
  for (const key of Object.keys(TIMEOUTS)) {
    const value = parseTimeout(pick(key), key, names);
    if (value !== void 0) out[key] = value;
  }
  return out;
}
function timeoutNames(config, env, names) {
  const out = {};
  for (const key of Object.keys(TIMEOUTS)) {
    const { config: configKey, env: variable } = names[key];
    if (config[key] !== void 0 || variable === void 0) out[key] = configKey;
    else if (asString(env[variable]) !== void 0) out[key] = `the ${variable} environment variable`;
    else out[key] = `${configKey} (or the ${variable} environment variable)`;
  }
  return out;
}
var envNamesOf = /* @__PURE__ */ new WeakMap();
function envNames(names) {
  let out = envNamesOf.get(names);
  if (out === void 0) {
    out = Object.values(names).map((k) => k.env).filter((n) => n !== void 0);
    envNamesOf.set(names, out);
  }
  return out;
}
var lastResolved = /* @__PURE__ */ new Map();
function resolveConnectionOnce(config, env = process.env, names = STACK_WIDE, name = "") {
  const values = envNames(names).map((n) => env[n]);
  const last = lastResolved.get(name);
  if (last && last.config === config && last.env === env && last.values.every((v, i) => v === values[i])) {
    return last.settings;
  }
  const settings = resolveConnection(config, env, names, { envCredentialWins: true });
  const caFromFile = config.caCert !== void 0 && !config.caCert.includes("-----BEGIN");
  if (caFromFile) lastResolved.delete(name);
  else lastResolved.set(name, { config, env, values, settings });
  return settings;
}
var clients = /* @__PURE__ */ new Map();
var keys = /* @__PURE__ */ new WeakMap();
function cacheKey(s) {
  let key = keys.get(s);
  if (key === void 0) {
    key = (0, import_node_crypto2.createHash)("sha256").update(JSON.stringify(s)).digest("hex");
    keys.set(s, key);
  }
  return key;
}
function requestLogger(env) {
  if (!parseBoolean(env.JENKINS_LOG_REQUESTS, "JENKINS_LOG_REQUESTS")) return void 0;
  return (line) => process.stderr.write(`jenkins: ${line}
`);
}
function clientKey(settings, proxy) {
  const key = cacheKey(settings);
  if (!hasProxy(proxy)) return key;
  return `${key}:${(0, import_node_crypto2.createHash)("sha256").update(JSON.stringify(proxy)).digest("hex")}`;
}
function clientFor(settings, env = process.env) {
  return clientWithKey(settings, env).client;
}
function clientWithKey(settings, env) {
  const proxy = proxyFromEnvironment(env);
  const key = clientKey(settings, proxy);
  let client3 = clients.get(key);
  if (!client3) {
    client3 = new JenkinsClient({ ...settings, proxy, log: requestLogger(env) });
    clients.set(key, client3);
  }
  return { client: client3, key };
}
var verified = /* @__PURE__ */ new Map();
async function verifiedClientFor(settings, env = process.env) {
  const { client: client3, key } = clientWithKey(settings, env);
  let check6 = verified.get(key);
  if (!check6) {
    const pending2 = client3.serverInfo();
    verified.set(key, pending2);
    pending2.catch(() => {
      if (verified.get(key) === pending2) verified.delete(key);
    });
    check6 = pending2;
  }
  await check6;
  return client3;
}

// provider/connection/controllers.ts
var CONTROLLERS_KEY = "jenkins:controllers";
function envPrefix(name) {
  return `JENKINS_CONTROLLER_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_`;
}
function envSuffix(key) {
  return key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();
}
function controllerKeyNames(name) {
  const names = {};
  for (const key of Object.keys(CONFIG_KEYS)) {
    names[key] = {
      config: `${CONTROLLERS_KEY}.${name}.${key}`,
      env: `${envPrefix(name)}${envSuffix(key)}`,
      path: true
    };
  }
  return names;
}
function readControllers(raw) {
  if (raw === void 0 || raw === null || raw === "") return {};
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ConnectionConfigError(
        `${CONTROLLERS_KEY} must be an object of named controllers, set with \`pulumi config set --path\`.`
      );
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConnectionConfigError(
      `${CONTROLLERS_KEY} must be an object of named controllers, set with \`pulumi config set --path\`.`
    );
  }
  const out = {};
  for (const [name, fields3] of Object.entries(value)) {
    const values = {};
    if (fields3 && typeof fields3 === "object") {
      for (const key of Object.keys(CONFIG_KEYS)) {
        const v = fields3[key];
        if (v !== void 0 && v !== null && v !== "") values[key] = String(v);
      }
    }
    out[name] = values;
  }
  return out;
}
function controllerNames(controllers, env = process.env) {
  const names = new Set(Object.keys(controllers));
  for (const key of Object.keys(env)) {
    const m = /^JENKINS_CONTROLLER_(.+)_URL$/.exec(key);
    if (m && ![...names].some((n) => envPrefix(n) === `JENKINS_CONTROLLER_${m[1]}_`)) names.add(m[1].toLowerCase());
  }
  return [...names].sort();
}
function connectionFor(controller, defaults, controllers, env = process.env) {
  if (controller === void 0 || controller === "") return resolveConnectionOnce(defaults, env);
  const known2 = controllerNames(controllers, env);
  if (!known2.includes(controller)) {
    throw new ConnectionConfigError(
      `Unknown Jenkins controller "${controller}". ` + (known2.length > 0 ? `Known controllers: ${known2.map((n) => `"${n}"`).join(", ")}. ` : "No controllers are configured. ") + `Add it with \`pulumi config set --path ${CONTROLLERS_KEY}.${controller}.url https://…\` (and its user and API token), or remove the \`controller\` argument to use the stack-wide jenkins:url.`
    );
  }
  return resolveConnectionOnce(controllers[controller] ?? {}, env, controllerKeyNames(controller), controller);
}

// provider/plugin/config.ts
var PACKAGE = "jenkins";
var CREDENTIAL_KEYS = /* @__PURE__ */ new Set(["user", "apiToken", "password"]);
function stackConfig(env) {
  const raw = env.PULUMI_CONFIG;
  if (raw === void 0 || raw === "") return {};
  try {
    const parsed2 = JSON.parse(raw);
    return typeof parsed2 === "object" && parsed2 !== null && !Array.isArray(parsed2) ? parsed2 : {};
  } catch {
    return {};
  }
}
function shortKeys(args) {
  const out = {};
  for (const [k, v] of Object.entries(args)) {
    if (v === void 0 || v === null || v === "") continue;
    out[k.startsWith(`${PACKAGE}:`) ? k.slice(PACKAGE.length + 1) : k] = v;
  }
  return out;
}
function configSource(args, variables = {}, env = process.env) {
  const given = { ...shortKeys(variables), ...shortKeys(args) };
  const stack = shortKeys(stackConfig(env));
  const otherJenkins = typeof given.url === "string" && typeof stack.url === "string" && given.url !== stack.url;
  const values = {};
  for (const [k, v] of Object.entries(stack)) {
    if (otherJenkins && CREDENTIAL_KEYS.has(k)) continue;
    values[k] = v;
  }
  Object.assign(values, given);
  return {
    get(key) {
      const short = key.startsWith(`${PACKAGE}:`) ? key.slice(PACKAGE.length + 1) : key;
      return values[short];
    }
  };
}

// provider/plugin/import-ids.ts
var ImportIdError = class extends Error {
  constructor(token, id, expected) {
    super(`Cannot import ${token} "${id}": ${expected}`);
    this.name = "ImportIdError";
  }
};
function split(id) {
  const trimmed = id.replace(/^\/+|\/+$/g, "");
  const at = trimmed.lastIndexOf("/");
  return at < 0 ? { folder: "", name: trimmed } : { folder: trimmed.slice(0, at), name: trimmed.slice(at + 1) };
}
function controllerOf(id) {
  const at = id.indexOf(":");
  if (at <= 0 || id.slice(0, at).includes("/")) return { rest: id };
  return { controller: id.slice(0, at), rest: id.slice(at + 1) };
}
function importedProps(token, id) {
  const { controller, rest } = controllerOf(id);
  const props = itemProps(token, id, rest);
  return controller === void 0 ? props : { ...props, controller };
}
function itemProps(token, id, path3) {
  const { folder: folder2, name } = split(path3);
  if (name === "" && token !== "jenkins:index:FolderSweep")
    throw new ImportIdError(token, id, "the id is the item's full name, e.g. team/api-build.");
  const withFolder = (p) => folder2 === "" ? p : { ...p, folder: folder2 };
  switch (token) {
    case "jenkins:index:Job":
      return withFolder({ name, fullName: folder2 === "" ? name : `${folder2}/${name}` });
    case "jenkins:index:View":
      return withFolder({ name });
    case "jenkins:index:Credential":
      return withFolder({ credentialId: name });
    default:
      throw new ImportIdError(
        token,
        id,
        "a FolderSweep or BuildTrigger is an action, not an item in Jenkins: declare it in the program instead."
      );
  }
}

// provider/xml/canonical-writer.ts
function contentOf(e) {
  let elements = false;
  let text2 = false;
  let blank = true;
  for (const c of e.children) {
    if (c.kind === "element") {
      elements = true;
    } else if (c.kind !== "comment" && c.text !== "") {
      text2 = true;
      if (blank && !isBlank(c.text)) blank = false;
    }
  }
  if (elements) return blank ? "elements" : "inline";
  return text2 ? "inline" : "empty";
}
function startTag2(e, out) {
  out += "<" + e.name;
  for (const [k, v] of e.attrs) out += " " + k + '="' + escapeAttribute(v, false) + '"';
  return out;
}
function writeCanonical(e, depth, out) {
  out = startTag2(e, out);
  const content = contentOf(e);
  if (content === "empty") return out + "/>";
  out += ">";
  if (content === "inline") return writeInlineChildren(e, out) + "</" + e.name + ">";
  const inner = newlineIndent(depth + 1);
  for (const c of e.children) {
    if (c.kind === "element") out = writeCanonical(c, depth + 1, out + inner);
  }
  return out + newlineIndent(depth) + "</" + e.name + ">";
}
function writeInlineChildren(e, out) {
  for (const c of e.children) {
    if (c.kind === "element") {
      out = startTag2(c, out);
      if (contentOf(c) === "empty") out += "/>";
      else out = writeInlineChildren(c, out + ">") + "</" + c.name + ">";
    } else if (c.kind !== "comment") {
      out += escapeText(c.text, false);
    }
  }
  return out;
}

// provider/xml/canonical.ts
var CANONICAL_DECLARATION = "<?xml version='1.1' encoding='UTF-8'?>";
function canonicalizeConfig(xml, opts) {
  return canonicalizeDocument(parseXml(xml, opts));
}
function canonicalizeDocument(doc) {
  const root = "kind" in doc ? doc : doc.root;
  return writeCanonical(root, 0, CANONICAL_DECLARATION + "\n");
}

// provider/credential/render.ts
var import_node_crypto4 = require("node:crypto");

// provider/resource/secrets/state.ts
var import_node_crypto3 = require("node:crypto");

// provider/resource/secrets/fields.ts
var SECRET_FIELDS = {
  "hudson.model.PasswordParameterDefinition": ["defaultValue"],
  "com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl": ["password"],
  "com.cloudbees.plugins.credentials.impl.CertificateCredentialsImpl": ["password"],
  "com.cloudbees.plugins.credentials.impl.CertificateCredentialsImpl$UploadedKeyStoreSource": ["uploadedKeystoreBytes"],
  "org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl": ["secret"],
  "org.jenkinsci.plugins.plaincredentials.impl.FileCredentialsImpl": ["secretBytes"],
  "com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey": ["passphrase"],
  "com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey$DirectEntryPrivateKeySource": [
    "privateKey"
  ],
  "org.jenkinsci.plugins.github_branch_source.GitHubAppCredentials": ["privateKey"],
  "com.cloudbees.jenkins.plugins.awscredentials.AWSCredentialsImpl": ["secretKey"],
  "com.datapipe.jenkins.vault.credentials.VaultTokenCredential": ["token"],
  "com.datapipe.jenkins.vault.credentials.VaultAppRoleCredential": ["secretId"],
  "org.jenkinsci.plugins.envinject.EnvInjectPasswordEntry": ["value"]
};
var MARKERS = [...new Set(Object.keys(SECRET_FIELDS).map((c) => c.slice(c.lastIndexOf(".") + 1))), "{AQAAAB"];
function mayHoldSecrets(xml) {
  for (const m of MARKERS) if (xml.includes(m)) return true;
  return false;
}
var ENCRYPTED = /^\{AQAAABAAAA[A-Za-z0-9+/]+={0,2}\}$/;
function isEncryptedSecret(text2) {
  return ENCRYPTED.test(text2);
}
function placeholder(index) {
  return `[secret ${index + 1}]`;
}
var PLACEHOLDER = /^\[secret ([1-9]\d*)\]$/;
function placeholderIndex(text2) {
  const m = PLACEHOLDER.exec(text2);
  return m === null ? void 0 : Number(m[1]) - 1;
}
var SECRET_VALUES_KEY = "secretValues";

// provider/resource/secrets/state.ts
var CHANGED_IN_JENKINS = "changed in Jenkins";
function decodeClassName(elementName) {
  return elementName.replace(/_([_-])/g, (_m, c) => c === "_" ? "_" : "$");
}
function classOf(e) {
  const explicit = e.attrs.find(([n]) => n === "class")?.[1];
  if (explicit !== void 0) return explicit;
  return e.name.includes(".") ? decodeClassName(e.name) : void 0;
}
function withText(e, text2) {
  return { ...e, children: [{ kind: "text", text: text2 }] };
}
function maskSecrets(root, text2) {
  const values = [];
  const paths = [];
  if (text2 !== void 0 && !mayHoldSecrets(text2)) return { root, values, paths };
  const walk = (e, path3) => {
    const fields3 = SECRET_FIELDS[classOf(e) ?? ""];
    let changed = false;
    const children = e.children.map((c) => {
      if (c.kind !== "element") return c;
      const at = `${path3}/${c.name}`;
      const own = textOf(c).trim();
      const secret2 = fields3?.includes(c.name) && elementChildren(c).length === 0 || isEncryptedSecret(own) || placeholderIndex(own) !== void 0;
      if (secret2) {
        changed = true;
        values.push(textOf(c));
        paths.push(at);
        return withText(c, placeholder(values.length - 1));
      }
      const next = walk(c, at);
      if (next !== c) changed = true;
      return next;
    });
    return changed ? { ...e, children } : e;
  };
  return { root: walk(root, root.name), values, paths };
}
function revealSecrets(xml, values) {
  if (values.length === 0) return xml;
  return xml.replace(/>\[secret ([1-9]\d*)\]</g, (m, n) => {
    const value = values[Number(n) - 1];
    return value === void 0 ? m : `>${escapeText(value, false)}<`;
  });
}
function secretsProblem(masked, values) {
  const list = Array.isArray(values) ? values : [];
  if (values !== void 0 && values !== null && !list.every((v) => typeof v === "string"))
    return "secretValues must be a list of strings.";
  const clear = masked.values.findIndex((v, i) => placeholderIndex(v.trim()) !== i);
  if (clear >= 0) {
    return `${masked.paths[clear]} holds a secret that was not replaced by a placeholder, so it would be stored in the state in clear. Declare the job with the Job class of this package, which moves secrets into an encrypted input.`;
  }
  if (masked.values.length !== list.length) {
    return `the config has ${masked.values.length} secret placeholder(s) but ${list.length} secret value(s) were given.`;
  }
  return void 0;
}
function digestOf(text2) {
  return (0, import_node_crypto3.createHash)("sha256").update(text2, "utf8").digest("hex");
}
function stringList(v) {
  return Array.isArray(v) ? v.map((x) => typeof x === "string" ? x : "") : [];
}
function learnedDigests(remote) {
  return remote.map((r) => isEncryptedSecret(r.trim()) ? digestOf(r.trim()) : "");
}
function compareSecrets(olds, remote) {
  const declared2 = stringList(olds.secretValues);
  const recorded = stringList(olds.secretDigests);
  let drifted = remote.length !== declared2.length;
  const digests = remote.map((raw, i) => {
    const r = raw.trim();
    const known2 = recorded[i] ?? "";
    if (r === declared2[i]) return known2 !== "" || !isEncryptedSecret(r) ? known2 : digestOf(r);
    if (known2 !== "" && known2 !== CHANGED_IN_JENKINS && digestOf(r) === known2) return known2;
    if (known2 === "" && isEncryptedSecret(r)) return digestOf(r);
    drifted = true;
    return CHANGED_IN_JENKINS;
  });
  return { digests, drifted };
}
function secretsChanged(olds, values) {
  const before = stringList(olds.secretValues);
  const after = stringList(values);
  if (before.length !== after.length || before.some((v, i) => v !== after[i])) return true;
  return stringList(olds.secretDigests).includes(CHANGED_IN_JENKINS);
}
function secretCount(values) {
  return Array.isArray(values) ? values.length : 0;
}

// provider/credential/render.ts
var TYPED_CLASSES = {
  secretText: {
    root: "org.jenkinsci.plugins.plaincredentials.impl.StringCredentialsImpl",
    plugin: "plain-credentials"
  },
  usernamePassword: {
    root: "com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl",
    plugin: "credentials"
  },
  sshPrivateKey: {
    root: "com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey",
    plugin: "ssh-credentials"
  },
  secretFile: { root: "org.jenkinsci.plugins.plaincredentials.impl.FileCredentialsImpl", plugin: "plain-credentials" }
};
var DIRECT_ENTRY = "com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey$DirectEntryPrivateKeySource";
var SECRET_NAMES = {
  secretText: ["secretText.secret"],
  usernamePassword: ["usernamePassword.password"],
  sshPrivateKey: ["sshPrivateKey.privateKey", "sshPrivateKey.passphrase"],
  secretFile: ["secretFile.content"]
};
function kindOf(v) {
  if (v.secretText !== void 0) return "secretText";
  if (v.usernamePassword !== void 0) return "usernamePassword";
  if (v.sshPrivateKey !== void 0) return "sshPrivateKey";
  if (v.secretFile !== void 0) return "secretFile";
  return "configXml";
}
var el = (name, text2) => `  <${name}>${escapeText(text2, false)}</${name}>
`;
function common(v) {
  return el("scope", v.scope ?? "GLOBAL") + el("id", v.credentialId) + el("description", v.description ?? "");
}
function renderCredential(v, values) {
  const kind = kindOf(v);
  const secret2 = (i) => values === void 0 ? `[secret ${i + 1}]` : values[i] ?? "";
  if (kind === "configXml") {
    const withFields = withCommonFields(v.configXml, v);
    return values === void 0 ? withFields : revealSecrets(withFields, values);
  }
  const root = TYPED_CLASSES[kind].root;
  let body = common(v);
  if (kind === "secretText") body += el("secret", secret2(0));
  else if (kind === "usernamePassword")
    body += el("usernameSecret", "false") + el("username", v.usernamePassword.username) + el("password", secret2(0));
  else if (kind === "sshPrivateKey") {
    body += el("username", v.sshPrivateKey.username) + el("usernameSecret", "false") + `  <privateKeySource class="${DIRECT_ENTRY}">
  ${el("privateKey", secret2(0))}  </privateKeySource>
`;
    if (values === void 0 || secret2(1) !== "") body += el("passphrase", secret2(1));
  } else {
    body += el("fileName", v.secretFile.fileName);
    body += el("secretBytes", values === void 0 ? secret2(0) : Buffer.from(secret2(0), "utf8").toString("base64"));
  }
  return `<${root}>
${body}</${root}>
`;
}
var COMMON = ["scope", "id", "description"];
function textElement(name, text2) {
  return { kind: "element", name, attrs: [], children: [{ kind: "text", text: text2 }] };
}
function withCommonFields(xml, v) {
  const doc = parseXml(xml);
  const values = {
    scope: v.scope ?? childText(doc.root, "scope") ?? "GLOBAL",
    id: v.credentialId,
    description: v.description ?? childText(doc.root, "description") ?? ""
  };
  const rest = doc.root.children.filter(
    (c) => !(c.kind === "element" && COMMON.includes(c.name))
  );
  const children = [...COMMON.map((n) => textElement(n, values[n])), ...rest];
  return canonicalizeDocument({ ...doc, root: { ...doc.root, children } });
}
function fieldsOfConfig(xml) {
  const root = parseXml(xml).root;
  const fields3 = {
    type: root.name,
    scope: childText(root, "scope")?.trim() || "GLOBAL",
    description: childText(root, "description") ?? ""
  };
  const username = childText(root, "username");
  if (username !== void 0) fields3.username = username;
  const fileName = childText(root, "fileName");
  if (fileName !== void 0) fields3.fileName = fileName;
  return fields3;
}
function declaredFields(v) {
  const kind = kindOf(v);
  if (kind === "configXml") return fieldsOfConfig(withCommonFields(v.configXml, v));
  const fields3 = {
    type: TYPED_CLASSES[kind].root,
    scope: v.scope ?? "GLOBAL",
    description: v.description ?? ""
  };
  if (kind === "usernamePassword") fields3.username = v.usernamePassword.username;
  if (kind === "sshPrivateKey") fields3.username = v.sshPrivateKey.username;
  if (kind === "secretFile") fields3.fileName = v.secretFile.fileName;
  return fields3;
}
function fieldChanges(declared2, remote) {
  const keys2 = ["type", "scope", "description", "username", "fileName"];
  return keys2.filter((k) => declared2[k] !== void 0 && declared2[k] !== remote[k]);
}
function isSecretSlot(e) {
  const kids = elementChildren(e);
  if (kids.length === 1 && kids[0].name === "secret-redacted") return true;
  return kids.length === 0 && placeholderIndex(textOf(e).trim()) !== void 0;
}
function withoutSecrets(e) {
  return {
    ...e,
    children: e.children.map((c) => {
      if (c.kind !== "element") return c;
      if (isSecretSlot(c)) return { ...c, children: [] };
      return withoutSecrets(c);
    })
  };
}
function spelledAs(declaredName, remote) {
  return decodeClassName(declaredName) === decodeClassName(remote.name) ? { ...remote, name: declaredName } : remote;
}
function sameConfigCredential(declared2, remote) {
  const d = withoutSecrets(parseXml(declared2).root);
  const r = withoutSecrets(spelledAs(parseXml(declared2).root.name, parseXml(remote).root));
  const names = new Set(elementChildren(d).map((c) => c.name));
  const trimmed = { ...r, children: r.children.filter((c) => c.kind !== "element" || names.has(c.name)) };
  return elementsEqual(d, trimmed);
}
function slotsOf(root) {
  const slots = [];
  const collect2 = (e) => {
    for (const c of elementChildren(e)) {
      if (isSecretSlot(c)) slots.push(textOf(c).trim());
      else collect2(c);
    }
  };
  collect2(root);
  return slots;
}
var sha256 = (text2) => (0, import_node_crypto4.createHash)("sha256").update(text2, "utf8").digest("hex");
function credentialDigestOf(configXml, rendered) {
  const root = parseXml(rendered).root;
  return {
    root: root.name,
    canonical: sha256(configXml),
    semantic: semanticDigest(withoutSecrets(root)),
    fields: [...new Set(elementChildren(root).map((c) => c.name))],
    slots: slotsOf(root)
  };
}
function isCredentialDigest(value) {
  const d = value;
  return typeof d === "object" && d !== null && typeof d.canonical === "string" && Array.isArray(d.slots);
}
function sameInput(digest, configXml) {
  return digest.canonical === sha256(configXml);
}
function sameAsDigest(digest, remote) {
  const r = withoutSecrets(spelledAs(digest.root, parseXml(remote).root));
  const names = new Set(digest.fields);
  const trimmed = { ...r, children: r.children.filter((c) => c.kind !== "element" || names.has(c.name)) };
  return semanticDigest(trimmed) === digest.semantic;
}
function driftedConfigXml(declared2, remote) {
  const declaredRoot = typeof declared2 === "string" ? parseXml(declared2).root.name : declared2.root;
  const slots = typeof declared2 === "string" ? slotsOf(parseXml(declared2).root) : declared2.slots;
  let n = 0;
  const fill = (e) => ({
    ...e,
    children: e.children.map((c) => {
      if (c.kind !== "element") return c;
      if (!isSecretSlot(c)) return fill(c);
      const text2 = slots[n] ?? `[secret ${n + 1}]`;
      n++;
      return { ...c, children: [{ kind: "text", text: text2 }] };
    })
  });
  const doc = parseXml(remote);
  return canonicalizeDocument({ ...doc, root: fill(spelledAs(declaredRoot, doc.root)) });
}

// provider/credential/types.ts
var TYPED_KINDS = ["secretText", "usernamePassword", "sshPrivateKey", "secretFile"];
var KINDS = [...TYPED_KINDS, "configXml"];

// provider/resource/secrets/hide-text.ts
var START_TAG = /<([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
var CLASS_ATTR = /\sclass\s*=\s*(?:"([^"]*)"|'([^']*)')/;
var ENCRYPTED_TEXT = />(\s*\{AQAAABAAAA[A-Za-z0-9+/]+={0,2}\}\s*)</g;
function decodeClassName2(elementName) {
  return elementName.replace(/_([_-])/g, (_m, c) => c === "_" ? "_" : "$");
}
function classOf2(name, attrs) {
  const m = CLASS_ATTR.exec(attrs);
  if (m !== null) return m[1] ?? m[2];
  return name.includes(".") ? decodeClassName2(name) : void 0;
}
var ENTITIES = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
function textContent(raw) {
  let out = "";
  let i = 0;
  while (i < raw.length) {
    const cdata = raw.indexOf("<![CDATA[", i);
    const plain2 = cdata < 0 ? raw.slice(i) : raw.slice(i, cdata);
    if (plain2.includes("<")) return void 0;
    out += plain2.replace(
      /&(#x[0-9A-Fa-f]+|#\d+|lt|gt|amp|quot|apos);/g,
      (_m, e) => e.startsWith("#x") ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith("#") ? String.fromCodePoint(Number(e.slice(1))) : ENTITIES[e]
    );
    if (cdata < 0) break;
    const end = raw.indexOf("]]>", cdata);
    if (end < 0) return void 0;
    out += raw.slice(cdata + 9, end);
    i = end + 3;
  }
  return out;
}
function fieldRanges(xml, bodyStart, bodyEnd, fields3) {
  const out = [];
  const body = xml.slice(bodyStart, bodyEnd);
  for (const field of fields3) {
    const re = new RegExp(`<${field.replace(/[.]/g, "\\.")}(\\s[^>]*?)?(?:/>|>([\\s\\S]*?)</${field}\\s*>)`, "g");
    for (const m of body.matchAll(re)) {
      const at = bodyStart + (m.index ?? 0);
      if (m[2] === void 0) {
        const attrs = m[1] ?? "";
        out.push({
          start: at,
          end: at + m[0].length,
          value: "",
          write: (p) => `<${field}${attrs}>${p}</${field}>`
        });
        continue;
      }
      const value = textContent(m[2]);
      if (value === void 0 || placeholderIndex(value.trim()) !== void 0) continue;
      const start = at + m[0].indexOf(">") + 1;
      out.push({ start, end: start + m[2].length, value, write: (p) => p });
    }
  }
  return out;
}
function hideInXml(xml, first2 = 0) {
  if (!mayHoldSecrets(xml)) return { value: xml, values: [] };
  const ranges = [];
  for (const m of xml.matchAll(START_TAG)) {
    if (m[3] === "/") continue;
    const fields3 = SECRET_FIELDS[classOf2(m[1], m[2] ?? "") ?? ""];
    if (fields3 === void 0) continue;
    const bodyStart = (m.index ?? 0) + m[0].length;
    const bodyEnd = xml.indexOf(`</${m[1]}`, bodyStart);
    if (bodyEnd >= 0) ranges.push(...fieldRanges(xml, bodyStart, bodyEnd, fields3));
  }
  for (const m of xml.matchAll(ENCRYPTED_TEXT)) {
    const start = (m.index ?? 0) + 1;
    ranges.push({ start, end: start + m[1].length, value: m[1].trim(), write: (p) => p });
  }
  ranges.sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  const values = [];
  for (const r of ranges) {
    if (r.start < at) continue;
    out += xml.slice(at, r.start) + r.write(placeholder(first2 + values.length));
    values.push(r.value);
    at = r.end;
  }
  return { value: out + xml.slice(at), values };
}
function specHoldsSecrets(spec) {
  const params = spec?.parameters;
  return Array.isArray(params) && params.some((p) => p?.type === "password");
}
function hideInSpec(spec) {
  if (!specHoldsSecrets(spec)) return { value: spec, values: [] };
  const values = [];
  const params = spec.parameters.map((p) => {
    if (p?.type !== "password") return p;
    const given = p.default;
    if (typeof given === "string" && placeholderIndex(given) !== void 0) return p;
    values.push(typeof given === "string" ? given : "");
    return { ...p, default: placeholder(values.length - 1) };
  });
  return { value: { ...spec, parameters: params }, values };
}
var SECRET_SOURCES = ["configXml", "pipeline", "freestyle"];

// provider/plugin/program-side.ts
function prepareJob(news, secrets) {
  if (news[SECRET_VALUES_KEY] !== void 0) return { props: news, secrets: /* @__PURE__ */ new Set([...secrets, SECRET_VALUES_KEY]) };
  let props;
  let out;
  const values = [];
  for (const key of SECRET_SOURCES) {
    const given = news[key];
    if (given === void 0 || given === null || given === UNKNOWN) continue;
    const hidden = key === "configXml" ? typeof given === "string" ? hideInXml(given) : { value: given, values: [] } : hideInSpec(given);
    if (hidden.values.length === 0) continue;
    props ??= { ...news };
    out ??= new Set(secrets);
    props[key] = hidden.value;
    values.push(...hidden.values);
    out.delete(key);
  }
  if (props === void 0 || out === void 0) return { props: news, secrets };
  props[SECRET_VALUES_KEY] = values;
  out.add(SECRET_VALUES_KEY);
  return { props, secrets: out };
}
var secretFieldsOf = (kind) => SECRET_NAMES[kind].map((n) => n.slice(kind.length + 1));
function prepareCredential(news, secrets) {
  const props = { ...news };
  const out = new Set(secrets);
  if (props.credentialId === void 0 && props.id !== void 0) {
    props.credentialId = props.id;
    delete props.id;
    if (out.delete("id")) out.add("credentialId");
  }
  if (news[SECRET_VALUES_KEY] !== void 0) {
    out.add(SECRET_VALUES_KEY);
    return { props, secrets: out };
  }
  for (const kind of TYPED_KINDS) {
    const fields3 = secretFieldsOf(kind);
    const spec = news[kind];
    if (typeof spec !== "object" || spec === null || Array.isArray(spec)) continue;
    if (!fields3.some((f) => f in spec)) continue;
    const rest = { ...spec };
    const values = fields3.map((f) => {
      const v = rest[f];
      delete rest[f];
      return v === void 0 || v === null ? "" : v;
    });
    props[kind] = rest;
    props[SECRET_VALUES_KEY] = values.some((v) => v === UNKNOWN) ? UNKNOWN : values;
    out.delete(kind);
    out.add(SECRET_VALUES_KEY);
    break;
  }
  if (props.configXml !== void 0 && props[SECRET_VALUES_KEY] === void 0 && typeof props.configXml === "string") {
    const hidden = props.configXml === UNKNOWN ? void 0 : hideInXml(props.configXml);
    if (hidden !== void 0 && hidden.values.length > 0) {
      props.configXml = hidden.value;
      props[SECRET_VALUES_KEY] = hidden.values;
      out.delete("configXml");
      out.add(SECRET_VALUES_KEY);
    }
  }
  return { props, secrets: out };
}
function asFromProgram(token, news, secrets) {
  if (token === "jenkins:index:Job") return prepareJob(news, secrets);
  if (token === "jenkins:index:Credential") return prepareCredential(news, secrets);
  return { props: news, secrets };
}

// provider/resource/lifecycle.ts
var lifecycle_exports = {};
__export(lifecycle_exports, {
  check: () => check,
  configure: () => configure,
  create: () => create,
  delete: () => deleteJob2,
  deleteJob: () => deleteJob2,
  diff: () => diff2,
  read: () => read,
  update: () => update
});
var import_node_crypto8 = require("node:crypto");

// provider/specs/errors.ts
var JobSpecError = class extends Error {
  kind;
  issues;
  constructor(kind, issues) {
    const lines = issues.map((i) => `${i.path}: ${i.message}`);
    super(`Invalid ${kind} spec: ${lines.join("; ")}`);
    this.name = "JobSpecError";
    this.kind = kind;
    this.issues = issues;
  }
};

// provider/specs/nodes.ts
function obj(name, children = [], attrs = []) {
  return { kind: "element", name, attrs, children };
}
function str(name, value) {
  return { kind: "element", name, attrs: [], children: [{ kind: "text", text: value }] };
}
function bool(name, value) {
  return str(name, value ? "true" : "false");
}
function int(name, value) {
  return str(name, String(value));
}
function classAttr(className) {
  return ["class", className];
}

// provider/specs/document.ts
var XSTREAM_DECLARATION = "<?xml version='1.1' encoding='UTF-8'?>";
function writeConfig(root) {
  return writeXml(root, { declaration: XSTREAM_DECLARATION, style: "xstream" });
}
function descriptionElement(fields3) {
  return str("description", fields3?.description ?? "");
}
function isDisabled(fields3) {
  return fields3?.enabled === false;
}

// provider/specs/plugins.ts
var RENDERED_PLUGIN_VERSIONS = {
  "workflow-job": "1571.vb_423c255d6d9",
  "workflow-cps": "4259.vf653c2b_8a_b_69",
  git: "5.10.0",
  junit: "1403.vd9d1413fd205",
  "cloudbees-folder": "6.1079.vc0975c2de294",
  "workflow-multibranch": "821.vc3b_4ea_780798",
  "branch-api": "2.1280.v0d4e5b_b_460ef",
  "github-branch-source": "1967.vdea_d580c1a_b_a_",
  "scm-api": "728.vc30dcf7a_0df5"
};
function pluginAttr(shortName) {
  return ["plugin", `${shortName}@${RENDERED_PLUGIN_VERSIONS[shortName]}`];
}

// provider/specs/checker.ts
function isGiven(v) {
  return v !== void 0 && v !== null;
}
var NOT_XML = /[\u0000\uFFFE\uFFFF]/;
var Checker = class {
  issues = [];
  add(path3, message2) {
    this.issues.push({ path: path3, message: message2 });
  }
  /** A plain object (not an array); reports and returns false otherwise. */
  object(v, path3) {
    if (typeof v === "object" && v !== null && !Array.isArray(v)) return true;
    this.add(path3, `must be an object, got ${describe2(v)}`);
    return false;
  }
  array(v, path3) {
    if (Array.isArray(v)) return true;
    this.add(path3, `must be a list, got ${describe2(v)}`);
    return false;
  }
  /** Reports keys outside `allowed` (a typo would otherwise be ignored silently); `hint` may add advice per key. */
  onlyKeys(o, path3, allowed, hint) {
    for (const key of Object.keys(o)) {
      if (allowed.includes(key)) continue;
      const advice = typeof hint === "function" ? hint(key) : hint;
      this.add(`${path3}.${key}`, `unknown field; expected one of: ${allowed.join(", ")}${advice ? `. ${advice}` : ""}`);
    }
  }
  /** Checks an optional (or, with `required`, mandatory) string field. */
  string(o, key, path3, opts = {}) {
    const v = o[key];
    const at = `${path3}.${key}`;
    if (!isGiven(v)) {
      if (opts.required) this.add(at, "is required");
      return;
    }
    this.stringValue(v, at, opts);
  }
  stringValue(v, at, opts = {}) {
    if (typeof v !== "string") {
      this.add(at, `must be a string, got ${describe2(v)}`);
      return false;
    }
    if (opts.nonEmpty && v.trim() === "") this.add(at, "must not be empty");
    else if (opts.singleLine && /[\r\n]/.test(v)) this.add(at, "must be a single line");
    if (NOT_XML.test(v)) this.add(at, "must not contain NUL, U+FFFE or U+FFFF (XML cannot hold them)");
    return true;
  }
  boolean(o, key, path3) {
    const v = o[key];
    if (isGiven(v) && typeof v !== "boolean") this.add(`${path3}.${key}`, `must be true or false, got ${describe2(v)}`);
  }
  /** An optional whole number of at least `min`. */
  integer(o, key, path3, min) {
    const v = o[key];
    if (!isGiven(v)) return;
    if (typeof v !== "number" || !Number.isInteger(v)) {
      this.add(`${path3}.${key}`, `must be a whole number, got ${describe2(v)}`);
    } else if (v < min) {
      this.add(`${path3}.${key}`, `must be at least ${min}`);
    } else if (v > 2147483647) {
      this.add(`${path3}.${key}`, "must fit a Java int (at most 2147483647)");
    }
  }
};
function describe2(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "string") return v === "" ? "an empty string" : "a string";
  const t = typeof v;
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`;
}

// provider/specs/indexing.ts
var INDEXING_INTERVALS = {
  "1m": 6e4,
  "2m": 12e4,
  "5m": 3e5,
  "10m": 6e5,
  "15m": 9e5,
  "20m": 12e5,
  "25m": 15e5,
  "30m": 18e5,
  "1h": 36e5,
  "2h": 72e5,
  "4h": 144e5,
  "8h": 288e5,
  "12h": 432e5,
  "1d": 864e5,
  "2d": 1728e5,
  "7d": 6048e5,
  "14d": 12096e5,
  "28d": 24192e5
};
var MINUTE = 6e4;
var HOUR = 60 * MINUTE;
var DAY = 24 * HOUR;
function indexingCron(millis) {
  if (millis <= 5 * MINUTE) return "* * * * *";
  if (millis <= 30 * MINUTE) return "H/5 * * * *";
  if (millis <= HOUR) return "H/15 * * * *";
  if (millis <= 8 * HOUR) return "H/30 * * * *";
  if (millis <= DAY) return "H H/4 * * *";
  if (millis <= 2 * DAY) return "H H/12 * * *";
  return "H H * * *";
}

// provider/specs/validate.ts
var JOB_SPEC_KINDS = ["pipeline", "freestyle", "folder", "multibranch"];
var PARAMETER_TYPES = ["string", "boolean", "choice", "password"];
var THRESHOLDS = ["SUCCESS", "UNSTABLE", "FAILURE"];
function parameters(c, v, path3) {
  if (!c.array(v, path3)) return;
  const seen = /* @__PURE__ */ new Map();
  v.forEach((p, i) => {
    const at = `${path3}[${i}]`;
    if (!c.object(p, at)) return;
    const type = p.type;
    if (!isGiven(type)) {
      c.add(`${at}.type`, `is required: one of ${PARAMETER_TYPES.join(", ")}`);
      return;
    }
    if (!PARAMETER_TYPES.includes(type)) {
      c.add(`${at}.type`, `unknown parameter type; expected one of ${PARAMETER_TYPES.join(", ")}`);
      return;
    }
    c.string(p, "name", at, { required: true, nonEmpty: true, singleLine: true });
    c.string(p, "description", at);
    if (type === "string") {
      c.onlyKeys(p, at, ["type", "name", "default", "description", "trim"]);
      c.string(p, "default", at);
      c.boolean(p, "trim", at);
    } else if (type === "boolean") {
      c.onlyKeys(p, at, ["type", "name", "default", "description"]);
      c.boolean(p, "default", at);
    } else if (type === "password") {
      c.onlyKeys(p, at, ["type", "name", "default", "description"]);
      c.string(p, "default", at);
    } else {
      c.onlyKeys(p, at, ["type", "name", "choices", "description"], "The first choice is the default.");
      if (!isGiven(p.choices)) c.add(`${at}.choices`, "is required: a list of at least one choice");
      else if (c.array(p.choices, `${at}.choices`)) {
        if (p.choices.length === 0) c.add(`${at}.choices`, "must hold at least one choice");
        p.choices.forEach((choice, j) => c.stringValue(choice, `${at}.choices[${j}]`, { singleLine: true }));
      }
    }
    if (typeof p.name === "string" && p.name.trim() !== "") {
      const first2 = seen.get(p.name);
      if (first2 !== void 0) c.add(`${at}.name`, `duplicate parameter name (also used by ${path3}[${first2}])`);
      else seen.set(p.name, i);
    }
  });
}
function triggers(c, v, path3) {
  if (!c.object(v, path3)) return;
  c.onlyKeys(v, path3, ["cron", "pollScm", "upstream"]);
  c.string(v, "cron", path3, { nonEmpty: true });
  c.string(v, "pollScm", path3);
  const up = v.upstream;
  const at = `${path3}.upstream`;
  if (!isGiven(up) || !c.object(up, at)) return;
  c.onlyKeys(up, at, ["projects", "threshold"]);
  if (!isGiven(up.projects)) c.add(`${at}.projects`, "is required: full names of the upstream jobs");
  else if (c.array(up.projects, `${at}.projects`)) {
    if (up.projects.length === 0) c.add(`${at}.projects`, "must name at least one job");
    up.projects.forEach((name, i) => {
      const p = `${at}.projects[${i}]`;
      if (c.stringValue(name, p, { nonEmpty: true, singleLine: true }) && name.includes(",")) {
        c.add(p, "must not contain a comma (give each job as its own entry)");
      }
    });
  }
  if (isGiven(up.threshold) && !THRESHOLDS.includes(up.threshold)) {
    c.add(`${at}.threshold`, `must be one of ${THRESHOLDS.join(", ")}`);
  }
}
var DISCARDER_KEYS = ["daysToKeep", "numToKeep", "artifactDaysToKeep", "artifactNumToKeep"];
function buildDiscarder(c, v, path3) {
  if (!c.object(v, path3)) return;
  c.onlyKeys(v, path3, DISCARDER_KEYS);
  for (const key of DISCARDER_KEYS) c.integer(v, key, path3, 1);
  if (!DISCARDER_KEYS.some((key) => isGiven(v[key]))) {
    c.add(path3, `needs at least one of ${DISCARDER_KEYS.join(", ")} (omit buildDiscarder to keep all builds)`);
  }
}
function gitScm(c, v, path3, extraKeys = []) {
  if (!c.object(v, path3)) return false;
  c.onlyKeys(v, path3, ["url", "branch", "credentialsId", ...extraKeys]);
  c.string(v, "url", path3, { required: true, nonEmpty: true, singleLine: true });
  c.string(v, "branch", path3, { nonEmpty: true, singleLine: true });
  c.string(v, "credentialsId", path3, { nonEmpty: true, singleLine: true });
  return true;
}
function commonJobFields(c, s, path3) {
  if (isGiven(s.parameters)) parameters(c, s.parameters, `${path3}.parameters`);
  if (isGiven(s.triggers)) triggers(c, s.triggers, `${path3}.triggers`);
  if (isGiven(s.buildDiscarder)) buildDiscarder(c, s.buildDiscarder, `${path3}.buildDiscarder`);
  c.integer(s, "quietPeriod", path3, 0);
}
function jobHint(key) {
  if (["description", "disabled", "enabled"].includes(key)) {
    return "A job's description and enabled state are the Job's own `description` and `enabled` inputs";
  }
  if (key === "concurrentBuild") return "Pipeline jobs spell it concurrentBuilds";
  if (key === "concurrentBuilds") return "freestyle jobs spell it concurrentBuild";
  return void 0;
}
function pipeline(c, s, path3) {
  c.onlyKeys(
    s,
    path3,
    ["script", "sandbox", "scm", "parameters", "triggers", "buildDiscarder", "concurrentBuilds", "quietPeriod"],
    jobHint
  );
  const hasScript = isGiven(s.script);
  const hasScm = isGiven(s.scm);
  if (hasScript && hasScm) c.add(path3, "give either script (inline) or scm (script from git), not both");
  if (!hasScript && !hasScm) c.add(path3, "needs script (inline Pipeline script) or scm (script from git)");
  if (hasScript) c.string(s, "script", path3, { nonEmpty: true });
  c.boolean(s, "sandbox", path3);
  if (isGiven(s.sandbox) && !hasScript && hasScm) c.add(`${path3}.sandbox`, "applies to an inline script only");
  if (hasScm && gitScm(c, s.scm, `${path3}.scm`, ["scriptPath", "lightweight"])) {
    const scm = s.scm;
    c.string(scm, "scriptPath", `${path3}.scm`, { nonEmpty: true, singleLine: true });
    c.boolean(scm, "lightweight", `${path3}.scm`);
  }
  c.boolean(s, "concurrentBuilds", path3);
  commonJobFields(c, s, path3);
}
function freestyle(c, s, path3) {
  c.onlyKeys(
    s,
    path3,
    [
      "label",
      "scm",
      "steps",
      "triggers",
      "buildDiscarder",
      "archiveArtifacts",
      "junit",
      "concurrentBuild",
      "quietPeriod",
      "parameters"
    ],
    jobHint
  );
  c.string(s, "label", path3, { nonEmpty: true, singleLine: true });
  if (isGiven(s.scm)) gitScm(c, s.scm, `${path3}.scm`);
  if (isGiven(s.steps) && c.array(s.steps, `${path3}.steps`)) {
    s.steps.forEach((step3, i) => {
      const at = `${path3}.steps[${i}]`;
      if (!c.object(step3, at)) return;
      const kinds = ["shell", "batch"].filter((k) => isGiven(step3[k]));
      c.onlyKeys(step3, at, ["shell", "batch"]);
      if (kinds.length !== 1) c.add(at, "must have exactly one of shell, batch");
      for (const k of kinds) c.string(step3, k, at, { nonEmpty: true });
    });
  }
  const aa = s.archiveArtifacts;
  if (isGiven(aa) && c.object(aa, `${path3}.archiveArtifacts`)) {
    const at = `${path3}.archiveArtifacts`;
    c.onlyKeys(aa, at, ["artifacts", "allowEmpty", "fingerprint", "onlyIfSuccessful"]);
    c.string(aa, "artifacts", at, { required: true, nonEmpty: true });
    for (const k of ["allowEmpty", "fingerprint", "onlyIfSuccessful"]) c.boolean(aa, k, at);
  }
  const junit = s.junit;
  if (isGiven(junit) && c.object(junit, `${path3}.junit`)) {
    const at = `${path3}.junit`;
    c.onlyKeys(junit, at, ["testResults", "allowEmptyResults"]);
    c.string(junit, "testResults", at, { required: true, nonEmpty: true });
    c.boolean(junit, "allowEmptyResults", at);
  }
  c.boolean(s, "concurrentBuild", path3);
  commonJobFields(c, s, path3);
}
function folder(c, s, path3) {
  c.onlyKeys(s, path3, ["displayName"], "A folder's description is the Job's own `description` input.");
  c.string(s, "displayName", path3, { singleLine: true });
}
var SOURCE_TYPES = ["git", "github"];
function branchSource(c, v, at) {
  if (!c.object(v, at)) return;
  if (!isGiven(v.type)) {
    c.add(`${at}.type`, `is required: one of ${SOURCE_TYPES.join(", ")}`);
    return;
  }
  if (!SOURCE_TYPES.includes(v.type)) {
    c.add(`${at}.type`, `unknown branch source type; expected one of ${SOURCE_TYPES.join(", ")}`);
    return;
  }
  const line = { nonEmpty: true, singleLine: true };
  c.string(v, "id", at, line);
  c.string(v, "credentialsId", at, line);
  if (v.type === "git") {
    c.onlyKeys(v, at, [
      "type",
      "remote",
      "credentialsId",
      "id",
      "discoverBranches",
      "discoverTags",
      "includes",
      "excludes"
    ]);
    c.string(v, "remote", at, { required: true, ...line });
    c.boolean(v, "discoverBranches", at);
    c.boolean(v, "discoverTags", at);
    c.string(v, "includes", at, line);
    c.string(v, "excludes", at, { singleLine: true });
    if (v.discoverBranches === false && v.discoverTags !== true) {
      c.add(at, "discovers nothing: set discoverBranches or discoverTags");
    }
  } else {
    c.onlyKeys(v, at, ["type", "repoOwner", "repository", "credentialsId", "apiUri", "id"]);
    c.string(v, "repoOwner", at, { required: true, ...line });
    c.string(v, "repository", at, { required: true, ...line });
    c.string(v, "apiUri", at, line);
    if (typeof v.apiUri === "string" && !/^https?:\/\/\S+$/.test(v.apiUri)) {
      c.add(`${at}.apiUri`, 'must be an http(s) URL, e.g. "https://github.example.com/api/v3"');
    }
  }
}
function multibranch(c, s, path3) {
  c.onlyKeys(s, path3, ["sources", "scriptPath", "orphanedItems", "periodicIndexing"], jobHint);
  if (!isGiven(s.sources)) c.add(`${path3}.sources`, "is required: a list of at least one branch source");
  else if (c.array(s.sources, `${path3}.sources`)) {
    if (s.sources.length === 0) c.add(`${path3}.sources`, "must hold at least one branch source");
    const ids = /* @__PURE__ */ new Map();
    s.sources.forEach((source, i) => {
      branchSource(c, source, `${path3}.sources[${i}]`);
      const id = source?.id;
      if (typeof id === "string") {
        const first2 = ids.get(id);
        if (first2 !== void 0)
          c.add(`${path3}.sources[${i}].id`, `duplicate source id (also used by sources[${first2}])`);
        else ids.set(id, i);
      }
    });
  }
  c.string(s, "scriptPath", path3, { nonEmpty: true, singleLine: true });
  const o = s.orphanedItems;
  if (isGiven(o) && c.object(o, `${path3}.orphanedItems`)) {
    c.onlyKeys(o, `${path3}.orphanedItems`, ["daysToKeep", "numToKeep"]);
    c.integer(o, "daysToKeep", `${path3}.orphanedItems`, 1);
    c.integer(o, "numToKeep", `${path3}.orphanedItems`, 1);
  }
  const interval = s.periodicIndexing;
  if (isGiven(interval) && !Object.prototype.hasOwnProperty.call(INDEXING_INTERVALS, String(interval))) {
    c.add(`${path3}.periodicIndexing`, `must be one of ${Object.keys(INDEXING_INTERVALS).join(", ")}`);
  }
}
function fields(c, kind, f) {
  if (!isGiven(f)) return;
  if (typeof f !== "object" || f === null || Array.isArray(f)) {
    c.add("fields", "must be an object with description and/or enabled");
    return;
  }
  const o = f;
  for (const key of Object.keys(o)) if (key !== "description" && key !== "enabled") c.add(key, "unknown job field");
  if (isGiven(o.description)) c.stringValue(o.description, "description");
  if (isGiven(o.enabled) && typeof o.enabled !== "boolean") c.add("enabled", "must be true or false");
  if (kind === "folder" && o.enabled === false) c.add("enabled", "a folder cannot be disabled");
}
function specIssues(kind, spec, jobFields) {
  const c = new Checker();
  if (!JOB_SPEC_KINDS.includes(kind)) {
    c.add("kind", `unknown job spec kind; expected one of ${JOB_SPEC_KINDS.join(", ")}`);
    return c.issues;
  }
  if (c.object(spec, kind)) {
    if (kind === "pipeline") pipeline(c, spec, kind);
    else if (kind === "freestyle") freestyle(c, spec, kind);
    else if (kind === "multibranch") multibranch(c, spec, kind);
    else folder(c, spec, kind);
  }
  fields(c, kind, jobFields);
  return c.issues;
}
function validateJobSpec(kind, spec, jobFields) {
  const issues = specIssues(kind, spec, jobFields);
  if (issues.length > 0) throw new JobSpecError(String(kind), issues);
}

// provider/specs/folder.ts
var FOLDER_CLASS2 = "com.cloudbees.hudson.plugins.folder.Folder";
function folderViews() {
  return obj(
    "folderViews",
    [
      obj("views", [
        obj("hudson.model.AllView", [
          // Back-reference to the folder itself: folderViews/views/AllView/owner → four levels up.
          obj("owner", [], [classAttr(FOLDER_CLASS2), ["reference", "../../../.."]]),
          str("name", "All"),
          bool("filterExecutors", false),
          bool("filterQueue", false),
          obj("properties", [], [classAttr("hudson.model.View$PropertyList")])
        ])
      ]),
      obj("tabBar", [], [classAttr("hudson.views.DefaultViewsTabBar")])
    ],
    [classAttr("com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder")]
  );
}
function folderTree(spec, fields3) {
  const displayName = spec.displayName ?? "";
  return obj(
    FOLDER_CLASS2,
    [
      obj("actions"),
      descriptionElement(fields3),
      ...displayName === "" ? [] : [str("displayName", displayName)],
      obj("properties"),
      folderViews(),
      obj("healthMetrics", [
        obj("com.cloudbees.hudson.plugins.folder.health.WorstChildHealthMetric", [bool("nonRecursive", false)])
      ]),
      obj("icon", [], [classAttr("com.cloudbees.hudson.plugins.folder.icons.StockFolderIcon")])
    ],
    [pluginAttr("cloudbees-folder")]
  );
}
function renderFolder(spec, fields3) {
  validateJobSpec("folder", spec, fields3);
  return writeConfig(folderTree(spec, fields3));
}

// provider/specs/multibranch.ts
var MULTIBRANCH_CLASS = "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject";
var GIT_SOURCE_CLASS = "jenkins.plugins.git.GitSCMSource";
var GITHUB_SOURCE_CLASS = "org.jenkinsci.plugins.github_branch_source.GitHubSCMSource";
var PERIODIC_TRIGGER = "com.cloudbees.hudson.plugins.folder.computed.PeriodicFolderTrigger";
var WILDCARD_TRAIT = "jenkins.scm.impl.trait.WildcardSCMHeadFilterTrait";
var GIT_BRANCH_TRAIT = "jenkins.plugins.git.traits.BranchDiscoveryTrait";
var GIT_TAG_TRAIT = "jenkins.plugins.git.traits.TagDiscoveryTrait";
var GITHUB_BRANCH_TRAIT = "org.jenkinsci.plugins.github__branch__source.BranchDiscoveryTrait";
var owner = () => obj("owner", [], [classAttr(MULTIBRANCH_CLASS), ["reference", "../.."]]);
function wildcard(includes, excludes) {
  if (includes === void 0 && excludes === void 0) return [];
  return [
    obj(WILDCARD_TRAIT, [str("includes", includes ?? "*"), str("excludes", excludes ?? "")], [pluginAttr("scm-api")])
  ];
}
function gitSource(s) {
  const traits = [
    ...s.discoverBranches === false ? [] : [obj(GIT_BRANCH_TRAIT)],
    ...s.discoverTags ? [obj(GIT_TAG_TRAIT)] : [],
    ...wildcard(s.includes, s.excludes)
  ];
  return obj(
    "source",
    [
      ...s.id === void 0 ? [] : [str("id", s.id)],
      str("remote", s.remote),
      ...s.credentialsId === void 0 ? [] : [str("credentialsId", s.credentialsId)],
      obj("traits", traits)
    ],
    [classAttr(GIT_SOURCE_CLASS), pluginAttr("git")]
  );
}
function githubSource(s) {
  return obj(
    "source",
    [
      ...s.id === void 0 ? [] : [str("id", s.id)],
      ...s.apiUri === void 0 ? [] : [str("apiUri", s.apiUri)],
      ...s.credentialsId === void 0 ? [] : [str("credentialsId", s.credentialsId)],
      str("repoOwner", s.repoOwner),
      str("repository", s.repository),
      // Strategy 1: branches that are not also filed as pull requests (the UI's default).
      obj("traits", [obj(GITHUB_BRANCH_TRAIT, [int("strategyId", 1)])])
    ],
    [classAttr(GITHUB_SOURCE_CLASS), pluginAttr("github-branch-source")]
  );
}
function branchSource2(s) {
  return obj("jenkins.branch.BranchSource", [
    s.type === "github" ? githubSource(s) : gitSource(s),
    obj(
      "strategy",
      [obj("properties", [], [classAttr("empty-list")])],
      [classAttr("jenkins.branch.DefaultBranchPropertyStrategy")]
    )
  ]);
}
function triggers2(spec) {
  if (spec.periodicIndexing === void 0) return obj("triggers");
  const millis = INDEXING_INTERVALS[spec.periodicIndexing];
  return obj("triggers", [
    obj(
      PERIODIC_TRIGGER,
      [str("spec", indexingCron(millis)), int("interval", millis)],
      [pluginAttr("cloudbees-folder")]
    )
  ]);
}
function multibranchTree(spec, fields3) {
  const orphaned = spec.orphanedItems ?? {};
  return obj(
    MULTIBRANCH_CLASS,
    [
      obj("actions"),
      descriptionElement(fields3),
      obj("properties"),
      obj(
        "folderViews",
        [owner()],
        [classAttr("jenkins.branch.MultiBranchProjectViewHolder"), pluginAttr("branch-api")]
      ),
      obj("healthMetrics", [
        obj(
          "com.cloudbees.hudson.plugins.folder.health.WorstChildHealthMetric",
          [bool("nonRecursive", false)],
          [pluginAttr("cloudbees-folder")]
        )
      ]),
      obj("icon", [owner()], [classAttr("jenkins.branch.MetadataActionFolderIcon"), pluginAttr("branch-api")]),
      obj(
        "orphanedItemStrategy",
        [
          bool("pruneDeadBranches", true),
          int("daysToKeep", orphaned.daysToKeep ?? -1),
          int("numToKeep", orphaned.numToKeep ?? -1)
        ],
        [
          classAttr("com.cloudbees.hudson.plugins.folder.computed.DefaultOrphanedItemStrategy"),
          pluginAttr("cloudbees-folder")
        ]
      ),
      triggers2(spec),
      bool("disabled", isDisabled(fields3)),
      obj(
        "sources",
        [obj("data", spec.sources.map(branchSource2)), owner()],
        [classAttr("jenkins.branch.MultiBranchProject$BranchSourceList"), pluginAttr("branch-api")]
      ),
      obj(
        "factory",
        [owner(), str("scriptPath", spec.scriptPath ?? "Jenkinsfile")],
        [classAttr("org.jenkinsci.plugins.workflow.multibranch.WorkflowBranchProjectFactory")]
      )
    ],
    [pluginAttr("workflow-multibranch")]
  );
}
function renderMultibranch(spec, fields3) {
  validateJobSpec("multibranch", spec, fields3);
  return writeConfig(multibranchTree(spec, fields3));
}

// provider/specs/fragments.ts
var DEFAULT_BRANCH = "*/main";
function optional(name, value) {
  return value === void 0 || value === null || value === "" ? [] : [str(name, value)];
}
function parameter(p) {
  const head = [str("name", p.name), ...optional("description", p.description)];
  switch (p.type) {
    case "string":
      return obj("hudson.model.StringParameterDefinition", [
        ...head,
        str("defaultValue", p.default ?? ""),
        bool("trim", p.trim ?? false)
      ]);
    case "boolean":
      return obj("hudson.model.BooleanParameterDefinition", [...head, bool("defaultValue", p.default ?? false)]);
    case "password":
      return obj("hudson.model.PasswordParameterDefinition", [...head, str("defaultValue", p.default ?? "")]);
    case "choice":
      return obj("hudson.model.ChoiceParameterDefinition", [
        ...head,
        // What the UI's newline-separated text field turns into (Arrays.asList over a String[]).
        obj(
          "choices",
          [
            obj(
              "a",
              p.choices.map((c) => str("string", c)),
              [classAttr("string-array")]
            )
          ],
          [classAttr("java.util.Arrays$ArrayList")]
        )
      ]);
  }
}
function parametersProperty(params) {
  if (!params || params.length === 0) return [];
  return [obj("hudson.model.ParametersDefinitionProperty", [obj("parameterDefinitions", params.map(parameter))])];
}
function buildDiscarderProperty(bd) {
  if (!bd) return [];
  const keep2 = (n) => n ?? -1;
  return [
    obj("jenkins.model.BuildDiscarderProperty", [
      obj(
        "strategy",
        [
          int("daysToKeep", keep2(bd.daysToKeep)),
          int("numToKeep", keep2(bd.numToKeep)),
          int("artifactDaysToKeep", keep2(bd.artifactDaysToKeep)),
          int("artifactNumToKeep", keep2(bd.artifactNumToKeep)),
          bool("removeLastBuild", false)
        ],
        [classAttr("hudson.tasks.LogRotator")]
      )
    ])
  ];
}
var RESULTS = {
  SUCCESS: { ordinal: 0, color: "BLUE" },
  UNSTABLE: { ordinal: 1, color: "YELLOW" },
  FAILURE: { ordinal: 2, color: "RED" }
};
function triggerElements(t) {
  if (!t) return [];
  const out = [];
  if (t.upstream) {
    const threshold = t.upstream.threshold ?? "SUCCESS";
    out.push(
      obj("jenkins.triggers.ReverseBuildTrigger", [
        str("spec", ""),
        // Jenkins keeps the job list as one string, names separated by ", ".
        str("upstreamProjects", t.upstream.projects.join(", ")),
        obj("threshold", [
          str("name", threshold),
          int("ordinal", RESULTS[threshold].ordinal),
          str("color", RESULTS[threshold].color),
          bool("completeBuild", true)
        ])
      ])
    );
  }
  if (t.cron !== void 0 && t.cron !== null) {
    out.push(obj("hudson.triggers.TimerTrigger", [str("spec", t.cron)]));
  }
  if (t.pollScm !== void 0 && t.pollScm !== null) {
    out.push(obj("hudson.triggers.SCMTrigger", [str("spec", t.pollScm), bool("ignorePostCommitHooks", false)]));
  }
  return out;
}
function gitScm2(scm) {
  return obj(
    "scm",
    [
      int("configVersion", 2),
      obj("userRemoteConfigs", [
        obj("hudson.plugins.git.UserRemoteConfig", [
          str("url", scm.url),
          ...optional("credentialsId", scm.credentialsId)
        ])
      ]),
      obj("branches", [obj("hudson.plugins.git.BranchSpec", [str("name", scm.branch ?? DEFAULT_BRANCH)])]),
      bool("doGenerateSubmoduleConfigurations", false),
      obj("submoduleCfg", [], [classAttr("empty-list")]),
      obj("extensions")
    ],
    [classAttr("hudson.plugins.git.GitSCM"), pluginAttr("git")]
  );
}

// provider/specs/pipeline.ts
var DEFAULT_SCRIPT_PATH = "Jenkinsfile";
function definition(spec) {
  if (spec.scm) {
    return obj(
      "definition",
      [
        gitScm2(spec.scm),
        str("scriptPath", spec.scm.scriptPath ?? DEFAULT_SCRIPT_PATH),
        bool("lightweight", spec.scm.lightweight ?? true)
      ],
      [classAttr("org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition"), pluginAttr("workflow-cps")]
    );
  }
  return obj(
    "definition",
    [str("script", spec.script ?? ""), bool("sandbox", spec.sandbox ?? true)],
    [classAttr("org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition"), pluginAttr("workflow-cps")]
  );
}
function properties(spec) {
  const triggers4 = triggerElements(spec.triggers);
  return obj("properties", [
    ...buildDiscarderProperty(spec.buildDiscarder),
    ...spec.concurrentBuilds === false ? [
      obj("org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty", [
        bool("abortPrevious", false)
      ])
    ] : [],
    ...parametersProperty(spec.parameters),
    ...triggers4.length > 0 ? [obj("org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty", [obj("triggers", triggers4)])] : []
  ]);
}
function pipelineTree(spec, fields3) {
  const quiet = spec.quietPeriod ?? null;
  return obj(
    "flow-definition",
    [
      obj("actions"),
      descriptionElement(fields3),
      bool("keepDependencies", false),
      properties(spec),
      definition(spec),
      obj("triggers"),
      ...quiet === null ? [] : [int("quietPeriod", quiet)],
      bool("disabled", isDisabled(fields3))
    ],
    [pluginAttr("workflow-job")]
  );
}
function renderPipeline(spec, fields3) {
  validateJobSpec("pipeline", spec, fields3);
  return writeConfig(pipelineTree(spec, fields3));
}

// provider/specs/freestyle.ts
function step(s) {
  const [className, command] = "shell" in s ? ["hudson.tasks.Shell", s.shell] : ["hudson.tasks.BatchFile", s.batch];
  return obj(className, [str("command", command), obj("configuredLocalRules")]);
}
function publishers(spec) {
  const out = [];
  const aa = spec.archiveArtifacts;
  if (aa) {
    out.push(
      obj("hudson.tasks.ArtifactArchiver", [
        str("artifacts", aa.artifacts),
        bool("allowEmptyArchive", aa.allowEmpty ?? false),
        bool("onlyIfSuccessful", aa.onlyIfSuccessful ?? false),
        bool("fingerprint", aa.fingerprint ?? false),
        bool("defaultExcludes", true),
        bool("caseSensitive", true),
        bool("followSymlinks", true)
      ])
    );
  }
  const junit = spec.junit;
  if (junit) {
    out.push(
      obj(
        "hudson.tasks.junit.JUnitResultArchiver",
        [
          str("testResults", junit.testResults),
          bool("keepProperties", false),
          bool("keepTestNames", false),
          str("healthScaleFactor", "1.0"),
          bool("allowEmptyResults", junit.allowEmptyResults ?? false),
          bool("skipPublishingChecks", false),
          bool("skipMarkingBuildUnstable", false),
          bool("skipOldReports", false)
        ],
        [pluginAttr("junit")]
      )
    );
  }
  return out;
}
function freestyleTree(spec, fields3) {
  const quiet = spec.quietPeriod ?? null;
  return obj("project", [
    obj("actions"),
    descriptionElement(fields3),
    bool("keepDependencies", false),
    obj("properties", [...buildDiscarderProperty(spec.buildDiscarder), ...parametersProperty(spec.parameters)]),
    spec.scm ? gitScm2(spec.scm) : obj("scm", [], [classAttr("hudson.scm.NullSCM")]),
    ...quiet === null ? [] : [int("quietPeriod", quiet)],
    // Tied to a label: Jenkins uses assignedNode only when canRoam is false.
    ...spec.label === void 0 ? [] : [str("assignedNode", spec.label.trim())],
    bool("canRoam", spec.label === void 0),
    bool("disabled", isDisabled(fields3)),
    bool("blockBuildWhenDownstreamBuilding", false),
    bool("blockBuildWhenUpstreamBuilding", false),
    obj("triggers", triggerElements(spec.triggers)),
    bool("concurrentBuild", spec.concurrentBuild ?? false),
    obj("builders", (spec.steps ?? []).map(step)),
    obj("publishers", publishers(spec)),
    obj("buildWrappers")
  ]);
}
function renderFreestyle(spec, fields3) {
  validateJobSpec("freestyle", spec, fields3);
  return writeConfig(freestyleTree(spec, fields3));
}

// provider/specs/render.ts
function renderJobSpec(kind, spec, fields3) {
  switch (kind) {
    case "pipeline":
      return renderPipeline(spec, fields3);
    case "freestyle":
      return renderFreestyle(spec, fields3);
    case "folder":
      return renderFolder(spec, fields3);
    case "multibranch":
      return renderMultibranch(spec, fields3);
    default:
      throw new JobSpecError(String(kind), [
        { path: "kind", message: `unknown job spec kind; expected one of ${JOB_SPEC_KINDS.join(", ")}` }
      ]);
  }
}

// provider/specs/parse.ts
var DoesNotFit = class extends Error {
};
function child(e, name) {
  return elementChildren(e).find((c) => c.name === name);
}
function classOf3(e) {
  return e.attrs.find(([k]) => k === "class")?.[1];
}
function flag(e, name) {
  const t = childText(e, name);
  return t === void 0 ? void 0 : t.trim() === "true";
}
function whole(text2) {
  if (text2 === void 0 || !/^-?\d+$/.test(text2.trim())) return void 0;
  return Number(text2.trim());
}
function parameters2(props) {
  const holder = child(props, "hudson.model.ParametersDefinitionProperty");
  const defs = holder && child(holder, "parameterDefinitions");
  if (!defs) return void 0;
  return elementChildren(defs).map((d) => {
    const name = childText(d, "name") ?? "";
    const description = childText(d, "description");
    const desc = description ? { description } : {};
    switch (d.name) {
      case "hudson.model.StringParameterDefinition": {
        const dflt = childText(d, "defaultValue") ?? "";
        return {
          type: "string",
          name,
          ...dflt !== "" ? { default: dflt } : {},
          ...desc,
          ...flag(d, "trim") ? { trim: true } : {}
        };
      }
      case "hudson.model.BooleanParameterDefinition":
        return { type: "boolean", name, ...flag(d, "defaultValue") ? { default: true } : {}, ...desc };
      case "hudson.model.PasswordParameterDefinition": {
        const dflt = childText(d, "defaultValue") ?? "";
        return { type: "password", name, ...dflt !== "" ? { default: dflt } : {}, ...desc };
      }
      case "hudson.model.ChoiceParameterDefinition": {
        const choices = child(d, "choices");
        const list = choices && (child(choices, "a") ?? choices);
        return { type: "choice", name, choices: list ? elementChildren(list).map(textOf) : [], ...desc };
      }
      default:
        throw new DoesNotFit();
    }
  });
}
function buildDiscarder2(props) {
  const prop = child(props, "jenkins.model.BuildDiscarderProperty");
  const strategy = prop && child(prop, "strategy");
  if (!strategy) return void 0;
  const out = {};
  for (const key of ["daysToKeep", "numToKeep", "artifactDaysToKeep", "artifactNumToKeep"]) {
    const n = whole(childText(strategy, key));
    if (n !== void 0 && n > 0) out[key] = n;
  }
  return out;
}
function triggers3(list) {
  if (!list) return void 0;
  const out = {};
  for (const t of elementChildren(list)) {
    if (t.name === "hudson.triggers.TimerTrigger") out.cron = childText(t, "spec") ?? "";
    else if (t.name === "hudson.triggers.SCMTrigger") out.pollScm = childText(t, "spec") ?? "";
    else if (t.name === "jenkins.triggers.ReverseBuildTrigger") {
      const projects = (childText(t, "upstreamProjects") ?? "").split(",").map((p) => p.trim()).filter((p) => p !== "");
      const th = child(t, "threshold");
      const threshold = th && childText(th, "name");
      out.upstream = { projects, ...threshold && threshold !== "SUCCESS" ? { threshold } : {} };
    } else throw new DoesNotFit();
  }
  return Object.keys(out).length > 0 ? out : void 0;
}
function git(scm) {
  if (classOf3(scm) !== "hudson.plugins.git.GitSCM") throw new DoesNotFit();
  const remotes = child(scm, "userRemoteConfigs");
  const remote = remotes && elementChildren(remotes);
  const branches = child(scm, "branches");
  const branch = branches && elementChildren(branches);
  if (!remote || remote.length !== 1 || !branch || branch.length !== 1) throw new DoesNotFit();
  const credentialsId = childText(remote[0], "credentialsId");
  const branchName = childText(branch[0], "name") ?? "";
  return {
    url: childText(remote[0], "url") ?? "",
    ...branchName !== DEFAULT_BRANCH ? { branch: branchName } : {},
    ...credentialsId ? { credentialsId } : {}
  };
}
function common2(root, props, triggerList) {
  const out = {};
  const params = props && parameters2(props);
  if (params) out.parameters = params;
  const t = triggers3(triggerList);
  if (t) out.triggers = t;
  const bd = props && buildDiscarder2(props);
  if (bd) out.buildDiscarder = bd;
  const quiet = whole(childText(root, "quietPeriod"));
  if (quiet !== void 0) out.quietPeriod = quiet;
  return out;
}
function pipeline2(root) {
  const def = child(root, "definition");
  if (!def) throw new DoesNotFit();
  const spec = {};
  if (classOf3(def) === "org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition") {
    spec.script = childText(def, "script") ?? "";
    if (flag(def, "sandbox") === false) spec.sandbox = false;
  } else if (classOf3(def) === "org.jenkinsci.plugins.workflow.cps.CpsScmFlowDefinition") {
    const scmEl = child(def, "scm");
    if (!scmEl) throw new DoesNotFit();
    const scm = git(scmEl);
    const scriptPath = childText(def, "scriptPath") ?? "";
    if (scriptPath !== DEFAULT_SCRIPT_PATH) scm.scriptPath = scriptPath;
    if (flag(def, "lightweight") === false) scm.lightweight = false;
    spec.scm = scm;
  } else {
    throw new DoesNotFit();
  }
  const props = child(root, "properties");
  const triggerProp = props && child(props, "org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty");
  Object.assign(spec, common2(root, props, triggerProp && child(triggerProp, "triggers")));
  if (props && child(props, "org.jenkinsci.plugins.workflow.job.properties.DisableConcurrentBuildsJobProperty")) {
    spec.concurrentBuilds = false;
  }
  return spec;
}
function step2(e) {
  if (e.name === "hudson.tasks.Shell") return { shell: childText(e, "command") ?? "" };
  if (e.name === "hudson.tasks.BatchFile") return { batch: childText(e, "command") ?? "" };
  throw new DoesNotFit();
}
function freestyle2(root) {
  const spec = {};
  const assigned = childText(root, "assignedNode");
  if (assigned !== void 0 && assigned.trim() !== "" && childText(root, "canRoam")?.trim() === "false")
    spec.label = assigned.trim();
  const scm = child(root, "scm");
  if (scm && classOf3(scm) !== "hudson.scm.NullSCM") spec.scm = git(scm);
  const builders = child(root, "builders");
  const steps = builders ? elementChildren(builders).map(step2) : [];
  if (steps.length > 0) spec.steps = steps;
  Object.assign(spec, common2(root, child(root, "properties"), child(root, "triggers")));
  const publishers2 = child(root, "publishers");
  for (const p of publishers2 ? elementChildren(publishers2) : []) {
    if (p.name === "hudson.tasks.ArtifactArchiver") {
      spec.archiveArtifacts = {
        artifacts: childText(p, "artifacts") ?? "",
        ...flag(p, "allowEmptyArchive") ? { allowEmpty: true } : {},
        ...flag(p, "fingerprint") ? { fingerprint: true } : {},
        ...flag(p, "onlyIfSuccessful") ? { onlyIfSuccessful: true } : {}
      };
    } else if (p.name === "hudson.tasks.junit.JUnitResultArchiver") {
      spec.junit = {
        testResults: childText(p, "testResults") ?? "",
        ...flag(p, "allowEmptyResults") ? { allowEmptyResults: true } : {}
      };
    } else {
      throw new DoesNotFit();
    }
  }
  if (flag(root, "concurrentBuild")) spec.concurrentBuild = true;
  return spec;
}
function gitBranchSource(source) {
  const out = { type: "git", remote: childText(source, "remote") ?? "" };
  const traits = child(source, "traits");
  let branches = false;
  for (const t of traits ? elementChildren(traits) : []) {
    if (t.name === GIT_BRANCH_TRAIT) branches = true;
    else if (t.name === GIT_TAG_TRAIT) out.discoverTags = true;
    else if (t.name === WILDCARD_TRAIT) {
      const includes = childText(t, "includes") ?? "*";
      const excludes = childText(t, "excludes") ?? "";
      out.includes = includes;
      if (excludes !== "") out.excludes = excludes;
    } else throw new DoesNotFit();
  }
  if (!branches) out.discoverBranches = false;
  return out;
}
function githubBranchSource(source) {
  const apiUri = childText(source, "apiUri");
  return {
    type: "github",
    repoOwner: childText(source, "repoOwner") ?? "",
    repository: childText(source, "repository") ?? "",
    ...apiUri ? { apiUri } : {}
  };
}
function multibranch2(root) {
  const sources = child(root, "sources");
  const data = sources && child(sources, "data");
  const spec = {
    sources: (data ? elementChildren(data) : []).map((bs) => {
      const source = child(bs, "source");
      if (!source) throw new DoesNotFit();
      const found = classOf3(source) === GIT_SOURCE_CLASS ? gitBranchSource(source) : classOf3(source) === GITHUB_SOURCE_CLASS ? githubBranchSource(source) : void 0;
      if (!found) throw new DoesNotFit();
      const credentialsId = childText(source, "credentialsId");
      if (credentialsId) found.credentialsId = credentialsId;
      const id = childText(source, "id");
      if (id) found.id = id;
      return found;
    })
  };
  const factory = child(root, "factory");
  const scriptPath = factory && childText(factory, "scriptPath");
  if (scriptPath && scriptPath !== DEFAULT_SCRIPT_PATH) spec.scriptPath = scriptPath;
  const strategy = child(root, "orphanedItemStrategy");
  if (strategy) {
    const orphaned = {};
    const days = whole(childText(strategy, "daysToKeep"));
    const num = whole(childText(strategy, "numToKeep"));
    if (days !== void 0 && days > 0) orphaned.daysToKeep = days;
    if (num !== void 0 && num > 0) orphaned.numToKeep = num;
    if (Object.keys(orphaned).length > 0) spec.orphanedItems = orphaned;
  }
  const triggers4 = child(root, "triggers");
  for (const t of triggers4 ? elementChildren(triggers4) : []) {
    const millis = t.name === PERIODIC_TRIGGER ? whole(childText(t, "interval")) : void 0;
    const interval = Object.keys(INDEXING_INTERVALS).find(
      (k) => INDEXING_INTERVALS[k] === millis
    );
    if (interval === void 0) throw new DoesNotFit();
    spec.periodicIndexing = interval;
  }
  return spec;
}
function fieldsOf(root) {
  return { description: childText(root, "description") ?? "", enabled: flag(root, "disabled") !== true };
}
function candidate(root) {
  const fields3 = fieldsOf(root);
  switch (root.name) {
    case "flow-definition":
      return { kind: "pipeline", spec: pipeline2(root), fields: fields3 };
    case "project":
      return { kind: "freestyle", spec: freestyle2(root), fields: fields3 };
    case MULTIBRANCH_CLASS:
      return { kind: "multibranch", spec: multibranch2(root), fields: fields3 };
    case FOLDER_CLASS2: {
      const displayName = childText(root, "displayName");
      return { kind: "folder", spec: displayName ? { displayName } : {}, fields: fields3 };
    }
    default:
      return void 0;
  }
}
function parseJobSpec(configXml) {
  const root = parseXml(configXml).root;
  let found;
  let rendered;
  try {
    found = candidate(root);
    if (found === void 0) return void 0;
    rendered = renderJobSpec(found.kind, found.spec, found.fields);
  } catch (e) {
    if (e instanceof DoesNotFit || e instanceof JobSpecError) return void 0;
    throw e;
  }
  return configsEquivalent(rendered, configXml) ? found : void 0;
}

// provider/resource/check.ts
var import_node_crypto5 = require("node:crypto");

// provider/specs/unknown.ts
function unknownPath(value, marker, path3 = "") {
  if (value === marker) return path3;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unknownPath(value[i], marker, `${path3}[${i}]`);
      if (found !== void 0) return found;
    }
  } else if (typeof value === "object" && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      const found = unknownPath(v, marker, path3 === "" ? key : `${path3}.${key}`);
      if (found !== void 0) return found;
    }
  }
  return void 0;
}

// provider/xml/excerpt.ts
var WIDTH = 100;
var BEFORE = 2;
var SECRET_ELEMENT = /(<([\w.-]*?(?:password|passwd|secret|token|passphrase|privatekey|credential)[\w.-]*)\b[^>]*>)([^<]*)/gi;
var ENCRYPTED2 = /\{AQAAAB[A-Za-z0-9+/=]*\}/g;
function mask(line) {
  return line.replace(
    SECRET_ELEMENT,
    (_m, open, _name, text2) => text2.trim() === "" ? `${open}${text2}` : `${open}****`
  ).replace(ENCRYPTED2, "{****}");
}
function windowOf(line, column) {
  if (line.length <= WIDTH) return { text: line, at: column - 1 };
  const start = Math.max(0, Math.min(column - 1 - WIDTH / 2, line.length - WIDTH));
  const head = start > 0 ? "…" : "";
  const tail = start + WIDTH < line.length ? "…" : "";
  return { text: `${head}${line.slice(start, start + WIDTH)}${tail}`, at: column - 1 - start + head.length };
}
function excerptAt(text2, line, column) {
  const lines = text2.split(/\r\n|\r|\n/);
  if (line < 1 || line > lines.length) return "";
  const first2 = Math.max(1, line - BEFORE);
  const gutter = String(line).length;
  const out = [];
  for (let n = first2; n <= line; n++) {
    const raw = mask(lines[n - 1]);
    const { text: shown, at } = n === line ? windowOf(raw, column) : windowOf(raw, 1);
    out.push(`${String(n).padStart(gutter)} | ${shown}`);
    if (n === line) out.push(`${" ".repeat(gutter)} | ${" ".repeat(Math.max(0, at))}^`);
  }
  return out.join("\n");
}

// provider/resource/canonical-fields.ts
var PREDEFINED = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
function decode(raw) {
  if (raw.indexOf("&") === -1) return raw;
  let bad = false;
  const out = raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, (whole2, body) => {
    if (body === void 0) {
      bad = true;
      return whole2;
    }
    if (body.startsWith("#")) {
      const code = body[1] === "x" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!(code > 0 && code <= 1114111) || code >= 55296 && code <= 57343) bad = true;
      return bad ? whole2 : String.fromCodePoint(code);
    }
    const value = PREDEFINED[body];
    if (value === void 0) bad = true;
    return value ?? whole2;
  });
  return bad ? void 0 : out;
}
function nameEnds(c) {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 47 || c === 62;
}
function canonicalFields(xml) {
  const prolog = CANONICAL_DECLARATION + "\n";
  if (!xml.startsWith(prolog)) return void 0;
  const open = [];
  let description;
  let disabled;
  let i = xml.indexOf("<", prolog.length);
  if (i !== prolog.length) return void 0;
  while (i !== -1) {
    const next = xml.charCodeAt(i + 1);
    if (next === 33 || next === 63) return void 0;
    if (next === 47) {
      const end2 = xml.indexOf(">", i + 2);
      const top = open.pop();
      if (end2 === -1 || top === void 0 || end2 !== i + 2 + top.length || !xml.startsWith(top, i + 2)) {
        return void 0;
      }
      if (open.length === 0) return xml.slice(end2 + 1).trim() === "" ? fields2(description, disabled) : void 0;
      i = xml.indexOf("<", end2 + 1);
      continue;
    }
    let n = i + 1;
    while (n < xml.length && !nameEnds(xml.charCodeAt(n))) n++;
    const name = xml.slice(i + 1, n);
    let end = -1;
    for (let j = n, quoted = false; j < xml.length; j++) {
      const c = xml.charCodeAt(j);
      if (c === 34) quoted = !quoted;
      else if (c === 62 && !quoted) {
        end = j;
        break;
      }
    }
    if (end === -1 || name === "") return void 0;
    const empty = xml.charCodeAt(end - 1) === 47;
    if (open.length === 1 && (name === "description" || name === "disabled")) {
      let text2 = "";
      if (!empty) {
        const after = xml.indexOf("<", end + 1);
        if (after === -1 || !xml.startsWith(`</${name}>`, after)) return void 0;
        const decoded = decode(xml.slice(end + 1, after));
        if (decoded === void 0) return void 0;
        text2 = decoded;
      }
      if (name === "description") description ??= text2;
      else disabled ??= text2;
    }
    if (empty) {
      if (open.length === 0) return xml.slice(end + 1).trim() === "" ? fields2(description, disabled) : void 0;
    } else {
      open.push(name);
    }
    i = xml.indexOf("<", end + 1);
  }
  return void 0;
}
function fields2(description, disabled) {
  return { description: description ?? "", enabled: !(disabled !== void 0 && disabled.trim() === "true") };
}

// provider/resource/job-kinds.ts
var FREESTYLE_ORDER = ["canRoam", "scm", "properties", "keepDependencies", "description", "actions"];
var PIPELINE_ORDER = ["triggers", "definition", "properties", "keepDependencies", "description", "actions"];
var COMPUTED_FOLDER_ORDER = [
  "triggers",
  "orphanedItemStrategy",
  "healthMetrics",
  "folderViews",
  "properties",
  "description",
  "actions"
];
var job = (disabledAfter) => ({ kind: "job", canDisable: true, disabledAfter });
var KNOWN = /* @__PURE__ */ new Map([
  ["project", job(FREESTYLE_ORDER)],
  ["hudson.model.FreeStyleProject", job(FREESTYLE_ORDER)],
  ["matrix-project", job(FREESTYLE_ORDER)],
  ["hudson.matrix.MatrixProject", job(FREESTYLE_ORDER)],
  ["maven2-moduleset", job(FREESTYLE_ORDER)],
  ["hudson.maven.MavenModuleSet", job(FREESTYLE_ORDER)],
  ["flow-definition", job(PIPELINE_ORDER)],
  ["org.jenkinsci.plugins.workflow.job.WorkflowJob", job(PIPELINE_ORDER)],
  ["hudson.model.ExternalJob", job(FREESTYLE_ORDER)],
  ["com.cloudbees.hudson.plugins.folder.Folder", { kind: "folder", canDisable: false, disabledAfter: [] }],
  [
    "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject",
    { kind: "folder", canDisable: true, disabledAfter: COMPUTED_FOLDER_ORDER }
  ],
  ["jenkins.branch.OrganizationFolder", { kind: "folder", canDisable: true, disabledAfter: COMPUTED_FOLDER_ORDER }]
]);
var NOT_ITEMS = /^(hudson|jenkins|user|slave|agent|view|listView|myView|hudson\.model\.\w*View|com\.cloudbees\.plugins\.credentials\..*|.*\.(Credentials|Configuration|GlobalConfiguration)\w*)$/;
var PLUGIN_ITEM = /^[a-z_$][\w$]*(\.[\w$]+)+\.[\w$]*(Project|Job|Folder|ModuleSet)$/i;
function describeRoot(rootName) {
  const known2 = KNOWN.get(rootName);
  if (known2) return known2;
  if (NOT_ITEMS.test(rootName)) return void 0;
  if (PLUGIN_ITEM.test(rootName)) {
    const folder2 = /Folder$/i.test(rootName);
    return {
      kind: folder2 ? "folder" : "job",
      canDisable: true,
      disabledAfter: folder2 ? COMPUTED_FOLDER_ORDER : FREESTYLE_ORDER
    };
  }
  return void 0;
}
var KNOWN_ROOTS = [
  "project",
  "flow-definition",
  "matrix-project",
  "maven2-moduleset",
  "com.cloudbees.hudson.plugins.folder.Folder",
  "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject",
  "jenkins.branch.OrganizationFolder"
];

// provider/resource/job-config.ts
var FIELD_NAMES = ["description", "disabled"];
function rootChild(root, name) {
  return elementChildren(root).find((e) => e.name === name);
}
var NAME_START = /[A-Za-z_:]/;
var NAME_CHARS = /[A-Za-z0-9_:.-]/;
function rootNameOf(xml) {
  let i = xml.charCodeAt(0) === 65279 ? 1 : 0;
  for (; ; ) {
    while (i < xml.length && /\s/.test(xml[i])) i++;
    if (xml.startsWith("<?", i)) {
      const end = xml.indexOf("?>", i + 2);
      if (end < 0) break;
      i = end + 2;
    } else if (xml.startsWith("<!--", i)) {
      const end = xml.indexOf("-->", i + 4);
      if (end < 0) break;
      i = end + 3;
    } else if (xml[i] === "<" && NAME_START.test(xml[i + 1] ?? "")) {
      let j = i + 2;
      while (j < xml.length && NAME_CHARS.test(xml[j])) j++;
      const next = xml[j] ?? "";
      if (next === ">" || next === "/" || /\s/.test(next)) return xml.slice(i + 1, j);
      break;
    } else {
      break;
    }
  }
  return parseXml(xml).root.name;
}
function fieldsOf2(root) {
  const description = rootChild(root, "description");
  const disabled = rootChild(root, "disabled");
  return {
    description: description ? textOf(description) : "",
    enabled: !(disabled && textOf(disabled).trim() === "true")
  };
}
function element(name, text2) {
  return { kind: "element", name, attrs: [], children: text2 === "" ? [] : [{ kind: "text", text: text2 }] };
}
function insertAfterAnchor(root, el3, anchors) {
  for (const anchor of anchors) {
    const idx = root.children.findIndex((c) => c.kind === "element" && c.name === anchor);
    if (idx >= 0) {
      root.children.splice(idx + 1, 0, el3);
      return;
    }
  }
  root.children.unshift(el3);
}
function setField(root, name, text2, info2) {
  const index = root.children.findIndex((c) => c.kind === "element" && c.name === name);
  if (index >= 0) {
    const existing = root.children[index];
    root.children[index] = { ...existing, children: text2 === "" ? [] : [{ kind: "text", text: text2 }] };
    return;
  }
  const anchors = name === "description" ? ["actions"] : info2?.disabledAfter ?? [];
  insertAfterAnchor(root, element(name, text2), anchors);
}
function removeField(root, name) {
  root.children = root.children.filter((c) => !(c.kind === "element" && c.name === name));
}
function finish(doc) {
  return canonicalizeDocument(doc);
}
function withFieldsIn(root, fields3) {
  const out = { ...root, children: [...root.children] };
  const info2 = describeRoot(out.name);
  if (fields3.description !== void 0) setField(out, "description", fields3.description, info2);
  if (fields3.enabled !== void 0) {
    if (info2?.canDisable === false) {
      if (rootChild(out, "disabled")) setField(out, "disabled", String(!fields3.enabled), info2);
    } else {
      setField(out, "disabled", String(!fields3.enabled), info2);
    }
  }
  return out;
}
function fieldTextsOf(root) {
  const out = {};
  for (const name of FIELD_NAMES) {
    const el3 = rootChild(root, name);
    if (el3) out[name] = textOf(el3);
  }
  return out;
}
function withFieldTexts(root, texts) {
  const out = { ...root, children: [...root.children] };
  const info2 = describeRoot(out.name);
  for (const name of FIELD_NAMES) {
    const text2 = texts[name];
    if (text2 !== void 0) setField(out, name, text2, info2);
    else removeField(out, name);
  }
  return out;
}
function transplantFields(remoteXml, fromXml) {
  const remote = parseXml(remoteXml);
  const from = parseXml(fromXml).root;
  const info2 = describeRoot(remote.root.name);
  for (const name of FIELD_NAMES) {
    const source = rootChild(from, name);
    if (source) setField(remote.root, name, textOf(source), info2);
    else removeField(remote.root, name);
  }
  return finish(remote);
}

// provider/resource/sources.ts
var SPEC_KEYS = ["pipeline", "freestyle", "folderSpec", "multibranch"];
var SOURCE_KEYS = ["configXml", ...SPEC_KEYS];
var KIND_OF = {
  pipeline: "pipeline",
  freestyle: "freestyle",
  folderSpec: "folder",
  multibranch: "multibranch"
};
var KEY_OF = {
  pipeline: "pipeline",
  freestyle: "freestyle",
  folder: "folderSpec",
  multibranch: "multibranch"
};
var SPEC_ROOTS = {
  pipeline: "flow-definition",
  freestyle: "project",
  folder: FOLDER_CLASS2,
  multibranch: MULTIBRANCH_CLASS
};
function specKind(key) {
  return KIND_OF[key];
}
function specKeyOf(kind) {
  return KEY_OF[kind];
}
function specRoot(key) {
  return SPEC_ROOTS[KIND_OF[key]];
}
function isGiven2(v) {
  return v !== void 0 && v !== null;
}
function givenSources(props) {
  return SOURCE_KEYS.filter((k) => isGiven2(props[k]));
}
function sourceOf(props) {
  return SPEC_KEYS.find((k) => isGiven2(props[k])) ?? "configXml";
}
function inputPath(key, path3) {
  const kind = KIND_OF[key];
  if (kind === key) return path3;
  return path3 === kind || path3.startsWith(`${kind}.`) || path3.startsWith(`${kind}[`) ? key + path3.slice(kind.length) : path3;
}
function renderSpec(key, spec, fields3) {
  return renderJobSpec(KIND_OF[key], spec, fields3);
}

// provider/resource/filled-fields.ts
var CONFIG_FIELDS_KEY = "__configXmlFields";
function configFieldsOf(value) {
  if (typeof value !== "object" || value === null) return void 0;
  const { description, enabled } = value;
  return typeof description === "string" && typeof enabled === "boolean" ? { description, enabled } : void 0;
}
function fillFields(inputs, rootName, own) {
  const key = sourceOf(inputs);
  const root = key === "configXml" ? rootName : specRoot(key);
  const defaults = key === "configXml" ? own : { description: "", enabled: true };
  if (defaults === void 0 || root === void 0) return;
  if (inputs.description === void 0) inputs.description = defaults.description;
  if (inputs.enabled === void 0 && inputs.enabled !== UNKNOWN && describeRoot(root)?.canDisable !== false) {
    inputs.enabled = defaults.enabled;
  }
}

// provider/resource/text-cache.ts
var TextCache = class {
  constructor(maxEntries, maxChars) {
    this.maxEntries = maxEntries;
    this.maxChars = maxChars;
  }
  maxEntries;
  maxChars;
  entries = /* @__PURE__ */ new Map();
  chars = 0;
  get(key) {
    return this.entries.get(key)?.value;
  }
  /** `chars`: the characters kept alive by this entry (at least the key's). */
  set(key, value, chars = key.length) {
    if (chars > this.maxChars) return;
    this.delete(key);
    while (this.entries.size >= this.maxEntries || this.chars + chars > this.maxChars) {
      this.delete(this.entries.keys().next().value);
    }
    this.entries.set(key, { value, chars });
    this.chars += chars;
  }
  delete(key) {
    const old = this.entries.get(key);
    if (old === void 0) return;
    this.entries.delete(key);
    this.chars -= old.chars;
  }
};

// provider/resource/known-fields.ts
var known = new TextCache(256, 8 * 1024 * 1024);
function textOnly(root, name) {
  const e = elementChildren(root).find((c) => c.name === name);
  return e === void 0 || e.children.every((c) => c.kind !== "element");
}
function rememberFields(canonical, root) {
  if (!textOnly(root, "description") || !textOnly(root, "disabled")) return;
  const fields3 = fieldsOf2(root);
  known.set(canonical, fields3, canonical.length + fields3.description.length);
}
function knownFields(canonical) {
  return known.get(canonical);
}

// provider/resource/check.ts
function failure(property, reason) {
  return { property, reason };
}
var MAX_NAME_BYTES = 255;
function nameFailure(property, value, validate3) {
  try {
    validate3(value);
  } catch (e) {
    if (!(e instanceof InvalidNameError)) throw e;
    return [failure(property, e.message)];
  }
  const long = value.split("/").find((segment) => Buffer.byteLength(segment, "utf8") > MAX_NAME_BYTES);
  if (long === void 0) return [];
  return [
    failure(
      property,
      `"${long.slice(0, 40)}…" is ${Buffer.byteLength(long, "utf8")} bytes long; Jenkins stores each item in a directory named after it and file systems refuse names over ${MAX_NAME_BYTES} bytes. Choose a shorter name.`
    )
  ];
}
var CONFIG_DIGEST_KEY = "__configXmlSha256";
var LEGACY_DIGEST_KEY = "configXmlSha256";
function digestOf2(text2) {
  const hash2 = (0, import_node_crypto5.createHash)("sha256").update(text2).digest();
  const kept = hash2.subarray(0, 16).toString("base64url");
  return { kept, names: (old) => old === kept || old === hash2.toString("hex") };
}
function ownFieldsInInputs(olds) {
  const hash2 = olds[CONFIG_DIGEST_KEY];
  if (typeof hash2 !== "string" || hash2.length !== SHORT_HASH || typeof olds.description !== "string") return void 0;
  return { description: olds.description, enabled: typeof olds.enabled === "boolean" ? olds.enabled : true };
}
var SHORT_HASH = 22;
function keepFieldsWhenOwn(news, own) {
  const enabled = news.enabled === void 0 || news.enabled === own.enabled;
  if (news.description !== own.description || !enabled) news[CONFIG_FIELDS_KEY] = own;
}
async function checkJob(olds, newsRaw) {
  const news = { ...newsRaw };
  delete news[CONFIG_DIGEST_KEY];
  delete news[LEGACY_DIGEST_KEY];
  delete news[CONFIG_FIELDS_KEY];
  const failures = [];
  let root;
  const known2 = (v) => v !== UNKNOWN;
  if (typeof news.name !== "string" || news.name === "") {
    failures.push(failure("name", `name is required: the job's own name, without folders (e.g. "api-build").`));
  } else if (known2(news.name)) {
    failures.push(...nameFailure("name", news.name, validateJobName));
  }
  if (news.folder === void 0 || news.folder === null || news.folder === "") {
    delete news.folder;
  } else if (typeof news.folder !== "string") {
    failures.push(failure("folder", 'folder must be a string: the full path of the parent folder, e.g. "team/apps".'));
  } else if (known2(news.folder)) {
    failures.push(...nameFailure("folder", news.folder, validateJobPath));
  }
  if (news.description !== void 0 && news.description !== null && typeof news.description !== "string") {
    failures.push(failure("description", "description must be a string."));
  }
  if (news.description === null) delete news.description;
  for (const flag2 of ["enabled", "adopt", "letGo"]) {
    if (news[flag2] === null) delete news[flag2];
    else if (news[flag2] !== void 0 && known2(news[flag2]) && typeof news[flag2] !== "boolean") {
      failures.push(failure(flag2, `${flag2} must be true or false.`));
    }
  }
  for (const key of SOURCE_KEYS) if (news[key] === null) delete news[key];
  const sources = givenSources(news);
  if (sources.length > 1) {
    failures.push(
      failure(
        sources[1],
        `Give exactly one of ${SOURCE_KEYS.join(", ")} to define the job; got ${sources.join(" and ")}.`
      )
    );
  } else if (sources.length === 1 && sources[0] !== "configXml") {
    const issues = checkSpec(sources[0], news);
    failures.push(...issues);
    if (issues.length === 0 && failures.length === 0) fillFields(news, void 0, void 0);
  } else {
    const xml = news.configXml;
    if (xml === UNKNOWN) {
    } else if (typeof xml !== "string" || xml.trim() === "") {
      failures.push(
        failure(
          "configXml",
          "configXml is required: the job's config.xml as text (or a typed spec instead: pipeline, freestyle, folderSpec or multibranch)."
        )
      );
    } else {
      const { kept: digest, names } = digestOf2(xml);
      const canonical = names(olds[CONFIG_DIGEST_KEY] ?? olds[LEGACY_DIGEST_KEY]) ? olds.configXml : void 0;
      if (typeof canonical === "string" && canonical !== "") {
        const rootName = rootNameOf(canonical);
        const failure6 = disableFailure(rootName, news.enabled);
        if (failure6) failures.push(failure6);
        else {
          const own = configFieldsOf(olds[CONFIG_FIELDS_KEY]) ?? ownFieldsInInputs(olds) ?? knownFields(canonical) ?? canonicalFields(canonical) ?? fieldsOf2(parseXml(canonical).root);
          Object.assign(news, { configXml: canonical, [CONFIG_DIGEST_KEY]: digest });
          fillFields(news, rootName, own);
          keepFieldsWhenOwn(news, own);
        }
      } else {
        const checked = checkConfigXml(xml, news.enabled);
        if ("reason" in checked) failures.push(checked);
        else {
          const own = fieldsOf2(checked.root);
          Object.assign(news, { configXml: checked.canonical, [CONFIG_DIGEST_KEY]: digest });
          fillFields(news, checked.root.name, own);
          keepFieldsWhenOwn(news, own);
          root = checked.root;
        }
      }
    }
  }
  return { result: { inputs: news, failures }, root };
}
function disableFailure(rootName, enabled) {
  if (enabled !== false || describeRoot(rootName)?.canDisable !== false) return void 0;
  return failure(
    "enabled",
    `A ${rootName} cannot be disabled in Jenkins (enable/disable do nothing on it); remove \`enabled: false\`.`
  );
}
function checkSpec(key, news) {
  if (unknownPath(news[key], UNKNOWN, key) !== void 0) return [];
  const fields3 = {};
  if (typeof news.description === "string" && news.description !== UNKNOWN) fields3.description = news.description;
  if (typeof news.enabled === "boolean") fields3.enabled = news.enabled;
  return specIssues(specKind(key), news[key], fields3).map((issue) => {
    const path3 = inputPath(key, issue.path);
    const property = path3 === "description" || path3 === "enabled" ? path3 : key;
    return failure(property, `${path3}: ${issue.message}`);
  });
}
function checkConfigXml(xml, enabled) {
  let doc;
  try {
    doc = parseXml(xml);
  } catch (e) {
    if (!(e instanceof XmlSyntaxError)) throw e;
    if (e instanceof XmlTooLargeError) {
      return failure(
        "",
        `configXml is too large: ${e.reason}. Keep big scripts in the repository (e.g. a Jenkinsfile) instead of the job's config.`
      );
    }
    const context = excerptAt(xml, e.line, e.column);
    const shown = context === "" ? "" : `
${context}`;
    if (e instanceof XmlEntityError) {
      return failure(
        "",
        `configXml was refused: ${e.reason} (line ${e.line}, column ${e.column}). Job configs need no DOCTYPE or entity declarations; remove them.${shown}`
      );
    }
    return failure(
      "",
      `configXml is not well-formed XML: ${e.reason.replace(/\.$/, "")} at line ${e.line}, column ${e.column}.${shown}`
    );
  }
  const rootName = doc.root.name;
  const info2 = describeRoot(rootName);
  if (!info2) {
    return failure(
      "",
      `configXml has root element <${rootName}>, which is not a Jenkins job or folder. Use the config.xml of a job or folder, whose root is e.g. ${KNOWN_ROOTS.map((r) => `<${r}>`).join(", ")}.`
    );
  }
  const disabled = disableFailure(rootName, enabled);
  if (disabled) return disabled;
  const canonical = canonicalizeDocument(doc);
  rememberFields(canonical, doc.root);
  return { canonical, root: doc.root };
}

// provider/resource/kept-hash.ts
function keptHash(hex) {
  return Buffer.from(hex, "hex").toString("base64url");
}
function shortHash(kept) {
  return kept.length === 43 ? kept.slice(0, SHORT) : kept;
}
var SHORT = 22;
function sameHash(kept, hex) {
  if (kept === void 0) return false;
  if (kept === hex) return true;
  const mine = keptHash(hex);
  return kept === mine || kept.length === SHORT && kept === mine.slice(0, SHORT);
}

// provider/resource/config-digest.ts
var import_node_crypto7 = require("node:crypto");

// provider/resource/drift.ts
var import_node_crypto6 = require("node:crypto");

// provider/resource/owned/branch-source-ids.ts
var BRANCH_SOURCE = "jenkins.branch.BranchSource";
function child2(e, name) {
  return elementChildren(e).find((c) => c.name === name);
}
function classOf4(e) {
  return e.attrs.find(([k]) => k === "class")?.[1];
}
function sourcesOf(root) {
  const data = child2(child2(root, "sources") ?? { kind: "element", name: "", attrs: [], children: [] }, "data");
  if (!data) return [];
  return elementChildren(data).filter((bs) => bs.name === BRANCH_SOURCE).map((bs) => child2(bs, "source")).filter((s) => s !== void 0);
}
var hasId = (source) => child2(source, "id") !== void 0;
function mapSources(root, change) {
  let index = 0;
  let changed = false;
  const mapChildren = (e, depth) => {
    const children = e.children.map((c) => {
      if (c.kind !== "element") return c;
      if (depth === 3 && c.name === "source") {
        const next = change(c, index++);
        if (next !== c) changed = true;
        return next;
      }
      const wanted = depth === 0 && c.name === "sources" || depth === 1 && c.name === "data" || depth === 2 && c.name === BRANCH_SOURCE;
      return wanted ? mapChildren(c, depth + 1) : c;
    });
    return { ...e, children };
  };
  const out = mapChildren(root, 0);
  return changed ? out : root;
}
var branchSourceIds = {
  what: "the ids Jenkins gives a multibranch project's branch sources",
  forComparison(remote, declared2) {
    const wanted = sourcesOf(declared2);
    if (wanted.length === 0 || wanted.every(hasId)) return remote;
    return mapSources(remote, (source, i) => {
      if (!wanted[i] || hasId(wanted[i]) || !hasId(source)) return source;
      return { ...source, children: source.children.filter((c) => !(c.kind === "element" && c.name === "id")) };
    });
  },
  reads(declared2) {
    const wanted = sourcesOf(declared2);
    if (wanted.length === 0 || wanted.every(hasId)) return [];
    const el3 = (name, children = []) => ({
      kind: "element",
      name,
      attrs: [],
      children
    });
    const sources = wanted.map((s) => el3(BRANCH_SOURCE, [el3("source", hasId(s) ? [el3("id")] : [])]));
    return [el3("sources", [el3("data", sources)])];
  },
  needsRemote(declared2) {
    return sourcesOf(declared2).some((s) => !hasId(s));
  },
  keep(declared2, remote) {
    const held = sourcesOf(remote);
    return mapSources(declared2, (source, i) => {
      const id = held[i] && child2(held[i], "id");
      if (hasId(source) || !id || classOf4(held[i]) !== classOf4(source)) return source;
      return { ...source, children: [id, ...source.children] };
    });
  }
};

// provider/resource/owned/placement.ts
var byName = (e) => e.name;
function placeAsRemote(declared2, remote, isKept, key = byName) {
  const out = [...declared2];
  const placed = /* @__PURE__ */ new Set();
  const indexOfRemote = (sibling) => {
    if (placed.has(sibling)) return out.indexOf(sibling);
    if (isKept(sibling)) return -1;
    const k = key(sibling);
    return out.findIndex((n) => n.kind === "element" && !placed.has(n) && key(n) === k);
  };
  const positionOf = (i) => {
    for (let j = i - 1; j >= 0; j--) {
      const found = indexOfRemote(remote[j]);
      if (found >= 0) return found + 1;
    }
    for (let j = i + 1; j < remote.length; j++) {
      const found = indexOfRemote(remote[j]);
      if (found >= 0) return found;
    }
    return out.length;
  };
  remote.forEach((part, i) => {
    if (!isKept(part)) return;
    out.splice(positionOf(i), 0, part);
    placed.add(part);
  });
  return out;
}

// provider/resource/owned/pipeline-properties.ts
var DECLARATIVE_TRACKER = "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobPropertyTrackerAction";
var SCRIPTED_TRACKER = "org.jenkinsci.plugins.workflow.multibranch.JobPropertyTrackerAction";
var PIPELINE_ACTIONS = /* @__PURE__ */ new Set([
  DECLARATIVE_TRACKER,
  SCRIPTED_TRACKER,
  "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DeclarativeJobAction",
  "org.jenkinsci.plugins.pipeline.modeldefinition.actions.DisableRestartFromStageAction"
]);
var PARAMETERS = "hudson.model.ParametersDefinitionProperty";
var TRIGGERS = "org.jenkinsci.plugins.workflow.job.properties.PipelineTriggersJobProperty";
function child3(e, name) {
  return e ? elementChildren(e).find((c) => c.name === name) : void 0;
}
function strings(e) {
  return e ? elementChildren(e).map((s) => textOf(s).trim()) : [];
}
function actionsOf(root) {
  const actions = child3(root, "actions");
  return actions ? elementChildren(actions) : [];
}
function pipelineOwnedOf(root) {
  const properties2 = /* @__PURE__ */ new Set();
  const triggers4 = /* @__PURE__ */ new Set();
  const parameters3 = /* @__PURE__ */ new Set();
  for (const a of actionsOf(root)) {
    if (a.name === DECLARATIVE_TRACKER) {
      strings(child3(a, "jobProperties")).forEach((c) => properties2.add(c));
      strings(child3(a, "triggers")).forEach((c) => triggers4.add(c));
      strings(child3(a, "parameters")).forEach((n) => parameters3.add(n));
    } else if (a.name === SCRIPTED_TRACKER) {
      strings(child3(a, "jobPropertyDescriptors")).forEach((c) => properties2.add(c));
    }
  }
  return { properties: properties2, triggers: triggers4, parameters: parameters3 };
}
function isEmpty2(o) {
  return o.properties.size === 0 && o.triggers.size === 0 && o.parameters.size === 0;
}
function describeOwned(o) {
  return [
    ...[...o.properties].map((c) => `property ${c}`),
    ...[...o.triggers].map((c) => `trigger ${c}`),
    ...[...o.parameters].map((n) => `parameter ${n}`)
  ].sort();
}
function ownedFromDescription(list) {
  const pick = (prefix) => new Set(list.filter((s) => s.startsWith(prefix)).map((s) => s.slice(prefix.length)));
  return { properties: pick("property "), triggers: pick("trigger "), parameters: pick("parameter ") };
}
function propertiesOf(root) {
  const props = child3(root, "properties");
  return props ? elementChildren(props) : [];
}
function parameterName(def) {
  return textOf(child3(def, "name") ?? def).trim();
}
var LIST_PROPERTIES = [
  {
    property: PARAMETERS,
    list: "parameterDefinitions",
    owned: (o, e) => o.parameters.has(parameterName(e)),
    key: (e) => `${e.name} ${parameterName(e)}`
  },
  { property: TRIGGERS, list: "triggers", owned: (o, e) => o.triggers.has(e.name), key: (e) => e.name }
];
var elementsIn = (nodes) => nodes.filter((n) => n.kind === "element");
function entriesOf(prop, list) {
  const l = child3(prop, list);
  return l ? elementChildren(l) : [];
}
function withEntries(prop, template, list, entries) {
  const base2 = prop ?? { ...template, children: [] };
  const current2 = child3(base2, list);
  const listElement = { kind: "element", name: list, attrs: current2?.attrs ?? [], children: entries };
  const children = current2 ? base2.children.map((c) => c === current2 ? listElement : c) : [...base2.children, listElement];
  return { ...base2, children };
}
function comparableList(kind, o, remote, declared2) {
  const entries = entriesOf(remote, kind.list).filter((e) => !kind.owned(o, e));
  entriesOf(declared2, kind.list).forEach((e, i) => {
    if (kind.owned(o, e)) entries.splice(Math.min(i, entries.length), 0, e);
  });
  if (remote === void 0 && entries.length === 0) return void 0;
  if (entries.length === 0 && declared2 === void 0) return void 0;
  return withEntries(remote, remote ?? declared2, kind.list, entries);
}
function replaceProperties(root, props) {
  const current2 = child3(root, "properties");
  const next = { kind: "element", name: "properties", attrs: current2?.attrs ?? [], children: props };
  if (current2) return { ...root, children: root.children.map((c) => c === current2 ? next : c) };
  const children = [...root.children];
  const at = children.findIndex((c) => c.kind === "element" && c.name === "definition");
  children.splice(at >= 0 ? at : children.length, 0, next);
  return { ...root, children };
}
function withoutPipelineActions(root, declared2) {
  const actions = child3(root, "actions");
  if (!actions) return root;
  const declaredNames = new Set(actionsOf(declared2).map((a) => a.name));
  const children = actions.children.filter(
    (c) => c.kind !== "element" || !PIPELINE_ACTIONS.has(c.name) || declaredNames.has(c.name)
  );
  if (children.length === actions.children.length) return root;
  const next = { ...actions, children };
  return { ...root, children: root.children.map((c) => c === actions ? next : c) };
}
var PIPELINE_ROOT = "flow-definition";
function forComparison(remoteConfig, declared2) {
  const remote = withoutPipelineActions(remoteConfig, declared2);
  if (remoteConfig.name !== PIPELINE_ROOT) return remote;
  const o = pipelineOwnedOf(remoteConfig);
  if (isEmpty2(o)) return remote;
  const declaredProps = propertiesOf(declared2);
  const out = [];
  const handled = /* @__PURE__ */ new Set();
  for (const p of propertiesOf(remote)) {
    if (o.properties.has(p.name)) continue;
    const kind = LIST_PROPERTIES.find((k) => k.property === p.name);
    if (!kind) {
      out.push(p);
      continue;
    }
    handled.add(p.name);
    const view = comparableList(
      kind,
      o,
      p,
      declaredProps.find((d) => d.name === p.name)
    );
    if (view) out.push(view);
  }
  for (const d of declaredProps) {
    if (o.properties.has(d.name)) {
      out.push(d);
      continue;
    }
    const kind = LIST_PROPERTIES.find((k) => k.property === d.name);
    if (kind && !handled.has(d.name) && !o.properties.has(d.name)) {
      handled.add(d.name);
      const view = comparableList(kind, o, void 0, d);
      if (view) out.push(view);
    }
  }
  return replaceProperties(remote, out);
}
function keep(declared2, remote) {
  const o = pipelineOwnedOf(remote);
  const remoteActions = actionsOf(remote);
  const isPipelineAction = (a) => PIPELINE_ACTIONS.has(a.name);
  if (isEmpty2(o) && !remoteActions.some(isPipelineAction)) return declared2;
  const actions = child3(declared2, "actions");
  const nextActions = {
    kind: "element",
    name: "actions",
    attrs: actions?.attrs ?? [],
    children: placeAsRemote(
      actionsOf(declared2).filter((a) => !isPipelineAction(a)),
      remoteActions,
      isPipelineAction
    )
  };
  let root;
  if (actions) {
    root = { ...declared2, children: declared2.children.map((c) => c === actions ? nextActions : c) };
  } else {
    const at = declared2.children.findIndex((c) => c.kind === "element");
    const children = [...declared2.children];
    children.splice(at >= 0 ? at : 0, 0, nextActions);
    root = { ...declared2, children };
  }
  if (isEmpty2(o)) return root;
  const remoteProps = propertiesOf(remote);
  const ours = [];
  const handled = /* @__PURE__ */ new Set();
  for (const p of propertiesOf(declared2)) {
    if (o.properties.has(p.name)) continue;
    const kind = LIST_PROPERTIES.find((k) => k.property === p.name);
    if (!kind) {
      ours.push(p);
      continue;
    }
    handled.add(p.name);
    const remoteEntries = entriesOf(
      remoteProps.find((r) => r.name === p.name),
      kind.list
    );
    const mine = entriesOf(p, kind.list).filter((e) => !kind.owned(o, e));
    const entries = placeAsRemote(mine, remoteEntries, (e) => kind.owned(o, e), kind.key);
    ours.push(withEntries(p, p, kind.list, elementsIn(entries)));
  }
  const kept = /* @__PURE__ */ new Set();
  const remoteView = remoteProps.map((r) => {
    if (o.properties.has(r.name)) {
      kept.add(r);
      return r;
    }
    const kind = LIST_PROPERTIES.find((k) => k.property === r.name);
    if (!kind || handled.has(r.name)) return r;
    const theirs = entriesOf(r, kind.list).filter((e) => kind.owned(o, e));
    if (theirs.length === 0) return r;
    const only = withEntries(r, r, kind.list, theirs);
    kept.add(only);
    return only;
  });
  return replaceProperties(root, elementsIn(placeAsRemote(ours, remoteView, (e) => kept.has(e))));
}
var DIRECTIVE_WORDS = /\b(properties|parameters|triggers|options)\b/;
function mayOwnProperties(declared2) {
  if (declared2.name !== "flow-definition") return false;
  const definition2 = child3(declared2, "definition");
  const cls = definition2?.attrs.find(([n]) => n === "class")?.[1];
  if (cls !== "org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition") return true;
  const script = child3(definition2, "script");
  return script !== void 0 && DIRECTIVE_WORDS.test(textOf(script));
}
function reads(declared2) {
  const out = [];
  const actions = child3(declared2, "actions");
  const named = actionsOf(declared2).filter((a) => PIPELINE_ACTIONS.has(a.name));
  if (actions && named.length > 0) {
    const bare2 = named.map((a) => ({ kind: "element", name: a.name, attrs: [], children: [] }));
    out.push({ kind: "element", name: "actions", attrs: [], children: bare2 });
  }
  const props = child3(declared2, "properties");
  const mayOwn = mayOwnProperties(declared2) || named.length > 0;
  if (declared2.name === PIPELINE_ROOT && mayOwn && props && elementChildren(props).length > 0)
    out.push(equivalenceForm(props, declared2.name));
  return out;
}
var pipelinePropertiesRule = {
  what: "job properties, triggers and parameters that the job's pipeline set (its tracker actions say which)",
  forComparison,
  reads,
  // Whether the job has trackers is known from its remote config alone.
  needsRemote: mayOwnProperties,
  // The tracker actions and the properties they list are written by the `properties` step, during a run.
  setByRuns: true,
  keep
};
function claimedByDeclared(declared2, owned) {
  const copied = pipelineOwnedOf(declared2);
  const out = [];
  for (const p of propertiesOf(declared2)) {
    if (owned.properties.has(p.name) && !copied.properties.has(p.name)) out.push(`property ${p.name}`);
    if (owned.properties.has(p.name)) continue;
    for (const kind of LIST_PROPERTIES) {
      if (kind.property !== p.name) continue;
      for (const e of entriesOf(p, kind.list)) {
        if (kind.owned(owned, e) && !kind.owned(copied, e)) {
          out.push(kind.property === PARAMETERS ? `parameter ${parameterName(e)}` : `trigger ${e.name}`);
        }
      }
    }
  }
  return [...new Set(out)].sort();
}

// provider/resource/owned/folder-views.ts
var FOLDER = "com.cloudbees.hudson.plugins.folder.Folder";
var HOLDER_CLASS = "com.cloudbees.hudson.plugins.folder.views.DefaultFolderViewHolder";
var FIELD = "folderViews";
var attrOf = (e, name) => e.attrs.find(([k]) => k === name)?.[1];
var childOf = (e, name) => elementChildren(e).find((c) => c.name === name);
function isDefaultAllView(view) {
  if (view.name !== "hudson.model.AllView") return false;
  return elementChildren(view).every((c) => {
    switch (c.name) {
      case "owner":
        return true;
      case "name":
        return textOf(c).toLowerCase() === "all";
      case "filterExecutors":
      case "filterQueue":
        return textOf(c).trim() === "false";
      case "properties":
      case "description":
        return elementChildren(c).length === 0 && textOf(c).trim() === "";
      default:
        return false;
    }
  });
}
function isDefaultViewHolder(holder) {
  const cls = attrOf(holder, "class");
  if (cls !== void 0 && cls !== HOLDER_CLASS) return false;
  return elementChildren(holder).every((c) => {
    if (c.name === "views") {
      const views = elementChildren(c);
      return views.length === 1 && isDefaultAllView(views[0]);
    }
    if (c.name === "primaryView") return textOf(c).trim().toLowerCase() === "all";
    if (c.name === "tabBar") return elementChildren(c).length === 0;
    return false;
  });
}
function leavesViews(declared2) {
  if (declared2.name !== FOLDER) return false;
  const holder = childOf(declared2, FIELD);
  return holder === void 0 || isDefaultViewHolder(holder);
}
function withHolder(e, holder, from) {
  const at = e.children.findIndex((c) => c.kind === "element" && c.name === FIELD);
  const children = [...e.children];
  if (at >= 0) {
    if (holder === void 0) children.splice(at, 1);
    else children[at] = holder;
  } else if (holder !== void 0 && from !== void 0) {
    return { ...e, children: placeAsRemote(e.children, elementChildren(from), (c) => c === holder) };
  } else if (holder !== void 0) {
    const props = children.findIndex((c) => c.kind === "element" && c.name === "properties");
    children.splice(props >= 0 ? props + 1 : children.length, 0, holder);
  } else {
    return e;
  }
  return { ...e, children };
}
var FOLDER_VIEWS_RULE = {
  what: "a folder's views (kept in <folderViews> of the folder's config.xml)",
  forComparison(remote, declared2) {
    if (!leavesViews(declared2) || remote.name !== FOLDER) return remote;
    const declaredHolder = childOf(declared2, FIELD);
    const remoteHolder = childOf(remote, FIELD);
    if (remoteHolder === void 0 && declaredHolder === void 0) return remote;
    return withHolder(remote, declaredHolder);
  },
  reads(declared2) {
    const holder = declared2.name === FOLDER ? childOf(declared2, FIELD) : void 0;
    if (holder === void 0) return [];
    if (isDefaultViewHolder(holder)) return [equivalenceForm(holder, declared2.name)];
    const views = { kind: "element", name: "views", attrs: [], children: [] };
    return [{ kind: "element", name: FIELD, attrs: [], children: [views] }];
  },
  needsRemote(declared2) {
    return leavesViews(declared2);
  },
  keep(declared2, remote) {
    if (remote.name !== FOLDER) return declared2;
    const remoteHolder = childOf(remote, FIELD);
    return remoteHolder === void 0 ? declared2 : withHolder(declared2, remoteHolder, remote);
  }
};

// provider/resource/owned/folder-credentials.ts
var FOLDER_CREDENTIALS_PROPERTY = "com.cloudbees.hudson.plugins.folder.properties.FolderCredentialsProvider_-FolderCredentialsProperty";
var childOf2 = (e, name) => elementChildren(e).find((c) => c.name === name);
function propertyOf(root) {
  const props = childOf2(root, "properties");
  return props === void 0 ? void 0 : childOf2(props, FOLDER_CREDENTIALS_PROPERTY);
}
function leavesCredentials(declared2) {
  return describeRoot(declared2.name)?.kind === "folder" && propertyOf(declared2) === void 0;
}
var FOLDER_CREDENTIALS_RULE = {
  what: "a folder's credentials (kept in the FolderCredentialsProperty of the folder's config.xml)",
  forComparison(remote, declared2) {
    if (!leavesCredentials(declared2) || remote.name !== declared2.name) return remote;
    const props = childOf2(remote, "properties");
    if (props === void 0 || childOf2(props, FOLDER_CREDENTIALS_PROPERTY) === void 0) return remote;
    const nextProps = {
      ...props,
      children: props.children.filter((c) => !(c.kind === "element" && c.name === FOLDER_CREDENTIALS_PROPERTY))
    };
    return { ...remote, children: remote.children.map((c) => c === props ? nextProps : c) };
  },
  reads(declared2) {
    if (describeRoot(declared2.name)?.kind !== "folder" || propertyOf(declared2) === void 0) return [];
    const property = { kind: "element", name: FOLDER_CREDENTIALS_PROPERTY, attrs: [], children: [] };
    return [{ kind: "element", name: "properties", attrs: [], children: [property] }];
  },
  needsRemote(declared2) {
    return leavesCredentials(declared2);
  },
  keep(declared2, remote) {
    if (remote.name !== declared2.name) return declared2;
    const remoteProps = childOf2(remote, "properties");
    const property = propertyOf(remote);
    if (remoteProps === void 0 || property === void 0) return declared2;
    const isProperty = (e) => e === property;
    const props = childOf2(declared2, "properties");
    if (props !== void 0) {
      const children2 = placeAsRemote(props.children, elementChildren(remoteProps), isProperty);
      const nextProps = { ...props, children: children2 };
      return { ...declared2, children: declared2.children.map((c) => c === props ? nextProps : c) };
    }
    const holder = { ...remoteProps, children: [property] };
    const children = placeAsRemote(
      declared2.children,
      elementChildren(remote).map((c) => c === remoteProps ? holder : c),
      (e) => e === holder
    );
    return { ...declared2, children };
  }
};

// provider/resource/owned-parts.ts
var OWNED_PART_RULES = [
  pipelinePropertiesRule,
  branchSourceIds,
  FOLDER_VIEWS_RULE,
  FOLDER_CREDENTIALS_RULE
];
function withoutOwnedParts(remote, declared2) {
  return OWNED_PART_RULES.reduce((r, rule) => rule.forComparison(r, declared2), remote);
}
function updateNeedsRemote(declared2, neverRan2 = false) {
  return OWNED_PART_RULES.some((rule) => rule.needsRemote(declared2) && !(neverRan2 && rule.setByRuns === true));
}
function keepOwnedParts(declared2, remote) {
  return OWNED_PART_RULES.reduce((d, rule) => rule.needsRemote(declared2) ? rule.keep(d, remote) : d, declared2);
}

// provider/resource/drift.ts
var NEUTRAL_ATTRS = /* @__PURE__ */ new Set(["class", "plugin"]);
function isEmptyField(e) {
  return elementChildren(e).length === 0 && textOf(e).trim() === "" && e.attrs.every(([name]) => NEUTRAL_ATTRS.has(name));
}
function carriesNothing(parent, e, known2) {
  const kept = known2?.get(e);
  if (kept !== void 0 && kept.parent === parent) return kept.answer;
  let answer2;
  if (isEmptyField(e)) answer2 = !e.name.includes(".");
  else {
    const children = elementChildren(e);
    answer2 = children.length === 0 ? isDefaultField(parent, e.name, textOf(e)) : e.attrs.every(([n]) => NEUTRAL_ATTRS.has(n)) && children.every((c) => carriesNothing(e.name, c, known2));
  }
  known2?.set(e, { parent, answer: answer2 });
  return answer2;
}
function alignAttrs(declared2, remote) {
  const declaredPlugin = declared2.attrs.find(([n]) => n === "plugin");
  const out = remote.attrs.filter(([n]) => n !== "plugin");
  if (declaredPlugin) {
    const pluginIndex = remote.attrs.findIndex(([n]) => n === "plugin");
    out.splice(pluginIndex >= 0 ? pluginIndex : out.length, 0, declaredPlugin);
  }
  return out;
}
function align(declared2, remote, managed) {
  const declaredByKey = /* @__PURE__ */ new Map();
  const seen = /* @__PURE__ */ new Map();
  for (const c of elementChildren(declared2)) {
    const n = seen.get(c.name) ?? 0;
    seen.set(c.name, n + 1);
    declaredByKey.set(`${c.name}#${n}`, c);
  }
  seen.clear();
  const children = [];
  for (const child6 of remote.children) {
    if (child6.kind !== "element") {
      children.push(child6);
      continue;
    }
    const n = seen.get(child6.name) ?? 0;
    seen.set(child6.name, n + 1);
    const match = declaredByKey.get(`${child6.name}#${n}`);
    if (match) {
      children.push(align(match, child6, isManagedContainer(remote.name, child6.name)));
    } else if (!managed && !carriesNothing(remote.name, child6)) {
      children.push(child6);
    }
  }
  return { ...remote, attrs: alignAttrs(declared2, remote), children };
}
function alignToDeclared(declaredXml2, remoteXml) {
  const declared2 = parseXml(declaredXml2);
  const remote = parseXml(remoteXml);
  if (declared2.root.name !== remote.root.name) return canonicalizeConfig(remoteXml);
  const root = align(declared2.root, withoutOwnedParts(remote.root, declared2.root), false);
  return canonicalizeConfig(writeXml({ ...remote, root }, { style: "pretty" }));
}
function sameConfig(declared2, remote) {
  const root = (x) => typeof x === "string" ? parseXml(x).root : x;
  const declaredRoot = root(declared2);
  return elementsEquivalent(declaredRoot, withoutOwnedParts(root(remote), declaredRoot), {
    ignoreRootFields: FIELD_NAMES
  });
}
function withDisabledAsFound(config, enabled) {
  const doc = parseXml(config);
  const texts = fieldTextsOf(doc.root);
  const said2 = String(!enabled);
  if (texts.disabled === void 0 || texts.disabled.trim() === said2) return config;
  return canonicalizeConfig(
    writeXml({ ...doc, root: withFieldTexts(doc.root, { ...texts, disabled: said2 }) }, { style: "pretty" })
  );
}
function driftedConfig(declared2, remote) {
  const aligned = transplantFields(alignToDeclared(declared2, remote), declared2);
  return configsEqual(aligned, declared2) ? transplantFields(remote, declared2) : aligned;
}
function childKeys(e) {
  const seen = /* @__PURE__ */ new Map();
  return elementChildren(e).map((c) => {
    const n = seen.get(c.name) ?? 0;
    seen.set(c.name, n + 1);
    return [c, `${c.name}#${n}`];
  });
}
function pathKey(path3) {
  return (0, import_node_crypto6.hash)("sha256", path3, "hex").slice(0, 8);
}
function layoutOf(declared2, effective) {
  const kept = [];
  const plugins = {};
  const known2 = /* @__PURE__ */ new Map();
  const visit = (e, path3, managed) => {
    const plugin = e.attrs.find(([n]) => n === "plugin");
    if (plugin) plugins[pathKey(path3)] = plugin[1];
    for (const [c, key] of childKeys(e)) {
      const childPath = path3 === "" ? key : `${path3}/${key}`;
      if (managed || carriesNothing(e.name, c, known2)) kept.push(pathKey(childPath));
      visit(c, childPath, isManagedContainer(e.name, c.name));
    }
  };
  visit(declared2, "", false);
  const layout = { kept, plugins };
  const own = fieldTextsOf(declared2);
  const said2 = { description: effective.description, disabled: String(!effective.enabled) };
  for (const name of FIELD_NAMES) {
    const text2 = own[name];
    if (text2 === void 0) (layout.absent ??= []).push(name);
    else if (text2 !== said2[name]) (layout.fields ??= {})[name] = text2;
  }
  return layout;
}
function fieldTextsFrom(layout, effective) {
  const out = {};
  const said2 = { description: effective.description, disabled: String(!effective.enabled) };
  for (const name of FIELD_NAMES) {
    if (layout.absent?.includes(name)) continue;
    out[name] = layout.fields?.[name] ?? said2[name];
  }
  return out;
}
function alignToLayout(remote, path3, managed, layout, kept) {
  const children = [];
  const keyed = new Map(childKeys(remote));
  for (const child6 of remote.children) {
    if (child6.kind !== "element") {
      children.push(child6);
      continue;
    }
    const key = keyed.get(child6);
    const childPath = path3 === "" ? key : `${path3}/${key}`;
    if (kept.has(pathKey(childPath)) || !managed && !carriesNothing(remote.name, child6)) {
      children.push(alignToLayout(child6, childPath, isManagedContainer(remote.name, child6.name), layout, kept));
    }
  }
  const plugin = layout.plugins[pathKey(path3)];
  const attrs = remote.attrs.filter(([n]) => n !== "plugin");
  if (plugin !== void 0) {
    const at = remote.attrs.findIndex(([n]) => n === "plugin");
    attrs.splice(at >= 0 ? at : attrs.length, 0, ["plugin", plugin]);
  }
  return { ...remote, attrs, children };
}
function foundConfig(remote, declared2, effective, compare = true) {
  const doc = parseXml(remote);
  const standIn = declared2?.owned !== void 0 ? parseXml(declared2.owned).root : void 0;
  const own = withoutOwnedParts(doc.root, standIn ?? { kind: "element", name: doc.root.name, attrs: [], children: [] });
  const layout = declared2?.layout;
  const semantic = compare ? declared2?.semantic : void 0;
  const fields3 = layout ? fieldTextsFrom(layout, effective) : { ...fieldTextsOf(doc.root), description: effective.description };
  const aligned = layout ? alignToLayout(own, "", false, layout, new Set(layout.kept)) : own;
  const text2 = canonicalizeConfig(writeXml({ ...doc, root: withFieldTexts(aligned, fields3) }, { style: "pretty" }));
  if (semantic === void 0 || !sameHash(semantic, semanticDigest(parseXml(text2).root))) return text2;
  return canonicalizeDocument({ ...doc, root: withFieldTexts(doc.root, fields3) });
}
function inputsReflecting(props, configXml = props.configXml) {
  const inputs = {
    name: props.name,
    description: props.description,
    fullName: props.fullName,
    url: props.url
  };
  if (props.controller) inputs.controller = props.controller;
  if (props.adopt === true) inputs.adopt = true;
  if (props.letGo === true) inputs.letGo = true;
  const key = sourceOf(props);
  if (key === "configXml") inputs.configXml = configXml;
  else Object.assign(inputs, { [key]: props[key] });
  if (key !== "configXml" && props.__foundConfig === true) inputs.configXml = configXml;
  if (props.folder) inputs.folder = props.folder;
  if (describeRoot(rootNameOf(configXml ?? ""))?.canDisable !== false) inputs.enabled = props.enabled;
  return inputs;
}

// provider/resource/digest-text.ts
var KEY = /^[0-9a-f]{8}$/;
function digestText(d) {
  const lines = [`${d.root} ${shortHash(d.canonical)} ${shortHash(d.semantic)} ${shortHash(d.equivalence)}`];
  const layout = d.layout;
  if (layout !== void 0) {
    const keys2 = layout.kept.every((k) => KEY.test(k));
    lines.push(keys2 ? `k${layout.kept.join("")}` : `K${JSON.stringify(layout.kept)}`);
    const plugins = Object.entries(layout.plugins);
    if (plugins.length > 0) {
      const plain2 = plugins.every(([k, v]) => KEY.test(k) && v !== "" && !/[\s=]/.test(v));
      lines.push(plain2 ? `p${byValue(plugins)}` : `P${JSON.stringify(layout.plugins)}`);
    }
    if (layout.fields !== void 0 || layout.absent !== void 0)
      lines.push(`f${JSON.stringify({ fields: layout.fields, absent: layout.absent })}`);
  }
  if (d.owned !== void 0) lines.push(`o${d.owned}`);
  return lines.join("\n");
}
function digestFromText(text2) {
  const lines = text2.split("\n");
  const head = lines[0].split(" ");
  if (head.length !== 4 || head.some((p) => p === "")) return void 0;
  const [root, canonical, semantic, equivalence] = head;
  const digest = { root, canonical, semantic, equivalence };
  let layout;
  try {
    for (let i = 1; i < lines.length; i++) {
      const tag = lines[i][0];
      const value = lines[i].slice(1);
      if (tag === "o") {
        digest.owned = [value, ...lines.slice(i + 1)].join("\n");
        break;
      }
      layout ??= { kept: [], plugins: {} };
      if (tag === "k") layout.kept = value.match(/.{8}/g) ?? [];
      else if (tag === "K") layout.kept = JSON.parse(value);
      else if (tag === "p") {
        for (const group of value.split(" ")) {
          const at = group.lastIndexOf("=");
          for (const key of group.slice(at + 1).match(/.{8}/g) ?? []) layout.plugins[key] = group.slice(0, at);
        }
      } else if (tag === "P") layout.plugins = JSON.parse(value);
      else if (tag === "f") {
        const { fields: fields3, absent } = JSON.parse(value);
        if (fields3 !== void 0) layout.fields = fields3;
        if (absent !== void 0) layout.absent = absent;
      } else return void 0;
    }
  } catch (e) {
    if (e instanceof SyntaxError) return void 0;
    throw e;
  }
  if (layout !== void 0) digest.layout = layout;
  return digest;
}
function byValue(plugins) {
  const keys2 = /* @__PURE__ */ new Map();
  for (const [key, value] of plugins) keys2.set(value, (keys2.get(value) ?? "") + key);
  return [...keys2].map(([value, joined]) => `${value}=${joined}`).join(" ");
}

// provider/resource/config-digest.ts
function canonicalDigest(canonical) {
  return (0, import_node_crypto7.createHash)("sha256").update(canonical, "utf8").digest("hex");
}
var semanticOfText = new TextCache(64, 4 * 1024 * 1024);
function declaredSemanticDigest(canonical, root) {
  const known2 = semanticOfText.get(canonical);
  if (known2 !== void 0) return known2;
  const digest = semanticDigest(root());
  semanticOfText.set(canonical, digest);
  return digest;
}
var bare = (name) => ({ kind: "element", name, attrs: [], children: [] });
function ownedPartsOf(declared2) {
  const byName2 = /* @__PURE__ */ new Map();
  for (const rule of OWNED_PART_RULES) {
    for (const part of rule.reads(declared2)) {
      const whole2 = declared2.children.find((c) => c.kind === "element" && c.name === part.name);
      byName2.set(part.name, byName2.has(part.name) && whole2 !== void 0 ? whole2 : part);
    }
  }
  if (byName2.size === 0) return void 0;
  const order = declared2.children.flatMap((c) => c.kind === "element" ? [c.name] : []);
  const children = [...byName2.values()].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  return canonicalizeDocument({ ...declared2, attrs: [], children });
}
function ownedStandIn(digest) {
  return digest.owned !== void 0 ? parseXml(digest.owned).root : bare(digest.root);
}
function comparable2(remote, digest) {
  return withoutOwnedParts(remote, ownedStandIn(digest));
}
function configEquivalence(root) {
  return equivalenceDigest(root, { ignoreRootFields: FIELD_NAMES });
}
function digestOf3(canonical, root, declaredAsXml, effective) {
  const digest = {
    root: root.name,
    canonical: keptHash(canonicalDigest(canonical)),
    semantic: keptHash(declaredSemanticDigest(canonical, () => root)),
    equivalence: keptHash(configEquivalence(root))
  };
  const owned = ownedPartsOf(root);
  if (owned !== void 0) digest.owned = owned;
  if (declaredAsXml) digest.layout = layoutOf(root, effective);
  return digest;
}
function currentOutputs(olds) {
  const current2 = withCurrentDigestKey(olds);
  const stored = current2.__digest;
  if (typeof stored !== "string") return current2;
  const digest = digestFromText(stored);
  const out = { ...current2 };
  if (digest === void 0) delete out.__digest;
  else out.__digest = digest;
  return out;
}
function storedOutputs(outs) {
  const digest = outs.__digest;
  if (!isDigest(digest)) return outs;
  return { ...outs, __digest: digestText(digest) };
}
function configKnown(olds) {
  return Boolean(olds.configXml) || isDigest(olds.__digest);
}
function isDigest(value) {
  const d = value;
  return typeof d === "object" && d !== null && typeof d.canonical === "string" && typeof d.root === "string";
}
function rootOfOutputs(olds) {
  return isDigest(olds.__digest) ? olds.__digest.root : void 0;
}
function declaredConfigOf(olds) {
  if (olds.configXml) return olds.configXml;
  const key = sourceOf(olds);
  if (key === "configXml") return void 0;
  try {
    const xml = renderSpec(key, olds[key], { description: olds.description, enabled: olds.enabled });
    return canonicalizeDocument(parseXml(xml));
  } catch (e) {
    if (e instanceof JobSpecError) return void 0;
    throw e;
  }
}

// provider/ownership/mark.ts
var MARK_PREFIX = "Managed as code by ";
var MARK_SUFFIX = ". Changes made in Jenkins are put back by its next update.";
var OWNER_PATTERN = /^[A-Za-z0-9._@-]+(?:\/[A-Za-z0-9._@-]+)*$/;
var MARK_LINE = /(?:^|\r?\n\r?\n)Managed as code by ([A-Za-z0-9._@/-]+)\. Changes made in Jenkins are put back by its next update\.[ \t]*(?:\r?\n)*$/;
function ownerNameProblem(owner2) {
  if (owner2.length === 0) return "an owner name cannot be empty";
  if (owner2.length > 200) return "an owner name is at most 200 characters";
  if (!OWNER_PATTERN.test(owner2)) {
    return "an owner name holds letters, digits and . _ @ - only, in parts separated by /";
  }
  return void 0;
}
function markLine(owner2) {
  return `${MARK_PREFIX}${owner2}${MARK_SUFFIX}`;
}
function readMark(description) {
  const text2 = description ?? "";
  const match = MARK_LINE.exec(text2);
  if (match === null) return { description: text2 };
  return { description: text2.slice(0, match.index), owner: match[1] };
}
function withMark(description, owner2) {
  const own = readMark(description).description;
  return own.length === 0 ? markLine(owner2) : `${own}

${markLine(owner2)}`;
}
function stackOwner(project, stack) {
  return `${project}/${stack}`;
}

// provider/resource/desired.ts
function fullNameOf(p) {
  return p.folder ? `${p.folder}/${p.name}` : p.name;
}
function jobUrl(baseUrl, fullName) {
  return baseUrl + jobUrlPath(fullName).slice(1);
}
function knownOutputs(news, baseUrl) {
  const { name, folder: folder2 } = news;
  if (typeof name !== "string" || name === UNKNOWN || folder2 === UNKNOWN) return {};
  if (folder2 !== void 0 && typeof folder2 !== "string") return {};
  const fullName = fullNameOf({ name, folder: folder2 });
  return baseUrl === void 0 ? { fullName } : { fullName, url: jobUrl(baseUrl, fullName) };
}
function once(make) {
  let done = false;
  let value;
  return () => {
    if (!done) {
      value = make();
      done = true;
    }
    return value;
  };
}
function explicitFields(news) {
  const out = {};
  if (typeof news.description === "string") out.description = news.description;
  if (typeof news.enabled === "boolean") out.enabled = news.enabled;
  return out;
}
function sentDescription(description, markOwner4) {
  return markOwner4 === void 0 ? readMark(description).description : withMark(description, markOwner4);
}
var declaredTrees = new TextCache(64, 4 * 1024 * 1024);
function treeOf(xml) {
  let root = declaredTrees.get(xml);
  if (root === void 0) {
    root = parseXml(xml).root;
    declaredTrees.set(xml, root);
  }
  return root;
}
function declaredXml(news, markOwner4) {
  const xml = news.configXml;
  const rootName = rootNameOf(xml);
  const info2 = describeRoot(rootName);
  const root = once(() => treeOf(xml));
  const explicit = explicitFields(news);
  return {
    key: "configXml",
    rootName,
    info: info2,
    // Checked inputs are canonical already.
    canonical: () => xml,
    root,
    fields: once(() => {
      const needXml = explicit.description === void 0 || explicit.enabled === void 0 && info2?.canDisable !== false;
      const fromXml = needXml ? knownFields(xml) ?? canonicalFields(xml) ?? fieldsOf2(root()) : { description: "", enabled: true };
      return {
        description: readMark(explicit.description ?? fromXml.description).description,
        enabled: info2?.canDisable === false ? true : explicit.enabled ?? fromXml.enabled
      };
    }),
    // Checked inputs carry description and enabled (filled-fields.ts): the text goes as is when they are its own.
    toSend: once(() => {
      const own = configFieldsOf(news[CONFIG_FIELDS_KEY]) ?? knownFields(xml) ?? canonicalFields(xml) ?? fieldsOf2(root());
      const description = sentDescription(explicit.description ?? own.description, markOwner4);
      if (description !== own.description) {
        return canonicalizeDocument(withFieldsIn(root(), { ...explicit, description }));
      }
      if (explicit.description === void 0 && explicit.enabled === void 0) return xml;
      const same2 = (explicit.description ?? own.description) === own.description && (explicit.enabled ?? own.enabled) === own.enabled;
      return same2 ? xml : canonicalizeDocument(withFieldsIn(root(), explicit));
    }),
    descriptionToSend() {
      return sentDescription(this.fields().description, markOwner4);
    },
    secrets: []
  };
}
function declaredSpec(news, key, markOwner4) {
  const explicit = explicitFields(news);
  const xml = renderSpec(key, news[key], explicit);
  const doc = parseXml(xml);
  const found = fieldsOf2(doc.root);
  const fields3 = { ...found, description: readMark(found.description).description };
  const description = sentDescription(fields3.description, markOwner4);
  return {
    key,
    rootName: doc.root.name,
    info: describeRoot(doc.root.name),
    canonical: once(() => canonicalizeDocument(doc)),
    root: () => doc.root,
    fields: () => fields3,
    // The mark travels only in the text sent: what is compared and kept is the spec as declared.
    toSend: once(
      () => description === found.description ? xml : renderSpec(key, news[key], { ...explicit, description })
    ),
    descriptionToSend: () => description,
    secrets: []
  };
}
function declare(news, markOwner4) {
  const key = sourceOf(news);
  const declared2 = key === "configXml" ? declaredXml(news, markOwner4) : declaredSpec(news, key, markOwner4);
  if (secretCount(news.secretValues) === 0) return declared2;
  const secrets = news.secretValues;
  const placeholders = declared2.toSend;
  return { ...declared2, secrets, toSend: once(() => revealSecrets(placeholders(), secrets)) };
}
function outputsFor(news, declared2, fullName, baseUrl, owner2) {
  const fields3 = declared2.fields();
  const outs = {
    name: news.name,
    fullName,
    url: jobUrl(baseUrl, fullName),
    // The config itself is in the inputs: the outputs keep its digest (config-digest.ts).
    __digest: digestOf3(declared2.canonical(), declared2.root(), declared2.key === "configXml", fields3),
    description: fields3.description,
    enabled: fields3.enabled
  };
  if (news.folder) outs.folder = news.folder;
  if (news.controller) outs.controller = news.controller;
  if (owner2 !== void 0) outs.__owner = owner2;
  if (news.adopt === true) outs.adopt = true;
  if (news.letGo === true) outs.letGo = true;
  if (declared2.key !== "configXml")
    Object.assign(outs, { [declared2.key]: news[declared2.key], configXml: declared2.canonical() });
  if (declared2.secrets.length > 0) outs.secretValues = [...declared2.secrets];
  return outs;
}
function withoutSpecs(props) {
  const out = { ...props };
  for (const k of SPEC_KEYS) delete out[k];
  return out;
}

// provider/resource/found-config.ts
function holdsFoundConfig(outs) {
  return outs.__foundConfig === true && typeof outs.configXml === "string" && outs.configXml !== "";
}
function renderedConfig(inputs) {
  const key = sourceOf(inputs);
  if (key === "configXml" || !isGiven2(inputs[key])) return void 0;
  if (typeof inputs.name !== "string" || inputs.name === UNKNOWN) return void 0;
  if (unknownPath(inputs[key], UNKNOWN, key) !== void 0) return void 0;
  if (inputs.description === UNKNOWN || inputs.enabled === UNKNOWN) return void 0;
  return declare({ ...inputs, configXml: void 0 }).canonical();
}
function withDeclaredConfigShown(olds, news) {
  const key = sourceOf(news);
  if (key === "configXml" || typeof olds.configXml !== "string" || !isGiven2(olds[key])) return news;
  if (renderedConfig(olds) === olds.configXml) return news;
  const declared2 = renderedConfig(news);
  return declared2 === void 0 ? news : { ...news, configXml: declared2 };
}

// provider/resource/compare.ts
function digestChanged(olds, oldKey, declared2) {
  if (oldKey !== "configXml") {
    const old = oldSpecRoot(olds, oldKey);
    if (old !== void 0) return !elementsEqual(old, declared2.root(), { ignoreRootFields: FIELD_NAMES });
  }
  const digest = olds.__digest;
  if (!isDigest(digest)) return true;
  if (sameHash(digest.canonical, canonicalDigest(declared2.canonical()))) return false;
  return oldKey !== "configXml" || declared2.key !== "configXml" || !sameHash(digest.semantic, declaredSemanticDigest(declared2.canonical(), declared2.root));
}
function oldSpecRoot(olds, key) {
  try {
    return parseXml(renderSpec(key, olds[key])).root;
  } catch (e) {
    if (!(e instanceof JobSpecError)) throw e;
    return void 0;
  }
}
function oldRoot(olds) {
  const key = sourceOf(olds);
  if (key !== "configXml" && !holdsFoundConfig(olds)) {
    const rendered = oldSpecRoot(olds, key);
    if (rendered !== void 0) return rendered;
  }
  return parseXml(olds.configXml).root;
}
var recentAnswers = new TextCache(256, 8 * 1024 * 1024);
function configChanged(olds, declared2) {
  if (!configKnown(olds)) return true;
  const oldKey = sourceOf(olds);
  const specDecides = oldKey !== "configXml" && isDigest(olds.__digest) && !holdsFoundConfig(olds);
  if (!olds.configXml || specDecides) return digestChanged(olds, oldKey, declared2);
  if (oldKey === "configXml" && declared2.key === "configXml") {
    const declaredXml2 = declared2.canonical();
    if (olds.configXml === declaredXml2) return false;
    const cached = recentAnswers.get(olds.configXml);
    if (cached !== void 0 && cached.declared === declaredXml2) return cached.changed;
    const changed = !elementsEqual(parseXml(olds.configXml).root, declared2.root());
    recentAnswers.set(olds.configXml, { declared: declaredXml2, changed }, olds.configXml.length + declaredXml2.length);
    return changed;
  }
  return !elementsEqual(oldRoot(olds), declared2.root(), { ignoreRootFields: FIELD_NAMES });
}

// provider/connection/verify.ts
function setCommand2(names, key, value, secret2 = false) {
  return `\`pulumi config set ${secret2 ? "--secret " : ""}${names[key].path ? "--path " : ""}${names[key].config} ${value}\``;
}
function orEnv(names, key) {
  return names[key].env ? ` (or the ${names[key].env} environment variable)` : "";
}
function answerOf(e) {
  if (e.status !== void 0)
    return e.jenkinsMessage ? ` (HTTP ${e.status}: ${e.jenkinsMessage})` : ` (HTTP ${e.status})`;
  return e.jenkinsMessage ? ` (${e.jenkinsMessage})` : "";
}
function connectionProblem(e, s, label) {
  if (!(e instanceof JenkinsError)) return e instanceof Error ? e : new Error(String(e));
  const { names } = label;
  const where = `${label.controller ? `Jenkins controller "${label.controller}" at ` : "Jenkins at "}${s.url}`;
  const found = `${where}: ${e.what}${answerOf(e)}.`;
  const credential = s.apiToken !== void 0 ? "apiToken" : "password";
  const fixUrl = `Fix ${names.url.config}${orEnv(names, "url")}: ${setCommand2(names, "url", "https://jenkins.example.com/")}.`;
  let message2;
  const fromEnv = s.credentialFrom !== void 0 && s.credentialFrom === names[credential].env;
  if (e instanceof AuthenticationError && fromEnv) {
    message2 = `${found} The ${credential === "apiToken" ? "API token" : "password"} came from the ${s.credentialFrom} environment variable, which wins over ${names[credential].config}: fix or unset it (and ${names.user.env ?? names.user.config}).`;
  } else if (e instanceof AuthenticationError) {
    message2 = `${found} Fix ${names[credential].config}${orEnv(names, credential)} or ${names.user.config}${orEnv(names, "user")}: ${setCommand2(names, credential, "<token>", true)}. An API token is made on the user's page in Jenkins (Security → API Token).`;
  } else if (e instanceof PermissionError) {
    message2 = `${found} Give user "${s.user}" Overall/Read in Jenkins, or fix ${names.user.config} and ${names[credential].config}${orEnv(names, credential)} to be a user who has it.`;
  } else if (e instanceof NotJenkinsError && (e.proxy !== void 0 || answerNeedsJenkinsMarks(e.status ?? 0))) {
    message2 = `${found} ${e.hint}`;
  } else if (e instanceof NotJenkinsError) {
    message2 = `${found} ${fixUrl} ${e.hint}`;
  } else if (e instanceof ConnectionError && e.proxy !== void 0) {
    message2 = `${found} ${e.hint}`;
  } else if (e instanceof ConnectionError && /TLS|certificate/i.test(e.what)) {
    message2 = `${found} Fix ${names.caCert.config} (the CA certificate of a private CA, as PEM text or a file path) or ${names.url.config}. ${e.hint}`;
  } else if (e instanceof ConnectionError) {
    message2 = `${found} Check ${names.url.config}${orEnv(names, "url")} and that Jenkins is running and reachable from here.`;
  } else if (e instanceof RequestTimeoutError) {
    message2 = `${found} ${e.hint}`;
  } else {
    message2 = `${found} ${e.hint} Check ${names.url.config}${orEnv(names, "url")}.`;
  }
  return new ConnectionCheckError(message2.trim(), e.status);
}
var failed = /* @__PURE__ */ new WeakMap();
async function usableClientFor(settings, label) {
  const known2 = failed.get(settings);
  if (known2) throw known2;
  try {
    return await verifiedClientFor(settings);
  } catch (e) {
    const problem = connectionProblem(e, settings, label);
    failed.set(settings, problem);
    throw problem;
  }
}

// provider/connection/stack-connections.ts
var StackConnections = class {
  defaults = {};
  /** The named controllers, or why they could not be read (reported by the resources that name one). */
  controllers = {};
  configure(source) {
    this.defaults = readConfig(source);
    try {
      this.controllers = readControllers(source.get(CONTROLLERS_KEY));
    } catch (e) {
      if (!(e instanceof ConnectionConfigError)) throw e;
      this.controllers = e;
    }
  }
  /** The settings of a resource's controller (the stack-wide ones without a name); a ConnectionConfigError if unusable. */
  settingsFor(controller) {
    if (this.controllers instanceof ConnectionConfigError) {
      if (controller) throw this.controllers;
      return connectionFor(void 0, this.defaults, {});
    }
    return connectionFor(controller, this.defaults, this.controllers);
  }
  /**
   * The Jenkins URL of a connection, or undefined when its settings are not usable: outputs such as `url` follow
   * from it at check time, and the step that needs the connection reports why it cannot be used.
   */
  urlIfConfigured(controller) {
    try {
      return this.settingsFor(controller).url;
    } catch {
      return void 0;
    }
  }
  /** A check failure for a `controller` input that cannot be used, or undefined. */
  controllerProblem(controller) {
    if (controller === void 0) return void 0;
    if (typeof controller !== "string") return "controller must be the name of a controller of jenkins:controllers.";
    try {
      this.settingsFor(controller);
      return void 0;
    } catch (e) {
      if (e instanceof ConnectionConfigError) return e.message;
      throw e;
    }
  }
  /**
   * The client of a resource's connection, checked once per connection and process to be a Jenkins that accepts
   * the credentials (verify.ts). Throws a ConnectionConfigError (nothing configured) or a ConnectionCheckError
   * (refused, not a Jenkins, unreachable), each naming the settings to fix.
   */
  async usableClient(controller) {
    const settings = this.settingsFor(controller);
    const names = controller ? controllerKeyNames(controller) : CONFIG_KEYS;
    return usableClientFor(settings, { names, controller: controller || void 0 });
  }
  /**
   * Why a resource's connection cannot be used (usableClient's error message, naming the settings to fix), or
   * undefined when it can: for a check failure of a resource about to change something.
   */
  async unusable(controller) {
    try {
      await this.usableClient(controller);
      return void 0;
    } catch (e) {
      if (e instanceof ConnectionConfigError || e instanceof ConnectionCheckError) return e.message;
      throw e;
    }
  }
};

// provider/dynamic/mark-added.ts
var said = /* @__PURE__ */ new Set();
async function sayMarkAdded(owner2) {
  if (said.has(owner2)) return;
  said.add(owner2);
  await info(
    `Items without a mark of ownership (made by an earlier release, or while marks were off) get the mark of ${owner2} with this update: one write of the mark alone for each, planned as an update (docs/guide/ownership.md).`
  );
}

// provider/references/listing.ts
async function listStore(client3, folder2) {
  try {
    const byDomain = await client3.listStoreCredentialIds({ folder: folder2 });
    return { ids: new Set([...byDomain.values()].flat()) };
  } catch (e) {
    if (e instanceof CredentialNotFoundError && folder2 !== "" && !await client3.exists(folder2))
      return { missing: true };
    if (e instanceof CredentialNotFoundError || e instanceof PermissionError)
      return { unreadable: "the user may not view its credentials (Credentials/View)" };
    throw e;
  }
}

// provider/dynamic/program-jobs.ts
function itemCandidates(name, folder2) {
  const out = [];
  const segments = name.split("/").filter((s) => s !== "");
  const plain2 = segments.every((s) => s !== "." && s !== "..");
  if (name.startsWith("/")) return plain2 && segments.length > 0 ? [segments.join("/")] : [];
  const context = folder2.split("/").filter((s) => s !== "");
  let resolved = [...context];
  for (const s of segments) {
    if (s === ".") continue;
    if (s === "..") {
      if (resolved.length === 0) {
        resolved = void 0;
        break;
      }
      resolved.pop();
      continue;
    }
    resolved.push(s);
  }
  if (resolved !== void 0 && resolved.length > 0) out.push(resolved.join("/"));
  if (plain2 && segments.length > 0 && !out.includes(segments.join("/"))) out.push(segments.join("/"));
  return out;
}

// provider/runnable/declared.ts
var jobs = /* @__PURE__ */ new Set();
var libraries = /* @__PURE__ */ new Map();
var keyOf2 = (controller, fullName) => `${controller ?? ""}
${fullName.toLowerCase()}`;
function declareJob(controller, fullName) {
  jobs.add(keyOf2(controller, fullName));
}
function isDeclaredJob(controller, fullName) {
  return jobs.has(keyOf2(controller, fullName));
}
function declaredJobs(controller) {
  const prefix = `${controller ?? ""}
`;
  return [...jobs].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
}
function declareFolderLibraries(controller, folder2, names) {
  libraries.set(keyOf2(controller, folder2), names);
}
function declaredLibraries(controller, folder2) {
  return libraries.get(keyOf2(controller, folder2));
}

// provider/runnable/check.ts
var answers = /* @__PURE__ */ new WeakMap();
function once2(connection, kind, key, read6) {
  if (!answers.has(connection)) answers.set(connection, /* @__PURE__ */ new Map());
  const byKey2 = answers.get(connection);
  const k = `${kind}
${key}`;
  let pending2 = byKey2.get(k);
  if (pending2 === void 0) {
    pending2 = read6();
    byKey2.set(k, pending2);
    pending2.catch(() => byKey2.delete(k));
  }
  return pending2;
}
var warned2 = /* @__PURE__ */ new WeakMap();
async function warnOnce(connection, kind, text2) {
  if (!warned2.has(connection)) warned2.set(connection, /* @__PURE__ */ new Set());
  const seen = warned2.get(connection);
  if (seen.has(kind)) return;
  seen.add(kind);
  await warn(text2);
}
var isUnavailable = (a) => a !== null && typeof a === "object" && "unavailable" in a;
var ENDPOINTS = {
  lint: {
    what: "pipeline scripts are not linted",
    absent: "it has no Jenkinsfile linter (the pipeline-model-definition plugin is not installed or not active)"
  },
  label: { what: "agent labels are not checked", absent: "it has no label API" },
  library: {
    what: "shared libraries are not checked",
    absent: "it lists no shared libraries (the pipeline-groovy-lib plugin is not installed)"
  },
  job: { what: "the jobs that jobs name are not checked", absent: "it could not be asked" }
};
async function unavailableWarning(c, kind, a) {
  const e = ENDPOINTS[kind];
  const why = typeof a === "string" ? a : a.unavailable === "forbidden" ? "the user may not use the endpoint (403)" : e.absent;
  await warnOnce(
    c.connection,
    kind,
    `the runnable check on ${c.where}: ${e.what}, as ${why}. Set ${RUNNABLE_CHECK_KEY} to "off" to silence this warning.`
  );
}
function lintLines(errors, max = 5) {
  const out = [];
  for (const e of errors) {
    const first2 = e.split("\n").map((l) => l.trim()).find((l) => l !== "" && !/^startup failed:?$/i.test(l) && !/^\d+ errors?$/.test(l)) ?? e.trim();
    const at = /\s*@ line (\d+), column (\d+)\.?$/.exec(first2);
    const text2 = first2.replace(/^WorkflowScript: \d+: /, "").replace(/\s*@ line \d+, column \d+\.?$/, "");
    const line = at ? `line ${at[1]}, column ${at[2]}: ${text2}` : text2;
    out.push(line.length > 200 ? `${line.slice(0, 197)}...` : line);
  }
  if (out.length > max) return [...out.slice(0, max), `… and ${out.length - max} more`];
  return out;
}
async function lintFindings(c) {
  if (!c.lint || c.names.script === void 0 || c.names.script.trim() === "") return [];
  const script = c.names.script;
  const answer2 = await once2(c.connection, "lint", script, () => c.reader.lint(script));
  if (isUnavailable(answer2)) {
    await unavailableWarning(c, "lint", answer2);
    return [];
  }
  if ("ok" in answer2) return [];
  return [
    `its pipeline script does not pass the controller's linter:
${lintLines(answer2.errors).map((l) => `      ${l}`).join("\n")}`
  ];
}
async function labelFindings(c) {
  const out = [];
  for (const expression of c.names.labels) {
    const answer2 = await once2(c.connection, "label", expression, () => c.reader.label(expression));
    if (isUnavailable(answer2)) {
      await unavailableWarning(c, "label", answer2);
      return [];
    }
    if (answer2.clouds > 0 || answer2.nodes.some((n) => n.executors > 0)) continue;
    const labels = await once2(c.connection, "labels", "", () => c.reader.nodeLabels());
    const known2 = isUnavailable(labels) ? void 0 : labels;
    const near = known2 === void 0 ? [] : closestIds(expression, known2).filter((n) => n !== expression);
    const idle = answer2.nodes.length > 0 ? "matches only nodes without executors" : "matches no node";
    out.push(
      `label "${expression}" ${idle} and no cloud that can provision it, so its builds would wait in the queue` + (known2 === void 0 ? "" : known2.length === 0 ? "; the controller's nodes have no labels" : `; the controller's labels: ${known2.slice(0, 12).join(", ")}${known2.length > 12 ? ", …" : ""}`) + (near.length > 0 ? ` (did you mean "${near[0]}"?)` : "")
    );
  }
  return out;
}
async function libraryFindings(c) {
  if (c.names.libraries.length === 0) return [];
  const folders = folderScope(c.job, false);
  const available = /* @__PURE__ */ new Set();
  const allFound = () => c.names.libraries.every((l) => available.has(l));
  let listed = false;
  for (const folder2 of [...folders, ""]) {
    for (const l of (folder2 === "" ? void 0 : declaredLibraries(c.controller, folder2)) ?? []) available.add(l);
    if (allFound()) return [];
    const answer2 = await once2(c.connection, "library", folder2.toLowerCase(), () => c.reader.libraries(folder2));
    if (isUnavailable(answer2)) {
      await unavailableWarning(c, "library", answer2);
      return [];
    }
    if ("missingFolder" in answer2) continue;
    for (const n of answer2.names) available.add(n);
    listed = true;
    break;
  }
  if (!listed) return [];
  const searched = folders.length > 0 ? `folder${folders.length > 1 ? "s" : ""} ${folders.map((f) => `"${f}"`).join(", ")} and the global libraries` : "the global libraries";
  return c.names.libraries.filter((l) => !available.has(l)).map((l) => {
    const near = closestIds(l, available);
    return `shared library "${l}" is defined nowhere it can be loaded from (searched ${searched}` + (available.size > 0 ? `; defined: ${[...available].sort().slice(0, 12).join(", ")}` : "; none is visible: none is defined, or the user lacks Item/Extended Read on the folders") + `)${near.length > 0 ? ` (did you mean "${near[0]}"?)` : ""}`;
  });
}
async function jobFindings(c) {
  const out = [];
  const folder2 = c.job.includes("/") ? c.job.slice(0, c.job.lastIndexOf("/")) : "";
  for (const name of c.names.jobs) {
    const candidates = itemCandidates(name, folder2);
    if (candidates.length === 0) continue;
    if (candidates.some((n) => isDeclaredJob(c.controller, n))) continue;
    let found = false;
    try {
      for (const n of candidates) {
        if (await once2(c.connection, "job", n.toLowerCase(), () => c.reader.exists(n))) {
          found = true;
          break;
        }
      }
    } catch (e) {
      await unavailableWarning(c, "job", e instanceof Error ? e.message : String(e));
      return out;
    }
    if (found) continue;
    let existing = declaredJobs(c.controller);
    try {
      existing = [
        ...existing,
        ...await once2(c.connection, "items", folder2.toLowerCase(), () => c.reader.itemNames(folder2))
      ];
    } catch {
    }
    const byShown = /* @__PURE__ */ new Map();
    for (const e of existing) {
      const under = folder2 !== "" && e.toLowerCase().startsWith(`${folder2.toLowerCase()}/`);
      byShown.set(under ? e.slice(folder2.length + 1) : e, e);
    }
    const near = closestIds(name.replace(/^\/+/, ""), byShown.keys()).map((n) => byShown.get(n));
    const looked = candidates.map((n) => `"${n}"`).join(", then ");
    out.push(
      `job "${name}" does not exist (looked for ${looked}), so it would never be triggered or built` + (near.length > 0 ? ` (closest existing: "${near[0]}")` : "")
    );
  }
  return out;
}
async function runnableFindings(c) {
  return (await Promise.all([lintFindings(c), labelFindings(c), libraryFindings(c), jobFindings(c)])).flat();
}
async function checkRunnable(c) {
  const findings = await runnableFindings(c);
  if (findings.length === 0) return void 0;
  if (c.mode === "warn") {
    for (const f of findings) await warn(`Jenkins job "${c.job}" on ${c.where}: ${f}`);
    return void 0;
  }
  if (c.adoptedAsIs !== void 0 && await c.adoptedAsIs()) {
    for (const f of findings)
      await warn(
        `Jenkins job "${c.job}" on ${c.where} cannot run today (adopted as Jenkins holds it, so this is a warning; a change to the job is checked in full): ${f}`
      );
    return void 0;
  }
  return `Jenkins job "${c.job}" could not run as declared on ${c.where}:
` + findings.map((f) => `  - ${f}`).join("\n") + `
Fix what it names, or set ${RUNNABLE_CHECK_KEY} to "warn" to go ahead anyway.`;
}

// provider/runnable/reader.ts
function clientReader(client3) {
  return {
    lint: (script) => client3.validateJenkinsfile(script),
    label: (expression) => client3.labelInfo(expression),
    nodeLabels: () => client3.nodeLabels(),
    libraries: (folder2) => client3.libraryNames(folder2),
    exists: async (fullName) => {
      try {
        return await client3.exists(fullName);
      } catch (e) {
        if (e instanceof InvalidNameError) return false;
        throw e;
      }
    },
    // Jobs only: a folder is never what a trigger or `build job:` means.
    itemNames: async (folder2) => (await client3.listJobs(folder2)).filter((j) => !j.isFolder).map((j) => j.fullName)
  };
}

// provider/runnable/groovy-tokens.ts
var IDENT_START = /[A-Za-z_$]/;
var IDENT_PART = /[A-Za-z0-9_$]/;
var PAIRS = /* @__PURE__ */ new Set(["&&", "||", "==", "!=", "<=", ">=", "->", "?.", "*.", "?:", "::", "..", "<<", ">>", "++", "--"]);
function interpolates(raw) {
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "\\") i++;
    else if (raw[i] === "$" && i + 1 < raw.length && (raw[i + 1] === "{" || IDENT_START.test(raw[i + 1]))) return true;
  }
  return false;
}
function unescape(raw) {
  return raw.replace(/\\(u[0-9a-fA-F]{4}|.)/gs, (_, e) => {
    if (e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    return { n: "\n", t: "	", r: "\r", b: "\b", f: "\f" }[e] ?? (e === "\n" ? "" : e);
  });
}
function tokenize(source) {
  const out = [];
  let i = 0;
  let line = 1;
  const n = source.length;
  if (source.startsWith("#!")) while (i < n && source[i] !== "\n") i++;
  while (i < n) {
    const c = source[i];
    if (c === "\n") {
      line++;
      i++;
      continue;
    }
    if (c === " " || c === "	" || c === "\r" || c === "\f") {
      i++;
      continue;
    }
    if (c === "/" && source[i + 1] === "/") {
      while (i < n && source[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && source[i + 1] === "*") {
      i += 2;
      while (i < n && !(source[i] === "*" && source[i + 1] === "/")) {
        if (source[i] === "\n") line++;
        i++;
      }
      i += 2;
      continue;
    }
    if (c === "'" || c === '"') {
      const start = line;
      const triple = source.startsWith(c.repeat(3), i);
      const close = triple ? c.repeat(3) : c;
      i += close.length;
      let raw = "";
      while (i < n && !source.startsWith(close, i)) {
        if (!triple && source[i] === "\n") break;
        if (source[i] === "\\" && i + 1 < n) {
          if (source[i + 1] === "\n") line++;
          raw += source.slice(i, i + 2);
          i += 2;
          continue;
        }
        if (source[i] === "\n") line++;
        raw += source[i];
        i++;
      }
      if (source.startsWith(close, i)) i += close.length;
      out.push({ kind: "string", value: unescape(raw), interpolated: c === '"' && interpolates(raw), line: start });
      continue;
    }
    if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < n && IDENT_PART.test(source[j])) j++;
      out.push({ kind: "ident", text: source.slice(i, j), line });
      i = j;
      continue;
    }
    if (/[0-9]/.test(c)) {
      let j = i + 1;
      while (j < n && /[0-9A-Za-z_.]/.test(source[j])) j++;
      out.push({ kind: "number", text: source.slice(i, j), line });
      i = j;
      continue;
    }
    const pair = source.slice(i, i + 2);
    if (PAIRS.has(pair)) {
      out.push({ kind: "punct", text: pair, line });
      i += 2;
      continue;
    }
    out.push({ kind: "punct", text: c, line });
    i++;
  }
  return out;
}

// provider/runnable/script-names.ts
var isPunct = (t, text2) => t?.kind === "punct" && t.text === text2;
var isIdent = (t, text2) => t?.kind === "ident" && t.text === text2;
var literal = (t) => t?.kind === "string" && !t.interpolated ? t : void 0;
function isStep(tokens, i) {
  const before = tokens[i - 1];
  if (before === void 0) return true;
  if (before.kind === "punct" && [".", "?.", "*.", "&", "::"].includes(before.text)) return false;
  return !(before.kind === "ident" && ["def", "String", "void", "Object", "var"].includes(before.text));
}
function libraryName(identifier) {
  const at = identifier.indexOf("@");
  return (at < 0 ? identifier : identifier.slice(0, at)).trim();
}
function namedArgument(tokens, from, key, parens) {
  let depth = 0;
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === "punct" && ["(", "[", "{"].includes(t.text)) depth++;
    else if (t.kind === "punct" && [")", "]", "}"].includes(t.text)) {
      if (depth === 0) return void 0;
      depth--;
    } else if (depth === 0 && isIdent(t, key) && isPunct(tokens[i + 1], ":")) {
      const prev = tokens[i - 1];
      if (i === from || isPunct(prev, ",") || isPunct(prev, "(")) {
        const value = literal(tokens[i + 2]);
        const after = tokens[i + 3];
        const whole2 = after === void 0 || after.line !== value?.line || after.kind === "punct" && [",", ")", "}", ";"].includes(after.text);
        return whole2 ? value : void 0;
      }
    }
    const next = tokens[i + 1];
    if (!parens && depth === 0 && next !== void 0 && next.line !== t.line && !isPunct(t, ",") && !isPunct(t, ":"))
      return void 0;
  }
  return void 0;
}
function stepArgument(tokens, i, key) {
  const parens = isPunct(tokens[i + 1], "(");
  const first2 = parens ? i + 2 : i + 1;
  const direct = literal(tokens[first2]);
  if (direct !== void 0) {
    const after = tokens[first2 + 1];
    const whole2 = parens ? isPunct(after, ")") || isPunct(after, ",") : after === void 0 || after.line !== direct.line || after.kind === "punct" && [",", "{", "}", ";", ")"].includes(after.text);
    return whole2 ? { value: direct } : void 0;
  }
  if (tokens[first2]?.kind === "ident" && isPunct(tokens[first2 + 1], ":")) {
    const named = namedArgument(tokens, first2, key, parens);
    return named === void 0 ? void 0 : { value: named };
  }
  return void 0;
}
function annotationLibraries(tokens, i) {
  if (!isPunct(tokens[i + 1], "(")) return [];
  let j = i + 2;
  if (isIdent(tokens[j], "value") && isPunct(tokens[j + 1], "=")) j += 2;
  const single = literal(tokens[j]);
  if (single !== void 0) return isPunct(tokens[j + 1], ")") ? [single.value] : [];
  if (!isPunct(tokens[j], "[")) return [];
  const out = [];
  for (j++; j < tokens.length && !isPunct(tokens[j], "]"); j++) {
    const s = literal(tokens[j]);
    if (s !== void 0) out.push(s.value);
    else if (!isPunct(tokens[j], ",")) return [];
  }
  return out;
}
var AGENT_KINDS = /* @__PURE__ */ new Set(["node", "docker", "dockerfile"]);
function scriptNames(script) {
  const tokens = tokenize(script);
  const labels = /* @__PURE__ */ new Set();
  const libraries2 = /* @__PURE__ */ new Set();
  const jobs2 = /* @__PURE__ */ new Set();
  const blocks = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === "punct" && t.text === "{") {
      const before = tokens[i - 1];
      blocks.push(before?.kind === "ident" ? before.text : "");
      continue;
    }
    if (t.kind === "punct" && t.text === "}") {
      blocks.pop();
      continue;
    }
    if (isPunct(t, "@") && isIdent(tokens[i + 1], "Library")) {
      for (const id of annotationLibraries(tokens, i + 1)) if (libraryName(id) !== "") libraries2.add(libraryName(id));
      continue;
    }
    if (t.kind !== "ident" || !isStep(tokens, i)) continue;
    const inner = blocks[blocks.length - 1];
    const outer = blocks[blocks.length - 2];
    if (t.text === "label" && (inner === "agent" || AGENT_KINDS.has(inner) && outer === "agent")) {
      const arg = stepArgument(tokens, i, "label");
      if (arg !== void 0 && arg.value.value.trim() !== "") labels.add(arg.value.value.trim());
    } else if (t.text === "node" && inner !== "agent") {
      const arg = stepArgument(tokens, i, "label");
      if (arg !== void 0 && arg.value.value.trim() !== "") labels.add(arg.value.value.trim());
    } else if (t.text === "library") {
      const arg = stepArgument(tokens, i, "identifier");
      if (arg !== void 0 && libraryName(arg.value.value) !== "") libraries2.add(libraryName(arg.value.value));
    } else if (t.text === "build") {
      const arg = stepArgument(tokens, i, "job");
      if (arg !== void 0 && arg.value.value.trim() !== "") jobs2.add(arg.value.value.trim());
    }
  }
  return { labels: [...labels], libraries: [...libraries2], jobs: [...jobs2] };
}

// provider/runnable/job-names.ts
var CPS_FLOW_DEFINITION = "org.jenkinsci.plugins.workflow.cps.CpsFlowDefinition";
var REVERSE_BUILD_TRIGGER = "jenkins.triggers.ReverseBuildTrigger";
var BUILD_TRIGGER = "hudson.tasks.BuildTrigger";
var FOLDER_LIBRARIES = "org.jenkinsci.plugins.workflow.libs.FolderLibraries";
var LIBRARY_CONFIGURATION = "org.jenkinsci.plugins.workflow.libs.LibraryConfiguration";
var checkable2 = (s, unknown) => s !== "" && !s.includes("${") && !s.includes(unknown);
function nameList(text2, unknown = "\0") {
  return text2.split(",").map((s) => s.trim()).filter((s) => checkable2(s, unknown));
}
function attr(e, name) {
  return e.attrs.find(([k]) => k === name)?.[1];
}
function child4(e, name) {
  return elementChildren(e).find((c) => c.name === name);
}
function descendants(e, name, out = []) {
  for (const c of elementChildren(e)) {
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}
function merge(into, from) {
  for (const key of ["labels", "libraries", "jobs"])
    for (const v of from[key]) if (!into[key].includes(v)) into[key].push(v);
}
function namesInConfig(root, unknown = "\0") {
  const out = { labels: [], libraries: [], jobs: [] };
  const definition2 = child4(root, "definition");
  if (definition2 !== void 0 && attr(definition2, "class") === CPS_FLOW_DEFINITION) {
    const script = child4(definition2, "script");
    if (script !== void 0 && !textOf(script).includes(unknown)) {
      out.script = textOf(script);
      merge(out, scriptNames(out.script));
    }
  }
  const assigned = child4(root, "assignedNode");
  const canRoam = child4(root, "canRoam");
  if (assigned !== void 0 && canRoam !== void 0 && textOf(canRoam).trim() === "false") {
    const label = textOf(assigned).trim();
    if (checkable2(label, unknown)) out.labels.push(label);
  }
  for (const trigger of descendants(root, REVERSE_BUILD_TRIGGER)) {
    const projects = child4(trigger, "upstreamProjects");
    if (projects !== void 0) merge(out, { labels: [], libraries: [], jobs: nameList(textOf(projects), unknown) });
  }
  for (const trigger of descendants(root, BUILD_TRIGGER)) {
    const projects = child4(trigger, "childProjects");
    if (projects !== void 0) merge(out, { labels: [], libraries: [], jobs: nameList(textOf(projects), unknown) });
  }
  return out;
}
function namesInSpec(key, spec, unknown = "\0") {
  const out = { labels: [], libraries: [], jobs: [] };
  if (spec === null || typeof spec !== "object") return out;
  const s = spec;
  if (key === "pipeline" && typeof s.script === "string" && !s.script.includes(unknown)) {
    out.script = s.script;
    merge(out, scriptNames(s.script));
  }
  if (key === "freestyle" && typeof s.label === "string" && checkable2(s.label.trim(), unknown))
    out.labels.push(s.label.trim());
  const projects = s.triggers?.upstream?.projects;
  if ((key === "pipeline" || key === "freestyle") && Array.isArray(projects)) {
    for (const p of projects)
      if (typeof p === "string" && checkable2(p.trim(), unknown) && !out.jobs.includes(p.trim()))
        out.jobs.push(p.trim());
  }
  return out;
}
function folderLibraries(root) {
  const out = [];
  for (const property of descendants(root, FOLDER_LIBRARIES))
    for (const library of descendants(property, LIBRARY_CONFIGURATION)) {
      const name = child4(library, "name");
      if (name !== void 0 && textOf(name).trim() !== "") out.push(textOf(name).trim());
    }
  return out;
}

// provider/resource/errors.ts
var JobExistsError = class extends Error {
  /** `unread`: why its config could not be read to compare it with the declared one. */
  constructor(fullName, unread) {
    super(
      `Jenkins job "${fullName}" already exists and is not managed by this stack. ` + (unread === void 0 ? `Jenkins holds another configuration for it than the declared one (a job it holds as declared is taken over). ` : `Its configuration could not be read to compare it with the declared one (${unread}). `) + `To manage it from now on, set \`adopt: true\` on this Job: the next \`pulumi up\` replaces its configuration with the declared one (build history is kept). Otherwise choose another name or folder.`
    );
    this.fullName = fullName;
    this.name = "JobExistsError";
  }
  fullName;
};
var JobGoneError = class extends Error {
  constructor(fullName, cause) {
    super(
      `Jenkins job "${fullName}" does not exist any more (deleted outside Pulumi, or no longer visible to this user), so it was not changed. Run \`pulumi refresh\` to drop it from the stack; the next \`pulumi up\` then creates it again. (Jenkins answered ${cause.status ?? 404}.)`
    );
    this.fullName = fullName;
    this.name = "JobGoneError";
  }
  fullName;
};
var AdoptionError = class extends Error {
  constructor(fullName, cause) {
    super(
      `Cannot adopt Jenkins job "${fullName}": Jenkins refused the declared configuration for it. A job cannot change its type; delete the existing job in Jenkins first (its build history goes with it) or declare a configuration of the same type. ${cause.message}`
    );
    this.fullName = fullName;
    this.name = "AdoptionError";
  }
  fullName;
};
var JobManagedTwiceError = class extends Error {
  constructor(fullName, managedAs, resourceId) {
    const which = resourceId ? ` as resource ${resourceId} (\`pulumi stack --show-ids\` lists it)` : "";
    super(
      fullName === managedAs ? `Jenkins job "${fullName}" is already managed by this stack${which}: two resources cannot manage one job. Remove one of them, or give this one another name or folder.` : `Jenkins job "${fullName}" differs only in case from "${managedAs}", which this stack already manages${which}. Jenkins item names ignore letter case, so both resources would manage the same job. Give this one another name, or change the existing resource instead of declaring a second one.`
    );
    this.fullName = fullName;
    this.managedAs = managedAs;
    this.resourceId = resourceId;
    this.name = "JobManagedTwiceError";
  }
  fullName;
  managedAs;
  resourceId;
};
var JobCaseClashError = class extends Error {
  constructor(fullName, existing) {
    super(
      `Jenkins job "${fullName}" differs only in case from "${existing}", which already exists in Jenkins. Jenkins item names ignore letter case, so this would be the same job. If a resource of this stack declares "${existing}", this one would manage it a second time: remove one of them. Otherwise choose another name.`
    );
    this.fullName = fullName;
    this.existing = existing;
    this.name = "JobCaseClashError";
  }
  fullName;
  existing;
};

// provider/resource/managed-names.ts
var byKey = /* @__PURE__ */ new Map();
function keyOf3(fullName, jenkinsUrl) {
  return `${jenkinsUrl}\0${fullName.toLowerCase()}`;
}
function rememberManaged(fullName, jenkinsUrl, id) {
  if (typeof fullName !== "string" || fullName === "" || jenkinsUrl === void 0) return;
  const key = keyOf3(fullName, jenkinsUrl);
  const known2 = byKey.get(key)?.fullName === fullName ? byKey.get(key) : void 0;
  byKey.set(key, { fullName, id: id ?? known2?.id });
}
function forgetManaged(fullName, jenkinsUrl) {
  byKey.delete(keyOf3(fullName, jenkinsUrl));
}
function managedItem(fullName, jenkinsUrl) {
  return byKey.get(keyOf3(fullName, jenkinsUrl));
}

// provider/resource/same-item.ts
function managedTwice(fullName, jenkinsUrl) {
  const managed = managedItem(fullName, jenkinsUrl);
  return managed ? new JobManagedTwiceError(fullName, managed.fullName, managed.id) : void 0;
}
function caseOnlyTwice(fullName, jenkinsUrl) {
  const twice = managedTwice(fullName, jenkinsUrl);
  return twice && twice.managedAs !== fullName ? twice : void 0;
}
async function caseClash(client3, fullName, jenkinsUrl) {
  const twice = managedTwice(fullName, jenkinsUrl);
  if (twice) return twice;
  const slash = fullName.lastIndexOf("/");
  const name = await client3.itemName(fullName);
  if (name === void 0 || name === fullName.slice(slash + 1)) return void 0;
  return new JobCaseClashError(fullName, slash < 0 ? name : `${fullName.slice(0, slash)}/${name}`);
}

// provider/resource/adoption.ts
function compareHeld(declared2, text2) {
  const root = parseXml(text2).root;
  const fields3 = fieldsOf2(root);
  const wanted = declared2.fields();
  return {
    text: text2,
    sameConfig: sameConfig(declared2.root(), maskSecrets(root, text2).root),
    // The mark of ownership aside: whose item it is, is the ownership check's business.
    sameDescription: readMark(fields3.description).description === wanted.description,
    sameEnabled: fields3.enabled === wanted.enabled
  };
}
async function readHeld(client3, fullName, declared2) {
  try {
    return compareHeld(declared2, await client3.getConfig(fullName));
  } catch (e) {
    if (e instanceof JobNotFoundError) return void 0;
    throw e;
  }
}
var heldInFull = (h) => h !== void 0 && h.sameConfig && h.sameDescription && h.sameEnabled;
async function takeOver(client3, fullName, jenkinsUrl, declared2) {
  const twice = managedTwice(fullName, jenkinsUrl);
  if (twice) throw twice;
  let held;
  try {
    held = await readHeld(client3, fullName, declared2);
  } catch (e) {
    throw new JobExistsError(fullName, e instanceof Error ? e.message : String(e));
  }
  if (!heldInFull(held)) {
    throw await caseClash(client3, fullName, jenkinsUrl).catch(() => void 0) ?? new JobExistsError(fullName);
  }
  const clash = await caseClash(client3, fullName, jenkinsUrl).catch(() => void 0);
  if (clash) throw clash;
  await warn(
    `Jenkins job "${fullName}" already existed with the declared configuration (made by a \`pulumi up\` that was cut short before saving it, or by hand), so this stack took it over and manages it from now on.`
  );
  return held.text;
}
async function adoptedAsHeld(client3, fullName, declared2) {
  try {
    const held = await readHeld(client3, fullName, declared2);
    return held !== void 0 && held.sameConfig && held.sameEnabled;
  } catch {
    return false;
  }
}

// provider/client/item-classes.ts
var COMPUTED_FOLDER_CLASSES = /* @__PURE__ */ new Set([
  "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject",
  "jenkins.branch.OrganizationFolder"
]);
function computesItsItems(className) {
  return COMPUTED_FOLDER_CLASSES.has(className);
}

// provider/resource/relocate.ts
function placeOf(fullName) {
  const i = fullName.lastIndexOf("/");
  return i < 0 ? { folder: "", name: fullName } : { folder: fullName.slice(0, i), name: fullName.slice(i + 1) };
}
var same = (a, b) => a.toLowerCase() === b.toLowerCase();
async function rename2(client3, at, target, name) {
  try {
    await client3.rename(at.fullName, name);
  } catch (e) {
    if (!(e instanceof JobNotFoundError) || !await client3.exists(target)) throw e;
  }
  at.fullName = target;
}
async function find(client3, fullName) {
  const name = placeOf(fullName).name.toLowerCase();
  const listing = await client3.listJobs();
  const computed = new Set(listing.filter((j) => computesItsItems(j.className)).map((j) => j.fullName.toLowerCase()));
  const found = listing.filter(
    (j) => placeOf(j.fullName).name.toLowerCase() === name && !computed.has(placeOf(j.fullName).folder.toLowerCase())
  );
  return found.length === 1 ? found[0].fullName : void 0;
}
var movedBy = /* @__PURE__ */ new WeakMap();
function current(client3, fullName) {
  const moved = movedBy.get(client3);
  if (!moved) return fullName;
  const segments = fullName.split("/");
  for (let n = segments.length; n > 0; n--) {
    const to = moved.get(segments.slice(0, n).join("/").toLowerCase());
    if (to !== void 0) return [to, ...segments.slice(n)].join("/");
  }
  return fullName;
}
async function relocate(client3, at, to) {
  const recorded = at.fullName;
  for (let attempt3 = 1; ; attempt3++) {
    at.fullName = current(client3, at.fullName);
    try {
      await relocateOnce(client3, at, to);
      break;
    } catch (e) {
      if (attempt3 > 1 || !(e instanceof JobNotFoundError) || current(client3, at.fullName) === at.fullName) throw e;
    }
  }
  if (!movedBy.has(client3)) movedBy.set(client3, /* @__PURE__ */ new Map());
  movedBy.get(client3).set(recorded.toLowerCase(), at.fullName);
}
async function relocateOnce(client3, at, to) {
  const from = placeOf(at.fullName);
  const target = fullNameOf({ name: to.name, folder: to.folder || void 0 });
  if (at.fullName === target) return;
  if (same(from.folder, to.folder)) return rename2(client3, at, target, to.name);
  const [oldThere, newThere] = [
    await client3.exists(at.fullName),
    same(target, at.fullName) ? true : await client3.exists(target)
  ];
  if (!oldThere && newThere) {
    at.fullName = target;
    return;
  }
  if (!oldThere && !newThere) {
    const found = await find(client3, at.fullName);
    if (found !== void 0 && found.toLowerCase() !== target.toLowerCase()) {
      at.fullName = found;
      return relocateOnce(client3, at, to);
    }
  }
  if (!oldThere) {
    throw new JobNotFoundError({
      job: at.fullName,
      action: `move or rename it to "${target}"`,
      what: "it is neither at its old path nor at the new one",
      hint: "Run `pulumi refresh` to see where the job is, then `pulumi up` again."
    });
  }
  if (newThere && !same(target, at.fullName)) {
    throw new JobAlreadyExistsError({
      job: at.fullName,
      action: `move or rename it to "${target}"`,
      what: "another item already has that name there",
      hint: "Rename or remove the other item in Jenkins, or choose another name; nothing was changed."
    });
  }
  const moving = !same(from.folder, to.folder);
  const renaming = from.name !== to.name;
  const intermediate = fullNameOf({ name: to.name, folder: from.folder || void 0 });
  const renameFirst = renaming && (!moving || !await client3.exists(intermediate));
  if (renameFirst) {
    await client3.rename(at.fullName, to.name);
    at.fullName = intermediate;
  }
  if (moving) {
    await client3.move(at.fullName, to.folder);
    at.fullName = fullNameOf({ name: placeOf(at.fullName).name, folder: to.folder || void 0 });
  }
  if (renaming && !renameFirst) {
    await client3.rename(at.fullName, to.name);
    at.fullName = target;
  }
}

// provider/resource/computed-items.ts
var ComputedItemError = class extends Error {
  constructor(fullName, folder2, status) {
    super(
      `Jenkins job "${fullName}" cannot be declared: "${folder2}" is a multibranch project (or organization folder), whose items Jenkins creates, disables and deletes by itself from its branch sources. Declare the project (the Job's \`multibranch\` input) and let its branch indexing make the branch jobs; remove this Job from the program.${status === void 0 ? "" : ` (Jenkins answered ${status}.)`}`
    );
    this.fullName = fullName;
    this.folder = folder2;
    this.status = status;
    this.name = "ComputedItemError";
  }
  fullName;
  folder;
  status;
};
async function computedParentRefusal(client3, fullName, cause) {
  const { folder: folder2 } = placeOf(fullName);
  if (folder2 === "") return void 0;
  try {
    const { className } = await client3.listFolder(folder2);
    return computesItsItems(className) ? new ComputedItemError(fullName, folder2, cause.status) : void 0;
  } catch {
    return void 0;
  }
}

// provider/resource/drifted-spec.ts
function specAsDeclared(kind, found, declared2) {
  if (kind !== "multibranch") return found;
  const was = declared2?.sources;
  const spec = found;
  const sources = spec.sources.map((s, i) => {
    const before = Array.isArray(was) ? was[i] : void 0;
    if (s.id === void 0 || !before || before.id !== void 0 || before.type !== s.type) return s;
    const { id: _assigned, ...rest } = s;
    void _assigned;
    return rest;
  });
  return { ...spec, sources };
}

// provider/resource/found/folder-views.ts
var FOLDER_ROOT = "com.cloudbees.hudson.plugins.folder.Folder";
var ALL_VIEW = "hudson.model.AllView";
function viewNameOf(view) {
  const n = elementChildren(view).find((c) => c.name === "name");
  return n ? n.children.map((c) => c.kind === "text" ? c.text : "").join("") : "";
}
function isDefaultAllView2(v) {
  return v.name === ALL_VIEW && viewNameOf(v).toLowerCase() === "all";
}
var nameText = (e) => e.children.map((c) => c.kind === "text" ? c.text : "").join("").trim();
function withoutFolderViews(configXml) {
  const doc = parseXml(configXml);
  if (doc.root.name !== FOLDER_ROOT) return configXml;
  let changed = false;
  const children = doc.root.children.flatMap((c) => {
    if (c.kind !== "element" || c.name !== "folderViews") return [c];
    const holder = c.children.flatMap((h) => {
      if (h.kind !== "element") return [h];
      if (h.name === "primaryView" && nameText(h).toLowerCase() !== "all") {
        changed = true;
        return [];
      }
      if (h.name !== "views") return [h];
      const kept = h.children.filter((v) => v.kind !== "element" || isDefaultAllView2(v));
      if (kept.length !== h.children.length) changed = true;
      return [{ ...h, children: kept }];
    });
    return [{ ...c, children: holder }];
  });
  if (!changed) return configXml;
  return canonicalizeDocument({ ...doc, root: { ...doc.root, children } });
}

// provider/resource/found/jenkins-owned.ts
var claimsNothing = (root) => ({ kind: "element", name: root.name, attrs: [], children: [] });
function withoutJenkinsOwned(configXml) {
  const doc = parseXml(configXml);
  const nothing = claimsNothing(doc.root);
  const root = [pipelinePropertiesRule, FOLDER_CREDENTIALS_RULE].reduce(
    (r, rule) => rule.forComparison(r, nothing),
    doc.root
  );
  return root === doc.root ? configXml : canonicalizeDocument({ ...doc, root });
}

// provider/resource/found/declaration.ts
function foundDeclaration(configXml) {
  const own = withoutJenkinsOwned(withoutFolderViews(configXml));
  return { canonical: canonicalizeConfig(own), spec: parseJobSpec(own) };
}
function specInputsOf(parsed2) {
  const out = { key: specKeyOf(parsed2.kind), spec: parsed2.spec };
  if (parsed2.fields.description !== "") out.description = parsed2.fields.description;
  if (!parsed2.fields.enabled) out.enabled = false;
  return out;
}

// provider/resource/found/imported.ts
function declaresNothing(olds) {
  return givenSources(olds).length === 0;
}
function importedAsSpec(props, config) {
  const parsed2 = foundDeclaration(config).spec;
  if (parsed2 === void 0) return void 0;
  const written = specInputsOf(parsed2);
  const configXml = canonicalizeDocument(parseXml(renderSpec(written.key, written.spec, parsed2.fields)));
  const outputs = { ...props, [written.key]: written.spec, configXml };
  const inputs = { name: props.name, fullName: props.fullName, url: props.url };
  if (props.folder) inputs.folder = props.folder;
  if (props.controller) inputs.controller = props.controller;
  inputs[written.key] = written.spec;
  if (written.description !== void 0) inputs.description = written.description;
  if (written.enabled !== void 0) inputs.enabled = written.enabled;
  return { props: outputs, inputs };
}

// provider/resource/pipeline-owned.ts
function withPipelineOwned(props, remote) {
  const owned = describeOwned(pipelineOwnedOf(remote));
  const out = { ...props };
  if (owned.length > 0) out.pipelineOwned = owned;
  else delete out.pipelineOwned;
  return out;
}
function keepPipelineOwned(props, olds) {
  return olds.pipelineOwned && olds.pipelineOwned.length > 0 ? { ...props, pipelineOwned: olds.pipelineOwned } : props;
}
function declaredPipelineParts(olds, declared2) {
  const list = olds.pipelineOwned;
  if (!Array.isArray(list) || list.length === 0) return [];
  return claimedByDeclared(declared2, ownedFromDescription(list));
}
async function warnAboutPipelineParts(fullName, parts) {
  if (parts.length === 0) return;
  await warn(
    `Jenkins job "${fullName}" declares ${parts.join(", ")}, which its pipeline script also sets (the job's tracker action lists ${parts.length === 1 ? "it" : "them"}). The pipeline's version wins at its next run, so the provider neither compares nor posts the declared one: remove it from the program, or from the script.`
  );
}

// provider/resource/secrets/check.ts
function specProblem(key, spec, values) {
  const params = spec?.parameters;
  if (!Array.isArray(params))
    return values.length === 0 ? void 0 : `${values.length} secret value(s) but no placeholder.`;
  let count = 0;
  for (const [i, p] of params.entries()) {
    if (p?.type !== "password") continue;
    const d = p.default;
    if (d === UNKNOWN) return void 0;
    if (typeof d !== "string" || placeholderIndex(d) !== count) {
      return `${key}.parameters[${i}].default is not a secret placeholder, so it would be stored in the state in clear. Declare the job with the Job class of this package, which moves it into an encrypted input.`;
    }
    count++;
  }
  if (count !== values.length)
    return `the spec has ${count} password parameter(s) but ${values.length} secret value(s) were given.`;
  return void 0;
}
function secretsFailure(inputs, key, root) {
  if (inputs.secretValues === null) delete inputs.secretValues;
  const values = inputs.secretValues;
  if (values === UNKNOWN) return void 0;
  if (values !== void 0 && (!Array.isArray(values) || !values.every((v) => typeof v === "string"))) {
    return { property: "secretValues", reason: "secretValues must be a list of strings." };
  }
  const list = values ?? [];
  if (key !== "configXml") {
    const problem2 = specProblem(key, inputs[key], list);
    return problem2 === void 0 ? void 0 : { property: key, reason: problem2 };
  }
  const xml = inputs.configXml;
  if (root === void 0 || typeof xml !== "string") return void 0;
  if (!mayHoldSecrets(xml) && list.length === 0) return void 0;
  const problem = secretsProblem(maskSecrets(root), list);
  return problem === void 0 ? void 0 : { property: "configXml", reason: problem };
}

// provider/resource/secrets/learn.ts
async function learnSecrets(client3, fullName, secrets) {
  if (secrets.length === 0) return void 0;
  try {
    const text2 = await client3.getConfig(fullName);
    const { values } = maskSecrets(parseXml(text2).root, text2);
    return values.length === secrets.length ? learnedDigests(values) : secrets.map(() => "");
  } catch {
    return secrets.map(() => "");
  }
}

// provider/ownership/errors.ts
var OwnedElsewhereError = class extends Error {
  constructor(kind, item, owner2, action) {
    super(
      `${kind} "${item}" cannot be ${action}: it is managed as code by ${owner2} (the mark of ownership in its description). To hand it over to this stack, set \`takeOverFrom: "${owner2}"\` on this resource (with \`adopt: true\`); ${owner2} then leaves it alone after its next refresh. Otherwise remove the resource or give it another name (docs/guide/ownership.md).`
    );
    this.kind = kind;
    this.item = item;
    this.owner = owner2;
    this.action = action;
    this.name = "OwnedElsewhereError";
  }
  kind;
  item;
  owner;
  action;
};
function ownedElsewhere(found, owner2, takeOverFrom) {
  return found !== void 0 && found !== owner2 && found !== takeOverFrom;
}
var ManagedElsewhereError = class extends Error {
  constructor(kind, item, owner2) {
    super(
      `${kind} "${item}" cannot be updated: it is managed as code by ${owner2} (the mark of ownership in its description), not by this stack: it was handed over, or its mark changed, since this stack's last refresh. Nothing was written to Jenkins. Run \`pulumi refresh\`, which records the hand-over, then remove the resource from the program: the next \`pulumi up\` drops it from this stack's state and leaves the item to ${owner2} (docs/guide/ownership.md).`
    );
    this.kind = kind;
    this.item = item;
    this.owner = owner2;
    this.name = "ManagedElsewhereError";
  }
  kind;
  item;
  owner;
};

// provider/ownership/lifecycle-owner.ts
function writtenOwner(news, marksOn2) {
  if (!marksOn2 || news.__retain === true || news.letGo === true || typeof news.__owner !== "string") return void 0;
  return news.__owner;
}
function ownerMoves(olds, wanted) {
  if (olds.__markAtUpdate === true) return false;
  return (typeof olds.__owner === "string" ? olds.__owner : void 0) !== wanted;
}
function markChangeShown(olds, news, wanted) {
  if (wanted !== void 0) return ["__owner"];
  return news.letGo === true && olds.letGo !== true ? ["letGo"] : [];
}
function handedOver(found, olds) {
  return found !== void 0 && found !== olds.__owner;
}
function handedOverWarning(kind, item, owner2) {
  return `${kind} "${item}" is now managed by ${owner2}: this stack leaves it alone and never deletes it. Remove its resource from the program; the next \`pulumi up\` then drops it from this stack's state.`;
}
function leftInJenkinsWarning(kind, item, owner2) {
  return `${kind} "${item}" was left in Jenkins: its mark of ownership names ${owner2}, not this stack. It is removed from this stack's state only.`;
}
var listings2 = /* @__PURE__ */ new Map();
function cachedListing(key, load) {
  let listing = listings2.get(key);
  if (listing === void 0) {
    listing = load();
    listings2.set(key, listing);
    listing.catch(() => listings2.delete(key));
  }
  return listing;
}
function knownListing(key) {
  return listings2.get(key);
}

// provider/ownership/look.ts
async function lookedUp(kind, item, look, warn2) {
  try {
    return { found: await look() };
  } catch (e) {
    await warn2(`the ownership check of ${kind} "${item}" was skipped: ${e instanceof Error ? e.message : String(e)}`);
    return void 0;
  }
}
function takeoverRefusal(kind, item, found, news) {
  const owner2 = typeof news.__owner === "string" ? news.__owner : void 0;
  if (!ownedElsewhere(found, owner2, news.takeOverFrom)) return void 0;
  return new OwnedElsewhereError(kind, item, found, news.adopt === true ? "adopted" : "created");
}

// provider/ownership/settings.ts
var OWNER_KEY = "__owner";
var OwnershipConfigError = class extends Error {
  constructor(value) {
    super(
      `jenkins:ownershipMarks must be true or false, not ${JSON.stringify(value)}: run \`pulumi config set jenkins:ownershipMarks false\` to stop writing marks of ownership.`
    );
    this.name = "OwnershipConfigError";
  }
};
function marksOn(config) {
  const value = config?.get("jenkins:ownershipMarks");
  if (value === void 0 || value === null || value === "") return true;
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  throw new OwnershipConfigError(value);
}
function marksSetting(config) {
  try {
    return marksOn(config);
  } catch (e) {
    if (e instanceof OwnershipConfigError) return e;
    throw e;
  }
}

// provider/resource/ownership.ts
function ownerInConfig(root) {
  return readMark(fieldsOf2(root).description).owner;
}
function ownerRecorded(olds) {
  return typeof olds.__owner === "string" ? olds.__owner : void 0;
}
function updateRefused(found, olds, news) {
  if (found === void 0) return false;
  return found !== ownerRecorded(olds) && found !== news.__owner && found !== news.takeOverFrom;
}
function folderOf2(fullName) {
  const slash = fullName.lastIndexOf("/");
  return slash < 0 ? "" : fullName.slice(0, slash);
}
function listingKey(jenkinsUrl, folder2) {
  return `job
${jenkinsUrl}
${folder2}`;
}
var neverRan = /* @__PURE__ */ new Set();
async function foundOwner(client3, jenkinsUrl, fullName) {
  const folder2 = folderOf2(fullName);
  const owners = await cachedListing(
    listingKey(jenkinsUrl, folder2),
    () => client3.itemDescriptions(folder2, 1, { nextBuildNumber: true }).then(
      ({ items }) => {
        for (const i of items) if (i.neverRan === true) neverRan.add(`${jenkinsUrl}
${i.fullName}`);
        return new Map(items.map((i) => [i.fullName, readMark(i.description).owner]));
      },
      (e) => {
        if (e instanceof JobNotFoundError) return /* @__PURE__ */ new Map();
        throw e;
      }
    )
  ).catch((e) => {
    if (!(e instanceof JenkinsError)) throw e;
    throw e.restated({
      job: fullName,
      action: folder2 === "" ? "list the owners of the root's items" : `list the owners of the items in "${folder2}"`
    });
  });
  return owners.has(fullName) ? { exists: true, owner: owners.get(fullName) } : { exists: false };
}
async function foundNeverRan(client3, jenkinsUrl, fullName) {
  const key = `${jenkinsUrl}
${fullName}`;
  if (neverRan.has(key)) return true;
  try {
    await foundOwner(client3, jenkinsUrl, fullName);
  } catch {
    return false;
  }
  return neverRan.has(key);
}
function noteMade(jenkinsUrl, fullName) {
  neverRan.add(`${jenkinsUrl}
${fullName}`);
}
function noteOwner(jenkinsUrl, fullName, owner2) {
  const listing = knownListing(listingKey(jenkinsUrl, folderOf2(fullName)));
  if (listing === void 0) return;
  void listing.then(
    (owners) => owners.set(fullName, owner2),
    () => void 0
  );
}
async function foundForDelete(client3, fullName, owner2) {
  let listed;
  try {
    listed = await client3.itemDescriptions(fullName, 6, { views: true });
  } catch (e) {
    if (e instanceof JobNotFoundError) return { gone: true };
    throw e;
  }
  const othersInside = [];
  const note = (label, description) => {
    const found = readMark(description).owner;
    if (found !== void 0 && found !== owner2) othersInside.push({ label, owner: found });
  };
  for (const item of listed.items) note(`"${item.fullName}"`, item.description);
  for (const view of listed.views ?? []) note(`view "${view.name}" in "${view.folder}"`, view.description);
  const stores = await Promise.all((listed.folders ?? []).map((folder2) => storeDescriptions(client3, fullName, folder2)));
  for (const [i, store] of stores.entries())
    for (const c of store) note(`credential "${c.id}" in "${(listed.folders ?? [])[i]}"`, c.description);
  return { gone: false, owner: readMark(listed.description).owner, othersInside };
}
async function storeDescriptions(client3, deleting, folder2) {
  try {
    return await client3.listStoreDescriptions({ folder: folder2 });
  } catch (e) {
    if (e instanceof CredentialNotFoundError) return [];
    if (e instanceof JenkinsError)
      throw e.restated({
        job: deleting,
        credential: void 0,
        action: `list the credentials of folder "${folder2}" to check their owners before the delete`
      });
    throw e;
  }
}

// provider/resource/diff.ts
var import_fast_deep_equal3 = __toESM(require("fast-deep-equal"));

// provider/dynamic/planned-moves.ts
var moves = /* @__PURE__ */ new Map();
function planMove(controller, from, to) {
  if (from === "" || to === "" || from.toLowerCase() === to.toLowerCase()) return;
  const key = controller ?? "";
  if (!moves.has(key)) moves.set(key, /* @__PURE__ */ new Map());
  moves.get(key).set(from.toLowerCase(), to);
}
function plannedPath(controller, path3) {
  const planned = moves.get(controller ?? "");
  if (planned === void 0 || path3 === "") return void 0;
  const segments = path3.split("/");
  for (let n = segments.length; n > 0; n--) {
    const to = planned.get(segments.slice(0, n).join("/").toLowerCase());
    if (to !== void 0) {
      const rest = segments.slice(n).join("/");
      return rest === "" ? to : `${to}/${rest}`;
    }
  }
  return void 0;
}

// provider/resource/same-spec.ts
var import_fast_deep_equal2 = __toESM(require("fast-deep-equal"));
function sameSpec(olds, news, newKey) {
  return newKey !== "configXml" && olds.__foundConfig !== true && sourceOf(olds) === newKey && (0, import_fast_deep_equal2.default)(olds[newKey], news[newKey]);
}

// provider/resource/diff.ts
function safeRootName(xml) {
  if (typeof xml !== "string" || xml === "" || xml === UNKNOWN) return void 0;
  try {
    return rootNameOf(xml);
  } catch {
    return void 0;
  }
}
function rootOf(props, key) {
  if (key !== "configXml") return specRoot(key);
  return safeRootName(props.configXml) ?? rootOfOutputs(props);
}
async function diff(_id, oldsRaw, newsRaw) {
  const oldProps = currentOutputs(strip(oldsRaw));
  const newProps = strip(newsRaw);
  const olds = oldProps;
  const news = newProps;
  const replaces = [];
  const diffs = /* @__PURE__ */ new Set();
  const fromOutputs = [];
  let deleteBeforeReplace = false;
  if (news.folder === UNKNOWN || (olds.folder ?? "") !== (news.folder ?? "")) diffs.add("folder");
  if (news.name === UNKNOWN || news.name !== olds.name) diffs.add("name");
  if ((diffs.has("folder") || diffs.has("name")) && news.folder !== UNKNOWN && news.name !== UNKNOWN && olds.fullName)
    planMove(olds.controller, olds.fullName, fullNameOf({ name: news.name, folder: news.folder }));
  if (news.controller === UNKNOWN) diffs.add("controller");
  else if ((olds.controller ?? "") !== (news.controller ?? "")) replaces.push("controller");
  const newKey = sourceOf(newProps);
  const oldKey = sourceOf(oldProps);
  const unknownConfig = unknownPath(newProps[newKey], UNKNOWN, newKey) !== void 0;
  const oldRoot2 = rootOf(oldProps, oldKey);
  const newRoot = unknownConfig && newKey === "configXml" ? void 0 : rootOf(newProps, newKey);
  let declared2;
  if (oldRoot2 !== void 0 && newRoot !== void 0 && oldRoot2 !== newRoot) {
    replaces.push(newKey);
    const oldFull = olds.fullName ?? "";
    const newFull = typeof news.name === "string" ? fullNameOf({ name: news.name, folder: news.folder }) : "";
    deleteBeforeReplace = oldFull.toLowerCase() === newFull.toLowerCase();
  } else if (unknownConfig || newProps[newKey] === void 0) {
    diffs.add(newKey);
  } else {
    declared2 = declare(news);
    if (!sameSpec(oldProps, newProps, newKey) && configChanged(olds, declared2)) {
      if (holdsFoundConfig(olds)) {
        diffs.add("configXml");
        fromOutputs.push("configXml");
        if (!(0, import_fast_deep_equal3.default)(oldProps[newKey], newProps[newKey])) diffs.add(newKey);
      } else diffs.add(newKey);
    }
  }
  if (news.secretValues === UNKNOWN || secretsChanged(olds, news.secretValues)) diffs.add("secretValues");
  if (unknownConfig || news.description === UNKNOWN || news.enabled === UNKNOWN) {
    if (news.description === UNKNOWN) diffs.add("description");
    if (news.enabled === UNKNOWN) diffs.add("enabled");
    if (unknownConfig) diffs.add(newKey);
  } else if (news.name !== void 0 && newProps[newKey] !== void 0) {
    const wanted = (declared2 ?? declare(news)).fields();
    if (wanted.description !== olds.description) diffs.add("description");
    if (wanted.enabled !== olds.enabled) diffs.add("enabled");
  }
  if (olds.pipelineOwned?.length && !unknownConfig && replaces.length === 0 && newProps[newKey] !== void 0) {
    const parts = declaredPipelineParts(olds, (declared2 ?? declare(news)).root());
    await warnAboutPipelineParts(olds.fullName ?? fullNameOf(news), parts);
  }
  const result = {
    changes: diffs.size > 0 || replaces.length > 0,
    replaces,
    deleteBeforeReplace
  };
  if (diffs.size > 0 && replaces.length === 0) {
    result.diffs = [...diffs];
    if (fromOutputs.length > 0) result.fromOutputs = fromOutputs;
  }
  return result;
}

// provider/resource/lifecycle.ts
async function diff2(id, olds, news) {
  if (isRefreshDiffOfEdit(id, strip(news))) return {};
  rememberManaged(olds.fullName, baseUrlIfConfigured(olds.controller), id);
  if (typeof olds.__handedTo === "string") return { changes: false };
  let result = await diff(id, olds, news);
  const wanted = writtenOwner(news, marks === true);
  if (news.__owner !== UNKNOWN && ownerMoves(olds, wanted)) {
    const shown = markChangeShown(olds, news, wanted);
    if (!result.changes) result = { changes: true, diffs: shown };
    else if (result.diffs !== void 0) result = { ...result, diffs: [...result.diffs, ...shown] };
    if (wanted !== void 0 && ownerRecorded(olds) === void 0) await sayMarkAdded(wanted);
  }
  if (result.changes && news.controller !== UNKNOWN) {
    const unusable = await connections.unusable(news.controller ?? void 0);
    if (unusable !== void 0) {
      const job2 = typeof olds.fullName === "string" ? olds.fullName : String(news.name);
      throw new ConnectionCheckError(`Jenkins job "${job2}" cannot be planned: ${unusable}`);
    }
  }
  if (result.changes && (result.replaces ?? []).length === 0) await checkStillOurs(olds, news);
  return result;
}
async function checkStillOurs(olds, news) {
  const fullName = olds.fullName;
  if (typeof fullName !== "string" || fullName === "" || news.takeOverFrom === UNKNOWN) return;
  const looked = await lookedUp(
    "Jenkins job",
    fullName,
    async () => {
      const { client: client3, baseUrl } = await connect(fullName, olds.controller);
      return foundOwner(client3, baseUrl, fullName);
    },
    warn
  );
  if (looked === void 0 || !looked.found.exists) return;
  const stored = olds;
  if (updateRefused(looked.found.owner, stored, news)) {
    throw new ManagedElsewhereError("Jenkins job", fullName, looked.found.owner);
  }
}
var connections = new StackConnections();
var pluginCheck = "error";
var credentialsCheck = "error";
var runnableCheck = { stack: "error", controllers: {} };
var marks = true;
async function configure(req) {
  connections.configure(req.config);
  pluginCheck = pluginCheckOf(req.config);
  credentialsCheck = credentialsCheckOf(req.config);
  runnableCheck = runnableCheckOf(req.config);
  marks = marksSetting(req.config);
}
function markOwner(news) {
  return writtenOwner(news, marks === true);
}
function settingsFor(controller) {
  return connections.settingsFor(controller);
}
async function check(olds, news) {
  const { result, root } = await checkJob(olds, news);
  if (result.failures && result.failures.length > 0) return result;
  const inputs = result.inputs;
  if (inputs.controller === null || inputs.controller === "") delete inputs.controller;
  const secrets = secretsFailure(inputs, sourceOf(inputs), root);
  if (secrets !== void 0) return { inputs, failures: [secrets] };
  rememberFromState(olds, inputs);
  const problem = inputs.controller === UNKNOWN ? void 0 : connections.controllerProblem(inputs.controller);
  if (problem !== void 0) return { inputs, failures: [{ property: "controller", reason: problem }] };
  const checked = withDeclaredConfigShown(olds, {
    ...inputs,
    ...knownOutputs(inputs, baseUrlIfConfigured(inputs.controller))
  });
  if (plansChange(olds, checked) && inputs.controller !== UNKNOWN) {
    const unusable = await connections.unusable(inputs.controller);
    if (unusable !== void 0) {
      const job2 = typeof checked.fullName === "string" ? checked.fullName : String(inputs.name);
      return {
        inputs: checked,
        failures: [{ property: "", reason: `Jenkins job "${job2}" cannot be planned: ${unusable}` }]
      };
    }
  }
  if (marks instanceof Error) return { inputs: checked, failures: [{ property: "", reason: marks.message }] };
  const owned = await checkOwner(olds, checked);
  if (owned !== void 0) return { inputs: checked, failures: [owned] };
  const plugins = await checkPlugins(olds, checked, root);
  if (plugins !== void 0) return { inputs: checked, failures: [plugins] };
  const references = await checkCredentialReferences(olds, checked, root);
  if (references !== void 0) return { inputs: checked, failures: [references] };
  const runnable = await checkRunnableJob(olds, checked, root);
  if (runnable !== void 0) return { inputs: checked, failures: [runnable] };
  return { ...result, inputs: checked };
}
async function checkOwner(olds, news) {
  if (Object.keys(strip(olds)).length > 0) return void 0;
  const fullName = news.fullName;
  if (typeof fullName !== "string" || news.controller === UNKNOWN || news.takeOverFrom === UNKNOWN) return void 0;
  const looked = await lookedUp(
    "Jenkins job",
    fullName,
    async () => {
      const { client: client3, baseUrl } = await connect(fullName, news.controller);
      return foundOwner(client3, baseUrl, fullName);
    },
    warn
  );
  if (looked === void 0 || !looked.found.exists) return void 0;
  const refused = takeoverRefusal("Jenkins job", fullName, looked.found.owner, news);
  return refused ? { property: "", reason: refused.message } : void 0;
}
function rememberFromState(olds, inputs) {
  if (typeof olds.fullName !== "string" || olds.fullName === "") return;
  rememberManaged(
    knownOutputs(inputs, void 0).fullName ?? olds.fullName,
    baseUrlIfConfigured(olds.controller)
  );
}
function sameValue(a, b) {
  if (typeof a === "string" || typeof b === "string") return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}
function plansChange(olds, news) {
  if (Object.keys(strip(olds)).length === 0) return true;
  const key = sourceOf(news);
  if (key !== "configXml" && news.configXml !== void 0) return true;
  return sourceOf(olds) !== key || !sameValue(olds[key], news[key]);
}
async function checkPlugins(olds, news, checkedRoot) {
  const key = sourceOf(news);
  if (sourceOf(olds) === key && sameValue(olds[key], news[key])) return void 0;
  if (pluginCheck instanceof Error) return { property: "", reason: pluginCheck.message };
  if (pluginCheck === "off" || unknownPath(news[key], UNKNOWN, key) !== void 0 || news.controller === UNKNOWN)
    return void 0;
  const job2 = typeof news.fullName === "string" ? news.fullName : String(news.name);
  let client3;
  let where;
  try {
    ({ client: client3, baseUrl: where } = await connect(job2, news.controller));
  } catch (e) {
    await warn(`the plugin check of Jenkins job "${job2}" was skipped: ${e instanceof Error ? e.message : String(e)}`);
    return void 0;
  }
  const root = checkedRoot ?? declare(news).root();
  const failure6 = await preflight(client3, job2, where, root, pluginCheck, {
    versionsChosenByProvider: key !== "configXml"
  });
  return failure6 === void 0 ? void 0 : { property: "", reason: failure6 };
}
var FOLDER_ROOTS = /* @__PURE__ */ new Set([
  "com.cloudbees.hudson.plugins.folder.Folder",
  "org.jenkinsci.plugins.workflow.multibranch.WorkflowMultiBranchProject",
  "jenkins.branch.OrganizationFolder"
]);
async function checkCredentialReferences(olds, news, checkedRoot) {
  const key = sourceOf(news);
  const moved = olds.fullName !== news.fullName;
  if (!moved && sourceOf(olds) === key && sameValue(olds[key], news[key])) return void 0;
  if (credentialsCheck instanceof Error) return { property: "", reason: credentialsCheck.message };
  if (credentialsCheck === "off" || typeof news.fullName !== "string" || news.controller === UNKNOWN) return void 0;
  if (key === "configXml" && (typeof news.configXml !== "string" || news.configXml.includes(UNKNOWN))) return void 0;
  const root = key === "configXml" ? checkedRoot ?? declare(news).root() : void 0;
  const ids = root !== void 0 ? idsInConfig(root, UNKNOWN) : idsInSpec(news[key], UNKNOWN);
  if (ids.length === 0) return void 0;
  const isFolder = root !== void 0 ? FOLDER_ROOTS.has(root.name) : key === "folderSpec" || key === "multibranch";
  const job2 = news.fullName;
  let client3;
  let where;
  try {
    ({ client: client3, baseUrl: where } = await connect(job2, news.controller));
  } catch (e) {
    await warn(
      `the credentials check of Jenkins job "${job2}" was skipped: ${e instanceof Error ? e.message : String(e)}`
    );
    return void 0;
  }
  const failure6 = await checkReferences({
    job: job2,
    where,
    ids,
    folders: folderScope(job2, isFolder),
    controller: news.controller,
    connection: client3,
    list: (folder2) => listStore(client3, folder2),
    mode: credentialsCheck
  });
  return failure6 === void 0 ? void 0 : { property: "", reason: failure6 };
}
function namesOf(props, parsedRoot) {
  const key = sourceOf(props);
  if (key === "configXml") {
    if (typeof props.configXml !== "string" || props.configXml === "" || props.configXml.includes(UNKNOWN))
      return void 0;
    return namesInConfig(parsedRoot ?? parseXml(props.configXml).root, UNKNOWN);
  }
  if (unknownPath(props[key], UNKNOWN, key) !== void 0) return void 0;
  return namesInSpec(key, props[key], UNKNOWN);
}
var sameNames = (a, b) => a.script === b.script && JSON.stringify([a.labels, a.libraries, a.jobs]) === JSON.stringify([b.labels, b.libraries, b.jobs]);
async function checkRunnableJob(olds, news, checkedRoot) {
  if (typeof news.fullName !== "string" || news.controller === UNKNOWN) return void 0;
  const controller = news.controller;
  const job2 = news.fullName;
  const key = sourceOf(news);
  declareJob(controller, job2);
  const created = Object.keys(strip(olds)).length === 0;
  const unchanged = !created && olds.fullName === job2 && sourceOf(olds) === key && sameValue(olds[key], news[key]);
  const readable = key === "configXml" && typeof news.configXml === "string" && !news.configXml.includes(UNKNOWN);
  const root = readable && (checkedRoot !== void 0 || !unchanged || FOLDER_ROOTS.has(rootNameOf(news.configXml))) ? checkedRoot ?? declare(news).root() : void 0;
  if (root !== void 0 && FOLDER_ROOTS.has(root.name)) declareFolderLibraries(controller, job2, folderLibraries(root));
  const mode = modeFor(runnableCheck, controller);
  if (mode instanceof Error) return { property: "", reason: mode.message };
  if (mode === "off" || unchanged) return void 0;
  const names = namesOf(news, root);
  if (names === void 0) return void 0;
  if (names.script === void 0 && names.labels.length + names.libraries.length + names.jobs.length === 0)
    return void 0;
  const before = created ? void 0 : namesOf(olds);
  const lint = names.script !== void 0 && before?.script !== names.script;
  if (before !== void 0 && olds.fullName === job2 && sameNames(before, names)) return void 0;
  let client3;
  let where;
  try {
    ({ client: client3, baseUrl: where } = await connect(job2, controller));
  } catch (e) {
    await warn(`the runnable check of Jenkins job "${job2}" was skipped: ${e instanceof Error ? e.message : String(e)}`);
    return void 0;
  }
  const failure6 = await checkRunnable({
    job: job2,
    where,
    names,
    lint,
    controller,
    connection: client3,
    mode,
    reader: clientReader(client3),
    // An adoption (no state yet) of the config Jenkins holds changes nothing that decides whether the job runs.
    adoptedAsIs: created && news.adopt === true ? () => adoptedAsHeld(client3, job2, declare(news)) : void 0
  });
  return failure6 === void 0 ? void 0 : { property: "", reason: failure6 };
}
function baseUrlIfConfigured(controller) {
  return controller === UNKNOWN ? void 0 : connections.urlIfConfigured(controller);
}
async function connect(fullName, controller) {
  const settings = settingsFor(controller);
  try {
    return { client: await verifiedClientFor(settings), baseUrl: settings.url };
  } catch (e) {
    throw aboutJob(e, fullName);
  }
}
function aboutJob(e, fullName) {
  if (!(e instanceof JenkinsError) || e.job !== void 0) return e;
  return e.restated({ job: fullName });
}
function mayHaveCreated(e) {
  if (!(e instanceof JenkinsError)) return false;
  if (e.outcomeUnknown) return true;
  if (e instanceof InvalidConfigError) return false;
  return e instanceof ConnectionError || e instanceof RequestTimeoutError || e instanceof ServerError;
}
async function create(inputsRaw) {
  const { id, outs } = await createJob2(inputsRaw);
  return { id, outs: storedOutputs(outs) };
}
async function createJob2(inputsRaw) {
  const news = strip(inputsRaw);
  const fullName = fullNameOf(news);
  const { client: client3, baseUrl } = await connect(fullName, news.controller);
  const owner2 = markOwner(news);
  const declared2 = declare(news, owner2);
  const xml = declared2.toSend();
  const id = (0, import_node_crypto8.randomUUID)();
  const outs = outputsFor(news, declared2, fullName, baseUrl, owner2);
  try {
    await client3.createJob(fullName, xml);
  } catch (e) {
    if (e instanceof JobAlreadyExistsError) {
      const clash = news.adopt ? caseOnlyTwice(fullName, baseUrl) : void 0;
      if (clash) throw clash;
      const read6 = news.adopt ? void 0 : await takeOver(client3, fullName, baseUrl, declared2);
      try {
        const digests2 = await adopt(client3, fullName, declared2, outs, read6, news);
        if (digests2 !== void 0) outs.secretDigests = digests2;
      } catch (adoptError) {
        if (adoptError instanceof InvalidConfigError) throw new AdoptionError(fullName, adoptError);
        throw adoptError;
      }
      noteOwner(baseUrl, fullName, owner2);
      rememberManaged(fullName, baseUrl, id);
      return { id, outs };
    }
    if (e instanceof JobNotFoundError) throw await computedParentRefusal(client3, fullName, e) ?? e;
    if (mayHaveCreated(e)) {
      const { __digest: _unknown, ...known2 } = withoutSpecs(outs);
      void _unknown;
      const properties2 = { ...known2, configXml: "", [PROVIDER_KEY]: inputsRaw[PROVIDER_KEY] };
      throw new PartialFailureError(e.message, id, properties2, [
        `The answer to creating "${fullName}" was lost; the job may or may not exist. Run \`pulumi up\` again to finish.`
      ]);
    }
    throw e;
  }
  noteOwner(baseUrl, fullName, owner2);
  noteMade(baseUrl, fullName);
  const digests = await learnSecrets(client3, fullName, declared2.secrets);
  if (digests !== void 0) outs.secretDigests = digests;
  rememberManaged(fullName, baseUrl, id);
  return { id, outs };
}
async function adopt(client3, fullName, declared2, outs, read6, news) {
  const text2 = read6 ?? await client3.getConfig(fullName);
  const remote = parseXml(text2).root;
  const found = ownerInConfig(remote);
  const refused = takeoverRefusal("Jenkins job", fullName, found, news);
  if (refused) throw refused;
  const owned = withPipelineOwned({}, remote).pipelineOwned;
  if (owned) outs.pipelineOwned = owned;
  const masked = maskSecrets(withoutOwnedParts(remote, declared2.root()), text2);
  const fields3 = fieldsOf2(remote);
  const sameSecrets = masked.values.length === declared2.secrets.length && masked.values.every((v, i) => v.trim() === declared2.secrets[i]);
  const current2 = {
    ...outs,
    description: readMark(fields3.description).description,
    enabled: fields3.enabled
  };
  if (found === void 0) delete current2.__owner;
  else current2.__owner = found;
  if (!sameConfig(declared2.root(), masked.root) || !sameSecrets) {
    delete current2.__digest;
    current2.configXml = "";
  }
  const { posted } = await applyChanges(client3, fullName, current2, declared2, outs.__owner, remote);
  if (declared2.secrets.length === 0) return void 0;
  return posted ? learnSecrets(client3, fullName, declared2.secrets) : compareSecrets(outs, masked.values).digests;
}
async function read(id, propsRaw) {
  const result = await readJob(id, propsRaw);
  return result.props === void 0 ? result : { ...result, props: storedOutputs(result.props) };
}
async function readJob(id, propsRaw) {
  const olds = currentOutputs(strip(propsRaw));
  const fullName = olds.fullName || fullNameOf(olds);
  const { client: client3, baseUrl } = await connect(fullName, olds.controller);
  rememberManaged(fullName, baseUrl, id);
  let remote;
  try {
    remote = await client3.getConfig(fullName);
  } catch (e) {
    if (e instanceof JobNotFoundError) return {};
    throw e;
  }
  const parsed2 = parseXml(remote);
  const masked = maskSecrets(parsed2.root, remote);
  const remoteDoc = masked.root === parsed2.root ? parsed2 : { ...parsed2, root: masked.root };
  const remoteText = masked.root === parsed2.root ? remote : writeXml(remoteDoc, { style: "pretty" });
  const marked = fieldsOf2(remoteDoc.root);
  const { description, owner: found } = readMark(marked.description);
  const fields3 = { ...marked, description };
  if (found !== void 0 && found !== olds.__owner && !declaresNothing(olds)) {
    readFoundNothing(id);
    if (olds.__handedTo !== found) {
      await warn(
        `Jenkins job "${fullName}" is now managed by ${found}: this stack leaves it alone and never deletes it. Remove its resource from the program; the next \`pulumi up\` then drops it from this stack's state.`
      );
    }
    return { id, props: { ...olds, fullName, __handedTo: found } };
  }
  let props = withPipelineOwned(
    { ...olds, fullName, url: jobUrl(baseUrl, fullName), description: fields3.description, enabled: fields3.enabled },
    remoteDoc.root
  );
  let configDrift = false;
  let imported;
  const declaredXml2 = configKnown(olds) ? declaredConfigOf(olds) : void 0;
  const declaredRoot = declaredXml2 !== void 0 ? parseXml(declaredXml2).root : void 0;
  if (!configKnown(olds)) {
    imported = declaresNothing(olds) ? importedAsSpec(props, remoteText) : void 0;
    props = imported?.props ?? { ...withoutSpecs(props), configXml: canonicalizeDocument(remoteDoc) };
    if (declaresNothing(olds)) props.__markAtUpdate = true;
    configDrift = true;
  } else if (declaredXml2 !== void 0 && declaredRoot !== void 0) {
    if (!sameConfig(declaredRoot, remoteDoc.root)) {
      configDrift = true;
      props = withDisabledOf(withoutDigest(driftedProps(props, declaredXml2, remoteText, fieldsOf2(declaredRoot))));
    }
  } else if (isDigest(olds.__digest) && !sameHash(olds.__digest.equivalence, configEquivalence(comparable2(remoteDoc.root, olds.__digest)))) {
    configDrift = true;
    props = withDisabledOf(withoutDigest(driftedProps(props, void 0, remoteText, olds, olds.__digest)));
  }
  const ownValues = imported ? maskSecrets(withoutOwnedParts(parsed2.root, parseXml(imported.props.configXml).root), remote).values : configKnown(olds) ? maskSecrets(
    declaredRoot ? withoutOwnedParts(parsed2.root, declaredRoot) : comparable2(parsed2.root, olds.__digest),
    remote
  ).values : masked.values;
  let secretDrift = false;
  if (ownValues.length > 0 || secretCountOf(olds) > 0) {
    const seen = compareSecrets(olds, ownValues);
    props = { ...props, secretDigests: seen.digests };
    secretDrift = seen.drifted;
  }
  const drifted = configDrift || secretDrift || fields3.description !== olds.description || fields3.enabled !== olds.enabled;
  if (!drifted) {
    readFoundNothing(id);
    return { id, props };
  }
  const digest = olds.__digest;
  const config = props.configXml ?? foundConfig(remoteText, digest, olds, false);
  const inputs = imported?.inputs ?? inputsReflecting(props, config);
  if (!secretDrift && props.secretValues !== void 0) inputs.secretValues = props.secretValues;
  if (holdsFoundConfig(props)) readFoundNothing(id);
  else readReported(id, inputs);
  return { id, props, inputs };
}
function driftedProps(props, declared2, remote, declaredFields2, digest) {
  if (sourceOf(props) !== "configXml") {
    const doc = parseXml(remote);
    const own = declared2 === void 0 ? doc.root : withoutOwnedParts(doc.root, parseXml(declared2).root);
    const parsed2 = parseJobSpec(own === doc.root ? remote : writeXml({ ...doc, root: own }, { style: "pretty" }));
    if (parsed2) {
      const key = specKeyOf(parsed2.kind);
      const spec = specAsDeclared(parsed2.kind, parsed2.spec, props[key]);
      const configXml = canonicalizeDocument(parseXml(renderSpec(key, spec, declaredFields2)));
      const { __foundConfig: _none, ...rest } = withoutSpecs(props);
      void _none;
      return { ...rest, [key]: spec, configXml };
    }
    if (declared2 !== void 0) return { ...props, configXml: driftedConfig(declared2, remote), __foundConfig: true };
  }
  if (declared2 !== void 0) return { ...withoutSpecs(props), configXml: driftedConfig(declared2, remote) };
  return {
    ...withoutSpecs(props),
    configXml: foundConfig(remote, digest, declaredFields2)
  };
}
function withDisabledOf(props) {
  return props.configXml === void 0 ? props : { ...props, configXml: withDisabledAsFound(props.configXml, props.enabled !== false) };
}
function withoutDigest(props) {
  const { __digest: _declared, ...rest } = props;
  void _declared;
  return rest;
}
async function update(id, oldsRaw, newsRaw) {
  const { outs } = await updateJob(id, oldsRaw, newsRaw);
  return { outs: storedOutputs(outs) };
}
async function updateJob(id, oldsRaw, newsRaw) {
  const olds = currentOutputs(strip(oldsRaw));
  const news = strip(newsRaw);
  const oldFullName = olds.fullName || fullNameOf(olds);
  const { client: client3, baseUrl } = await connect(oldFullName, olds.controller);
  rememberManaged(fullNameOf(news), baseUrl, id);
  const owner2 = markOwner(news);
  const declared2 = declare(news, owner2);
  const at = { fullName: oldFullName };
  let remote;
  const stillOurs = async (config) => {
    const found = config !== void 0 ? ownerInConfig(config) : (await foundOwner(client3, baseUrl, oldFullName)).owner;
    if (updateRefused(found, olds, news)) throw new ManagedElsewhereError("Jenkins job", oldFullName, found);
  };
  let posted = false;
  try {
    const moves2 = fullNameOf(news) !== oldFullName;
    if (moves2) {
      await stillOurs();
      await relocate(client3, at, { folder: news.folder ?? "", name: news.name });
    }
    ({ posted, remote } = await applyChanges(client3, at.fullName, olds, declared2, owner2, void 0, {
      stillOurs: moves2 ? void 0 : stillOurs,
      // From the listing of its folder the diff read (the job's name before a move).
      neverRan: () => foundNeverRan(client3, baseUrl, oldFullName)
    }));
  } catch (e) {
    const failure6 = e instanceof JobNotFoundError ? new JobGoneError(at.fullName, e) : e;
    if (at.fullName !== oldFullName) {
      const { folder: folder2, name } = placeOf(at.fullName);
      const moved = { ...olds, name, fullName: at.fullName, url: jobUrl(baseUrl, at.fullName) };
      if (folder2 === "") delete moved.folder;
      else moved.folder = folder2;
      const message2 = `${failure6.message} The job is now at "${at.fullName}".`;
      const properties2 = storedOutputs({ ...moved, [PROVIDER_KEY]: newsRaw[PROVIDER_KEY] });
      throw new PartialFailureError(message2, id, properties2, [message2]);
    }
    throw failure6;
  }
  const outs = outputsFor(news, declared2, at.fullName, baseUrl, owner2);
  noteOwner(baseUrl, at.fullName, owner2);
  if (declared2.secrets.length > 0) {
    outs.secretDigests = posted ? await learnSecrets(client3, at.fullName, declared2.secrets) : olds.secretDigests;
  }
  if (remote) return { outs: withPipelineOwned(outs, remote) };
  return { outs: posted ? outs : keepPipelineOwned(outs, olds) };
}
async function withOwnedPartsOf(client3, fullName, xml, remote) {
  const remoteRoot = remote ?? parseXml(await client3.getConfig(fullName)).root;
  const doc = parseXml(xml);
  const kept = keepOwnedParts(doc.root, remoteRoot);
  return { xml: kept === doc.root ? xml : canonicalizeDocument({ ...doc, root: kept }), remote: remoteRoot };
}
async function nothingOwnedYet(root, neverRan2) {
  if (neverRan2 === void 0 || updateNeedsRemote(root, true)) return false;
  return neverRan2();
}
async function applyChanges(client3, fullName, olds, declared2, owner2, remote, guard = {}) {
  const wanted = declared2.fields();
  const descriptionChanged = wanted.description !== olds.description || olds.__owner !== owner2;
  const folderDescription = declared2.info?.kind === "folder" && descriptionChanged;
  const secrets = secretsChanged(olds, declared2.secrets);
  if (folderDescription || secrets || configChanged(olds, declared2)) {
    let xml = declared2.toSend();
    try {
      const root = declared2.root();
      if (updateNeedsRemote(root) && (remote !== void 0 || !await nothingOwnedYet(root, guard.neverRan)))
        ({ xml, remote } = await withOwnedPartsOf(client3, fullName, xml, remote));
      await guard.stillOurs?.(remote);
      await client3.updateConfig(fullName, xml);
    } catch (e) {
      if (!(e instanceof JobNotFoundError) || configKnown(olds)) throw e;
      await client3.createJob(fullName, declared2.toSend());
    }
    return { posted: true, remote };
  }
  if (descriptionChanged || wanted.enabled !== olds.enabled) await guard.stillOurs?.();
  if (descriptionChanged) await client3.setDescription(fullName, declared2.descriptionToSend());
  if (wanted.enabled !== olds.enabled) {
    if (wanted.enabled) await client3.enable(fullName);
    else await client3.disable(fullName);
  }
  return { posted: false };
}
function secretCountOf(olds) {
  return Array.isArray(olds.secretValues) ? olds.secretValues.length : 0;
}
async function deleteJob2(_id, propsRaw) {
  const olds = strip(propsRaw);
  const fullName = olds.fullName || fullNameOf(olds);
  const { client: client3, baseUrl } = await connect(fullName, olds.controller);
  if (typeof olds.__handedTo === "string") {
    forgetManaged(fullName, baseUrl);
    return;
  }
  const found = await foundForDelete(client3, fullName, olds.__owner);
  if (found.gone) {
    forgetManaged(fullName, baseUrl);
    return;
  }
  if (found.owner !== void 0 && found.owner !== olds.__owner) {
    await warn(
      `Jenkins job "${fullName}" was left in Jenkins: its mark of ownership names ${found.owner}, not this stack. It is removed from this stack's state only.`
    );
    forgetManaged(fullName, baseUrl);
    return;
  }
  if (found.othersInside.length > 0) {
    const others = found.othersInside.map((i) => `${i.label} (${i.owner})`).join(", ");
    await warn(
      `Jenkins folder "${fullName}" was left in Jenkins: it holds items another owner manages, which deleting it would delete: ${others}. It is removed from this stack's state only; delete it by hand once they are gone.`
    );
    forgetManaged(fullName, baseUrl);
    return;
  }
  try {
    await client3.deleteJob(fullName);
  } catch (e) {
    if (!(e instanceof JobNotFoundError)) throw e;
  }
  forgetManaged(fullName, baseUrl);
}

// provider/view/lifecycle.ts
var lifecycle_exports2 = {};
__export(lifecycle_exports2, {
  check: () => check2,
  configure: () => configure2,
  create: () => create2,
  delete: () => deleteView2,
  deleteView: () => deleteView2,
  diff: () => diff3,
  read: () => read2,
  update: () => update2
});
var import_node_crypto10 = require("node:crypto");

// provider/ownership/root-mark.ts
var isDescription = (c) => c.kind === "element" && c.name === "description";
var descriptionElement2 = (text2) => ({
  kind: "element",
  name: "description",
  attrs: [],
  children: text2 === "" ? [] : [{ kind: "text", text: text2 }]
});
function rootDescription(root) {
  const d = root.children.find(isDescription);
  return d === void 0 ? "" : textOf(d);
}
function withRootDescription(root, text2, after) {
  const at = root.children.findIndex(isDescription);
  const children = [...root.children];
  if (at >= 0) children[at] = descriptionElement2(text2);
  else {
    let anchor = -1;
    children.forEach((c, i) => {
      if (c.kind === "element" && after.includes(c.name)) anchor = i;
    });
    children.splice(anchor + 1, 0, descriptionElement2(text2));
  }
  return { ...root, children };
}
function unmarkRoot(root) {
  const { description, owner: owner2 } = readMark(rootDescription(root));
  if (owner2 === void 0) return { root };
  if (description === "") return { root: { ...root, children: root.children.filter((c) => !isDescription(c)) }, owner: owner2 };
  return { root: withRootDescription(root, description, []), owner: owner2 };
}
function unmarkConfig(xml) {
  if (!xml.includes(MARK_PREFIX)) return { xml };
  const doc = parseXml(xml);
  const { root, owner: owner2 } = unmarkRoot(doc.root);
  if (owner2 === void 0) return { xml };
  return { xml: writeXml({ ...doc, root }, { style: "pretty" }), owner: owner2 };
}
function markRoot(root, owner2, after) {
  return withRootDescription(root, withMark(rootDescription(root), owner2), after);
}

// provider/view/config.ts
var import_node_crypto9 = require("node:crypto");

// provider/view/list-view.ts
var LIST_VIEW_ROOT = "hudson.model.ListView";
var COMPARATOR = "java.lang.String$CaseInsensitiveComparator";
var DEFAULT_COLUMNS = [
  "hudson.views.StatusColumn",
  "hudson.views.WeatherColumn",
  "hudson.views.JobColumn",
  "hudson.views.LastSuccessColumn",
  "hudson.views.LastFailureColumn",
  "hudson.views.LastDurationColumn",
  "hudson.views.BuildButtonColumn"
];
var ci = (a, b) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};
function sortJobNames(names) {
  const out = [];
  for (const n of [...names].sort(ci)) if (out.length === 0 || ci(out[out.length - 1], n) !== 0) out.push(n);
  return out;
}
function normalListView(spec) {
  const s = spec ?? {};
  const out = {
    jobs: sortJobNames(s.jobs ?? []),
    recurse: s.recurse === true,
    columns: s.columns === void 0 || s.columns.length === 0 ? [...DEFAULT_COLUMNS] : [...s.columns]
  };
  if (s.includeRegex !== void 0 && s.includeRegex !== "") out.includeRegex = s.includeRegex;
  if (s.description !== void 0 && s.description !== "") out.description = s.description;
  return out;
}
function writtenListView(spec) {
  const out = {};
  if (spec.jobs.length > 0) out.jobs = [...spec.jobs];
  if (spec.includeRegex !== void 0) out.includeRegex = spec.includeRegex;
  if (spec.recurse) out.recurse = true;
  if (JSON.stringify(spec.columns) !== JSON.stringify(DEFAULT_COLUMNS)) out.columns = [...spec.columns];
  if (spec.description !== void 0) out.description = spec.description;
  return out;
}
function listViewChanges(a, b) {
  const x = normalListView(a);
  const y = normalListView(b);
  const keys2 = ["jobs", "includeRegex", "recurse", "columns", "description"];
  return keys2.filter((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]));
}
var el2 = (name, children = [], attrs = []) => ({
  kind: "element",
  name,
  attrs,
  children
});
var txt = (name, text2) => el2(name, [{ kind: "text", text: text2 }]);
function renderListView(name, spec) {
  const n = normalListView(spec);
  const children = [txt("name", name)];
  if (n.description !== void 0) children.push(txt("description", n.description));
  children.push(
    txt("filterExecutors", "false"),
    txt("filterQueue", "false"),
    el2("properties", [], [["class", "hudson.model.View$PropertyList"]]),
    el2("jobNames", [el2("comparator", [], [["class", COMPARATOR]]), ...n.jobs.map((j) => txt("string", j))]),
    el2("jobFilters"),
    el2(
      "columns",
      n.columns.map((c) => el2(c))
    )
  );
  if (n.includeRegex !== void 0) children.push(txt("includeRegex", n.includeRegex));
  children.push(txt("recurse", String(n.recurse)));
  return canonicalizeDocument(el2(LIST_VIEW_ROOT, children));
}
function emptyOrDefault(e) {
  return elementChildren(e).length === 0 && textOf(e).trim() === "";
}
function parseListView(xml) {
  let root;
  try {
    root = parseXml(xml).root;
  } catch {
    return void 0;
  }
  if (root.name !== LIST_VIEW_ROOT) return void 0;
  const spec = {};
  for (const c of elementChildren(root)) {
    switch (c.name) {
      case "owner":
      case "name":
        break;
      case "description":
        spec.description = textOf(c);
        break;
      case "filterExecutors":
      case "filterQueue":
        if (textOf(c).trim() !== "false") return void 0;
        break;
      case "properties":
      case "jobFilters":
        if (!emptyOrDefault(c)) return void 0;
        break;
      case "jobNames":
        spec.jobs = elementChildren(c).filter((s) => s.name === "string").map((s) => textOf(s));
        break;
      case "columns":
        spec.columns = elementChildren(c).map((col) => col.name);
        break;
      case "includeRegex":
        spec.includeRegex = textOf(c);
        break;
      case "recurse":
        spec.recurse = textOf(c).trim() === "true";
        break;
      default:
        return void 0;
    }
  }
  return normalListView(spec);
}
function reflectListView(declared2, remote) {
  const out = { ...declared2 ?? {} };
  for (const key of listViewChanges(declared2, remote)) {
    const value = remote[key];
    if (value === void 0) delete out[key];
    else out[key] = value;
  }
  return out;
}

// provider/view/config.ts
var IGNORED = ["name", "owner"];
function sortedJobNames(root) {
  if (root.name !== LIST_VIEW_ROOT) return root;
  return {
    ...root,
    children: root.children.map((c) => {
      if (c.kind !== "element" || c.name !== "jobNames") return c;
      const strings2 = c.children.filter((s) => s.kind === "element" && s.name === "string");
      const byName2 = new Map(strings2.map((s) => [textOf(s), s]));
      const others = c.children.filter((s) => !(s.kind === "element" && s.name === "string"));
      return {
        ...c,
        children: [...others, ...sortJobNames([...byName2.keys()]).map((n) => byName2.get(n))]
      };
    })
  };
}
function canonicalViewConfig(xml) {
  const doc = parseXml(xml);
  return canonicalizeDocument({ ...doc, root: sortedJobNames(doc.root) });
}
function markedViewConfig(canonical, owner2) {
  if (owner2 === void 0) return canonical;
  const doc = parseXml(canonical);
  return canonicalizeDocument({ ...doc, root: markRoot(doc.root, owner2, ["owner", "name"]) });
}
function viewRootOf(xml) {
  return parseXml(xml).root.name;
}
var isColumns = (c) => c.kind === "element" && c.name === "columns";
function withoutDefaultColumns(remote, declared2) {
  if (remote.name !== LIST_VIEW_ROOT || declared2.children.some(isColumns)) return remote;
  const columns = remote.children.find(isColumns);
  if (columns === void 0) return remote;
  const names = columns.children.filter((c) => c.kind === "element").map((c) => c.name);
  if (JSON.stringify(names) !== JSON.stringify(DEFAULT_COLUMNS)) return remote;
  return { ...remote, children: remote.children.filter((c) => c !== columns) };
}
function sameViewConfig(declared2, remote) {
  const root = (x) => typeof x === "string" ? parseXml(x).root : x;
  const d = root(declared2);
  return elementsEquivalent(d, withoutDefaultColumns(sortedJobNames(root(remote)), d), { ignoreRootFields: IGNORED });
}
function viewConfigChanged(a, b) {
  if (a === b) return false;
  return !elementsEqual(parseXml(a).root, parseXml(b).root, { ignoreRootFields: IGNORED });
}
function viewDigestOf(canonical) {
  const root = parseXml(canonical).root;
  return {
    root: root.name,
    canonical: (0, import_node_crypto9.createHash)("sha256").update(canonical, "utf8").digest("hex"),
    semantic: semanticDigest(root, { ignoreRootFields: IGNORED }),
    equivalence: equivalenceDigest(root, { ignoreRootFields: IGNORED }),
    columns: root.children.some(isColumns)
  };
}
function isViewDigest(value) {
  const d = value;
  return typeof d === "object" && d !== null && typeof d.canonical === "string" && typeof d.root === "string";
}
function viewChangedFrom(old, declared2) {
  if (old.canonical === (0, import_node_crypto9.createHash)("sha256").update(declared2, "utf8").digest("hex")) return false;
  return old.semantic !== semanticDigest(parseXml(declared2).root, { ignoreRootFields: IGNORED });
}
function sameAsDigest2(old, remote) {
  const standIn = { kind: "element", name: old.root, attrs: [], children: [] };
  if (old.columns) standIn.children.push({ kind: "element", name: "columns", attrs: [], children: [] });
  const seen = withoutDefaultColumns(sortedJobNames(parseXml(remote).root), standIn);
  return equivalenceDigest(seen, { ignoreRootFields: IGNORED }) === old.equivalence;
}

// provider/ownership/hand-over.ts
function takeOverFromProblem(value) {
  if (value === void 0) return void 0;
  if (typeof value !== "string")
    return `takeOverFrom must be an owner's name (as its mark names it), not ${JSON.stringify(value)}.`;
  const problem = ownerNameProblem(value);
  return problem === void 0 ? void 0 : `takeOverFrom "${value}" cannot be an owner's name: ${problem}. Give the owner the item's mark names.`;
}

// provider/view/inputs.ts
var CLASS_NAME = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/;
var UNSAFE = /[?*/\\%!@#$^&|<>[\]:;]/;
function failure2(property, reason) {
  return { property, reason };
}
var isUnknown = (v) => v === UNKNOWN;
function checkName2(name, failures) {
  if (isUnknown(name)) return;
  if (typeof name !== "string" || name.trim() === "") {
    failures.push(failure2("name", `name is required: the view's name, e.g. "apps".`));
    return;
  }
  if (name !== name.trim())
    failures.push(
      failure2("name", `view name ${JSON.stringify(name)} has leading or trailing spaces; Jenkins would trim them.`)
    );
  const bad = UNSAFE.exec(name);
  if (bad)
    failures.push(
      failure2(
        "name",
        `view name ${JSON.stringify(name)} contains "${bad[0]}", which Jenkins refuses in names; a view in a folder takes the folder's full name as \`folder\`.`
      )
    );
  if (name === "." || name === ".." || name.endsWith("."))
    failures.push(failure2("name", `view name ${JSON.stringify(name)} is not allowed by Jenkins.`));
}
function checkListView(spec, failures) {
  if (isUnknown(spec)) return;
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) {
    failures.push(
      failure2("listView", "listView must be an object: { jobs?, includeRegex?, recurse?, columns?, description? }.")
    );
    return;
  }
  const s = spec;
  for (const key of Object.keys(s)) {
    if (!["jobs", "includeRegex", "recurse", "columns", "description"].includes(key))
      failures.push(
        failure2(
          `listView.${key}`,
          `listView has no property "${key}"; it takes jobs, includeRegex, recurse, columns and description.`
        )
      );
  }
  if (s.jobs !== void 0 && !isUnknown(s.jobs)) {
    if (!Array.isArray(s.jobs)) failures.push(failure2("listView.jobs", "listView.jobs must be a list of job names."));
    else
      s.jobs.forEach((j, i) => {
        if (isUnknown(j)) return;
        if (typeof j !== "string" || j === "" || j.startsWith("/") || j.endsWith("/"))
          failures.push(
            failure2(
              `listView.jobs[${i}]`,
              `listView.jobs[${i}] must be a job's name relative to the view's folder (e.g. a Job's \`name\`); got ${JSON.stringify(j)}.`
            )
          );
      });
  }
  if (s.includeRegex !== void 0 && !isUnknown(s.includeRegex)) {
    if (typeof s.includeRegex !== "string")
      failures.push(failure2("listView.includeRegex", "listView.includeRegex must be a string."));
    else {
      try {
        new RegExp(s.includeRegex);
      } catch (e) {
        failures.push(
          failure2(
            "listView.includeRegex",
            `listView.includeRegex is not a regular expression: ${e.message}.`
          )
        );
      }
    }
  }
  if (s.recurse !== void 0 && !isUnknown(s.recurse) && typeof s.recurse !== "boolean")
    failures.push(failure2("listView.recurse", "listView.recurse must be true or false."));
  if (s.description !== void 0 && !isUnknown(s.description) && typeof s.description !== "string")
    failures.push(failure2("listView.description", "listView.description must be a string."));
  if (s.columns !== void 0 && !isUnknown(s.columns)) {
    if (!Array.isArray(s.columns))
      failures.push(failure2("listView.columns", "listView.columns must be a list of column class names."));
    else
      s.columns.forEach((c, i) => {
        if (isUnknown(c)) return;
        if (typeof c !== "string" || !CLASS_NAME.test(c))
          failures.push(
            failure2(
              `listView.columns[${i}]`,
              `listView.columns[${i}] must be a column's class name, e.g. "hudson.views.StatusColumn"; got ${JSON.stringify(c)}.`
            )
          );
      });
  }
}
function checkViewInputs(newsRaw) {
  const news = { ...newsRaw };
  const failures = [];
  for (const key of ["folder", "controller", "adopt", "letGo", "configXml", "listView", "takeOverFrom"])
    if (news[key] === null || news[key] === "") delete news[key];
  checkName2(news.name, failures);
  const handOver = isUnknown(news.takeOverFrom) ? void 0 : takeOverFromProblem(news.takeOverFrom);
  if (handOver !== void 0) failures.push(failure2("takeOverFrom", handOver));
  if (news.folder !== void 0 && !isUnknown(news.folder)) {
    if (typeof news.folder !== "string" || news.folder.startsWith("/") || news.folder.endsWith("/"))
      failures.push(
        failure2(
          "folder",
          `folder must be the full name of a folder, e.g. "team" or "team/apps" (often a Job's fullName); got ${JSON.stringify(news.folder)}.`
        )
      );
  }
  for (const flag2 of ["adopt", "letGo"])
    if (news[flag2] !== void 0 && !isUnknown(news[flag2]) && typeof news[flag2] !== "boolean")
      failures.push(failure2(flag2, `${flag2} must be true or false.`));
  const hasXml = news.configXml !== void 0;
  const hasSpec = news.listView !== void 0;
  if (hasXml === hasSpec) {
    failures.push(
      failure2(hasXml ? "listView" : "configXml", "give exactly one of configXml (any view type) and listView.")
    );
  } else if (hasXml && !isUnknown(news.configXml)) {
    if (typeof news.configXml !== "string")
      failures.push(failure2("configXml", "configXml must be the view's config.xml text."));
    else {
      try {
        news.configXml = canonicalViewConfig(news.configXml);
      } catch (e) {
        failures.push(failure2("configXml", `configXml is not well-formed XML: ${e.message}`));
      }
    }
  } else if (hasSpec) {
    checkListView(news.listView, failures);
  }
  return { inputs: news, failures };
}

// provider/view/lifecycle.ts
var connections2 = new StackConnections();
var unknownIn = (v) => JSON.stringify(v ?? null).includes(UNKNOWN);
var pluginCheck2 = "error";
var marks2 = true;
async function configure2(req) {
  connections2.configure(req.config);
  pluginCheck2 = pluginCheckOf(req.config);
  marks2 = marksSetting(req.config);
}
function markOwner2(news) {
  return writtenOwner(news, marks2 === true);
}
function declaredConfig(v) {
  return v.listView !== void 0 ? renderListView(v.name, v.listView) : v.configXml;
}
function viewUrl(baseUrl, folder2, name) {
  return baseUrl + viewUrlPath(folder2 ?? "", name).slice(1);
}
function baseUrlIfConfigured2(controller) {
  return controller === UNKNOWN ? void 0 : connections2.urlIfConfigured(controller);
}
async function connect2(fullName, controller) {
  const settings = connections2.settingsFor(controller);
  try {
    return { client: await verifiedClientFor(settings), baseUrl: settings.url };
  } catch (e) {
    if (e instanceof JenkinsError && e.view === void 0 && e.job === void 0) throw e.restated({ view: fullName });
    throw e;
  }
}
async function check2(olds, newsRaw) {
  const { inputs, failures } = checkViewInputs(strip(newsRaw));
  const problem = inputs.controller === UNKNOWN ? void 0 : connections2.controllerProblem(inputs.controller);
  if (problem !== void 0) failures.push({ property: "controller", reason: problem });
  if (failures.length > 0) return { inputs: { ...newsRaw, ...inputs }, failures };
  const known2 = typeof inputs.name === "string" && inputs.name !== UNKNOWN && inputs.folder !== UNKNOWN ? viewFullName(inputs.folder ?? "", inputs.name) : void 0;
  const base2 = baseUrlIfConfigured2(inputs.controller);
  const checked = { ...inputs };
  if (known2 !== void 0) {
    checked.fullName = known2;
    if (base2 !== void 0) checked.url = viewUrl(base2, inputs.folder, inputs.name);
  }
  if (marks2 instanceof Error) return { inputs: checked, failures: [{ property: "", reason: marks2.message }] };
  const owned = await checkOwner2(strip(olds), checked);
  if (owned !== void 0) return { inputs: checked, failures: [owned] };
  const plugins = await checkPlugins2(strip(olds), checked);
  if (plugins !== void 0) return { inputs: checked, failures: [plugins] };
  return { inputs: checked };
}
async function checkOwner2(olds, news) {
  if (Object.keys(olds).length > 0) return void 0;
  const fullName = news.fullName;
  if (typeof fullName !== "string" || news.controller === UNKNOWN || news.takeOverFrom === UNKNOWN) return void 0;
  const folder2 = news.folder ?? "";
  const looked = await lookedUp(
    "Jenkins view",
    fullName,
    async () => {
      const { client: client3, baseUrl } = await connect2(fullName, news.controller);
      const owners = await cachedListing(`view
${baseUrl}
${folder2}`, () => viewOwners(client3, folder2));
      return owners.get(news.name);
    },
    warn
  );
  const refused = looked && takeoverRefusal("Jenkins view", fullName, looked.found, news);
  return refused ? { property: "", reason: refused.message } : void 0;
}
async function viewOwners(client3, folder2) {
  try {
    const views = await client3.listViews(folder2);
    return new Map(views.map((v) => [v.name, readMark(v.description).owner]));
  } catch (e) {
    if (e instanceof JobNotFoundError || e instanceof ViewNotFoundError) return /* @__PURE__ */ new Map();
    throw e;
  }
}
function declaredForCheck(p) {
  if (p.listView !== void 0) {
    if (unknownIn(p.listView) || typeof p.name !== "string" || p.name === UNKNOWN) return void 0;
    return renderListView(p.name, p.listView);
  }
  return typeof p.configXml === "string" && p.configXml !== UNKNOWN ? p.configXml : void 0;
}
async function checkPlugins2(olds, news) {
  const config = declaredForCheck(news);
  if (config === void 0 || declaredForCheck(olds) === config) return void 0;
  if (pluginCheck2 instanceof Error) return { property: "", reason: pluginCheck2.message };
  if (pluginCheck2 === "off" || news.controller === UNKNOWN || typeof news.fullName !== "string") return void 0;
  let client3;
  let where;
  try {
    ({ client: client3, baseUrl: where } = await connect2(news.fullName, news.controller));
  } catch (e) {
    await warn(
      `the plugin check of Jenkins view "${news.fullName}" was skipped: ${e instanceof Error ? e.message : String(e)}`
    );
    return void 0;
  }
  const failure6 = await preflight(client3, news.fullName, where, parseXml(config).root, pluginCheck2, {}, "view");
  return failure6 === void 0 ? void 0 : { property: "", reason: failure6 };
}
async function followsFolder(olds, to, newName) {
  const from = olds.folder ?? "";
  if (from === "" || to === "") return false;
  const planned = plannedPath(olds.controller, from);
  if (planned !== void 0) return planned.toLowerCase() === to.toLowerCase();
  try {
    const { client: client3 } = await connect2(viewFullName(from, olds.name), olds.controller);
    if (await client3.exists(from)) return false;
    return await viewExists(client3, to, olds.name) || await viewExists(client3, to, newName);
  } catch {
    return false;
  }
}
async function viewExists(client3, folder2, name) {
  try {
    await client3.getViewConfig(folder2, name);
    return true;
  } catch (e) {
    if (e instanceof ViewNotFoundError) return false;
    throw e;
  }
}
async function diff3(id, oldsRaw, newsRaw) {
  if (isRefreshDiffOfEdit(id, strip(newsRaw))) return {};
  const olds = withCurrentDigestKey(strip(oldsRaw));
  const news = strip(newsRaw);
  if (typeof olds.__handedTo === "string") return { changes: false };
  const replaces = [];
  const diffs = [];
  if (unknownIn(news.controller) || (olds.controller ?? "") !== (news.controller ?? "")) replaces.push("controller");
  if (unknownIn(news.folder)) replaces.push("folder");
  else if ((olds.folder ?? "") !== (news.folder ?? "")) {
    const newName = typeof news.name === "string" && !unknownIn(news.name) ? news.name : olds.name;
    if (await followsFolder(olds, news.folder ?? "", newName)) diffs.push("folder");
    else replaces.push("folder");
  }
  if (unknownIn(news.name) || olds.name !== news.name) diffs.push("name");
  let deleteBeforeReplace = false;
  if (news.listView !== void 0) {
    if (unknownIn(news.listView)) diffs.push("listView");
    else if (olds.listView === void 0) {
      const oldRoot2 = oldViewRoot(olds);
      if (oldRoot2 === void 0 || oldRoot2 !== viewRootOf(renderListView(news.name, news.listView))) {
        replaces.push("listView");
        deleteBeforeReplace = true;
      } else diffs.push("listView");
    } else if (listViewChanges(olds.listView, news.listView).length > 0) diffs.push("listView");
    else if (oldChanged(olds, renderListView(olds.name, news.listView))) diffs.push("configXml");
  } else if (news.configXml !== void 0) {
    if (unknownIn(news.configXml)) diffs.push("configXml");
    else if (oldViewRoot(olds) === void 0) diffs.push("configXml");
    else if (oldViewRoot(olds) !== viewRootOf(news.configXml)) {
      replaces.push("configXml");
      deleteBeforeReplace = true;
    } else if (olds.listView !== void 0 || oldChanged(olds, news.configXml)) diffs.push("configXml");
  }
  if (replaces.some((k) => k === "folder" || k === "controller") || diffs.includes("name")) deleteBeforeReplace = false;
  const result = { changes: diffs.length > 0 || replaces.length > 0, replaces, deleteBeforeReplace };
  if (diffs.length > 0 && replaces.length === 0) result.diffs = diffs;
  const wanted = markOwner2(news);
  if (!result.changes && news.__owner !== UNKNOWN && ownerMoves(olds, wanted)) {
    if (wanted !== void 0 && olds.__owner === void 0) await sayMarkAdded(wanted);
    return { changes: true, replaces: [], deleteBeforeReplace: false, diffs: markChangeShown(olds, news, wanted) };
  }
  return result;
}
function oldViewRoot(olds) {
  if (olds.configXml) return viewRootOf(olds.configXml);
  return isViewDigest(olds.__digest) ? olds.__digest.root : void 0;
}
function sameDeclaredConfig(olds, news) {
  if (news.listView !== void 0)
    return olds.listView !== void 0 && listViewChanges(olds.listView, news.listView).length === 0 && !oldChanged(olds, renderListView(olds.name, news.listView));
  return olds.listView === void 0 && oldViewRoot(olds) !== void 0 && !oldChanged(olds, news.configXml);
}
function oldChanged(olds, declared2) {
  if (olds.configXml) return viewConfigChanged(olds.configXml, declared2);
  return !isViewDigest(olds.__digest) || viewChangedFrom(olds.__digest, declared2);
}
function outputsFor2(news, baseUrl, configXml, owner2) {
  const outs = {
    name: news.name,
    fullName: viewFullName(news.folder ?? "", news.name),
    url: viewUrl(baseUrl, news.folder, news.name),
    // The inputs hold the config (a listView's spec beside it): the outputs keep its digest.
    __digest: viewDigestOf(configXml)
  };
  if (news.folder) outs.folder = news.folder;
  if (news.controller) outs.controller = news.controller;
  if (news.listView !== void 0) outs.listView = news.listView;
  if (news.adopt !== void 0) outs.adopt = news.adopt;
  if (news.letGo !== void 0) outs.letGo = news.letGo;
  if (owner2 !== void 0) outs.__owner = owner2;
  return outs;
}
async function create2(inputsRaw) {
  const news = strip(inputsRaw);
  const folder2 = news.folder ?? "";
  const fullName = viewFullName(folder2, news.name);
  const { client: client3, baseUrl } = await connect2(fullName, news.controller);
  const xml = declaredConfig(news);
  const owner2 = markOwner2(news);
  const toSend2 = markedViewConfig(xml, owner2);
  try {
    await client3.createView(folder2, news.name, toSend2);
  } catch (e) {
    if (!(e instanceof ViewAlreadyExistsError)) throw e;
    const marked = await client3.getViewConfig(folder2, news.name).catch((readError) => {
      if (news.adopt) throw readError;
      return void 0;
    });
    const { xml: remote, owner: found } = marked === void 0 ? { xml: void 0, owner: void 0 } : unmarkConfig(marked);
    const refused = takeoverRefusal("Jenkins view", fullName, found, news);
    if (refused) throw refused;
    const same2 = remote !== void 0 && matches(news, remote);
    if (!news.adopt && !same2)
      throw e.restated({
        hint: "Jenkins holds another config for it than the declared one. Set adopt: true to take over the existing view (its config is replaced by the declared one), choose another name, or delete it in Jenkins first."
      });
    if (!news.adopt)
      await warn(
        `Jenkins view "${fullName}" already existed with the declared config (made by a \`pulumi up\` that was cut short before saving it, or by hand), so this stack took it over and manages it from now on.`
      );
    if (!same2 || found !== owner2) await post(client3, folder2, news.name, toSend2);
  }
  return { id: (0, import_node_crypto10.randomUUID)(), outs: outputsFor2(news, baseUrl, xml, owner2) };
}
function matches(v, remote) {
  if (v.listView !== void 0) {
    const parsed2 = parseListView(remote);
    return parsed2 !== void 0 && listViewChanges(v.listView, parsed2).length === 0;
  }
  if (!v.configXml && isViewDigest(v.__digest)) return sameAsDigest2(v.__digest, remote);
  return sameViewConfig(v.configXml, remote);
}
async function post(client3, folder2, name, xml) {
  try {
    await client3.updateViewConfig(folder2, name, xml);
  } catch (e) {
    if (e instanceof InvalidConfigError) {
      throw e.restated({
        hint: "Jenkins cannot change a view's type in place; the view is unchanged. Check that the XML is well-formed and that its plugin is installed."
      });
    }
    throw e;
  }
}
async function read2(id, propsRaw) {
  return noted(id, await readFromJenkins(id, propsRaw));
}
async function readFromJenkins(id, propsRaw) {
  const olds = withCurrentDigestKey(strip(propsRaw));
  const folder2 = olds.folder ?? "";
  const fullName = viewFullName(folder2, olds.name);
  const { client: client3, baseUrl } = await connect2(fullName, olds.controller);
  let marked;
  try {
    marked = await client3.getViewConfig(folder2, olds.name);
  } catch (e) {
    if (e instanceof ViewNotFoundError) return {};
    throw e;
  }
  const { xml: remote, owner: found } = unmarkConfig(marked);
  const declaresNothing2 = olds.listView === void 0 && !olds.configXml && !isViewDigest(olds.__digest);
  if (!declaresNothing2 && handedOver(found, olds)) {
    if (olds.__handedTo !== found) await warn(handedOverWarning("Jenkins view", fullName, found));
    return { id, props: { ...olds, fullName, __handedTo: found } };
  }
  const props = { ...olds, fullName, url: viewUrl(baseUrl, olds.folder, olds.name) };
  delete props.__handedTo;
  if (declaresNothing2) {
    const parsed2 = parseListView(remote);
    const found2 = parsed2 === void 0 ? { ...props, configXml: canonicalizeConfig(remote) } : { ...props, listView: writtenListView(parsed2), configXml: renderListView(olds.name, parsed2) };
    return { id, props: { ...found2, __markAtUpdate: true }, inputs: inputsOf(found2) };
  }
  if ((olds.configXml || isViewDigest(olds.__digest)) && matches(olds, remote)) return { id, props };
  delete props.__digest;
  if (olds.listView !== void 0) {
    const parsed2 = parseListView(remote);
    if (parsed2 !== void 0) {
      const listView = reflectListView(olds.listView, parsed2);
      const drifted2 = { ...props, listView, configXml: renderListView(olds.name, listView) };
      return { id, props: drifted2, inputs: inputsOf(drifted2) };
    }
  }
  const drifted = { ...props, configXml: canonicalizeConfig(remote) };
  return { id, props: drifted, inputs: inputsOf(drifted) };
}
function inputsOf(props) {
  const inputs = {
    name: props.name,
    fullName: props.fullName,
    url: props.url
  };
  if (props.folder) inputs.folder = props.folder;
  if (props.controller) inputs.controller = props.controller;
  if (props.listView !== void 0) inputs.listView = props.listView;
  else inputs.configXml = props.configXml;
  return inputs;
}
async function update2(id, oldsRaw, newsRaw) {
  const olds = withCurrentDigestKey(strip(oldsRaw));
  const news = strip(newsRaw);
  const folder2 = news.folder ?? "";
  const { client: client3, baseUrl } = await connect2(viewFullName(folder2, news.name), news.controller);
  const renamed = olds.name !== news.name;
  if (renamed) await rename3(client3, folder2, olds.name, news.name);
  const xml = declaredConfig(news);
  const owner2 = markOwner2(news);
  if (renamed || !sameDeclaredConfig(olds, news) || olds.__owner !== owner2) {
    try {
      await post(client3, folder2, news.name, markedViewConfig(xml, owner2));
    } catch (e) {
      if (!renamed) throw e;
      const message2 = `${e instanceof Error ? e.message : String(e)} The view is now named "${news.name}".`;
      const at = {
        ...oldsRaw,
        name: news.name,
        fullName: viewFullName(folder2, news.name),
        url: viewUrl(baseUrl, news.folder, news.name),
        [PROVIDER_KEY]: newsRaw[PROVIDER_KEY]
      };
      if (news.folder) at.folder = news.folder;
      else delete at.folder;
      throw new PartialFailureError(message2, id, at, [message2]);
    }
  }
  return { outs: outputsFor2(news, baseUrl, xml, owner2) };
}
async function rename3(client3, folder2, from, to) {
  try {
    await client3.renameView(folder2, from, to);
  } catch (e) {
    if (e instanceof ViewNotFoundError && await viewExists(client3, folder2, to)) return;
    throw e;
  }
}
async function deleteView2(_id, propsRaw) {
  const olds = withCurrentDigestKey(strip(propsRaw));
  if (typeof olds.__handedTo === "string") return;
  const folder2 = olds.folder ?? "";
  const fullName = viewFullName(folder2, olds.name);
  const { client: client3 } = await connect2(fullName, olds.controller);
  try {
    const found = unmarkConfig(await client3.getViewConfig(folder2, olds.name)).owner;
    if (handedOver(found, olds)) {
      await warn(leftInJenkinsWarning("Jenkins view", fullName, found));
      return;
    }
    await client3.deleteView(folder2, olds.name);
  } catch (e) {
    if (e instanceof ViewNotFoundError) return;
    throw e;
  }
}

// provider/credential/lifecycle.ts
var lifecycle_exports3 = {};
__export(lifecycle_exports3, {
  check: () => check3,
  configure: () => configure3,
  create: () => create3,
  delete: () => deleteCredentialResource,
  deleteCredentialResource: () => deleteCredentialResource,
  diff: () => diff4,
  read: () => read3,
  update: () => update3
});
var import_node_crypto11 = require("node:crypto");

// provider/credential/inputs.ts
var ID_PATTERN = /^[a-zA-Z0-9_.-]+$/;
var isUnknown2 = (v) => v === UNKNOWN;
var hasUnknown = (v) => JSON.stringify(v ?? null).includes(UNKNOWN);
var SPEC_KEYS2 = {
  secretText: [],
  usernamePassword: ["username"],
  sshPrivateKey: ["username"],
  secretFile: ["fileName"]
};
var NO_CLASS = "Declare the credential with the Credential class of this package, which moves every secret into an input Pulumi encrypts.";
function checkSpec2(kind, spec, failures) {
  if (isUnknown2(spec)) return;
  if (spec === null || typeof spec !== "object" || Array.isArray(spec)) {
    failures.push({ property: kind, reason: `${kind} must be an object.` });
    return;
  }
  const allowed = SPEC_KEYS2[kind];
  for (const [key, value] of Object.entries(spec)) {
    if (allowed.includes(key)) {
      if (isUnknown2(value)) continue;
      if (typeof value !== "string" || value.trim() === "")
        failures.push({ property: `${kind}.${key}`, reason: `${kind}.${key} must be a non-empty string.` });
      else if (key === "fileName" && /[/\\]/.test(value))
        failures.push({ property: `${kind}.${key}`, reason: `${kind}.fileName is a file name, without a folder.` });
      continue;
    }
    const secret2 = SECRET_NAMES[kind].some((n) => n === `${kind}.${key}`);
    failures.push({
      property: `${kind}.${key}`,
      reason: secret2 ? `${kind}.${key} arrived as a plain input, so it would be stored in the state in clear. ${NO_CLASS}` : `${kind} has no property "${key}"; it takes ${[...allowed, ...SECRET_NAMES[kind].map((n) => n.split(".")[1])].join(", ")}.`
    });
  }
  for (const key of allowed)
    if (spec[key] === void 0)
      failures.push({ property: `${kind}.${key}`, reason: `${kind}.${key} is required.` });
}
function checkValues(kind, values, failures) {
  if (isUnknown2(values) || hasUnknown(values)) return;
  const names = SECRET_NAMES[kind];
  if (!Array.isArray(values) || values.length !== names.length || !values.every((v) => typeof v === "string")) {
    failures.push({
      property: "secretValues",
      reason: `the secret values of ${kind} are missing: give ${names[0]} as a secret (pulumi.secret, or a secret stack config value).`
    });
    return;
  }
  const list = values;
  if (list[0] === "") failures.push({ property: names[0], reason: `${names[0]} must not be empty.` });
  if (kind === "sshPrivateKey" && list[0] !== "" && !/-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(list[0]))
    failures.push({
      property: names[0],
      reason: `${names[0]} is not a private key in PEM or OpenSSH form (no "-----BEGIN … PRIVATE KEY-----" line).`
    });
}
function checkConfigXml2(news, failures) {
  if (isUnknown2(news.configXml)) return;
  if (typeof news.configXml !== "string") {
    failures.push({ property: "configXml", reason: "configXml must be the credential's config.xml text." });
    return;
  }
  let text2;
  try {
    text2 = canonicalizeConfig(news.configXml);
  } catch (e) {
    failures.push({ property: "configXml", reason: `configXml is not well-formed XML: ${e.message}` });
    return;
  }
  const root = parseXml(text2).root;
  const typed = Object.entries(TYPED_CLASSES).find(([, c]) => c.root === root.name);
  if (typed !== void 0)
    failures.push({
      property: "configXml",
      reason: `configXml declares a ${root.name}; declare it as \`${typed[0]}\` instead, so its secrets are typed inputs.`
    });
  const ownId = childText(root, "id")?.trim();
  if (ownId !== void 0 && ownId !== "" && typeof news.credentialId === "string" && !isUnknown2(news.credentialId) && ownId !== news.credentialId)
    failures.push({
      property: "configXml",
      reason: `configXml has <id>${ownId}</id> but the resource's id is "${news.credentialId}"; leave <id> out (the id input sets it).`
    });
  if (!hasUnknown(news.secretValues)) {
    const problem = secretsProblem(maskSecrets(root, text2), news.secretValues);
    if (problem !== void 0) failures.push({ property: "configXml", reason: problem });
  }
  news.configXml = text2;
}
function checkCredentialInputs(newsRaw) {
  const news = { ...newsRaw };
  const failures = [];
  const optional2 = [
    "folder",
    "domain",
    "controller",
    "adopt",
    "letGo",
    "scope",
    "secretVersion",
    "description",
    "takeOverFrom"
  ];
  for (const key of [...optional2, ...KINDS])
    if (news[key] === null || news[key] === "" && key !== "description") delete news[key];
  const handOver = isUnknown2(news.takeOverFrom) ? void 0 : takeOverFromProblem(news.takeOverFrom);
  if (handOver !== void 0) failures.push({ property: "takeOverFrom", reason: handOver });
  if (news.domain === "_") delete news.domain;
  if (news.scope === "GLOBAL") delete news.scope;
  if (!isUnknown2(news.credentialId)) {
    if (typeof news.credentialId !== "string" || news.credentialId === "")
      failures.push({
        property: "credentialId",
        reason: 'id is required: the id jobs name as credentialsId, e.g. "github-token".'
      });
    else if (!ID_PATTERN.test(news.credentialId))
      failures.push({
        property: "credentialId",
        reason: `credential id ${JSON.stringify(news.credentialId)} may hold only letters, digits, "_", "-" and ".", as Jenkins requires.`
      });
  }
  if (news.folder !== void 0 && !isUnknown2(news.folder)) {
    if (typeof news.folder !== "string" || news.folder.startsWith("/") || news.folder.endsWith("/"))
      failures.push({
        property: "folder",
        reason: `folder must be the full name of a folder, e.g. "team" or "team/apps" (often a Job's fullName); got ${JSON.stringify(news.folder)}.`
      });
  }
  if (news.domain !== void 0 && !isUnknown2(news.domain) && (typeof news.domain !== "string" || /[/?#]/.test(news.domain)))
    failures.push({
      property: "domain",
      reason: 'domain must be the name of a credentials domain ("_" is the global one).'
    });
  if (news.scope !== void 0 && !isUnknown2(news.scope)) {
    if (news.scope !== "SYSTEM")
      failures.push({
        property: "scope",
        reason: `scope must be "GLOBAL" or "SYSTEM"; got ${JSON.stringify(news.scope)}.`
      });
    else if (news.folder !== void 0)
      failures.push({
        property: "scope",
        reason: "a folder's store holds only GLOBAL credentials; SYSTEM is for the system store (no folder)."
      });
  }
  for (const key of ["description", "secretVersion", "controller"])
    if (news[key] !== void 0 && !isUnknown2(news[key]) && typeof news[key] !== "string")
      failures.push({ property: key, reason: `${key} must be a string.` });
  for (const flag2 of ["adopt", "letGo"])
    if (news[flag2] !== void 0 && !isUnknown2(news[flag2]) && typeof news[flag2] !== "boolean")
      failures.push({ property: flag2, reason: `${flag2} must be true or false.` });
  const given = KINDS.filter((k) => news[k] !== void 0);
  if (given.length !== 1) {
    failures.push({
      property: given[1] ?? "secretText",
      reason: `give exactly one of ${TYPED_KINDS.join(", ")} and configXml (any other type)${given.length > 1 ? `; got ${given.join(" and ")}` : ""}.`
    });
    return { inputs: news, failures };
  }
  const kind = given[0];
  if (kind === "configXml") checkConfigXml2(news, failures);
  else {
    checkSpec2(kind, news[kind], failures);
    checkValues(kind, news.secretValues, failures);
  }
  return { inputs: news, failures };
}

// provider/credential/ops.ts
var storeOf = (p) => ({ folder: p.folder, domain: p.domain });
function createCredential2(client3, p, xml) {
  return client3.createCredential(storeOf(p), p.id, xml);
}
function getCredentialConfig2(client3, p) {
  return client3.getCredentialConfig(storeOf(p), p.id);
}
function updateCredential(client3, p, xml) {
  return client3.updateCredentialConfig(storeOf(p), p.id, xml);
}
function deleteCredential2(client3, p) {
  return client3.deleteCredential(storeOf(p), p.id);
}

// provider/credential/found.ts
var REDACTED = "secret-redacted";
var child5 = (e, name) => elementChildren(e).find((c) => c.name === name);
var classOf5 = (e) => e.attrs.find(([k]) => k === "class")?.[1] ?? e.name;
var redacted = (e) => elementChildren(e).some((c) => c.name === REDACTED);
var text = (e, name) => {
  const c = child5(e, name);
  return c === void 0 ? "" : textOf(c).trim();
};
function fieldsAre(e, plain2, secret2) {
  const names = elementChildren(e).map((c) => c.name);
  const common3 = ["scope", "id", "description"];
  return names.every((n) => common3.includes(n) || plain2.includes(n) || secret2.includes(n)) && secret2.every((n) => child5(e, n) !== void 0 && redacted(child5(e, n))) && plain2.every((n) => child5(e, n) === void 0 || !redacted(child5(e, n)));
}
function typedFitOf(xml) {
  const cls = xml.name;
  const usernameSecret = text(xml, "usernameSecret");
  if (cls === TYPED_CLASSES.secretText.root && fieldsAre(xml, [], ["secret"]))
    return { kind: "secretText", fields: {}, secrets: [{ field: "secret", optional: false }] };
  if (cls === TYPED_CLASSES.usernamePassword.root && usernameSecret !== "true" && fieldsAre(xml, ["username", "usernameSecret"], ["password"])) {
    return {
      kind: "usernamePassword",
      fields: { username: text(xml, "username") },
      secrets: [{ field: "password", optional: false }]
    };
  }
  const source = child5(xml, "privateKeySource");
  if (cls === TYPED_CLASSES.sshPrivateKey.root && usernameSecret !== "true" && source !== void 0 && classOf5(source) === DIRECT_ENTRY && fieldsAre(source, [], ["privateKey"]) && fieldsAre(
    xml,
    ["username", "usernameSecret", "privateKeySource"],
    child5(xml, "passphrase") === void 0 ? [] : ["passphrase"]
  )) {
    return {
      kind: "sshPrivateKey",
      fields: { username: text(xml, "username") },
      secrets: [
        { field: "privateKey", optional: false },
        // Jenkins writes a passphrase field whether or not the key has one: the program says.
        ...child5(xml, "passphrase") !== void 0 ? [{ field: "passphrase", optional: true }] : []
      ]
    };
  }
  if (cls === TYPED_CLASSES.secretFile.root && fieldsAre(xml, ["fileName"], ["secretBytes"]))
    return {
      kind: "secretFile",
      fields: { fileName: text(xml, "fileName") },
      secrets: [{ field: "content", optional: false }]
    };
  return void 0;
}

// provider/credential/store.ts
var GLOBAL_DOMAIN = "_";
function credentialPath(p) {
  return credentialUrlPath({ folder: p.folder, domain: p.domain }, p.id);
}
function describePlace(p) {
  const store = p.folder === "" ? "the system store" : `the store of folder "${p.folder}"`;
  const domain = p.domain === GLOBAL_DOMAIN ? "" : `, domain "${p.domain}"`;
  return `credential "${p.id}" in ${store}${domain}`;
}
function credentialUrl(baseUrl, p) {
  return baseUrl.replace(/\/$/, "") + credentialPath(p);
}

// provider/credential/lifecycle.ts
var connections3 = new StackConnections();
var pluginCheck3 = "error";
var marks3 = true;
var unknownIn2 = (v) => JSON.stringify(v ?? null).includes(UNKNOWN);
async function configure3(req) {
  connections3.configure(req.config);
  pluginCheck3 = pluginCheckOf(req.config);
  marks3 = marksSetting(req.config);
}
function markOwner3(news) {
  return writtenOwner(news, marks3 === true);
}
function placeOf2(v) {
  return { folder: v.folder ?? "", domain: v.domain ?? GLOBAL_DOMAIN, id: v.credentialId };
}
function baseUrlIfConfigured3(controller) {
  return controller === UNKNOWN ? void 0 : connections3.urlIfConfigured(controller);
}
async function connect3(place, controller) {
  const settings = connections3.settingsFor(controller);
  try {
    return { client: await verifiedClientFor(settings), baseUrl: settings.url };
  } catch (e) {
    if (e instanceof JenkinsError && e.credential === void 0)
      throw e.restated({ credential: credentialFullName(place, place.id) });
    throw e;
  }
}
async function check3(olds, newsRaw) {
  const { inputs, failures } = checkCredentialInputs(strip(newsRaw));
  const problem = inputs.controller === UNKNOWN ? void 0 : connections3.controllerProblem(inputs.controller);
  if (problem !== void 0) failures.push({ property: "controller", reason: problem });
  if (failures.length > 0) return { inputs: { ...newsRaw, ...inputs }, failures };
  const checked = { ...inputs };
  const known2 = !unknownIn2([inputs.credentialId, inputs.folder, inputs.domain, inputs.controller]);
  if (known2) {
    const place = placeOf2(inputs);
    declareCredential(inputs.controller, place.folder, place.id);
    const base2 = baseUrlIfConfigured3(inputs.controller);
    if (base2 !== void 0) checked.url = credentialUrl(base2, place);
  }
  if (Object.keys(strip(olds)).length === 0 && known2) {
    const unusable = await connections3.unusable(inputs.controller);
    if (unusable !== void 0)
      return { inputs: checked, failures: [{ property: "", reason: cannotPlan(checked, unusable) }] };
  }
  if (marks3 instanceof Error) return { inputs: checked, failures: [{ property: "", reason: marks3.message }] };
  if (Object.keys(strip(olds)).length === 0 && known2) {
    const owned = await checkOwner3(checked);
    if (owned !== void 0) return { inputs: checked, failures: [owned] };
  }
  const plugins = await checkPlugins3(strip(olds), checked);
  if (plugins !== void 0) return { inputs: checked, failures: [plugins] };
  return { inputs: checked };
}
async function checkOwner3(news) {
  if (unknownIn2(news.takeOverFrom)) return void 0;
  const place = placeOf2(news);
  const name = credentialFullName(place, place.id);
  const looked = await lookedUp(
    "Jenkins credential",
    name,
    async () => {
      const { client: client3, baseUrl } = await connect3(place, news.controller);
      const owners = await cachedListing(
        `credential
${baseUrl}
${place.folder}`,
        () => storeOwners(client3, place.folder)
      );
      return owners.get(`${place.domain}/${place.id}`);
    },
    warn
  );
  const refused = looked && takeoverRefusal("Jenkins credential", name, looked.found, news);
  return refused ? { property: "", reason: refused.message } : void 0;
}
async function storeOwners(client3, folder2) {
  try {
    const listed = await client3.listStoreDescriptions({ folder: folder2 });
    return new Map(listed.map((c) => [`${c.domain}/${c.id}`, readMark(c.description).owner]));
  } catch (e) {
    if (e instanceof CredentialNotFoundError) return /* @__PURE__ */ new Map();
    throw e;
  }
}
function cannotPlan(v, unusable) {
  const place = placeOf2(v);
  return `Jenkins credential "${credentialFullName(place, place.id)}" cannot be planned: ${unusable}`;
}
async function checkPlugins3(olds, news) {
  const kind = kindOf(news);
  if (kind === "configXml" ? unknownIn2(news.configXml) : false) return void 0;
  const root = parseXml(renderCredential(news)).root;
  if (Object.keys(olds).length > 0) {
    const before = kindOf(olds);
    if (before === kind && (kind !== "configXml" || sameRoot(olds.configXml, root.name))) return void 0;
  }
  if (pluginCheck3 instanceof Error) return { property: "", reason: pluginCheck3.message };
  if (pluginCheck3 === "off" || !news.url) return void 0;
  const place = placeOf2(news);
  let client3;
  let where;
  try {
    ({ client: client3, baseUrl: where } = await connect3(place, news.controller));
  } catch (e) {
    await warn(
      `the plugin check of Jenkins ${describePlace(place)} was skipped: ${e instanceof Error ? e.message : String(e)}`
    );
    return void 0;
  }
  const failure6 = await preflight(
    client3,
    credentialFullName(place, place.id),
    where,
    root,
    pluginCheck3,
    {},
    "credential"
  );
  return failure6 === void 0 ? void 0 : { property: "", reason: failure6 };
}
function sameRoot(xml, name) {
  if (typeof xml !== "string" || xml === "") return false;
  try {
    return parseXml(xml).root.name === name;
  } catch {
    return false;
  }
}
async function followsFolder2(olds, to) {
  const from = olds.folder ?? "";
  if (from === "" || to === "") return false;
  const planned = plannedPath(olds.controller, from);
  if (planned !== void 0) return planned.toLowerCase() === to.toLowerCase();
  const place = placeOf2(olds);
  try {
    const { client: client3 } = await connect3(place, olds.controller);
    if (await client3.exists(from)) return false;
    await getCredentialConfig2(client3, { ...place, folder: to });
    return true;
  } catch {
    return false;
  }
}
async function diff4(id, oldsRaw, newsRaw) {
  if (isRefreshDiffOfEdit(id, strip(newsRaw))) return {};
  const olds = withCurrentDigestKey(strip(oldsRaw));
  const news = strip(newsRaw);
  if (typeof olds.__handedTo === "string") return { changes: false };
  const replaces = [];
  const diffs = [];
  for (const key of ["credentialId", "domain", "controller"]) {
    if (unknownIn2(news[key]) || (olds[key] ?? "") !== (news[key] ?? "")) replaces.push(key);
  }
  if (unknownIn2(news.folder)) replaces.push("folder");
  else if ((olds.folder ?? "") !== (news.folder ?? "")) {
    if (await followsFolder2(olds, news.folder ?? "")) diffs.push("folder");
    else replaces.push("folder");
  }
  const oldKind = kindOf(olds);
  const newKind = kindOf(news);
  let deleteBeforeReplace = false;
  if (oldKind !== newKind) {
    replaces.push(newKind);
    deleteBeforeReplace = replaces.length === 1;
  } else if (newKind === "configXml") {
    if (unknownIn2(news.configXml)) diffs.push("configXml");
    else if (!sameOldRoot(olds, parseXml(news.configXml).root.name)) {
      replaces.push("configXml");
      deleteBeforeReplace = replaces.length === 1;
    } else if (!sameOldInput(olds, news.configXml)) diffs.push("configXml");
  } else if (JSON.stringify(olds[newKind] ?? {}) !== JSON.stringify(news[newKind] ?? {})) diffs.push(newKind);
  for (const key of ["description", "scope", "secretVersion"])
    if (unknownIn2(news[key]) || (olds[key] ?? "") !== (news[key] ?? "")) diffs.push(key);
  if (unknownIn2(news.secretValues) || JSON.stringify(olds.secretValues ?? []) !== JSON.stringify(news.secretValues ?? []))
    diffs.push("secretValues");
  const result = {
    changes: diffs.length > 0 || replaces.length > 0,
    replaces,
    deleteBeforeReplace
  };
  if (diffs.length > 0 && replaces.length === 0) result.diffs = diffs;
  const wanted = markOwner3(news);
  if (!result.changes && news.__owner !== UNKNOWN && ownerMoves(olds, wanted)) {
    if (wanted !== void 0 && olds.__owner === void 0) await sayMarkAdded(wanted);
    return { changes: true, replaces: [], deleteBeforeReplace: false, diffs: markChangeShown(olds, news, wanted) };
  }
  if (result.changes && !unknownIn2(news.controller)) {
    const unusable = await connections3.unusable(news.controller);
    if (unusable !== void 0) throw new ConnectionCheckError(cannotPlan(olds, unusable));
  }
  return result;
}
function sameOldRoot(olds, name) {
  if (olds.configXml) return sameRoot(olds.configXml, name);
  return isCredentialDigest(olds.__digest) && olds.__digest.root === name;
}
function sameOldInput(olds, configXml) {
  if (olds.configXml) return olds.configXml === configXml;
  return isCredentialDigest(olds.__digest) && sameInput(olds.__digest, configXml);
}
function outputsFor3(news, baseUrl, owner2) {
  const outs = { ...news, url: credentialUrl(baseUrl, placeOf2(news)) };
  outs.__owner = owner2;
  delete outs.__retain;
  for (const key of Object.keys(outs)) if (outs[key] === void 0) delete outs[key];
  if (kindOf(news) === "configXml") {
    outs.__digest = credentialDigestOf(news.configXml, renderCredential(news));
    delete outs.configXml;
  }
  return outs;
}
function toSend(v, owner2) {
  const marked = owner2 === void 0 ? v : { ...v, description: withMark(declaredFields(v).description, owner2) };
  return renderCredential(marked, v.secretValues ?? []);
}
async function create3(inputsRaw) {
  const news = strip(inputsRaw);
  const place = placeOf2(news);
  const { client: client3, baseUrl } = await connect3(place, news.controller);
  const owner2 = markOwner3(news);
  try {
    await createCredential2(client3, place, toSend(news, owner2));
  } catch (e) {
    if (!(e instanceof CredentialAlreadyExistsError)) throw e;
    const marked = await getCredentialConfig2(client3, place).catch(() => void 0);
    const { xml: remote, owner: found } = marked === void 0 ? { xml: void 0, owner: void 0 } : unmarkConfig(marked);
    const refused = takeoverRefusal("Jenkins credential", credentialFullName(place, place.id), found, news);
    if (refused) throw refused;
    if (!news.adopt && !(remote !== void 0 && heldAsDeclared(remote, news)))
      throw e.restated({
        hint: "Jenkins holds it with other fields than the declared ones. Set adopt: true to take over the existing credential (its fields and secrets are replaced by the declared ones), choose another id, or delete it in Jenkins first."
      });
    if (!news.adopt)
      await warn(
        `Jenkins ${describePlace(place)} already existed with the declared fields (made by a \`pulumi up\` that was cut short before saving it, or by hand), so this stack took it over and manages it from now on. Jenkins never shows a secret, so its secrets were set to the declared ones.`
      );
    await updateCredential(client3, place, toSend(news, owner2));
  }
  rememberCreated(client3, place.folder, place.id);
  return { id: (0, import_node_crypto11.randomUUID)(), outs: outputsFor3(news, baseUrl, owner2) };
}
function heldAsDeclared(remote, news) {
  try {
    if (kindOf(news) === "configXml") return sameConfigCredential(renderCredential(news), remote);
    return fieldChanges(declaredFields(news), fieldsOfConfig(remote)).length === 0;
  } catch {
    return false;
  }
}
async function read3(id, propsRaw) {
  return noted(id, await readFromJenkins2(id, propsRaw));
}
async function readFromJenkins2(id, propsRaw) {
  const olds = withCurrentDigestKey(strip(propsRaw));
  const place = placeOf2(olds);
  const { client: client3, baseUrl } = await connect3(place, olds.controller);
  let marked;
  try {
    marked = await getCredentialConfig2(client3, place);
  } catch (e) {
    if (e instanceof CredentialNotFoundError) return {};
    throw e;
  }
  const { xml: remote, owner: found } = unmarkConfig(marked);
  const kind = kindOf(olds);
  const importing = kind === "configXml" && !olds.configXml && olds.__digest === void 0;
  if (!importing && handedOver(found, olds)) {
    const name = credentialFullName(place, place.id);
    if (olds.__handedTo !== found) await warn(handedOverWarning("Jenkins credential", name, found));
    return { id, props: { ...olds, __handedTo: found } };
  }
  const props = { ...olds, url: credentialUrl(baseUrl, place) };
  delete props.__handedTo;
  const typed = importing ? typedAsFound(remote) : {};
  if (Object.keys(typed).length > 0) {
    const found2 = { ...withCommonOf(props, remote), ...typed };
    return { id, props: { ...found2, __markAtUpdate: true }, inputs: inputsOf2(found2, true) };
  }
  if (kind === "configXml") {
    const digest = isCredentialDigest(olds.__digest) ? olds.__digest : void 0;
    const same2 = olds.configXml ? sameConfigCredential(renderCredential(olds), remote) : digest !== void 0 && sameAsDigest(digest, remote);
    if (same2) return { id, props };
    const declared3 = olds.configXml || digest || "<x/>";
    const drifted2 = { ...withCommonOf(props, remote), configXml: driftedConfigXml(declared3, remote) };
    delete drifted2.__digest;
    if (importing) drifted2.__markAtUpdate = true;
    return { id, props: drifted2, inputs: inputsOf2(drifted2, importing) };
  }
  const declared2 = declaredFields(olds);
  const seen = fieldsOfConfig(remote);
  const changed = fieldChanges(declared2, seen);
  if (changed.length === 0) return { id, props };
  if (changed.includes("type")) {
    const drifted2 = { ...withCommonOf(props, remote), configXml: driftedConfigXml("<x/>", remote) };
    for (const k of TYPED_KINDS) delete drifted2[k];
    delete drifted2.__digest;
    return { id, props: drifted2, inputs: inputsOf2(drifted2) };
  }
  const drifted = withCommonOf(props, remote);
  if (kind === "usernamePassword") drifted.usernamePassword = { username: seen.username ?? "" };
  if (kind === "sshPrivateKey") drifted.sshPrivateKey = { username: seen.username ?? "" };
  if (kind === "secretFile") drifted.secretFile = { fileName: seen.fileName ?? "" };
  return { id, props: drifted, inputs: inputsOf2(drifted) };
}
function typedAsFound(remote) {
  const fit = typedFitOf(parseXml(remote).root);
  if (fit === void 0) return {};
  if (fit.kind === "secretText") return { secretText: {} };
  if (fit.kind === "secretFile") return { secretFile: { fileName: fit.fields.fileName } };
  return { [fit.kind]: { username: fit.fields.username } };
}
function withCommonOf(props, remote) {
  const f = fieldsOfConfig(remote);
  const out = { ...props, description: f.description };
  if (f.scope === "SYSTEM") out.scope = "SYSTEM";
  else delete out.scope;
  return out;
}
function inputsOf2(props, imported = false) {
  const inputs = { ...props };
  if (imported) delete inputs.url;
  delete inputs.__digest;
  delete inputs.__handedTo;
  delete inputs.__markAtUpdate;
  for (const key of Object.keys(inputs))
    if (inputs[key] === void 0) delete inputs[key];
  return inputs;
}
async function update3(_id, oldsRaw, newsRaw) {
  const olds = withCurrentDigestKey(strip(oldsRaw));
  const news = strip(newsRaw);
  const place = placeOf2(news);
  const { client: client3, baseUrl } = await connect3(place, news.controller);
  const owner2 = markOwner3(news);
  const followed = { ...olds, folder: news.folder };
  const onlyFolder = (await diff4(_id, followed, newsRaw)).changes === false;
  if (!onlyFolder) {
    try {
      await updateCredential(client3, place, toSend(news, owner2));
    } catch (e) {
      if (e instanceof CredentialNotFoundError)
        throw e.restated({
          hint: "It was deleted in Jenkins (or its folder moved) since the last refresh: run `pulumi refresh`, then `pulumi up` makes it again."
        });
      throw e;
    }
  }
  return { outs: outputsFor3(news, baseUrl, onlyFolder ? olds.__owner : owner2) };
}
async function deleteCredentialResource(_id, propsRaw) {
  const olds = withCurrentDigestKey(strip(propsRaw));
  if (typeof olds.__handedTo === "string") return;
  const place = placeOf2(olds);
  const { client: client3 } = await connect3(place, olds.controller);
  try {
    const found = unmarkConfig(await getCredentialConfig2(client3, place)).owner;
    if (handedOver(found, olds)) {
      await warn(leftInJenkinsWarning("Jenkins credential", credentialFullName(place, place.id), found));
      return;
    }
    await deleteCredential2(client3, place);
  } catch (e) {
    if (e instanceof CredentialNotFoundError) return;
    throw e;
  }
}

// provider/sweep/lifecycle.ts
var lifecycle_exports4 = {};
__export(lifecycle_exports4, {
  check: () => check4,
  configure: () => configure4,
  create: () => create4,
  delete: () => deleteSweep,
  deleteSweep: () => deleteSweep,
  diff: () => diff5,
  read: () => read4,
  update: () => update4
});
var import_node_crypto12 = require("node:crypto");

// provider/sweep/errors.ts
var ComputedFolderSweepError = class extends Error {
  constructor(folder2, className) {
    super(
      `FolderSweep cannot sweep "${folder2}": it is a ${className.slice(className.lastIndexOf(".") + 1)}, whose items Jenkins creates, disables and deletes by itself (branch indexing). Point the sweep at a plain folder; the branch jobs follow the project's branch sources and orphaned-item strategy.`
    );
    this.folder = folder2;
    this.className = className;
    this.name = "ComputedFolderSweepError";
  }
  folder;
  className;
};

// provider/sweep/types.ts
var SWEEP_ACTIONS = ["report", "disable", "delete"];

// provider/sweep/inputs.ts
function failure3(property, reason) {
  return { property, reason };
}
function checkSweepInputs(newsRaw) {
  const news = { ...newsRaw };
  const failures = [];
  for (const key of ["action", "deleteWithBuilds", "controller"])
    if (news[key] === null || news[key] === "") delete news[key];
  if (news.action === void 0) news.action = "report";
  if (typeof news.folder !== "string" || news.folder === "") {
    failures.push(
      failure3(
        "folder",
        `folder is required: the full name of the folder this stack owns, e.g. "apps" (often a Job's fullName).`
      )
    );
  }
  if (news.action !== UNKNOWN && !SWEEP_ACTIONS.includes(news.action)) {
    failures.push(
      failure3(
        "action",
        `action must be one of ${SWEEP_ACTIONS.map((a) => `"${a}"`).join(", ")}; got ${JSON.stringify(news.action)}.`
      )
    );
  }
  if (news.deleteWithBuilds !== void 0 && news.deleteWithBuilds !== UNKNOWN && typeof news.deleteWithBuilds !== "boolean") {
    failures.push(failure3("deleteWithBuilds", "deleteWithBuilds must be true or false."));
  }
  const keep2 = news.keep ?? [];
  if (!Array.isArray(keep2)) {
    failures.push(failure3("keep", "keep must be a list of the full names of the items declared in the folder."));
  } else if (typeof news.folder === "string" && news.folder !== UNKNOWN) {
    const prefix = `${news.folder.toLowerCase()}/`;
    for (const entry of keep2) {
      if (entry === UNKNOWN) continue;
      if (typeof entry !== "string" || !entry.toLowerCase().startsWith(prefix) || entry.slice(prefix.length).includes("/")) {
        failures.push(
          failure3(
            "keep",
            `keep entry ${JSON.stringify(entry)} is not an item directly in folder "${news.folder}"; list the full names of the folder's declared items, e.g. "${news.folder}/build".`
          )
        );
      }
    }
  }
  news.keep = keep2;
  return { inputs: news, failures };
}
function unmanaged(children, keep2) {
  const kept = new Set(keep2.map((k) => k.toLowerCase()));
  return children.filter((c) => !kept.has(c.toLowerCase())).sort();
}
function planOf(items, action, others = []) {
  const verb = action === "report" ? "report" : action === "disable" ? "disable" : "delete";
  return [...items.map((i) => `${verb} ${i}`), ...others.map(leftAlone)];
}
function leftAlone(item) {
  return `leave ${item.fullName} (managed as code by ${item.owner})`;
}

// provider/sweep/lifecycle.ts
var connections4 = new StackConnections();
async function configure4(req) {
  connections4.configure(req.config);
}
function client2(controller) {
  return connections4.usableClient(controller);
}
async function childrenOf(c, folder2) {
  const depth = folder2.split("/").length + 1;
  try {
    const { className, items } = await c.listFolder(folder2);
    if (computesItsItems(className)) throw new ComputedFolderSweepError(folder2, className);
    return items.filter((j) => j.fullName.split("/").length === depth).map((j) => ({ fullName: j.fullName, isFolder: j.isFolder, owner: readMark(j.description).owner }));
  } catch (e) {
    if (e instanceof JobNotFoundError) return [];
    throw e;
  }
}
function sweepOf(news) {
  return news;
}
async function check4(_olds, newsRaw) {
  const { inputs, failures } = checkSweepInputs(newsRaw);
  const problem = inputs.controller === UNKNOWN ? void 0 : connections4.controllerProblem(inputs.controller);
  if (problem !== void 0) failures.push({ property: "controller", reason: problem });
  if (failures.length > 0) return { inputs, failures };
  const sweep2 = sweepOf(inputs);
  if (sweep2.folder === UNKNOWN || sweep2.keep.includes(UNKNOWN) || sweep2.action === UNKNOWN)
    return { inputs };
  const unusable = await connections4.unusable(sweep2.controller);
  if (unusable !== void 0) {
    return {
      inputs,
      failures: [{ property: "", reason: `FolderSweep of "${sweep2.folder}" cannot be planned: ${unusable}` }]
    };
  }
  let children;
  try {
    children = await childrenOf(await client2(sweep2.controller), sweep2.folder);
  } catch (e) {
    if (e instanceof ComputedFolderSweepError) return { inputs, failures: [{ property: "folder", reason: e.message }] };
    throw e;
  }
  const { mine, others } = byOwner(children, sweep2.__owner);
  const items = unmanaged(
    mine.map((c) => c.fullName),
    sweep2.keep
  );
  return { inputs: { ...inputs, plan: planOf(items, sweep2.action, othersUndeclared(others, sweep2.keep)) } };
}
var COMPARED = ["folder", "keep", "action", "deleteWithBuilds", "controller", "plan"];
async function diff5(_id, oldsRaw, newsRaw) {
  const olds = strip(oldsRaw);
  const news = strip(newsRaw);
  const changed = COMPARED.filter((k) => JSON.stringify(olds[k] ?? null) !== JSON.stringify(news[k] ?? null));
  const replaces = (olds.controller ?? "") !== (news.controller ?? "") ? ["controller"] : [];
  const result = { changes: changed.length > 0, replaces, deleteBeforeReplace: false };
  if (changed.length > 0 && replaces.length === 0) result.diffs = changed;
  return result;
}
async function holdsBuilds(c, item) {
  if (!item.isFolder) return (await c.buildNumbers(item.fullName)).length > 0;
  for (const job2 of await c.listJobs(item.fullName)) {
    if (!job2.isFolder && (await c.buildNumbers(job2.fullName)).length > 0) return true;
  }
  return false;
}
function byOwner(children, own) {
  const mine = [];
  const others = [];
  for (const child6 of children) {
    if (child6.owner === void 0 || child6.owner === own) mine.push(child6);
    else others.push({ fullName: child6.fullName, owner: child6.owner });
  }
  return { mine, others };
}
function othersUndeclared(others, keep2) {
  const names = new Set(
    unmanaged(
      others.map((o) => o.fullName),
      keep2
    )
  );
  return others.filter((o) => names.has(o.fullName));
}
async function sweep(newsRaw) {
  const news = sweepOf(strip(newsRaw));
  const c = await client2(news.controller);
  const { mine: children, others: owned } = byOwner(await childrenOf(c, news.folder), news.__owner);
  const others = othersUndeclared(owned, news.keep);
  const left = others.map(leftAlone);
  const names = unmanaged(
    children.map((x) => x.fullName),
    news.keep
  );
  const items = children.filter((x) => names.includes(x.fullName));
  const done = [];
  let remaining = items;
  if (news.action === "report") {
    if (items.length > 0) {
      await warn(
        `FolderSweep of "${news.folder}": ${items.length} item(s) in the folder are not declared by this stack: ${names.join(", ")}. Declare them (and add them to keep), or set action "disable" or "delete".`
      );
    }
    done.push(...names.map((n) => `reported ${n}`), ...left);
  } else if (news.action === "disable") {
    for (const item of items) {
      if (item.isFolder) continue;
      await c.disable(item.fullName);
      done.push(`disabled ${item.fullName}`);
    }
    remaining = items.filter((i) => i.isFolder);
    done.push(...left);
  } else {
    if (!news.deleteWithBuilds) {
      const withBuilds = [];
      for (const item of items) if (await holdsBuilds(c, item)) withBuilds.push(item.fullName);
      if (withBuilds.length > 0) {
        throw new Error(
          `FolderSweep of "${news.folder}" did not delete anything: ${withBuilds.join(", ")} hold(s) build history. Set deleteWithBuilds: true to delete them with their builds, or declare them (and add them to keep).`
        );
      }
    }
    for (const item of items) {
      await c.deleteJob(item.fullName);
      done.push(`deleted ${item.fullName}`);
    }
    remaining = [];
    done.push(...left);
  }
  const plan = news.action === "report" ? planOf(names, "report", others) : planOf(
    remaining.map((r) => r.fullName),
    news.action,
    others
  );
  return { ...news, plan, done };
}
async function create4(inputsRaw) {
  return { id: (0, import_node_crypto12.randomUUID)(), outs: await sweep(inputsRaw) };
}
async function update4(_id, _oldsRaw, newsRaw) {
  return { outs: await sweep(newsRaw) };
}
async function read4(id, props) {
  return { id, props: strip(props) };
}
async function deleteSweep() {
}

// provider/triggers/lifecycle.ts
var lifecycle_exports5 = {};
__export(lifecycle_exports5, {
  check: () => check5,
  configure: () => configure5,
  create: () => create5,
  delete: () => deleteTrigger,
  diff: () => diff6,
  read: () => read5,
  update: () => update5
});
var import_node_crypto13 = require("node:crypto");

// provider/triggers/fire.ts
function notBuildable(err, job2) {
  return err.restated({
    job: job2,
    action: "start a build",
    what: "the job is not buildable (it is disabled)",
    hint: "Enable the job (in Jenkins, or with `enabled: true` on its Job resource) and trigger the build again; nothing was queued."
  });
}
async function fireBuild(client3, job2, parameters3) {
  try {
    return await client3.build(job2, parameters3);
  } catch (e) {
    if (e instanceof NotBuildableError) throw notBuildable(e, job2);
    throw e;
  }
}
async function fireScmCheck(client3, job2) {
  await client3.poll(job2);
}
async function fire(client3, kind, job2, parameters3) {
  if (kind === "scmCheck") {
    await fireScmCheck(client3, job2);
    return {};
  }
  return fireBuild(client3, job2, parameters3);
}

// provider/triggers/inputs.ts
var import_fast_deep_equal4 = __toESM(require("fast-deep-equal"));

// provider/triggers/types.ts
var TRIGGER_KINDS = ["build", "scmCheck"];
var FIRING_INPUTS = ["job", "kind", "parameters", "triggers", "controller"];

// provider/triggers/inputs.ts
function hasUnknown2(value) {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(hasUnknown2);
  if (value && typeof value === "object") return Object.values(value).some(hasUnknown2);
  return false;
}
function failure4(property, reason) {
  return { property, reason };
}
function checkJob2(job2) {
  if (job2 === UNKNOWN) return void 0;
  if (typeof job2 !== "string" || job2 === "") {
    return failure4("job", 'job is required: the full path of the job to trigger, e.g. "team/api-build".');
  }
  try {
    validateJobPath(job2);
  } catch (e) {
    if (!(e instanceof InvalidNameError)) throw e;
    return failure4("job", e.message);
  }
  return void 0;
}
function checkParameters(parameters3, kind) {
  if (parameters3 === void 0 || parameters3 === UNKNOWN) return void 0;
  if (typeof parameters3 !== "object" || parameters3 === null || Array.isArray(parameters3)) {
    return failure4("parameters", 'parameters must be an object of parameter names to values, e.g. { VERSION: "1.2" }.');
  }
  if (kind === "scmCheck") {
    return failure4("parameters", 'parameters apply to builds only; remove them or use kind "build".');
  }
  for (const [name, value] of Object.entries(parameters3)) {
    if (value === UNKNOWN) continue;
    if (!["string", "number", "boolean"].includes(typeof value)) {
      return failure4("parameters", `parameter "${name}" must be a string, number or boolean.`);
    }
  }
  return void 0;
}
function checkInputs(newsRaw) {
  const news = { ...newsRaw };
  for (const key of ["kind", "parameters", "triggers", "controller"])
    if (news[key] === null || key === "controller" && news[key] === "") delete news[key];
  if (news.kind === void 0) news.kind = "build";
  const failures = [];
  const job2 = checkJob2(news.job);
  if (job2) failures.push(job2);
  if (news.kind !== UNKNOWN && !TRIGGER_KINDS.includes(news.kind)) {
    failures.push(failure4("kind", `kind must be one of ${TRIGGER_KINDS.map((k) => `"${k}"`).join(", ")}.`));
  }
  const params = checkParameters(news.parameters, news.kind);
  if (params) failures.push(params);
  if (news.triggers !== void 0 && news.triggers !== UNKNOWN && !Array.isArray(news.triggers)) {
    failures.push(failure4("triggers", "triggers must be an array of values; a change of any of them fires again."));
  }
  return { inputs: news, failures };
}
function changedFiringInputs(olds, news) {
  const changed = [];
  for (const key of FIRING_INPUTS) {
    const before = olds[key];
    const after = news[key];
    if (hasUnknown2(after) || !(0, import_fast_deep_equal4.default)(before ?? null, after ?? null)) changed.push(key);
  }
  return changed;
}

// provider/triggers/lifecycle.ts
var connections5 = new StackConnections();
async function configure5(req) {
  connections5.configure(req.config);
}
function outputsOf(news, queueUrl) {
  const outs = { job: news.job, kind: news.kind };
  if (news.parameters !== void 0) outs.parameters = news.parameters;
  if (news.triggers !== void 0) outs.triggers = news.triggers;
  if (news.controller !== void 0) outs.controller = news.controller;
  if (queueUrl !== void 0) outs.queueUrl = queueUrl;
  return outs;
}
async function check5(olds, news) {
  const result = checkInputs(news);
  const controller = result.inputs?.controller;
  const problem = controller === UNKNOWN ? void 0 : connections5.controllerProblem(controller);
  if (problem !== void 0) {
    return { ...result, failures: [...result.failures ?? [], { property: "controller", reason: problem }] };
  }
  const isNew = Object.keys(strip(olds)).length === 0;
  if (isNew && (result.failures ?? []).length === 0 && controller !== UNKNOWN) {
    const unusable = await connections5.unusable(controller);
    if (unusable !== void 0) {
      const job2 = result.inputs.job;
      return {
        ...result,
        failures: [{ property: "", reason: `The trigger of "${String(job2)}" cannot be planned: ${unusable}` }]
      };
    }
  }
  return result;
}
async function diff6(_id, oldsRaw, newsRaw) {
  const news = strip(newsRaw);
  const replaces = changedFiringInputs(strip(oldsRaw), news);
  if (replaces.length > 0 && news.controller !== UNKNOWN) {
    const unusable = await connections5.unusable(news.controller);
    if (unusable !== void 0) {
      throw new ConnectionCheckError(`The trigger of "${String(news.job)}" cannot be planned: ${unusable}`);
    }
  }
  return { changes: replaces.length > 0, replaces, deleteBeforeReplace: false };
}
async function create5(inputsRaw) {
  const news = strip(inputsRaw);
  const client3 = clientFor(connections5.settingsFor(news.controller));
  const id = (0, import_node_crypto13.randomUUID)();
  try {
    const { queueUrl } = await fire(client3, news.kind, news.job, news.parameters);
    return { id, outs: outputsOf(news, queueUrl) };
  } catch (e) {
    if (e instanceof JenkinsError && e.outcomeUnknown) {
      const properties2 = { ...outputsOf(news), [PROVIDER_KEY]: inputsRaw[PROVIDER_KEY] };
      throw new PartialFailureError(e.message, id, properties2, [
        `The answer to the ${news.kind === "build" ? "build" : "SCM check"} request for "${news.job}" was lost, so it may or may not have been received. It is recorded as sent and will not be repeated; to send it again, change \`triggers\`.`
      ]);
    }
    throw e;
  }
}
async function read5(id, props) {
  return { id, props: strip(props) };
}
async function update5(_id, oldsRaw, newsRaw) {
  const olds = strip(oldsRaw);
  const news = strip(newsRaw);
  return { outs: outputsOf(news, olds.queueUrl) };
}
async function deleteTrigger(_id, _props) {
}

// provider/plugin/resources.ts
var table = [
  { token: "jenkins:index:Job", lifecycle: lifecycle_exports, alwaysSecret: [SECRET_VALUES_KEY] },
  { token: "jenkins:index:View", lifecycle: lifecycle_exports2, alwaysSecret: [] },
  {
    token: "jenkins:index:Credential",
    lifecycle: lifecycle_exports3,
    alwaysSecret: [SECRET_VALUES_KEY]
  },
  { token: "jenkins:index:FolderSweep", lifecycle: lifecycle_exports4, alwaysSecret: [] },
  { token: "jenkins:index:BuildTrigger", lifecycle: lifecycle_exports5, alwaysSecret: [] }
];
var RESOURCES = new Map(table.map((r) => [r.token, r]));
var LIFECYCLES = table.map((r) => r.lifecycle);
function typeOfUrn(urn) {
  const parts = urn.split("::");
  const qualified = parts.length >= 4 ? parts[2] : "";
  return qualified.split("$").pop() ?? "";
}
var UnknownTypeError = class extends Error {
  constructor(type) {
    super(
      `The jenkins provider has no resource type "${type}"; it serves ${[...RESOURCES.keys()].join(", ")}. Regenerate the SDK with \`pulumi package add\` for the version of the plugin the stack uses.`
    );
    this.name = "UnknownTypeError";
  }
};
function resourceOf(type) {
  const r = RESOURCES.get(type);
  if (r === void 0) throw new UnknownTypeError(type);
  return r;
}

// provider/plugin/stubs.ts
var import_node_module2 = require("node:module");
var fromSdk = (0, import_node_module2.createRequire)(require.resolve("@pulumi/pulumi/package.json"));
var grpc = fromSdk("@grpc/grpc-js");
var structPb = fromSdk("google-protobuf/google/protobuf/struct_pb");
var emptyPb = fromSdk("google-protobuf/google/protobuf/empty_pb");
var anyPb = fromSdk("google-protobuf/google/protobuf/any_pb");
var providerGrpc = require("@pulumi/pulumi/proto/provider_grpc_pb");
var providerPb = require("@pulumi/pulumi/proto/provider_pb");
var pluginPb = require("@pulumi/pulumi/proto/plugin_pb");
var statusPb = require("@pulumi/pulumi/proto/status_pb");

// provider/plugin/values.ts
var SECRET_SIG_KEY = "4dabf18193072939515e22adb298388d";
var SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
function isSecretValue(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && v[SECRET_SIG_KEY] === SECRET_SIG;
}
function secret(value) {
  return { [SECRET_SIG_KEY]: SECRET_SIG, value };
}
function unwrap(value) {
  if (isSecretValue(value)) return { value: unwrap(value.value).value, secret: true };
  if (Array.isArray(value)) {
    let secret2 = false;
    const out = value.map((v) => {
      const u = unwrap(v);
      secret2 ||= u.secret;
      return u.value;
    });
    return { value: out, secret: secret2 };
  }
  if (typeof value === "object" && value !== null) {
    let secret2 = false;
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      const u = unwrap(v);
      secret2 ||= u.secret;
      out[k] = u.value;
    }
    return { value: out, secret: secret2 };
  }
  return { value, secret: false };
}
function plain(props) {
  const out = {};
  const secrets = /* @__PURE__ */ new Set();
  for (const [k, v] of Object.entries(props ?? {})) {
    const u = unwrap(v);
    out[k] = u.value;
    if (u.secret) secrets.add(k);
  }
  return { props: out, secrets };
}
function wire(props, secrets) {
  const out = {};
  for (const [k, v] of Object.entries(props ?? {})) {
    if (v === void 0) continue;
    out[k] = secrets.has(k) && !isSecretValue(v) ? secret(withoutUndefined(v)) : withoutUndefined(v);
  }
  return out;
}
function withoutUndefined(value) {
  if (Array.isArray(value)) return value.map((v) => v === void 0 ? null : withoutUndefined(v));
  if (typeof value === "object" && value !== null) {
    const out = {};
    for (const [k, v] of Object.entries(value)) if (v !== void 0) out[k] = withoutUndefined(v);
    return out;
  }
  return value;
}

// provider/plugin/owner.ts
function stackOfUrn(urn) {
  const match = /^urn:pulumi:([^:]+)::([^:]+)::/.exec(urn);
  return match === null ? void 0 : { stack: match[1], project: match[2] };
}
function configuredOwnerProblem(configured) {
  if (configured === void 0 || configured === null || configured === "") return void 0;
  if (typeof configured !== "string") return `jenkins:owner must be a text, not ${JSON.stringify(configured)}`;
  const problem = ownerNameProblem(configured);
  return problem === void 0 ? void 0 : `jenkins:owner "${configured}" cannot be used: ${problem}. Run \`pulumi config set jenkins:owner <name>\`.`;
}
function withOwner(news, urn, configured) {
  if (typeof news[OWNER_KEY] === "string") return news;
  if (typeof configured === "string" && configured !== "") return { ...news, [OWNER_KEY]: configured };
  const named = stackOfUrn(urn);
  return named === void 0 ? news : { ...news, [OWNER_KEY]: stackOwner(named.project, named.stack) };
}

// provider/plugin/service.ts
var OWNED_TYPES = /* @__PURE__ */ new Set([
  "jenkins:index:Job",
  "jenkins:index:View",
  "jenkins:index:Credential",
  "jenkins:index:FolderSweep"
]);
function toStruct(props) {
  return structPb.Struct.fromJavaScript(props);
}
function fromStruct(s) {
  return s ? s.toJavaScript() : {};
}
function withoutProvider(p) {
  if (!(PROVIDER_KEY in p)) return p;
  const out = { ...p };
  delete out[PROVIDER_KEY];
  return out;
}
function plainOf(s) {
  const p = plain(fromStruct(s));
  return { props: withoutProvider(p.props), secrets: p.secrets };
}
function typeOf(req) {
  const t = typeof req.getType === "function" ? req.getType() : "";
  return t !== "" ? t : typeOfUrn(req.getUrn());
}
function secretKeys(token, ...from) {
  const out = /* @__PURE__ */ new Set();
  for (const s of from) for (const k of s) out.add(k);
  for (const k of resourceOf(token).alwaysSecret) out.add(k);
  return out;
}
function failure5(e, secrets = /* @__PURE__ */ new Set()) {
  const message2 = e instanceof Error ? e.message : String(e);
  const metadata = new grpc.Metadata();
  if (e instanceof PartialFailureError) {
    const detail = new providerPb.ErrorResourceInitFailed();
    detail.setId(e.id);
    detail.setProperties(toStruct(wire(withoutProvider(e.properties), secrets)));
    detail.setReasonsList(e.reasons);
    const any = new anyPb.Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusPb.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message2);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return { code: grpc.status.UNKNOWN, details: message2, message: message2, metadata };
}
function answer(callback, work, secrets) {
  work().then(
    (value) => callback(null, value),
    (e) => {
      const err = failure5(e, secrets?.());
      callback(err, null, err.metadata);
    }
  );
}
function isLarge(value) {
  if (typeof value === "string") return value.length > 120 || value.includes("\n");
  return typeof value === "object" && value !== null;
}
function shownFailures(failures, news) {
  return (failures ?? []).map((f) => {
    const property = f.property ?? "";
    if (property === "" || !isLarge(news[property])) return { property, reason: f.reason };
    return { property: "", reason: f.reason.startsWith(property) ? f.reason : `${property}: ${f.reason}` };
  });
}
function checkResponse(inputs, failures) {
  const resp = new providerPb.CheckResponse();
  resp.setInputs(toStruct(inputs));
  resp.setFailuresList(
    (failures ?? []).map((f) => {
      const out = new providerPb.CheckFailure();
      out.setProperty(f.property ?? "");
      out.setReason(f.reason);
      return out;
    })
  );
  return resp;
}
function kindOf2(key, olds, news, replace) {
  const K = providerPb.PropertyDiff.Kind;
  if (olds[key] === void 0 && news[key] !== void 0) return replace ? K.ADD_REPLACE : K.ADD;
  if (olds[key] !== void 0 && news[key] === void 0) return replace ? K.DELETE_REPLACE : K.DELETE;
  return replace ? K.UPDATE_REPLACE : K.UPDATE;
}
function diffResponse(result, oldInputsOf, news) {
  const resp = new providerPb.DiffResponse();
  const D = providerPb.DiffResponse.DiffChanges;
  resp.setChanges(result.changes === true ? D.DIFF_SOME : result.changes === false ? D.DIFF_NONE : D.DIFF_UNKNOWN);
  const replaces = result.replaces ?? [];
  resp.setReplacesList(replaces);
  resp.setDeletebeforereplace(result.deleteBeforeReplace === true);
  const inPlace = result.diffs ?? [];
  if (result.changes === true && (replaces.length > 0 || inPlace.length > 0)) {
    const keys2 = [.../* @__PURE__ */ new Set([...replaces, ...inPlace])];
    const oldInputs = oldInputsOf();
    resp.setDiffsList(keys2);
    resp.setHasdetaileddiff(true);
    const detailed = resp.getDetaileddiffMap();
    for (const key of keys2) {
      const d = new providerPb.PropertyDiff();
      const fromOutputs = (result.fromOutputs ?? []).includes(key);
      d.setKind(
        fromOutputs ? providerPb.PropertyDiff.Kind.UPDATE : kindOf2(key, oldInputs, news, replaces.includes(key))
      );
      d.setInputdiff(!fromOutputs && (oldInputs[key] !== void 0 || news[key] !== void 0));
      detailed.set(key, d);
    }
  }
  return resp;
}
function configFailures(news) {
  const source = configSource(news);
  const out = [];
  for (const [property, mode] of [
    ["pluginCheck", pluginCheckOf(source)],
    ["credentialsCheck", credentialsCheckOf(source)]
  ]) {
    if (mode instanceof Error) out.push({ property, reason: mode.message });
  }
  const runnable = runnableCheckOf(source);
  for (const mode of [runnable.stack, ...Object.values(runnable.controllers)]) {
    if (mode instanceof Error) out.push({ property: "runnableCheck", reason: mode.message });
  }
  try {
    readControllers(source.get(CONTROLLERS_KEY));
  } catch (e) {
    out.push({ property: "controllers", reason: e instanceof Error ? e.message : String(e) });
  }
  return out;
}
function sameValue2(a, b) {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
function providerService(options) {
  let configuredOwner;
  return {
    getPluginInfo(_call, callback) {
      const info2 = new pluginPb.PluginInfo();
      info2.setVersion(options.version);
      callback(null, info2);
    },
    getSchema(call, callback) {
      answer(callback, async () => {
        if (call.request.getVersion() !== 0) throw new Error(`unsupported schema version ${call.request.getVersion()}`);
        const resp = new providerPb.GetSchemaResponse();
        if (!(0, import_node_fs3.existsSync)(options.schemaPath))
          throw new Error(`The jenkins plugin's package schema is missing: ${options.schemaPath} is not there.`);
        resp.setSchema((0, import_node_fs3.readFileSync)(options.schemaPath, "utf8"));
        return resp;
      });
    },
    handshake(_call, callback) {
      const resp = new providerPb.ProviderHandshakeResponse();
      resp.setAcceptSecrets(true);
      resp.setAcceptResources(true);
      resp.setAcceptOutputs(false);
      callback(null, resp);
    },
    attach(_call, callback) {
      callback(null, new emptyPb.Empty());
    },
    cancel(_call, callback) {
      callback(null, new emptyPb.Empty());
    },
    checkConfig(call, callback) {
      answer(callback, async () => {
        const news = fromStruct(call.request.getNews());
        return checkResponse(news, configFailures(plain(news).props));
      });
    },
    diffConfig(call, callback) {
      answer(callback, async () => {
        const olds = plain(fromStruct(call.request.getOldInputs() ?? call.request.getOlds())).props;
        const news = plain(fromStruct(call.request.getNews())).props;
        const changed = [.../* @__PURE__ */ new Set([...Object.keys(olds), ...Object.keys(news)])].filter(
          (k) => k !== "version" && !sameValue2(olds[k], news[k])
        );
        const unknown = changed.some((k) => news[k] === UNKNOWN);
        return diffResponse(
          { changes: unknown ? void 0 : changed.length > 0, replaces: [], diffs: changed },
          () => olds,
          news
        );
      });
    },
    configure(call, callback) {
      answer(callback, async () => {
        const args = plain(fromStruct(call.request.getArgs())).props;
        const variables = {};
        call.request.getVariablesMap().forEach((v, k) => variables[k] = v);
        const config = configSource(args, variables);
        configuredOwner = config.get("jenkins:owner");
        const ownerProblem = configuredOwnerProblem(configuredOwner);
        if (ownerProblem !== void 0) throw new Error(ownerProblem);
        for (const lifecycle of LIFECYCLES) await lifecycle.configure({ config });
        const resp = new providerPb.ConfigureResponse();
        resp.setAcceptsecrets(true);
        resp.setAcceptresources(true);
        resp.setAcceptoutputs(false);
        resp.setSupportspreview(false);
        return resp;
      });
    },
    check(call, callback) {
      answer(callback, async () => {
        const token = typeOf(call.request);
        const { lifecycle } = resourceOf(token);
        const olds = plainOf(call.request.getOlds());
        const given = plainOf(call.request.getNews());
        const prepared = asFromProgram(token, given.props, given.secrets);
        const owned = OWNED_TYPES.has(token);
        const news = owned ? { ...prepared, props: withOwner(prepared.props, call.request.getUrn(), configuredOwner) } : prepared;
        const result = await lifecycle.check(olds.props, news.props);
        const inputs = withoutProvider(result.inputs ?? news.props);
        return checkResponse(
          wire(inputs, secretKeys(token, news.secrets)),
          shownFailures(result.failures, given.props)
        );
      });
    },
    diff(call, callback) {
      answer(callback, async () => {
        const token = typeOf(call.request);
        const olds = plainOf(call.request.getOlds());
        const given = call.request.getOldInputs();
        const oldInputs = () => given ? plainOf(given).props : olds.props;
        const news = plainOf(call.request.getNews());
        const result = await resourceOf(token).lifecycle.diff(
          call.request.getId(),
          olds.props,
          news.props
        );
        return diffResponse(result, oldInputs, news.props);
      });
    },
    create(call, callback) {
      const token = typeOf(call.request);
      const inputs = plainOf(call.request.getProperties());
      answer(
        callback,
        async () => {
          const resp = new providerPb.CreateResponse();
          if (call.request.getPreview()) {
            resp.setProperties(call.request.getProperties());
            return resp;
          }
          const result = await resourceOf(token).lifecycle.create(inputs.props);
          resp.setId(result.id);
          resp.setProperties(toStruct(wire(withoutProvider(result.outs), secretKeys(token, inputs.secrets))));
          return resp;
        },
        () => secretKeys(token, inputs.secrets)
      );
    },
    read(call, callback) {
      answer(callback, async () => {
        const token = typeOf(call.request);
        const id = call.request.getId();
        const state = plainOf(call.request.getProperties());
        const inputs = plainOf(call.request.getInputs());
        const imported = Object.keys(state.props).length === 0 && Object.keys(inputs.props).length === 0;
        const props = imported ? importedProps(token, id) : Object.keys(state.props).length > 0 ? state.props : inputs.props;
        const result = await resourceOf(token).lifecycle.read(id, props);
        if (imported) readFoundNothing(id);
        const resp = new providerPb.ReadResponse();
        if (!result.id) return resp;
        const secrets = secretKeys(token, state.secrets, inputs.secrets);
        resp.setId(result.id);
        resp.setProperties(toStruct(wire(withoutProvider(result.props ?? props), secrets)));
        const newInputs = result.inputs ?? (imported ? result.props : void 0);
        if (newInputs !== void 0) resp.setInputs(toStruct(wire(withoutProvider(newInputs), secrets)));
        return resp;
      });
    },
    update(call, callback) {
      const token = typeOf(call.request);
      const olds = plainOf(call.request.getOlds());
      const news = plainOf(call.request.getNews());
      const secrets = () => secretKeys(token, news.secrets);
      answer(
        callback,
        async () => {
          const resp = new providerPb.UpdateResponse();
          if (call.request.getPreview()) {
            resp.setProperties(call.request.getNews());
            return resp;
          }
          const result = await resourceOf(token).lifecycle.update(call.request.getId(), olds.props, news.props);
          resp.setProperties(toStruct(wire(withoutProvider(result.outs ?? {}), secrets())));
          return resp;
        },
        secrets
      );
    },
    delete(call, callback) {
      answer(callback, async () => {
        const token = typeOf(call.request);
        await resourceOf(token).lifecycle.delete(call.request.getId(), plainOf(call.request.getProperties()).props);
        return new emptyPb.Empty();
      });
    },
    // Not what this provider offers: no functions, components, methods, parameterization or mappings.
    invoke: unimplemented("Invoke"),
    call: unimplemented("Call"),
    construct: unimplemented("Construct"),
    parameterize: unimplemented("Parameterize"),
    getMapping(_call, callback) {
      callback(null, new providerPb.GetMappingResponse());
    },
    getMappings(_call, callback) {
      callback(null, new providerPb.GetMappingsResponse());
    },
    list(call) {
      call.emit("error", { code: grpc.status.UNIMPLEMENTED, details: "The jenkins provider does not list resources." });
    }
  };
}
function unimplemented(what) {
  return (_call, callback) => callback({ code: grpc.status.UNIMPLEMENTED, details: `The jenkins provider does not implement ${what}.` });
}
function packageVersion() {
  const manifest = path.join(__dirname, "..", "..", "..", "package.json");
  return JSON.parse((0, import_node_fs3.readFileSync)(manifest, "utf8")).version;
}

// provider/plugin/serve.ts
async function serve(options = {}) {
  const schemaPath = options.schemaPath ?? path2.join(__dirname, "..", "..", "..", "plugin", "schema.json");
  const server = new grpc.Server({
    // Large configs travel in Check and Diff; the engine itself allows messages of up to 400 MB.
    "grpc.max_receive_message_length": 400 * 1024 * 1024,
    "grpc.max_send_message_length": 400 * 1024 * 1024
  });
  server.addService(
    providerGrpc.ResourceProviderService,
    providerService({ version: options.version ?? packageVersion(), schemaPath })
  );
  const port = await new Promise(
    (resolve, reject) => server.bindAsync(
      "127.0.0.1:0",
      grpc.ServerCredentials.createInsecure(),
      (err, p) => err ? reject(err) : resolve(p)
    )
  );
  (options.out ?? process.stdout).write(`${port}
`);
  return port;
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  serve
});
