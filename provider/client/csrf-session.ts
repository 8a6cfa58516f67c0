/**
 * The HTTP session and CSRF crumb of a password-authenticated client.
 *
 * Since Jenkins 2.176.x a crumb is bound to the HTTP session that fetched it, so the `JSESSIONID.<hex>` cookie
 * from the crumb answer must travel with every later request. The crumb is fetched lazily, once per session:
 * concurrent first POSTs share one in-flight fetch instead of racing to create sessions. When Jenkins refuses
 * the crumb (restart, session expiry), the caller invalidates the generation it used; only the first caller
 * for that generation drops the session, everybody else then joins the same refetch.
 */
import type { Redactor } from "./redact";
import { headerList, type ResponseHeaders } from "./transport";

export interface Crumb {
  field: string;
  value: string;
}

type State = { kind: "unknown" } | { kind: "crumb"; crumb: Crumb } | { kind: "disabled" };

export class CsrfSession {
  private cookies = new Map<string, string>();
  private state: State = { kind: "unknown" };
  private generation = 0;
  private inFlight?: { generation: number; promise: Promise<Crumb | null> };

  /**
   * @param fetchCrumb fetches a crumb with the current cookies; resolves to null when CSRF protection is off
   *   (crumbIssuer answers 404). It must feed the answer's Set-Cookie into `absorb`.
   */
  constructor(
    private readonly fetchCrumb: () => Promise<Crumb | null>,
    private readonly redactor: Redactor,
  ) {}

  /** Value for the Cookie header, or undefined when there is no session yet. */
  cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** Keeps the Jenkins session cookie(s) from a response; other cookies are not ours to keep. */
  absorb(headers: ResponseHeaders): void {
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
  async current(): Promise<{ crumb: Crumb | null; generation: number }> {
    const generation = this.generation;
    if (this.state.kind === "crumb") return { crumb: this.state.crumb, generation };
    if (this.state.kind === "disabled") return { crumb: null, generation };
    if (!this.inFlight || this.inFlight.generation !== generation) {
      const fetching = this.fetchCrumb().then((crumb) => {
        if (crumb) this.redactor.add(crumb.value);
        // A fetch that started before an invalidation must not overwrite the newer state.
        if (generation === this.generation) this.state = crumb ? { kind: "crumb", crumb } : { kind: "disabled" };
        return crumb;
      });
      this.inFlight = { generation, promise: fetching };
      const clear = () => {
        if (this.inFlight?.promise === fetching) this.inFlight = undefined;
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
  invalidate(generation: number): boolean {
    if (generation !== this.generation) return false;
    this.generation++;
    this.state = { kind: "unknown" };
    this.cookies.clear();
    return true;
  }
}
