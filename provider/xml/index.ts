/** The XML helpers in one import: tree and writer, canonical form, semantic comparison, Jenkins defaults. */
export * from "./tree";
export * from "./canonical";
export * from "./semantic";
export * from "./defaults";
