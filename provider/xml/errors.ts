/** Typed errors for XML input problems. All of them are XmlSyntaxError so callers can catch "bad XML" in one place. */

/** A 1-based line/column position in the input text. */
export interface XmlPosition {
  line: number;
  column: number;
}

/** The input is not well-formed XML. `line` and `column` are 1-based and point into the original text. */
export class XmlSyntaxError extends Error {
  readonly line: number;
  readonly column: number;
  /** The problem without the position suffix, for callers that build their own message. */
  readonly reason: string;

  constructor(reason: string, line: number, column: number, message?: string) {
    super(message ?? `Invalid XML: ${reason} (line ${line}, column ${column})`);
    this.name = "XmlSyntaxError";
    this.reason = reason;
    this.line = line;
    this.column = column;
  }
}

/** A DOCTYPE or entity use that our entity policy refuses (external or parameter entities, nesting, size). */
export class XmlEntityError extends XmlSyntaxError {
  constructor(reason: string, line: number, column: number) {
    super(reason, line, column, `Refused XML: ${reason} (line ${line}, column ${column})`);
    this.name = "XmlEntityError";
  }
}

/** The input, or the text its entities expand to, is larger than the configured `maxBytes`. */
export class XmlTooLargeError extends XmlSyntaxError {
  readonly bytes: number;
  readonly maxBytes: number;

  constructor(bytes: number, maxBytes: number, what = "XML document") {
    const reason = `${what} is ${bytes} bytes, more than the limit of ${maxBytes} bytes (maxBytes)`;
    super(reason, 1, 1, `Refused XML: ${reason}`);
    this.name = "XmlTooLargeError";
    this.bytes = bytes;
    this.maxBytes = maxBytes;
  }
}

/** Line and column of `index` in `text`; lines end at "\n", "\r\n" or a lone "\r" as XML defines them. */
export function positionAt(text: string, index: number): XmlPosition {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(index, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      lineStart = i + 1;
    } else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
