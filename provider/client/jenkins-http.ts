/**
 * The wire under every client call: one exchange with a Jenkins origin, carrying the credentials, the session
 * cookie and (for POSTs that need one) the CSRF crumb, and turning a transport failure into a typed error.
 *
 * The operation modules (jobs.ts, builds.ts, relocation.ts, server-reads.ts) receive a JenkinsHttp and never touch
 * the transport, the crumb or the redactor themselves.
 */
import { CsrfSession, type Crumb } from "./csrf-session";
import { JenkinsError } from "./errors";
import type { ResolvedOptions } from "./options";
import { Redactor } from "./redact";
import { errorFromTransport } from "./no-answer";
import { type CallContext, isCrumbRefusal, notJenkins } from "./response-errors";
import { parseJson } from "./answers";
import { type HttpResponse, type JenkinsBase, parseBaseUrl, Transport, TransportError } from "./transport";

/** One request as the operations describe it; `retry` only for requests that are safe to repeat. */
export interface Exchange {
  method: "GET" | "POST" | "DELETE";
  path: string;
  body?: string;
  contentType?: string;
  retry: boolean;
  /** A POST to an endpoint Jenkins excludes from CSRF protection (the Jenkinsfile linter): sent without a crumb. */
  noCrumb?: boolean;
}

export class JenkinsHttp {
  readonly base: JenkinsBase;
  readonly opts: ResolvedOptions;
  private readonly redactor = new Redactor();
  private readonly transport: Transport;
  private readonly authorization?: string;
  /** API-token requests are exempt from CSRF checks; password and anonymous requests are not. */
  private readonly needsCrumb: boolean;
  private readonly anonymous: boolean;
  private readonly session: CsrfSession;

  constructor(opts: ResolvedOptions) {
    const secret = opts.apiToken ?? opts.password;
    if (secret !== undefined && opts.user === undefined) {
      throw new TypeError("JenkinsClientOptions.user is required when apiToken or password is set");
    }
    this.opts = opts;
    this.redactor.add(opts.password);
    this.redactor.add(opts.apiToken);
    if (opts.user !== undefined && secret !== undefined) {
      this.authorization = `Basic ${this.redactor.addBasic(opts.user, secret)}`;
    }
    this.anonymous = this.authorization === undefined;
    this.needsCrumb = opts.apiToken === undefined;
    this.base = parseBaseUrl(opts.url);
    this.transport = new Transport(this.base, opts, this.redactor);
    this.session = new CsrfSession(() => this.fetchCrumb(), this.redactor);
  }

  /**
   * The context an error of this call is built from: the job, what the call tried, what a 404 means, and the
   * connection's proxy and timeouts, by which an error names the machine and the setting.
   */
  ctx(job: string | undefined, action: string, extra: Partial<CallContext> = {}): CallContext {
    return {
      job,
      action,
      anonymous: this.anonymous,
      proxy: this.transport.route,
      timeouts: this.opts.timeouts,
      ...extra,
    };
  }

  /**
   * One HTTP exchange with credentials, session cookie and (for POSTs that need one) the crumb. A crumb refusal
   * drops the session and is retried exactly once with a fresh session and crumb: the request was refused
   * before Jenkins looked at it, so repeating it is safe even for createItem or build.
   */
  async exchange(ctx: CallContext, req: Exchange): Promise<HttpResponse> {
    const withCrumb = req.method === "POST" && this.needsCrumb && req.noCrumb !== true;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = {};
      if (this.authorization) headers.authorization = this.authorization;
      let generation = -1;
      if (withCrumb) {
        const current = await this.session.current().catch((err: unknown) => {
          throw inContext(err, ctx, "while fetching a CSRF crumb");
        });
        generation = current.generation;
        if (current.crumb) headers[current.crumb.field] = current.crumb.value;
      }
      const cookie = this.session.cookieHeader();
      if (cookie) headers.cookie = cookie;
      if (req.contentType) headers["content-type"] = req.contentType;
      let res: HttpResponse;
      try {
        res = await this.transport.send({
          method: req.method,
          path: req.path,
          headers,
          body: req.body,
          retry: req.retry,
        });
      } catch (err) {
        if (err instanceof TransportError) throw errorFromTransport(err, ctx);
        throw err;
      }
      this.session.absorb(res.headers);
      if (withCrumb && attempt === 1 && isCrumbRefusal(res)) {
        this.session.invalidate(generation);
        this.log(`${req.method} ${req.path.split("?")[0]}: crumb refused, fetching a new session and crumb`);
        continue;
      }
      return res;
    }
  }

  /** A line for the `log` option, with credentials masked. */
  log(line: string): void {
    this.opts.log?.(this.redactor.redact(line));
  }

  /** Runs a public operation and scrubs credentials from anything it throws. */
  async run<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      throw err instanceof Error ? this.redactor.scrubError(err) : err;
    }
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  /** `GET /crumbIssuer/api/json`; null when CSRF protection is off (404). */
  private async fetchCrumb(): Promise<Crumb | null> {
    const ctx = this.ctx(undefined, "fetch a CSRF crumb");
    const res = await this.exchange(ctx, { method: "GET", path: "/crumbIssuer/api/json", retry: true });
    if (res.status === 404) return null;
    const json = parseJson<{ crumb?: unknown; crumbRequestField?: unknown }>(ctx, res, "/crumbIssuer/api/json");
    if (typeof json.crumb !== "string" || typeof json.crumbRequestField !== "string") {
      throw notJenkins(ctx, res, "/crumbIssuer/api/json did not contain a crumb");
    }
    return { field: json.crumbRequestField, value: json.crumb };
  }
}

/** The crumb fetch is shared by all callers, so its errors name no job: give them the caller's. */
function inContext(err: unknown, ctx: CallContext, where: string): unknown {
  if (!(err instanceof JenkinsError) || err.job !== undefined || ctx.job === undefined) return err;
  return err.restated({ job: ctx.job, action: ctx.action, what: `${err.what} ${where}` });
}
