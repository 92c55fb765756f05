/** A response as the client hands it on: the status, the headers by lower-case name, the body as UTF-8. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The answer was not HTTP/1.x as this client reads it; the connection cannot be reused. */
export class MalformedResponseError extends Error {
  override readonly name = 'MalformedResponseError';
}

// Bigger heads are refused: memoryd's are a few hundred bytes.
const MAX_HEAD_BYTES = 64 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n');
const LINE_END = Buffer.from('\r\n');

type BodyMode = { kind: 'none' } | { kind: 'length'; remaining: number } | { kind: 'chunked' } | { kind: 'until-close' };
type ChunkState = 'size' | 'data' | 'data-end' | 'trailers';

/**
 * Reads one HTTP/1.x response from the bytes of a connection as they arrive, in any
 * split: the head, then a body framed by Content-Length, by chunked transfer coding or
 * by the end of the connection. The body is decoded once whole, so a character split
 * between two reads is not garbled.
 */
export class ResponseParser {
  private pending: Buffer = Buffer.alloc(0);
  private head: { status: number; headers: Record<string, string | string[]>; keepAlive: boolean } | null = null;
  private mode: BodyMode = { kind: 'none' };
  private chunk: { state: ChunkState; remaining: number } = { state: 'size', remaining: 0 };
  private readonly body: Buffer[] = [];
  /** Any byte of an answer arrived (a request that got none was never answered). */
  received = false;

  constructor(private readonly bodiless: boolean) {}

  /** Adds bytes; the response once it is complete, else null. Throws MalformedResponseError. */
  push(bytes: Buffer): RawResponse | null {
    this.received = true;
    this.pending = this.pending.length === 0 ? bytes : Buffer.concat([this.pending, bytes]);
    if (this.head === null && !this.readHead()) return null;
    return this.readBody() ? this.finish() : null;
  }

  /** The connection ended: the response if it was framed by the end, else null (it was cut short). */
  end(): RawResponse | null {
    return this.head !== null && this.mode.kind === 'until-close' ? this.finish() : null;
  }

  /** Whether the connection may carry another request once this response is complete. */
  get reusable(): boolean {
    return this.head !== null && this.head.keepAlive && this.mode.kind !== 'until-close';
  }

  private readHead(): boolean {
    const end = this.pending.indexOf(HEAD_END);
    if (end < 0) {
      if (this.pending.length > MAX_HEAD_BYTES) throw new MalformedResponseError(`response head over ${MAX_HEAD_BYTES} bytes`);
      return false;
    }
    const lines = this.pending.toString('latin1', 0, end).split('\r\n');
    this.pending = this.pending.subarray(end + HEAD_END.length);
    const statusLine = /^HTTP\/1\.([01]) (\d{3})(?: .*)?$/.exec(lines[0] ?? '');
    if (statusLine === null) throw new MalformedResponseError(`not an HTTP/1.x status line: ${JSON.stringify((lines[0] ?? '').slice(0, 80))}`);
    const status = Number(statusLine[2]);
    const headers = parseHeaders(lines.slice(1));
    if (status >= 100 && status < 200) {
      // An interim answer (100 Continue): the real one follows on the same connection.
      return this.pending.length > 0 && this.readHead();
    }
    const connection = String(headers['connection'] ?? '').toLowerCase();
    const keepAlive = statusLine[1] === '1' ? !connection.includes('close') : connection.includes('keep-alive');
    this.head = { status, headers, keepAlive };
    this.mode = bodyMode(this.bodiless || status === 204 || status === 304, headers);
    return true;
  }

  private readBody(): boolean {
    const mode = this.mode;
    if (mode.kind === 'none') return true;
    if (mode.kind === 'until-close') {
      this.take(this.pending.length);
      return false;
    }
    if (mode.kind === 'length') {
      const taken = this.take(Math.min(mode.remaining, this.pending.length));
      mode.remaining -= taken;
      return mode.remaining === 0;
    }
    return this.readChunks();
  }

  private readChunks(): boolean {
    for (;;) {
      if (this.chunk.state === 'data') {
        const taken = this.take(Math.min(this.chunk.remaining, this.pending.length));
        this.chunk.remaining -= taken;
        if (this.chunk.remaining > 0) return false;
        this.chunk.state = 'data-end';
        continue;
      }
      const lineEnd = this.pending.indexOf(LINE_END);
      if (lineEnd < 0) {
        if (this.pending.length > MAX_HEAD_BYTES) throw new MalformedResponseError('chunk line too long');
        return false;
      }
      const line = this.pending.toString('latin1', 0, lineEnd);
      this.pending = this.pending.subarray(lineEnd + LINE_END.length);
      if (this.chunk.state === 'data-end') {
        if (line !== '') throw new MalformedResponseError('chunk data longer than its size');
        this.chunk.state = 'size';
      } else if (this.chunk.state === 'size') {
        const size = /^([0-9a-fA-F]{1,8})(?:;.*)?$/.exec(line.trim());
        if (size === null) throw new MalformedResponseError(`bad chunk size ${JSON.stringify(line.slice(0, 20))}`);
        const bytes = Number.parseInt(size[1] as string, 16);
        this.chunk = bytes === 0 ? { state: 'trailers', remaining: 0 } : { state: 'data', remaining: bytes };
      } else if (line === '') {
        return true;
      }
    }
  }

  private take(bytes: number): number {
    if (bytes > 0) {
      this.body.push(this.pending.subarray(0, bytes));
      this.pending = this.pending.subarray(bytes);
    }
    return bytes;
  }

  private finish(): RawResponse {
    const head = this.head as NonNullable<ResponseParser['head']>;
    if (this.pending.length > 0) throw new MalformedResponseError(`${this.pending.length} bytes after the end of the response`);
    const body = this.body.length === 1 ? (this.body[0] as Buffer) : Buffer.concat(this.body);
    return { status: head.status, headers: head.headers, body: body.toString('utf8') };
  }
}

function parseHeaders(lines: readonly string[]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MalformedResponseError(`bad header line ${JSON.stringify(line.slice(0, 80))}`);
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const earlier = headers[name];
    if (earlier === undefined) headers[name] = name === 'set-cookie' ? [value] : value;
    else if (Array.isArray(earlier)) earlier.push(value);
    else headers[name] = `${earlier}, ${value}`;
  }
  return headers;
}

function bodyMode(bodiless: boolean, headers: Record<string, string | string[]>): BodyMode {
  if (bodiless) return { kind: 'none' };
  const encoding = String(headers['transfer-encoding'] ?? '').toLowerCase();
  if (encoding !== '') {
    if (!encoding.endsWith('chunked')) return { kind: 'until-close' };
    return { kind: 'chunked' };
  }
  const length = headers['content-length'];
  if (length === undefined) return { kind: 'until-close' };
  const values = new Set(String(length).split(',').map((value) => value.trim()));
  const only = values.size === 1 ? [...values][0] : undefined;
  if (only === undefined || !/^\d{1,15}$/.test(only)) throw new MalformedResponseError(`bad Content-Length ${JSON.stringify(String(length))}`);
  const remaining = Number(only);
  return remaining === 0 ? { kind: 'none' } : { kind: 'length', remaining };
}
