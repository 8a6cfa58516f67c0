// Package entry: filled in as the modules land.
export {};
