/**
 * Credentials, payment details and identity numbers: what memoryd never keeps. The facts
 * tier refuses a statement that names one (`mentionsSecret`); the conversation tier's
 * summaries and the discardable tier's records leave the values out (`credentialNameSpans`,
 * `secretValueSpans`) and may keep the names; the response cache keeps no answer that holds
 * a value.
 */

// A password as given after "pass:": one run of 6 characters or more, letters and digits
// among them, that is no quantity or rank ("50euros", "2nd", "3days", "2100m").
const QUANTITY = String.raw`[\d.,]+(?:st|nd|rd|th|[mkc]?m|ft|mi|miles?|k?g|lbs?|h|hrs?|min|days?|weeks?|months?|years?|eur|euros?|usd|dollars?)(?![\p{L}\p{N}])`;
const PASSWORD_VALUE = String.raw`(?!${QUANTITY})(?=\S*\p{L})(?=\S*\d)\S{6,}`;
// Passes that are tickets or roads ("my boarding pass: AB12CD"), not passwords.
const TICKET_PASS = String.raw`(?:boarding|bus|train|rail|metro|subway|transit|travel|ski|season|day|monthly|annual|gym|museum|guest|visitor|press|backstage|hall|mountain)\s+`;

// Never stored, whatever the user asks: credentials and payment details. A code or a key
// only with a word that makes it one: "postal code", "dress code", "the key to success"
// and "my favourite key is C minor" are none.
const SECRET = new RegExp(
  String.raw`\b(?:password|passwd|passcode|passphrase|pin|pin code|pin number|ssn|social security (?:number|no)|credit card|debit card|card number|cvv|cvv2|cvc|bank account|contrasena|clave|tarjeta|cuenta bancaria|api key|token|secret|private key|seed phrase|recovery phrase` +
    String.raw`|(?:door|alarm|gate|garage|safe|lock|access|security|entry|keypad|lockbox|unlock|verification|backup|recovery|confirmation|2fa|mfa|otp|sms|one[ -]time|two[ -]factor)\s+code` +
    String.raw`|code\s+(?:for|to|of)\s+(?:the|my|our)\s+(?:front\s+|back\s+)?(?:door|alarm|gate|garage|safe|lock)` +
    String.raw`|(?:wifi|wi-fi|wi fi|license|licence|product|ssh|encryption|access|recovery)\s+key` +
    String.raw`|codigo\s+(?:de|del)\s+(?:la\s+|el\s+|mi\s+)?(?:puerta|alarma|porton|garaje|cochera|seguridad|acceso|caja fuerte|entrada|candado|verificacion|confirmacion|autenticacion|un solo uso)` +
    // One-time codes: "OTP: 739104", "a one-time password", "el código 2FA".
    String.raw`|one[ -]time (?:passcode|pin)|codigo (?:2fa|sms|mfa)` +
    // Identity documents by their number; the document alone ("my passport expires in May") is none.
    String.raw`|passport (?:number|no|num)|(?:numero|num|n) de pasaporte|(?:numero|num|n) de (?:la )?seguridad social|numero de afiliacion|nuss` +
    // A session is a login: its id or cookie lets anyone in ("sessionid=8f7a…", "Cookie: …").
    String.raw`|sessionid|(?:session|auth|login) cookie` +
    // Words that are something else alone ("run pwd", "a cookie", "the session id column")
    // name a credential when a value follows them: "pwd: Perro2024!", "session_id=…".
    // "We use TOTP for 2FA", "the session id is stored in Redis" give none: a value with a digit does.
    String.raw`|(?:pwd|session[ _-]id|otp|totp|one[ -]time password)(?=\s*[:=]|\s+(?:is|was|es|era)\s+\S*\d)|cookie(?=\s*[:=])` +
    // A password by other words: "the pass word is…", "my wifi pass is…" (the pass of a
    // login or a network is its password). "pass" alone is mostly a ticket or a road ("my ski
    // pass is 3 days", "the mountain pass is 2100 m high"): a password only when a value
    // with letters and digits follows a sign ("pass: hunter2", "account pass=hunter2";
    // "boarding pass: seat 12B", "pass: 2nd class" give none).
    String.raw`|pass\s+word|(?:wifi|wi-fi|wi fi|router|modem|hotspot|email|e-mail|mail|login)\s+pass` +
    String.raw`|(?<!${TICKET_PASS})pass(?=\s*[:=]\s*${PASSWORD_VALUE}))\b`,
  'u',
);
// A login is a credential when it is given: the user's ("my bank login is jdoe / …", "mi
// login del banco es…"), one for something ("the login for the router is admin / admin"),
// after a colon ("login: jdoe"), or its details; not in "fix the login bug" or "the login
// page is slow". Credentials and a user/password pair always are ("user/pass"; "usuario y
// clave" and "username and password" are in SECRET already).
const LOGIN_FOR = String.raw`(?:\s+(?:for|to|at|on|of|de|del|para|en)\s+(?:\S+\s+){0,3}?)`;
const LOGIN = new RegExp(
  String.raw`\b(?:my|our|mi|mis|nuestro|nuestra|nuestros)\s+(?:\S+\s+){0,2}?log-?in(?:\s+(?:details|info|information|data))?${LOGIN_FOR}?\s*(?:is|are|es|son|:)(?=\s|$)` +
    String.raw`|\blog-?in${LOGIN_FOR}\s*(?:is|are|es|son|:)(?=\s|$)|\blog-?in\s*:|\blog-?in\s+(?:details|info|information|credentials)\b` +
    String.raw`|\bdatos de (?:acceso|login|inicio de sesion)\b|\bcredentials?\b|\bcredenciales?\b|\buser(?:name)?\s*/\s*pass(?:word)?\b|\busuario\s*/\s*(?:clave|contrasena)\b`,
  'u',
);
// Words that name a credential only with a number beside them ("my IBAN is PT50…"); "I get
// Social Security" and "my account number is on the bill" name none.
const SECRET_WITH_NUMBER = /\b(?:iban|account number|account no|numero de cuenta|social security)\b/u;
// An identity document names a credential with its number right after it ("mi pasaporte
// es AAB123456", "DNI: 12345678", "seguridad social 281234567840"), not with a date or a
// count elsewhere ("my passport expires in May 2027", "pago la seguridad social"). The
// match is the document's word alone, so a summary keeps the word and drops the number.
const IDENTITY_DOCUMENT =
  /\b(?:passport|pasaporte|dni|nie|nif|seguridad social)(?=(?:\s*(?::|#|\bis\b|\bes\b|\bnumber\b|\bno\.?|n[º°]\.?|\bnumero\b|\bnum\b)){0,2}\s*[a-z]{0,3}-?\d{6,})/u;
// A combination is a lock's ("the safe combination is…", "la combinación es 12-34-56"),
// not "a combination of tea and coffee".
const COMBINATION =
  /\b(?:combination\s*(?:is|:)\s*\d+|combinacion\s*(?:es|:)\s*\d+|(?:safe|lock|padlock|locker|vault)\s+combination|combination\s+(?:to|for|of)\s+(?:the|my|our)\s+(?:safe|lock|padlock|locker|vault)|combinacion\s+(?:de|del)\s+(?:la\s+|el\s+|mi\s+)?(?:caja fuerte|candado|cerradura|casillero|locker|caja))\b/u;
// A payment card number by its shape: 13 to 19 digits, in groups split by single spaces or
// dashes, that pass the Luhn checksum every card number carries. Nothing in a number
// after "+" (a phone). The checksum keeps out most order numbers; dates are shorter.
const CARD_NUMBER = /(?<!\d|\+[\d -]*)\d(?:[ -]?\d){12,18}(?!\d)/gu;

/** Lower case and no accents, apostrophes kept ("password's"): the folded form `mentionsSecret` and `credentialNameSpans` read. */
export function foldForCredentials(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[‘’´]/gu, "'");
}

// Zero-width and other format characters, which would hide a word from the patterns
// ("passw\u200bord"), tag characters (U+E0000–E007F) among them.
const FORMAT_CHARACTER = /\p{Cf}/u;

/** Whether `text` holds a format character (see `withoutFormatCharacters`). */
export function hasFormatCharacter(text: string): boolean {
  return FORMAT_CHARACTER.test(text);
}

/**
 * `text` without its format characters (zero-width spaces and joiners, direction marks, tag
 * characters…), and where a span of that text lies in `text`. Read by code point: a tag
 * character is a surrogate pair, and neither half is a format character on its own.
 */
export function withoutFormatCharacters(text: string): { text: string; original: (span: TextSpan) => TextSpan } {
  const kept: number[] = [];
  let out = '';
  let at = 0;
  for (const char of text) {
    if (!FORMAT_CHARACTER.test(char)) {
      for (let unit = 0; unit < char.length; unit++) kept.push(at + unit);
      out += char;
    }
    at += char.length;
  }
  const original = (span: TextSpan): TextSpan => ({
    start: kept[span.start] ?? text.length,
    end: span.end === 0 ? 0 : (kept[span.end - 1] ?? text.length - 1) + 1,
  });
  return { text: out, original };
}

/** True when folded text names a credential or payment detail. */
export function mentionsSecret(text: string): boolean {
  const folded = hasFormatCharacter(text) ? withoutFormatCharacters(text).text : text;
  if (SECRET.test(folded) || LOGIN.test(folded) || COMBINATION.test(folded) || IDENTITY_DOCUMENT.test(folded)) return true;
  if (SECRET_WITH_NUMBER.test(folded) && /\p{N}/u.test(folded)) return true;
  return cardNumberSpans(folded, 1).length > 0 || identityNumberSpans(folded, 1).length > 0;
}

// Where a text holds a payment card number (Luhn), the first `most` of them in text order.
function cardNumberSpans(text: string, most = Number.POSITIVE_INFINITY): TextSpan[] {
  return checkedSpans(CARD_NUMBER, text, most, (match) => passesLuhn(match[0].replace(/\D/gu, '')) && !inIdentifier(text, match.index, match.index + match[0].length));
}

// The matches of a shared global `pattern` in `text` that `accept` keeps, the first `most` of
// them in text order. An exec loop, not matchAll (which copies the pattern per call): the
// pattern's lastIndex is 0 on entry and on every exit, an early one or a throw.
function checkedSpans(pattern: RegExp, text: string, most: number, accept: (match: RegExpExecArray) => boolean): TextSpan[] {
  const spans: TextSpan[] = [];
  pattern.lastIndex = 0;
  try {
    for (let match = pattern.exec(text); match !== null && spans.length < most; match = pattern.exec(text)) {
      if (accept(match)) spans.push({ start: match.index, end: match.index + match[0].length });
    }
  } finally {
    pattern.lastIndex = 0;
  }
  return spans;
}

// The Luhn checksum: from the right, every second digit doubled (minus 9 above 9); the sum is a multiple of 10.
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

// An identifier's digits are no card or account number: a UUID ("99ca7d14-7511-4741-9296-
// b0655577370d" holds 14 digits in dash-split groups that may pass the Luhn check) or a run
// of hex digits with letters (a hash, a trace id). "VISA4111…" and "4111-…-exp" are no hex.
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/giu;
const HEX_ID = /^(?=(?:[0-9]*[a-f]){4})[0-9a-f]{16,}$/iu;
const ID_CHAR = /[A-Za-z0-9-]/u;

// Whether [start, end) lies in a UUID, or in a hex id (a dash-free run of its word), of the
// word (letters, digits, dashes) around it: "request-550e8400-e29b-…", "sha e3b0c442…".
function inIdentifier(text: string, start: number, end: number): boolean {
  let from = start;
  let to = end;
  while (from > 0 && ID_CHAR.test(text[from - 1] as string)) from--;
  while (to < text.length && ID_CHAR.test(text[to] as string)) to++;
  if (from === start && to === end) return false;
  const word = text.slice(from, to);
  for (const uuid of word.matchAll(UUID)) if (from + uuid.index <= start && end <= from + uuid.index + uuid[0].length) return true;
  let offset = 0;
  for (const part of word.split('-')) {
    if (from + offset <= start && end <= from + offset + part.length) return HEX_ID.test(part);
    offset += part.length + 1;
  }
  return false;
}

/** A character range [start, end) of a text. */
export interface TextSpan {
  start: number;
  end: number;
}

// The detection above, every match: where folded text names a credential ("wifi password"
// is named by "password", "door code", "IBAN").
const NAMES = [SECRET, LOGIN, COMBINATION, SECRET_WITH_NUMBER, IDENTITY_DOCUMENT].map((pattern) => new RegExp(pattern.source, 'gu'));

/** Where folded text names a credential or payment detail, in text order (spans may overlap). */
export function credentialNameSpans(folded: string): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const pattern of NAMES) {
    for (const match of folded.matchAll(pattern)) if (match[0] !== '') spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return spans.sort((a, b) => a.start - b.start || a.end - b.end);
}

// Values that are secret by their shape alone, whatever the words around them; `digits`:
// how many digits a match needs to be one, `distinct`: how many different characters.
// `group`: the value is that capture group of the match, not the whole match (the pattern
// needs the 'd' flag); a lookbehind of unbounded length would rescan a long run at every
// position ("Bearer" and 250,000 spaces took 38 s).
// `key`: whether the facts tier refuses the value as a credential: `true` for a shape that is
// one whatever else it could be (a token by its issuer's prefix, a URL's password, a bearer
// token), else a test of the value in its text: a name may have a key's prefix or length
// ("rk-dashboard-2024", "OrderFulfillmentService2024"). Without `key`, a long number or an
// IBAN may be an order or a phone number there, and is refused only by a credential's name
// (`mentionsSecret`). Summaries and logs mask every shape whatever its `key`.
const VALUE_SHAPES: readonly { pattern: RegExp; digits: number; distinct?: number; group?: number; key?: true | KeyTest }[] = [
  // API keys and tokens by their issuers' prefixes: OpenAI/Stripe/Anthropic (sk-, pk_, rk_),
  // GitHub (ghp_…, github_pat_), GitLab (glpat-), AWS access key ids, Slack, Google.
  { pattern: /(?<![\p{L}\p{N}])(?:sk|pk|rk)[-_][A-Za-z0-9_-]{8,}/gu, digits: 1, key: (text, span) => hasRandomBody(text.slice(span.start + 3, span.end)) },
  { pattern: /(?<![\p{L}\p{N}])(?:gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{16,})/gu, digits: 0, key: true },
  { pattern: /(?<![\p{L}\p{N}])(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA)[A-Z0-9]{12,}/gu, digits: 0, key: true },
  { pattern: /(?<![\p{L}\p{N}])(?:xox[abposr]-[A-Za-z0-9-]{10,}|AIza[A-Za-z0-9_-]{20,})/gu, digits: 0, key: true },
  // A JSON web token (a bearer token): three base64url parts, the first a JSON header.
  { pattern: /(?<![\p{L}\p{N}])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/gu, digits: 0, key: true },
  // Base64 or random keys without a known prefix: 24 characters or more of letters in both
  // cases and digits in one run, as varied as random text is (a hash or a UUID is in one
  // case; "a1B2c3a1B2c3…" repeats itself).
  { pattern: /(?<![A-Za-z0-9+/_=-])(?=[A-Za-z0-9+/_=-]*[a-z])(?=[A-Za-z0-9+/_=-]*[A-Z])[A-Za-z0-9+/_=-]{24,}/gu, digits: 1, distinct: 12, key: namedBeside },
  // An IBAN: a country, two check digits and 11 to 30 letters and digits, grouped by 4 or not.
  { pattern: /(?<![\p{L}\p{N}])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![\p{L}\p{N}])/gu, digits: 8 },
  // An account or card number, or its head: digits in groups of 2 or more split by single
  // spaces or dashes; not after "+" (a phone).
  { pattern: /(?<![\d+]|\+[\d -]*)\d{2,}(?:[ -]\d{2,})*(?!\d)/gu, digits: 12 },
  // The password of a URL ("postgres://admin:S3cr3t@db", "redis://:S3cr3t@cache"): the
  // user and the host stay. Bounded runs: a scheme, a user and a password are short.
  { pattern: /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s:/@]{0,256}:([^\s@/]{1,256})@/dgiu, digits: 0, group: 1, key: true },
  // A bearer token ("Authorization: Bearer …"); "Bearer of bad news" holds no digit.
  { pattern: /\b[Bb]earer[ \t]{1,16}([A-Za-z0-9._~+/=-]{8,})/dgu, digits: 1, group: 1, key: true },
];

