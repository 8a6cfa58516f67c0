/**
 * Preloaded (`--require`) into the program and provider processes of the language-host benchmarks (the provider: the
 * dynamic-provider process, or a plugin started through `cmd/run-plugin`): when the process ends (normally, or by
 * the SIGTERM with which the harness stops the provider), it writes its CPU time and peak RSS to
 * BENCH_CPU_REPORT_DIR, so the bench can tell the program's share from the provider's.
 */
import * as fs from "node:fs";
import * as path from "node:path";

const dir = process.env.BENCH_CPU_REPORT_DIR;
if (dir) {
  const role = process.argv.some((a) => a.includes("dynamic-provider") || a.includes("run-plugin"))
    ? "provider"
    : "program";
  const write = (): void => {
    const cpu = process.cpuUsage();
    const report = {
      role,
      pid: process.pid,
      cpuMs: (cpu.user + cpu.system) / 1000,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    };
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${role}-${process.pid}.json`), JSON.stringify(report));
  };
  process.once("exit", write);
  process.once("SIGTERM", () => process.exit(0));
}
