/**
 * During `pulumi preview` an input that depends on another resource's output arrives as a marker string, at any
 * depth of a spec (`pipeline.scm.url`). A spec holding one cannot be validated or rendered yet: the caller treats
 * the config as unknown until the real value arrives.
 */

/** Path of the first value equal to `marker` inside `value` ("" for the value itself), or undefined. */
export function unknownPath(value: unknown, marker: string, path = ""): string | undefined {
  if (value === marker) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unknownPath(value[i], marker, `${path}[${i}]`);
      if (found !== undefined) return found;
    }
  } else if (typeof value === "object" && value !== null) {
    for (const [key, v] of Object.entries(value)) {
      const found = unknownPath(v, marker, path === "" ? key : `${path}.${key}`);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
