/** The XML helpers in one import: tree, writer, canonical form, semantic comparison, Jenkins defaults. */
export * from "./tree";
export { writeXml, type WriteOptions } from "./writer";
export * from "./canonical";
export * from "./semantic";
export * from "./defaults";
