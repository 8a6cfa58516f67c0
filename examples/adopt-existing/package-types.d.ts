/**
 * Lets the repository's own build type-check ./sample/index.ts, which imports the installed package by name as a
 * generated program does: here the name stands for this checkout's Job resource. In a real project the package is
 * installed and this file is not needed.
 */
declare module "pulumi-jenkins-jobs" {
  export const Job: typeof import("../../provider/resource/job").Job;
}
