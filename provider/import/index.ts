/** Bringing an existing Jenkins under code: the import command's building blocks. */
export { generateProgram, type GenerateInput, type GeneratedProgram, type ImportedItem } from "./generate";
export { selectItems, type Selection, type SkippedItem } from "./select";
export { runImport, type ImportIo, type ImportSummary } from "./run";
export { parseCommandLine, type ImportArgs } from "./args";
export { OutputExistsError } from "./write";