/**
 * What the facts tier refuses: a text, as written, that names a credential or payment detail
 * (`mentionsSecret`) or holds a key by its shape (`holdsKey`: "my GitHub is ghp_…", a
 * database URL with its password).
 */
export function holdsSecret(text: string): boolean {
  return mentionsSecret(foldForCredentials(text)) || holdsKey(text);
}

/** A key, a token, a URL's password or a bearer token, by its shape (see VALUE_SHAPES' `key`), in a text as written. */
export function holdsKey(text: string): boolean {
  if (!mayHoldSecretValue(text)) return false;
  return VALUE_SHAPES.some(
    ({ pattern, digits, distinct = 0, group, key }) =>
      key !== undefined && shapeSpans(text, pattern, digits, distinct, group).some((span) => key === true || key(text, span)),
  );
}

type KeyTest = (text: string, span: TextSpan) => boolean;

// A key's body after its prefix ("sk-", "pk_") is random: 16 characters or more, letters in
// both cases and digits, and not only words and numbers. A name is made of those
// ("rk-dashboard-2024", "pk-payments-v2"): each of its runs of letters is a word of 3
// lowercase letters or more after a capital or none ("Service", "ABCdef" as "AB" "Cdef"),
// capitals alone (an acronym: "5G") or a version's "v". Random letters change case every
// letter or two ("4fK9aB2c…"): 1 in 100 random bodies of 16 characters reads as words,
// fewer than 1 in 100,000 of 48 (a real key is longer), and "sk-proj-" reads past "proj".
const LETTER_RUN = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+/gu;

