/** Requests that are not valid HTTP/1.1, written straight to the socket. */
export interface RawHttpCase {
  label: string;
  bytes: Buffer;
  /** Half-close after writing (a client that gives up mid-body). */
  endAfterWrite: boolean;
}

const CONTEXT = 'POST /v1/sessions/raw-1/context HTTP/1.1\r\nHost: memoryd\r\n';

function raw(label: string, text: string, endAfterWrite = false): RawHttpCase {
  return { label, bytes: Buffer.from(text, 'latin1'), endAfterWrite };
}

export const RAW_HTTP_CASES: readonly RawHttpCase[] = [
  raw('garbage line', 'GARBAGE\r\n\r\n'),
  raw('no path', 'GET\r\n\r\n'),
  raw('HTTP/9.9', 'GET /v1/zz HTTP/9.9\r\nHost: memoryd\r\n\r\n'),
  raw('header without colon', 'GET /v1/zz HTTP/1.1\r\nHost: memoryd\r\nBad Header\r\n\r\n'),
  raw('negative Content-Length', `${CONTEXT}Content-Length: -5\r\n\r\n`),
  raw('Content-Length not a number', `${CONTEXT}Content-Length: abc\r\n\r\n`),
  raw('two Content-Lengths', `${CONTEXT}Content-Length: 5\r\nContent-Length: 6\r\n\r\n{"a":1}`),
  raw('Content-Length with Transfer-Encoding', `${CONTEXT}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`),
  raw('bad chunk size', `${CONTEXT}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`),
  raw('headers over the limit', `GET /v1/zz HTTP/1.1\r\nHost: memoryd\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
  raw('request line over the limit', `GET /v1/${'z'.repeat(20_000)} HTTP/1.1\r\nHost: memoryd\r\n\r\n`),
  raw('NUL in a header', 'GET /v1/zz HTTP/1.1\r\nHost: memoryd\r\nX-Nul: a\u0000b\r\n\r\n'),
  raw('bare LF line ends', 'GET /v1/zz HTTP/1.1\nHost: memoryd\n\n'),
  raw('space before colon', 'GET /v1/zz HTTP/1.1\r\nHost : memoryd\r\n\r\n'),
  raw('body shorter than Content-Length, then closed', `${CONTEXT}Content-Type: application/json\r\nContent-Length: 50\r\n\r\n{"message":`, true),
  raw('binary noise', '\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003'),
];
