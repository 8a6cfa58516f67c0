/**
 * Label expressions as Jenkins reads them (hudson.model.labels: LabelExpressionLexer.g4, LabelExpressionParser.g4,
 * LabelExpression, LabelAtom, LabelOperatorPrecedence). Precedence from loosest to tightest: `<->` (chains),
 * `->` (at most one, no chaining), `||`, `&&`, `!`, then an atom, a quoted atom or a parenthesised expression.
 * `Jenkins.getLabel` first strips one pair of surrounding quotes from the whole text, then parses it; text that does
 * not parse is taken as one atom with that name ("laxly accept it as a single label atom").
 */

export type Label =
  | { kind: "atom"; name: string }
  | { kind: "not"; base: Label }
  | { kind: "paren"; base: Label }
  | { kind: "and" | "or" | "implies" | "iff"; lhs: Label; rhs: Label };

/** LabelOperatorPrecedence, tightest first: an operator wraps an operand of looser precedence in parentheses. */
const PRECEDENCE = { atom: 0, paren: 0, not: 1, and: 2, or: 3, implies: 4, iff: 5 } as const;
const OPERATOR = { and: "&&", or: "||", implies: "->", iff: "<->" } as const;

type Token = { t: "atom" | "string"; v: string } | { t: "op"; v: "&&" | "||" | "!" | "->" | "<->" | "(" | ")" };

class ParseError extends Error {}

/** The characters an unquoted atom cannot hold (IDENTIFIER_PART); a '-' ends it only when '>' follows. */
const NOT_IN_ATOM = new Set(["&", "|", "!", "<", ">", "(", ")", " ", "\t", '"', "'"]);

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t") {
      i++;
    } else if (text.startsWith("&&", i) || text.startsWith("||", i) || text.startsWith("->", i)) {
      out.push({ t: "op", v: text.slice(i, i + 2) as "&&" });
      i += 2;
    } else if (text.startsWith("<->", i)) {
      out.push({ t: "op", v: "<->" });
      i += 3;
    } else if (c === "!" || c === "(" || c === ")") {
      out.push({ t: "op", v: c });
      i++;
    } else if (c === '"') {
      let j = i + 1;
      let value = "";
      while (j < text.length && text[j] !== '"') {
        if (text[j] === "\r" || text[j] === "\n") throw new ParseError("newline in a quoted label");
        if (text[j] === "\\") {
          const e = text[j + 1];
          const known: Record<string, string> = {
            b: "\b",
            t: "\t",
            n: "\n",
            f: "\f",
            r: "\r",
            '"': '"',
            "'": "'",
            "\\": "\\",
          };
          if (e === undefined || !(e in known)) throw new ParseError("bad escape");
          value += known[e];
          j += 2;
        } else {
          value += text[j++];
        }
      }
      if (j >= text.length) throw new ParseError("unterminated quote");
      out.push({ t: "string", v: value });
      i = j + 1;
    } else if (NOT_IN_ATOM.has(c)) {
      throw new ParseError(`unexpected ${c}`);
    } else {
      let j = i;
      while (j < text.length && !NOT_IN_ATOM.has(text[j]) && !(text[j] === "-" && text[j + 1] === ">")) j++;
      out.push({ t: "atom", v: text.slice(i, j) });
      i = j;
    }
  }
  return out;
}

function parseTokens(tokens: Token[]): Label {
  let pos = 0;
  const peek = (v: string): boolean => tokens[pos]?.t === "op" && tokens[pos].v === v;
  const term1 = (): Label => {
    let l = term2();
    while (peek("<->")) {
      pos++;
      l = { kind: "iff", lhs: l, rhs: term2() };
    }
    return l;
  };
  const term2 = (): Label => {
    const l = term3();
    if (!peek("->")) return l;
    pos++;
    return { kind: "implies", lhs: l, rhs: term3() };
  };
  const term3 = (): Label => {
    let l = term4();
    while (peek("||")) {
      pos++;
      l = { kind: "or", lhs: l, rhs: term4() };
    }
    return l;
  };
  const term4 = (): Label => {
    let l = term5();
    while (peek("&&")) {
      pos++;
      l = { kind: "and", lhs: l, rhs: term5() };
    }
    return l;
  };
  const term5 = (): Label => {
    if (!peek("!")) return term6();
    pos++;
    return { kind: "not", base: term6() };
  };
  const term6 = (): Label => {
    const tok = tokens[pos];
    if (tok === undefined) throw new ParseError("unexpected end");
    if (tok.t === "op" && tok.v === "(") {
      pos++;
      const base = term1();
      if (!peek(")")) throw new ParseError("missing )");
      pos++;
      return { kind: "paren", base };
    }
    if (tok.t === "atom" || tok.t === "string") {
      pos++;
      return { kind: "atom", name: tok.v };
    }
    throw new ParseError(`unexpected ${tok.v}`);
  };
  const label = term1();
  if (pos !== tokens.length) throw new ParseError("trailing input");
  return label;
}

