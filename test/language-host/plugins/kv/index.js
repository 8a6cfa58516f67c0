// The plugin's code is compiled with the tests (test/harness/language-host/kv-plugin.ts).
require("../../../../dist/test/harness/language-host/kv-plugin.js").serve();