function hasRandomBody(body: string): boolean {
  if (body.length < 16 || !/[a-z]/u.test(body) || !/[A-Z]/u.test(body) || !/\d/u.test(body)) return false;
  for (const run of body.matchAll(LETTER_RUN)) {
    const lower = run[0].length - (/^[A-Z]/u.test(run[0]) ? 1 : 0);
    const version = run[0] === 'v' && /\d/u.test(body[run.index + 1] ?? '');
    if (lower > 0 && lower < 3 && !version) return true;
  }
  return false;
}

// A credential's name among the 4 words before a long mixed-case value, its own head before
// "=", or the 4 words after it: "my OpenAI key is …", "API_KEY=…", "… is the signing secret".
// Alone the value may be a name ("OrderFulfillmentService2024", "Home_Network_5G_ABCdef1234").
const KEY_NAMES: ReadonlySet<string> = new Set([
  'key', 'keys', 'apikey', 'token', 'tokens', 'secret', 'secrets', 'password', 'passwd', 'pwd', 'pass', 'passphrase',
  'auth', 'credential', 'credentials', 'clave', 'llave', 'contrasena', 'secreto',
]);
const NOT_A_LETTER = /[^\p{L}]+/u;

function namedBeside(text: string, { start, end }: TextSpan): boolean {
  const value = text.slice(start, end);
  const words = (part: string): string[] => foldForCredentials(part).split(NOT_A_LETTER).filter((word) => word !== '');
  return [
    ...words(text.slice(Math.max(0, start - 100), start)).slice(-4),
    ...words(value.slice(0, value.indexOf('=') + 1)),
    ...words(text.slice(end, end + 100)).slice(0, 4),
  ].some((word) => KEY_NAMES.has(word));
}

