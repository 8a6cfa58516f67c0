/**
 * The provider of the Credential resource. This module's exports *are* the provider object that Pulumi serializes
 * into every Credential's `__provider` property, so that an installed package serializes it as a `require` of this
 * module (see ../dynamic/thin-provider.ts). Each method loads the Credential lifecycle (lifecycle.ts) of the
 * installed package when it runs.
 */
import { thinProvider } from "../dynamic/thin-provider";

export = thinProvider("dist/provider/credential/lifecycle");
