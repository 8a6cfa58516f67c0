/** The main-thread side of server-worker.ts: a fresh Jenkins-compatible server per contender. */
import { randomBytes } from "node:crypto";
import * as path from "node:path";
import { Worker } from "node:worker_threads";
import type { LoadSettings, LoadStats } from "../../provider/server";
import type { WorkerInit, WorkerRequest } from "./server-worker";
import type { ServerStats } from "./types";

export interface BenchUser {
  name: string;
  password: string;
  apiToken: string;
}

export function benchUser(): BenchUser {
  return { name: "bench", password: randomBytes(12).toString("hex"), apiToken: "11" + randomBytes(16).toString("hex") };
}

export class ServerHost {
  private nextId = 1;
  private readonly pending = new Map<number, (value: unknown) => void>();

  private constructor(
    private readonly worker: Worker,
    readonly url: string,
    readonly user: BenchUser,
  ) {
    worker.on("message", (msg: { id?: number; value?: unknown }) => {
      if (msg.id === undefined) return;
      this.pending.get(msg.id)?.(msg.value);
      this.pending.delete(msg.id);
    });
  }

  static async start(
    mode: "current" | "legacy",
    user: BenchUser,
    latencyMs = 0,
    latencyByMethod?: Record<string, number>,
  ): Promise<ServerHost> {
    const init: WorkerInit = { mode, user, latencyMs, latencyByMethod };
    const worker = new Worker(path.join(__dirname, "server-worker.js"), { workerData: init });
    const url = await new Promise<string>((resolve, reject) => {
      worker.once("message", (msg: { ready?: boolean; url?: string }) =>
        msg.ready ? resolve(msg.url!) : reject(new Error("server worker did not start")),
      );
      worker.once("error", reject);
    });
    return new ServerHost(worker, url, user);
  }

  private ask<T>(op: Exclude<WorkerRequest["op"], "setLoad">): Promise<T> {
    return this.send<T>({ id: this.nextId++, op });
  }

  private send<T>(msg: WorkerRequest): Promise<T> {
    return new Promise<T>((resolve) => {
      this.pending.set(msg.id, (v) => resolve(v as T));
      this.worker.postMessage(msg);
    });
  }

  /** Switches the server's load model on (settings) or off (null); its counts start afresh. */
  setLoad(load: LoadSettings | null): Promise<void> {
    return this.send({ id: this.nextId++, op: "setLoad", load });
  }

  /** Requests in flight now, the most at once and the load model's 503s since the last setLoad. */
  loadStats(): Promise<LoadStats> {
    return this.ask("loadStats");
  }

  stats(): Promise<ServerStats> {
    return this.ask("stats");
  }

  /** Every request since the last reset: method, raw path and query. */
  requests(): Promise<Array<{ method: string; path: string; query: string }>> {
    return this.ask("requests");
  }

  /** CPU time the server's thread has used so far, in ms. */
  cpuMs(): Promise<number> {
    return this.ask("cpu");
  }

  reset(): Promise<void> {
    return this.ask("reset");
  }

  /** Jobs on the server at the top level (the benchmark leaves none behind). */
  jobCount(): Promise<number> {
    return this.ask("jobCount");
  }

  async close(): Promise<void> {
    await this.ask("close");
    await this.worker.terminate();
  }
}
