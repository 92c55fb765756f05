// Widths of text as a terminal shows it, in columns: a table lines its columns up by these,
// never by UTF-16 units or code points (a family emoji is 8 units, 5 code points, 2 columns).

const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

// East Asian Wide and Fullwidth characters (ideographs, kana, Hangul syllables, fullwidth
// forms), the ranges terminals draw two columns wide.
const WIDE =
  /^[\u1100-\u115f\u231a\u231b\u2329\u232a\u23e9-\u23ec\u23f0\u23f3\u25fd\u25fe\u2614\u2615\u2648-\u2653\u267f\u2693\u26a1\u26aa\u26ab\u26bd\u26be\u26c4\u26c5\u26ce\u26d4\u26ea\u26f2\u26f3\u26f5\u26fa\u26fd\u2705\u270a\u270b\u2728\u274c\u274e\u2753-\u2755\u2757\u2795-\u2797\u27b0\u27bf\u2b1b\u2b1c\u2b50\u2b55\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\u{16fe0}-\u{16fe4}\u{17000}-\u{18cff}\u{1b000}-\u{1b2ff}\u{1f004}\u{1f0cf}\u{1f18e}\u{1f191}-\u{1f19a}\u{1f200}-\u{1f2ff}\u{1f300}-\u{1f64f}\u{1f680}-\u{1f6ff}\u{1f7e0}-\u{1f7eb}\u{1f90c}-\u{1f9ff}\u{1fa70}-\u{1faff}\u{20000}-\u{2fffd}\u{30000}-\u{3fffd}]/u;
// An emoji drawn as a picture: a ZWJ sequence, one asking for emoji presentation (U+FE0F),
// a keycap, a flag (two regional indicators).
const EMOJI_SEQUENCE = /^(?:\p{Extended_Pictographic}.*[\u200d\ufe0f]|.*\u20e3|\p{Regional_Indicator}{2})/u;
// Marks, format characters and Hangul medial and final jamo: they take no column of their own.
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\u1160-\u11ff]+$/u;

/** The columns one grapheme cluster takes: 0, 1 or 2. */
export function graphemeWidth(grapheme: string): number {
  if (ZERO_WIDTH.test(grapheme)) return 0;
  return WIDE.test(grapheme) || EMOJI_SEQUENCE.test(grapheme) ? 2 : 1;
}

/** The text's grapheme clusters, as a reader sees its characters. */
export function graphemes(text: string): string[] {
  return Array.from(GRAPHEMES.segment(text), (each) => each.segment);
}

/** The columns `text` takes in a terminal (one line: no controls). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const { segment } of GRAPHEMES.segment(text)) width += graphemeWidth(segment);
  return width;
}

/** `text` followed, or preceded when `start`, by the spaces that make it `width` columns. */
export function padToWidth(text: string, width: number, side: 'end' | 'start' = 'end'): string {
  const spaces = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return side === 'end' ? text + spaces : spaces + text;
}

/** Ends a line that breaks inside a word: the word goes on at the head of the next line. */
export const WORD_GOES_ON = '↵';

/**
 * `text` (one line, single spaces) in lines of at most `width` columns (at least 2), whole:
 * nothing is left out. Lines break at spaces, so a number or a word ("3.500", "11:40")
 * stays on one line; a word wider than a line (a long URL) is broken between its
 * characters, each line but its last ending in WORD_GOES_ON, except between two wide
 * characters (Chinese, Japanese), where a line may break without a mark.
 */
export function wrapToWidth(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  for (const word of text.split(' ')) {
    const wordWidth = displayWidth(word);
    if (line !== '' && lineWidth + 1 + wordWidth <= width) {
      line += ` ${word}`;
      lineWidth += 1 + wordWidth;
      continue;
    }
    if (line !== '') lines.push(line);
    const pieces = wordWidth <= width ? [word] : brokenWord(word, width);
    lines.push(...pieces.slice(0, -1));
    line = pieces.at(-1) ?? '';
    lineWidth = displayWidth(line);
  }
  lines.push(line);
  return lines;
}

// A word wider than `width` in pieces that fit: each piece but the last keeps a column for
// the mark; the last takes what is left of the word when it fits whole.
function brokenWord(word: string, width: number): string[] {
  const clusters = graphemes(word).map((grapheme) => ({ grapheme, width: graphemeWidth(grapheme) }));
  const rest: number[] = [];
  for (let i = clusters.length - 1, sum = 0; i >= 0; i--) rest[i] = sum += (clusters[i] as { width: number }).width;
  const pieces: string[] = [];
  let piece = '';
  let pieceWidth = 0;
  clusters.forEach((cluster, i) => {
    const lastFits = pieceWidth + (rest[i] ?? 0) <= width;
    if (piece !== '' && !lastFits && pieceWidth + cluster.width > width - 1) {
      const betweenWide = cluster.width === 2 && clusters[i - 1]?.width === 2;
      pieces.push(betweenWide ? piece : piece + WORD_GOES_ON);
      piece = '';
      pieceWidth = 0;
    }
    piece += cluster.grapheme;
    pieceWidth += cluster.width;
  });
  pieces.push(piece);
  return pieces;
}
