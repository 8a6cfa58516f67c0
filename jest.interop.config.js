/** `npm run test:interop`: clients nobody here wrote (Debian's python3-jenkins and jenkins-job-builder) against the server. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/dist/test/interop"],
  testMatch: ["**/*.test.js"],
  testTimeout: 120000,
  maxWorkers: 2,
};
