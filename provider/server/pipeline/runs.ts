/**
 * Builds run when their quiet period ends. The queue only knows when that is; this runs what a Pipeline job's
 * script does to the job itself (apply.ts) at that moment, before any request sees the job, and saves the job the
 * way Jenkins saves it (XStream's serialization) when the run changed it.
 */
import { parseXml } from "../../xml/tree";
import { writeXml } from "../../xml/writer";
import type { ServerState } from "../context";
import { activePlugins } from "../handlers/plugin-manager";
import { resave } from "../xstream";
import { inlineScriptOf, isScmDefinition, runPipeline } from "./apply";

const WORKFLOW_JOB = "org.jenkinsci.plugins.workflow.job.WorkflowJob";

export function runStartedBuilds(state: ServerState, now = Date.now()): void {
  for (const q of state.queue.startNewRuns(now)) {
    const item = state.store.byFullName(q.job);
    if (!item || item.type.className !== WORKFLOW_JOB) continue;
    const doc = parseXml(item.xml);
    const script =
      inlineScriptOf(doc.root) ?? (isScmDefinition(doc.root) ? state.options.jenkinsfiles.get(q.job) : undefined);
    if (script === undefined) continue;
    let result: ReturnType<typeof runPipeline>;
    try {
      result = runPipeline(doc.root, script, state.queue.previousRun(q)?.ran?.record);
    } catch {
      // A script too deep for this reader sets nothing (a real controller would apply it or fail the build).
      continue;
    }
    q.ran = { record: result.record };
    if (result.root !== doc.root) {
      const text = writeXml({ ...doc, root: result.root }, { style: "xstream" });
      state.store.save(item, resave(text, {}, activePlugins(state)));
    }
  }
}
