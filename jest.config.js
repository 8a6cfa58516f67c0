/** Tests run on the compiled output so that the Pulumi provider host loads exactly what users load. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/dist/test"],
  testMatch: ["**/*.test.js"],
  testTimeout: 60000,
  maxWorkers: 2,
};
