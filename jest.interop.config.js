/** `npm run test:interop`: clients nobody here wrote (Debian's python3-jenkins and jenkins-job-builder) against the server. */
// An unsupported Node.js stops here with one line (the check is compiled with the rest, by `npm run build`).
const nodeVersionCheck = require("path").join(__dirname, "dist", "provider", "runtime", "node-version.js");
if (require("fs").existsSync(nodeVersionCheck)) require(nodeVersionCheck);

module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/dist/test/interop"],
  testMatch: ["**/*.test.js"],
  testTimeout: 120000,
  maxWorkers: 2,
};