/**
 * Where a text holds a value that is secret by its shape, in text order: a payment card
 * number (Luhn), a long run of digits (an account or card number), an IBAN, an API key or
 * token ("sk-…", "ghp_…", "AKIA…", a JWT, a long mixed-case key), a bearer token, a URL's
 * password, a Spanish DNI or NIE. Case-sensitive, on the text as written.
 */
export function secretValueSpans(text: string): TextSpan[] {
  if (!mayHoldSecretValue(text)) return [];
  const spans = [...cardNumberSpans(text), ...identityNumberSpans(text)];
  for (const { pattern, digits, distinct = 0, group } of VALUE_SHAPES) spans.push(...shapeSpans(text, pattern, digits, distinct, group));
  return spans.sort((a, b) => a.start - b.start || a.end - b.end);
}

function shapeSpans(text: string, pattern: RegExp, digits: number, distinct: number, group: number | undefined): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const match of text.matchAll(pattern)) {
    const [start, end] = group === undefined ? [match.index, match.index + match[0].length] : (match.indices?.[group] ?? [match.index, match.index]);
    const value = text.slice(start, end);
    if (value !== '' && countDigits(value) >= digits && new Set(value).size >= distinct && !inIdentifier(text, start, end)) spans.push({ start, end });
  }
  return spans;
}

