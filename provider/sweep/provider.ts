/** The serialized provider of FolderSweep: the shared thin entry point, loading the sweep lifecycle at call time. */
import { thinProvider } from "../dynamic/thin-provider";

export const sweepProvider = thinProvider("dist/provider/sweep/lifecycle");
