"""Runs the benchmark's phases with python-jenkins (Debian python3-jenkins) against a Jenkins URL.

Usage: python_jenkins_bench.py URL USER API_TOKEN JOBS_JSON PARALLEL
  JOBS_JSON: a file holding [{"name": ..., "config": ..., "updated": ...}, ...]
  PARALLEL:  1 runs every call in sequence, as scripts usually do; more runs a ThreadPoolExecutor with one
             Jenkins object (and so one HTTP session) per worker thread.

Protocol on stdout, one JSON object per line, so that the caller can count the server's requests per phase:
  {"event": "ready", "phase": P}   then waits for one line on stdin before starting phase P
  {"event": "progress", "phase": P, "done": N}   at most once a second while a phase runs
  {"event": "done", "phase": P, "seconds": S, "errors": E, "firstError": "..."}
  {"event": "summary", "phases": {P: S, ...}}
"""
import json
import queue
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import jenkins

PHASES = [
    ("create", lambda server, job: server.create_job(job["name"], job["config"])),
    ("refresh", lambda server, job: server.get_job_config(job["name"])),
    ("update", lambda server, job: server.reconfig_job(job["name"], job["updated"])),
    ("delete", lambda server, job: server.delete_job(job["name"])),
]


def emit(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def connect(url, user, token):
    server = jenkins.Jenkins(url, username=user, password=token, timeout=120)
    # get_version() sends no credentials before another call has set them up, and a secured Jenkins refuses
    # anonymous requests: ask who we are first (this also fetches the crumb python-jenkins always asks for).
    server.get_whoami()
    return server


class Progress:
    """Counts finished calls and reports at most once a second (the caller shows it on stderr)."""

    def __init__(self, phase):
        self.phase = phase
        self.done = 0
        self.last = time.monotonic()
        self.lock = threading.Lock()

    def tick(self):
        with self.lock:
            self.done += 1
            now = time.monotonic()
            if now - self.last >= 1.0:
                self.last = now
                emit({"event": "progress", "phase": self.phase, "done": self.done})


def run_phase(clients, jobs, action, parallel, progress):
    errors = []
    if parallel <= 1:
        server = clients.get()
        for job in jobs:
            try:
                action(server, job)
            except Exception as e:  # noqa: BLE001 - counted and reported
                errors.append("%s: %s" % (job["name"], str(e)[:200]))
            progress.tick()
        clients.put(server)
        return errors

    def one(job):
        server = clients.get()
        try:
            action(server, job)
        except Exception as e:  # noqa: BLE001 - counted and reported
            errors.append("%s: %s" % (job["name"], str(e)[:200]))
        finally:
            clients.put(server)
            progress.tick()

    with ThreadPoolExecutor(max_workers=parallel) as pool:
        list(pool.map(one, jobs))
    return errors


def main():
    url, user, token, jobs_file, parallel = sys.argv[1:6]
    parallel = int(parallel)
    with open(jobs_file, encoding="utf-8") as f:
        jobs = json.load(f)
    clients = queue.Queue()
    for _ in range(max(1, parallel)):
        clients.put(connect(url, user, token))
    summary = {}
    for name, action in PHASES:
        emit({"event": "ready", "phase": name})
        if sys.stdin.readline() == "":
            return
        started = time.perf_counter()
        errors = run_phase(clients, jobs, action, parallel, Progress(name))
        seconds = time.perf_counter() - started
        summary[name] = seconds
        emit({"event": "done", "phase": name, "seconds": seconds, "errors": len(errors),
              "firstError": errors[0] if errors else None})
    emit({"event": "summary", "phases": summary})


if __name__ == "__main__":
    main()