// Every shape above holds 7 digits or more (a card, an IBAN, an account number, a DNI or
// NIE), is a run of 10 key characters or more with a digit, "_", "-" or a capital past its
// first character (every key and token), or follows "://" or "Bearer": a sentence of words
// and short numbers, most of them, holds none, and is told so without running the patterns.
const KEY_RUN = /[A-Za-z0-9_+/=.-]{10,}/gu;
const KEY_MARK = /[0-9_-]|.[A-Z]/u;
const URL_OR_BEARER = /:\/\/|\bbearer\s/iu;

function mayHoldSecretValue(text: string): boolean {
  if (countDigits(text) >= 7 || URL_OR_BEARER.test(text)) return true;
  for (const run of text.matchAll(KEY_RUN)) if (KEY_MARK.test(run[0])) return true;
  return false;
}

// A Spanish DNI (8 digits, or written 12.345.678, and a letter) or NIE (X, Y or Z, 7 digits
// and a letter), a dash before the letter or not, in either case. The letter is a checksum of the digits (an NIE's
// X, Y, Z counting as 0, 1, 2), so only 1 in 23 runs of 8 digits and a letter has the shape.
const IDENTITY_NUMBER = /(?<![\p{L}\p{N}.])(?:(\d{8}|\d{2}\.\d{3}\.\d{3})|([XYZxyz])-?(\d{7}))-?([A-Za-z])(?![\p{L}\p{N}])/gu;
const CHECK_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

// Where a text holds a DNI or NIE (its check letter right), the first `most` of them in text order.
function identityNumberSpans(text: string, most = Number.POSITIVE_INFINITY): TextSpan[] {
  return checkedSpans(IDENTITY_NUMBER, text, most, ([, dni, niePrefix, nieDigits, letter]) => {
    const digits = dni?.replace(/\./gu, '') ?? `${'XYZ'.indexOf((niePrefix ?? '').toUpperCase())}${nieDigits ?? ''}`;
    return CHECK_LETTERS[Number(digits) % 23] === letter?.toUpperCase();
  });
}

function countDigits(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) count++;
  return count;
}
