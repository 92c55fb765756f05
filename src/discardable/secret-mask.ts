import { credentialNameSpans, hasFormatCharacter, secretValueSpans, withoutFormatCharacters, type TextSpan } from '../credentials.js';

/** Stands where a secret value was in a discardable record: a word that says what went, so the rest still reads. */
export const SECRET_MASK = '[redacted]';

// The value a credential's name gives in a log or a trace: after ":" or "=", quoted or not
// (`password=hunter2&…`, `"token": "abc"`, `api_key: xyz`), or in words: after a copula
// ("my password is hunter2", "mi contraseña es Gato2023"), or right after the name when it
// looks like a value ("password hunter2", "clave Luna2025"; "Unexpected token 'u'" is
// JSON.parse's message, no value). A quoted value is the whole quote ("correct horse
// battery staple"). In words, on the name's line only: a trace's next line is no value.
const VALUE_AFTER_SIGN = /["']?\s*[:=]\s*(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"'`,;&)}\]<>]+))/y;
const VALUE_IN_WORDS = /[ \t]+(?:(is|was|are|es|era|fue|son)[ \t]+)?(?:"([^"\n]+)"|'([^'\n]+)'|([^\s"'`,;&)}\]<>]+))/y;
// A name that ends in its copula ("my bank login is"): the value follows it at once.
const ENDS_IN_COPULA = /(?:\bis|\bes|\bare|\bson)$/u;
// Without a copula, a word is a value when it holds a digit or a symbol: "password hunter2",
// not "invalid token at line 3" or "password expired".
const LOOKS_LIKE_VALUE = /[\p{N}\p{S}@#$%^&*_~+=/\\|]/u;
// After a copula, what a trace says of a credential rather than its value ("password is
// incorrect", "token was not found", "la contraseña es obligatoria"): kept, so it still reads.
const STATES = new Set(
  (
    'a an the not no never still now also being set required missing empty blank null undefined none invalid incorrect wrong ' +
    'correct valid expired revoked rejected too unknown disabled enabled locked changed reset weak strong ' +
    'un una el la obligatoria obligatorio incorrecta incorrecto invalida invalido caducada caducado vacia vacio ' +
    'correcta correcto valida valido debil fuerte demasiado'
  ).split(' '),
);

/**
 * `text` with every secret value replaced by SECRET_MASK: the values secret by their shape
 * (API keys and tokens, a bearer token, a URL's password, card and account numbers, IBANs,
 * DNI and NIE numbers: `secretValueSpans`) and the value a credential's name gives
 * (`credentialNameSpans`): after ":" or "=", quoted or not, or in words. The names and the
 * rest of the text stay, so a trace still says what failed and where.
 */
export function maskSecrets(text: string): string {
  // A zero-width character inside a name ("passw\u200bord is hunter2") hides it from the
  // patterns: they read the text without such characters, and the spans are mapped back.
  const visible = hasFormatCharacter(text) ? withoutFormatCharacters(text) : null;
  const read = visible?.text ?? text;
  const spans = [...secretValueSpans(read).map((span) => withoutSettingName(read, span)), ...namedValueSpans(read)];
  if (spans.length === 0) return text;
  return masked(text, visible === null ? spans : spans.map((span) => visible.original(span)));
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
    const value = valueAfterSign(text, name.end) ?? valueInWords(text, folded, name);
    if (value !== null) spans.push(value);
  }
  return spans;
}

function valueAfterSign(text: string, at: number): TextSpan | null {
  VALUE_AFTER_SIGN.lastIndex = at;
  const found = VALUE_AFTER_SIGN.exec(text);
  const value = found?.[1] ?? found?.[2] ?? found?.[3];
  if (found === null || value === undefined) return null;
  // The value ends where the match does, or just before its closing quote.
  const end = VALUE_AFTER_SIGN.lastIndex - (found[3] === undefined ? 1 : 0);
  return { start: end - value.length, end };
}

function valueInWords(text: string, folded: string, name: TextSpan): TextSpan | null {
  VALUE_IN_WORDS.lastIndex = name.end;
  const found = VALUE_IN_WORDS.exec(text);
  const quoted = found?.[2] ?? found?.[3];
  const value = quoted ?? found?.[4];
  if (found === null || value === undefined) return null;
  const end = VALUE_IN_WORDS.lastIndex - (quoted === undefined ? 0 : 1);
  const start = end - value.length;
  const afterCopula = found[1] !== undefined || ENDS_IN_COPULA.test(folded.slice(name.start, name.end));
  const word = folded.slice(start, end).replace(/[.!?…]+$/u, '');
  return LOOKS_LIKE_VALUE.test(value) || (afterCopula && !STATES.has(word)) ? { start, end } : null;
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
