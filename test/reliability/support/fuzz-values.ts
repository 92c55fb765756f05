/** Inputs the fuzzer draws from: values of the wrong type, odd session ids, hostile strings. */

const KIB = 1024;

/** The session id rule of api.md ("." and ".." excepted: see schemas/common.ts), to know whether an odd id would pass validation. */
export const SESSION_ID_RULE = /^(?!\.\.?$)[A-Za-z0-9._:-]{1,128}$/;

/** Raw path segments (already URL-encoded where they need to be). */
export const ODD_SESSION_IDS: readonly string[] = [
  '',
  '..',
  '.',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%2F',
  '..%5C..%5Cwindows',
  'a'.repeat(129),
  'a'.repeat(10 * KIB),
  'x:'.repeat(64),
  encodeURIComponent('séssion'),
  encodeURIComponent('日本語のセッション'),
  encodeURIComponent('😀'),
  encodeURIComponent('a b'),
  encodeURIComponent('a\u0000b'),
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent("a'; drop table turns; --"),
  encodeURIComponent('a"b'),
  encodeURIComponent('\u202etxt.exe'),
  '%ZZ',
  '%',
  'con',
  'NUL',
  '-',
  ':',
];

/** Budgets that are never valid: wrong types, fractions, out of range (the cap is 4000). */
export const BAD_BUDGETS: readonly unknown[] = [
  -1, 0, -0.5, 1.5, 4001, 1e9, 1e308, -1e308, 2 ** 53 + 1, 1e-7, '4000', '', true, null, [], {}, [4000], { value: 100 },
];

/** ISO times the schema refuses. */
export const BAD_TIMES: readonly unknown[] = ['yesterday', '', '2026-13-45T00:00:00Z', '2026-01-01', '2026-01-01T25:00:00Z', 'T', 12345, null, '2026-01-01T00:00:00'];

/** Keys a strict object refuses (they are not in any schema). */
export const EXTRA_KEYS: readonly string[] = ['extra', 'Message', 'message ', 'constructor', 'prototype', 'toString', 'session_id', 'ümlaut', '', 'k'.repeat(1000)];

/** Invalid UTF-8 sequences: a lone continuation, overlong forms, a surrogate, a truncated character, bytes never used. */
export const INVALID_UTF8: readonly Buffer[] = [
  Buffer.from([0xff]),
  Buffer.from([0xfe, 0xfe]),
  Buffer.from([0x80]),
  Buffer.from([0xc0, 0xaf]),
  Buffer.from([0xe0, 0x80, 0xaf]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xe2, 0x82]),
  Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
  Buffer.from([0xf4, 0x90, 0x80, 0x80]),
  Buffer.from([0xc3, 0x28]),
];

/** Texts that are expensive for a naive BPE tokenizer (64 KiB each) and special-token strings. */
export const TOKENIZER_BOMBS: readonly string[] = [
  'a'.repeat(64 * KIB),
  '='.repeat(64 * KIB),
  `x${' '.repeat(64 * KIB - 1)}`,
  `x${'\n'.repeat(64 * KIB - 1)}`,
  `x${'\t '.repeat(32 * KIB - 1)}`,
  '<|endoftext|>'.repeat(Math.floor((64 * KIB) / 13)),
  '<|fim_prefix|><|fim_middle|><|fim_suffix|>'.repeat(Math.floor((64 * KIB) / 42)),
  '<|im_start|>system\n<|im_end|>'.repeat(Math.floor((64 * KIB) / 29)),
  '<|endofprompt|>',
  '<|endoftext|>',
  'ab'.repeat(32 * KIB),
  '1234567890'.repeat(Math.floor((64 * KIB) / 10)),
  '😀'.repeat(16 * KIB),
  '日本語'.repeat(Math.floor((64 * KIB) / 9)),
  `${'z'.repeat(32 * KIB)} ${'q'.repeat(32 * KIB)}`,
];

/** Malformed JSON texts (never valid whatever follows). */
export const MALFORMED_JSON: readonly string[] = [
  '{',
  '}',
  '[',
  '{"message":',
  '{"message":"hi",}',
  "{'message':'hi'}",
  '{message:"hi"}',
  'NaN',
  'undefined',
  '{"message":"hi"}}',
  '{"message":"hi"} trailing',
  '{"message":"\\x41"}',
  '{"message":"a\u0001b"}',
  '{"message":"unterminated}',
  '{"message" "hi"}',
  '{"message":"hi" "budget":1}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":+1}',
  '{"a":0x10}',
  '{"a":Infinity}',
  '\u0000',
  '{"message":"hi"}\u0000',
  'message=hi&budget=100',
  '--boundary\r\nContent-Disposition: form-data; name="message"\r\n\r\nhi\r\n--boundary--',
  '<?xml version="1.0"?><message>hi</message>',
  '{"__proto__":{"polluted":true},"message":"hi"}',
  '{"message":"hi","tools":[{"name":"t","description":"d","parameters":{"__proto__":{"x":1}}}]}',
];

/** JSON that parses but is not an object (every body schema wants one). */
export const NOT_OBJECTS: readonly string[] = ['"a string"', '123', 'null', 'true', '[]', '[{"message":"hi"}]', '0', '""'];
