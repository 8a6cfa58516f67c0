/**
 * The provider object that Pulumi serializes into every BuildTrigger's `__provider` property: the same thin entry
 * point as the Job resource's (see ../dynamic/thin-provider.ts), loading the triggers lifecycle of the installed
 * package at call time. It captures no credential and no live object.
 */
import { thinProvider } from "../dynamic/thin-provider";

export const triggerProvider = thinProvider("dist/provider/triggers/lifecycle");
