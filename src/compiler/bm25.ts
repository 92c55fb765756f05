// Okapi BM25's usual constants.
const K1 = 1.2;
const B = 0.75;

/** A document's words as BM25 reads them: how often each occurs, and how many there are. */
export interface DocumentTerms {
  counts: ReadonlyMap<string, number>;
  length: number;
}

/** The terms of a space-separated text (a summary's search text: its content words). */
export function documentTerms(searchText: string): DocumentTerms {
  const words = searchText.split(' ');
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return { counts, length: words.length };
}

/**
 * One word's share of a document's BM25 score: it occurs `frequency` times in a document
 * of `length` words, and in `containing` of the `documents` documents. Every ranking uses
 * this one expression, so the same inputs give the same score to the last bit.
 */
export function scoreBm25(frequency: number, containing: number, documents: number, length: number, averageLength: number): number {
  const idf = Math.log(1 + (documents - containing + 0.5) / (containing + 0.5));
  return (idf * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / averageLength));
}

interface Ranked {
  index: number;
  score: number;
}

// Negative when `a` ranks before `b`: the higher score, then the earlier place (the order is total: places differ).
function byRank(a: Ranked, b: Ranked): number {
  return b.score - a.score || a.index - b.index;
}

/** Scored entries with a positive score, best first; ties keep their place in the list (newest first). */
export function bestFirst<E extends Ranked>(entries: readonly E[]): E[] {
  return entries.filter((entry) => entry.score > 0).sort(byRank);
}

/**
 * `bestFirst(entries).slice(0, limit)` for a count `limit` ≥ 0, in one pass that keeps the
 * best so far: a question may match hundreds of archived summaries by a name they share,
 * and retrieval keeps four.
 */
export function bestOf<E extends Ranked>(entries: readonly E[], limit: number): E[] {
  if (limit >= entries.length) return bestFirst(entries);
  const kept: E[] = [];
  for (const entry of entries) {
    if (!(entry.score > 0)) continue;
    let at = kept.length;
    while (at > 0 && byRank(entry, kept[at - 1] as E) < 0) at -= 1;
    if (at >= limit) continue;
    kept.splice(at, 0, entry);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}

/** The documents matching at least one term, best first; ties keep the input order (newest first). */
export function rankByBm25<D extends { terms: DocumentTerms }>(terms: readonly string[], documents: readonly D[]): D[] {
  return bestFirst(scoreByBm25(terms, documents)).map((entry) => entry.document);
}

/** Each document holding at least one term, in input order, with its place and its BM25 score. */
export function scoreByBm25<D extends { terms: DocumentTerms }>(terms: readonly string[], documents: readonly D[]): Array<{ document: D; index: number; score: number }> {
  // One pass reads every (document, term) frequency; the counts of documents holding each
  // term are needed before scoring.
  const width = terms.length;
  const frequencies = new Float64Array(documents.length * width);
  const containing = new Array<number>(width).fill(0);
  const matching: number[] = [];
  let totalLength = 0;
  documents.forEach((document, d) => {
    totalLength += document.terms.length;
    let matches = false;
    for (let t = 0; t < width; t += 1) {
      const frequency = document.terms.counts.get(terms[t] as string) ?? 0;
      if (frequency === 0) continue;
      frequencies[d * width + t] = frequency;
      containing[t] = (containing[t] ?? 0) + 1;
      matches = true;
    }
    if (matches) matching.push(d);
  });
  const averageLength = totalLength / Math.max(1, documents.length);
  return matching.map((d) => {
    const document = documents[d] as D;
    let score = 0;
    for (let t = 0; t < width; t += 1) {
      const frequency = frequencies[d * width + t] ?? 0;
      if (frequency > 0) score += scoreBm25(frequency, containing[t] ?? 0, documents.length, document.terms.length, averageLength);
    }
    return { document, index: d, score };
  });
}
