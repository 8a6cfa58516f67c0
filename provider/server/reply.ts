/**
 * Handlers return a Reply instead of writing to the socket, so the pipeline can still decide to drop the
 * connection after the state change (fault injection) and can record the status in one place.
 */
export interface Reply {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
}

export const HTML = "text/html;charset=utf-8";
export const JSON_TYPE = "application/json;charset=utf-8";

export function reply(status: number, headers: Array<[string, string]> = [], body: string | Buffer = ""): Reply {
  return { status, headers, body: typeof body === "string" ? Buffer.from(body, "utf8") : body };
}

/** 200/204 with nothing in it: what createItem, config.xml POST and description POST answer. */
export function empty(status = 200): Reply {
  return reply(status);
}

export function text(status: number, contentType: string, body: string): Reply {
  return reply(status, [["Content-Type", contentType]], body);
}

export function header(r: Reply, name: string): string | undefined {
  const lower = name.toLowerCase();
  return r.headers.find(([k]) => k.toLowerCase() === lower)?.[1];
}
