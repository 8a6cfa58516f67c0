/**
 * How Jenkins turns request bytes into XML text. createItem hands the raw InputStream to the XML parser,
 * which honours a BOM and the declaration's encoding (UTF-8 by default). config.xml POST reads through
 * req.getReader(), which uses the Content-Type charset and ISO-8859-1 when there is none; the declaration is
 * then ignored. That is why a client must send "text/xml; charset=utf-8".
 */
import { Oops } from "./http-errors";

function decodeWith(buf: Buffer, charset: string): string {
  const cs = charset
    .trim()
    .replace(/^["']|["']$/g, "")
    .toLowerCase();
  if (cs === "utf-8" || cs === "utf8") return buf.toString("utf8");
  if (cs === "iso-8859-1" || cs === "latin1" || cs === "iso8859-1" || cs === "us-ascii" || cs === "ascii")
    return buf.toString("latin1");
  try {
    return new TextDecoder(cs).decode(buf);
  } catch {
    throw new Oops("java.io.UnsupportedEncodingException", charset);
  }
}

function stripBom(s: string): string {
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

export function decodeXmlStream(buf: Buffer): string {
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return buf.subarray(3).toString("utf8");
  if (buf.length >= 2 && buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder("utf-16le").decode(buf.subarray(2));
  if (buf.length >= 2 && buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder("utf-16be").decode(buf.subarray(2));
  const head = buf.subarray(0, 200).toString("latin1");
  const m = /^<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/.exec(head);
  return stripBom(decodeWith(buf, m ? m[1] : "utf-8"));
}

export function charsetOf(contentType: string | undefined): string | undefined {
  const m = contentType ? /;\s*charset\s*=\s*([^;]+)/i.exec(contentType) : null;
  return m ? m[1].trim() : undefined;
}

export function decodeXmlReader(buf: Buffer, contentType: string | undefined): string {
  return stripBom(decodeWith(buf, charsetOf(contentType) ?? "iso-8859-1"));
}
