/**
 * The provider object that Pulumi serializes into every Job's `__provider` property: a thin entry point that loads
 * the Job lifecycle (lifecycle.ts) of the installed package at call time; see thin-provider.ts for why.
 */
import { thinProvider } from "../dynamic/thin-provider";

export const jobProvider = thinProvider("dist/provider/resource/lifecycle");
