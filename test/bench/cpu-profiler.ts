/**
 * Preloaded (`--require`) into the dynamic-provider process when the bench runs with `--cpu-prof DIR`. Node refuses
 * `--cpu-prof` in NODE_OPTIONS and writes its own profile only on a normal exit, while the harness stops the process
 * with SIGTERM; so the profile is taken through the inspector and written when SIGTERM arrives.
 */
import * as fs from "node:fs";
import * as inspector from "node:inspector";
import * as path from "node:path";

const dir = process.env.BENCH_CPU_PROF_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable", () => session.post("Profiler.start"));
  process.on("SIGTERM", () => {
    session.post("Profiler.stop", (err, res) => {
      if (!err) {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, `provider-${process.pid}.cpuprofile`), JSON.stringify(res.profile));
      }
      process.exit(0);
    });
  });
}