/** QuotedStringTokenizer.unquote: a text wholly in double quotes loses them and its escapes. */
export function unquote(text: string): string {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return text;
  return text.slice(1, -1).replace(/\\(.)/g, "$1");
}

/** Label.parseExpression: throws when the text is not a label expression. */
export function parseLabelExpression(text: string): Label {
  return parseTokens(tokenize(text));
}

/** Jenkins.getLabel: the label a URL or a job's `assignedNode` names; never fails. */
export function labelOf(text: string): Label {
  const expr = unquote(text);
  try {
    return parseLabelExpression(expr);
  } catch (e) {
    if (e instanceof ParseError) return { kind: "atom", name: expr };
    throw e;
  }
}

/** LabelAtom.needsEscape: names that are no good item names, or hold a space, a parenthesis, a tab or a newline. */
function needsEscape(name: string): boolean {
  if (name === "" || name === "." || name === "..") return true;
  return /[?*/\\%!@#$^&|<>[\]:; ()\t\n]/.test(name);
}

function expression(l: Label): string {
  if (l.kind === "atom") return needsEscape(l.name) ? `"${l.name.replace(/(["\\])/g, "\\$1")}"` : l.name;
  return nameOf(l);
}

function operand(op: keyof typeof PRECEDENCE, l: Label): string {
  return PRECEDENCE[op] < PRECEDENCE[l.kind] ? `(${expression(l)})` : expression(l);
}

/**
 * The label's `name` (its display name): an atom's own name; an expression written back from its parts with the
 * operators unspaced ("linux&&docker"), parentheses the user wrote kept and operands of looser operators wrapped.
 */
export function nameOf(l: Label): string {
  switch (l.kind) {
    case "atom":
      return l.name;
    case "paren":
      return `(${expression(l.base)})`;
    case "not":
      return `!${operand("not", l.base)}`;
    default:
      return operand(l.kind, l.lhs) + OPERATOR[l.kind] + operand(l.kind, l.rhs);
  }
}

/** Label.matches: whether a node (or a cloud) with these atoms satisfies the label. Both sides always evaluate. */
export function matches(l: Label, atoms: ReadonlySet<string>): boolean {
  switch (l.kind) {
    case "atom":
      return atoms.has(l.name);
    case "paren":
      return matches(l.base, atoms);
    case "not":
      return !matches(l.base, atoms);
    case "and":
      return matches(l.lhs, atoms) && matches(l.rhs, atoms);
    case "or":
      return matches(l.lhs, atoms) || matches(l.rhs, atoms);
    case "implies":
      return !matches(l.lhs, atoms) || matches(l.rhs, atoms);
    case "iff":
      return matches(l.lhs, atoms) === matches(l.rhs, atoms);
  }
}

/** The `_class` of the label in the remote API. */
export function labelClassOf(l: Label): string {
  const nested: Record<Label["kind"], string> = {
    atom: "hudson.model.labels.LabelAtom",
    not: "hudson.model.labels.LabelExpression$Not",
    paren: "hudson.model.labels.LabelExpression$Paren",
    and: "hudson.model.labels.LabelExpression$And",
    or: "hudson.model.labels.LabelExpression$Or",
    implies: "hudson.model.labels.LabelExpression$Implies",
    iff: "hudson.model.labels.LabelExpression$Iff",
  };
  return nested[l.kind];
}
