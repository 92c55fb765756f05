/**
 * `text` without the whitespace JSON ignores, or null when it is not one JSON value.
 * Strips whitespace outside strings instead of re-serialising, so numbers, key order
 * and escapes stay byte-for-byte as written (JSON.stringify(JSON.parse(x)) would round
 * big integers).
 */
export function minifyJson(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || !(trimmed.startsWith('{') || trimmed.startsWith('['))) return null;
  try {
    JSON.parse(trimmed);
  } catch {
    // Not JSON: nothing to compact. The parse error itself carries no information we need.
    return null;
  }
  let out = '';
  let inString = false;
  for (let i = 0; i < trimmed.length; i += 1) {
    const char = trimmed[i] ?? '';
    if (inString) {
      out += char;
      if (char === '\\') {
        out += trimmed[i + 1] ?? '';
        i += 1;
      } else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
      out += char;
    } else if (!isJsonWhitespace(char)) out += char;
  }
  return out;
}

function isJsonWhitespace(char: string): boolean {
  return char === ' ' || char === '\n' || char === '\r' || char === '\t';
}
