/**
 * "Send once, then look at the server": how the client sends the requests that must not be repeated blindly
 * (createItem, doDelete, confirmRename, the folders plugin's move).
 *
 * Such a request goes out once, without the transport's retries. When its outcome is unknown (the connection broke
 * after it was sent, or a gateway answered 502/503/504) the client reads the server, which is safe to repeat, and
 * lets the caller judge what it sees: the request took effect, it did not and may be sent again (after a backoff
 * capped by the `retryMaxDelayMs` option, at most `retries` times), or an error to throw. When the reads fail too,
 * the original error is thrown, still marked as having an unknown outcome.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { failureOf, type Success } from "./answers";
import { JenkinsError } from "./errors";
import type { Exchange, JenkinsHttp } from "./jenkins-http";
import { type CallContext, HINTS } from "./response-errors";
import { backoffDelay } from "./retry-policy";

/**
 * What the server shows, judged: the request took effect, it did not and may be sent again (reasons are logged),
 * or it failed as its answer said (throw the attempt's error).
 */
export type Verdict = { done: string } | { resend: string } | "failed";

export interface SendOnce<Seen> {
  ctx: CallContext;
  request: Exchange;
  /** What a successful answer looks like. */
  ok: Success;
  /** The endpoint's name, for log lines and messages: "createItem". */
  endpoint: string;
  /** Reads what the server shows after the request (reads only). */
  look: () => Promise<Seen>;
  /**
   * Look after a success too: for actions Jenkins refuses with an answer that looks like a success (move). After
   * a success the verdict must be `done` or an error.
   */
  lookAfterSuccess?: boolean;
  /** Decides from what the server shows; `failure` is the attempt's error, undefined after a success. */
  judge: (seen: Seen, failure: JenkinsError | undefined) => Verdict | JenkinsError | Promise<Verdict | JenkinsError>;
  /** The error once the request was sent `retries` + 1 times without taking effect; default: the last failure. */
  giveUp?: (failure: JenkinsError) => JenkinsError;
}

export async function sendOnceThenLook<Seen>(http: JenkinsHttp, spec: SendOnce<Seen>): Promise<void> {
  const subject = `${spec.endpoint} ${spec.ctx.job ?? ""}`.trimEnd();
  for (let round = 1; ; round++) {
    const failure = await attempt(http, spec);
    if (failure === undefined && spec.lookAfterSuccess !== true) return;
    const seen = failure === undefined ? await spec.look() : await lookOrGiveUp(failure, spec.look);
    const verdict = await spec.judge(seen, failure);
    if (verdict instanceof JenkinsError) throw verdict;
    if (verdict !== "failed" && "done" in verdict) {
      if (failure !== undefined) http.log(`${subject}: outcome was unknown; ${verdict.done}`);
      return;
    }
    if (failure === undefined)
      throw new TypeError(`${spec.endpoint}: judged ${JSON.stringify(verdict)} after a success`);
    if (verdict === "failed") throw failure;
    if (round > http.opts.retries) throw spec.giveUp ? spec.giveUp(failure) : failure;
    const delayMs = backoffDelay(round, http.opts.retryBaseDelayMs, http.opts.retryMaxDelayMs, Math.random);
    http.log(`${subject}: outcome was unknown; ${verdict.resend}; sending it again in ${delayMs}ms`);
    await sleep(delayMs);
  }
}

/**
 * Sends the request once. Returns undefined on success and the error when the outcome is unknown; throws every
 * other error (a refusal: nothing happened, nothing to look at).
 */
async function attempt<Seen>(http: JenkinsHttp, spec: SendOnce<Seen>): Promise<JenkinsError | undefined> {
  let failure: JenkinsError | undefined;
  try {
    const res = await http.exchange(spec.ctx, spec.request);
    failure = failureOf(spec.ctx, res, spec.ok, spec.endpoint);
  } catch (err) {
    if (err instanceof JenkinsError && err.outcomeUnknown) return err;
    throw err;
  }
  if (failure !== undefined && !failure.outcomeUnknown) throw failure;
  return failure;
}

/** When the reads fail as well, the original error is what the caller needs, still with an unknown outcome. */
async function lookOrGiveUp<Seen>(failure: JenkinsError, look: () => Promise<Seen>): Promise<Seen> {
  try {
    return await look();
  } catch (err) {
    const why = err instanceof JenkinsError ? err.what : "unexpected failure";
    throw failure.restated({
      what: `${failure.what}, and checking the server afterwards failed too (${why})`,
      hint: HINTS.outcomeUnknown,
      outcomeUnknown: true,
    });
  }
}
