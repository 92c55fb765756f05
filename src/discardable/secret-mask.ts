import { credentialNameSpans, secretValueSpans, type TextSpan } from '../credentials.js';

/** Stands where a secret value was in a discardable record: a word that says what went, so the rest still reads. */
export const SECRET_MASK = '[redacted]';

// The value a credential's name gives in a log or a trace: after ":" or "=", quoted or not
// (`password=hunter2&…`, `"token": "abc"`, `api_key: xyz`). Only with the sign: "invalid
// token at line 3" names a token and gives none.
// A quoted value is the whole quote ("correct horse battery staple").
const VALUE_AFTER_NAME = /["']?\s*[:=]\s*(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"'`,;&)}\]<>]+))/y;
// Credentials that carry no name memoryd knows: a bearer token ("Authorization: Bearer …")
// and the password of a URL ("postgres://user:pass@host").
const UNNAMED_VALUES = [/\bBearer\s+([A-Za-z0-9._~+/=-]{8,})/gu, /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:([^\s@/]+)@/giu];

/**
 * `text` with every secret value replaced by SECRET_MASK: the values secret by their shape
 * (API keys and tokens, card and account numbers, IBANs: `secretValueSpans`) and the value
 * a credential's name gives after ":" or "=" (`credentialNameSpans`), quoted or not, a
 * bearer token and a URL's password. The names and the
 * rest of the text stay, so a trace still says what failed and where.
 */
export function maskSecrets(text: string): string {
  const spans = [...secretValueSpans(text).map((span) => withoutSettingName(text, span)), ...namedValueSpans(text)];
  return spans.length === 0 ? text : masked(text, spans);
}

// A key's shape takes "=" in (base64 padding), so `token=sk-live-…` or `API_KEY=ghp_…` is
// one run: the setting's name before the "=" stays when the value after it is a secret alone.
const SETTING_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*=/;

function withoutSettingName(text: string, span: TextSpan): TextSpan {
  const name = SETTING_NAME.exec(text.slice(span.start, span.end))?.[0];
  if (name === undefined) return span;
  const value = { start: span.start + name.length, end: span.end };
  const alone = secretValueSpans(text.slice(value.start, value.end));
  return alone.some((each) => each.start === 0 && each.end === value.end - value.start) ? value : span;
}

// Names are found on a folded copy of the same length, so their spans are the text's:
// lower case, no accents, "_" as a space ("api_key", "access_token"), and once more with
// "-" as a space too ("x-api-key"; "wi-fi" and "log-in" are read as written the first time).
function namedValueSpans(text: string): TextSpan[] {
  const folded = foldSameLength(text);
  const names = [...credentialNameSpans(folded), ...credentialNameSpans(folded.replace(/-/g, ' '))];
  const spans: TextSpan[] = [];
  for (const name of names) {
    VALUE_AFTER_NAME.lastIndex = name.end;
    const found = VALUE_AFTER_NAME.exec(text);
    const value = found?.[1] ?? found?.[2] ?? found?.[3];
    if (found === null || value === undefined) continue;
    // The value ends where the match does, or just before its closing quote.
    const end = VALUE_AFTER_NAME.lastIndex - (found[3] === undefined ? 1 : 0);
    spans.push({ start: end - value.length, end });
  }
  for (const pattern of UNNAMED_VALUES) {
    for (const match of text.matchAll(pattern)) {
      const value = match[1] as string;
      const end = match.index + match[0].length - (match[0].endsWith('@') ? 1 : 0);
      spans.push({ start: end - value.length, end });
    }
  }
  return spans;
}

function foldSameLength(text: string): string {
  return text.replace(/[^\x00-\x7f]|[A-Z_]/g, (unit) => {
    if (unit === '_') return ' ';
    const plain = (unit.normalize('NFD')[0] ?? unit).toLowerCase();
    return plain.length === 1 ? plain : unit;
  });
}

// The text with each span (in any order; they may overlap) replaced by one mask.
function masked(text: string, spans: readonly TextSpan[]): string {
  const ordered = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  for (const span of ordered) {
    if (span.end <= at) continue;
    if (span.start >= at) out += `${text.slice(at, span.start)}${SECRET_MASK}`;
    at = span.end;
  }
  return out + text.slice(at);
}
