/**
 * Values that compete: preferring or switching to one of them replaces a fact about
 * another of the same category ("I prefer tabs" / "prefiero espacios" → "indentation").
 * Terms are folded; matched on word boundaries.
 */
export const CATEGORIES: ReadonlyArray<[string, readonly string[]]> = [
  ['editor', ['vim', 'neovim', 'nvim', 'emacs', 'helix', 'vscode', 'vs code', 'visual studio code', 'sublime', 'sublime text', 'intellij', 'webstorm', 'pycharm', 'nano', 'zed', 'kakoune', 'xcode', 'notepad++']],
  ['indentation', ['tabs', 'tab', 'spaces', 'tabulaciones', 'tabuladores', 'tabulador', 'espacios']],
  ['theme', ['dark mode', 'light mode', 'dark theme', 'light theme', 'modo oscuro', 'modo claro', 'tema oscuro', 'tema claro']],
  ['os', ['linux', 'ubuntu', 'debian', 'fedora', 'arch linux', 'macos', 'mac os', 'os x', 'windows', 'freebsd']],
  ['shell', ['bash', 'zsh', 'fish shell', 'powershell']],
  ['browser', ['firefox', 'chrome', 'chromium', 'safari', 'brave', 'vivaldi', 'opera']],
  ['package manager', ['npm', 'pnpm', 'yarn', 'bun']],
  ['database', ['postgres', 'postgresql', 'mysql', 'mariadb', 'sqlite', 'mongodb', 'mongo', 'dynamodb', 'cockroachdb']],
  ['deployment', ['kubernetes', 'k8s', 'docker compose', 'docker-compose', 'nomad', 'heroku', 'vercel', 'netlify']],
  ['test framework', ['jest', 'vitest', 'mocha', 'pytest', 'jasmine']],
  ['programming language', ['typescript', 'javascript', 'python', 'rust', 'golang', 'java', 'kotlin', 'swift', 'ruby', 'php', 'elixir', 'haskell', 'c++', 'c#']],
  ['language', ['english', 'spanish', 'french', 'german', 'italian', 'portuguese', 'ingles', 'espanol', 'castellano', 'frances', 'aleman', 'italiano', 'portugues']],
  ['units', ['metric', 'imperial', 'celsius', 'fahrenheit', 'kilometers', 'kilometres', 'miles', 'kilometros', 'millas']],
  ['quotes', ['single quotes', 'double quotes', 'comillas simples', 'comillas dobles']],
  ['drink', ['tea', 'coffee', 'cafe', 'mate', 'el te', 'un te', 'te verde', 'green tea', 'black tea', 'te negro']],
  ['time format', ['24 hour', '12 hour', '24h', '12h', '24 horas', '12 horas']],
];

/**
 * What an answer of the assistant may be asked to be: these values compete only when a
 * preference or an instruction is about answers ("I prefer concise answers" / "…detailed
 * answers"), never elsewhere ("short hair", "a long commute", "a formal dress code").
 */
export const ANSWER_STYLES: ReadonlyArray<[string, readonly string[]]> = [
  ['length', ['concise', 'short', 'shorter', 'brief', 'briefer', 'succinct', 'terse', 'detailed', 'long', 'longer', 'thorough', 'in-depth', 'in depth', 'verbose', 'cortas', 'cortos', 'breves', 'concisas', 'concisos', 'detalladas', 'detallados', 'largas', 'largos', 'extensas', 'extensos']],
  ['tone', ['formal', 'formally', 'informal', 'informally', 'casual', 'casually', 'friendly', 'professional', 'professionally', 'formales', 'formalmente', 'informales', 'informalmente', 'casuales']],
];

function escape(term: string): string {
  return term.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

// A table as one pattern: the leftmost term found, and the category of each term.
interface CompiledTable {
  pattern: RegExp;
  categoryOf: ReadonlyMap<string, string>;
}

// One alternation of every term, in the table's order, on word boundaries. Building a
// `u` pattern with \p{L} costs ~0.4 ms: one per term on each call cost a fact-stating
// message ~65 µs, and the first such message after a start ~60 ms. The leftmost match is
// the term found first in the text, and at one place the alternation tries the terms in
// the table's order: the category the term-by-term search gave.
function compileTable(table: ReadonlyArray<[string, readonly string[]]>): CompiledTable {
  const categoryOf = new Map<string, string>();
  for (const [category, terms] of table) for (const term of terms) if (!categoryOf.has(term)) categoryOf.set(term, category);
  const terms = [...categoryOf.keys()].map(escape).join('|');
  return { pattern: new RegExp(`(?:^|[^\\p{L}\\p{N}])(${terms})(?![\\p{L}\\p{N}+#])`, 'u'), categoryOf };
}

const COMPILED_CATEGORIES = compileTable(CATEGORIES);
const COMPILED_ANSWER_STYLES = compileTable(ANSWER_STYLES);

/** The category of the first category term found in a folded value, or null. */
export function valueCategory(folded: string): string | null {
  return firstOf(COMPILED_CATEGORIES, folded);
}

/** The answer style (`length`, `tone`) a folded value names first, or null; see ANSWER_STYLES. */
export function answerStyle(folded: string): string | null {
  return firstOf(COMPILED_ANSWER_STYLES, folded);
}

function firstOf(table: CompiledTable, folded: string): string | null {
  const found = table.pattern.exec(folded)?.[1];
  return found === undefined ? null : (table.categoryOf.get(found) ?? null);
}
