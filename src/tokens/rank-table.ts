/**
 * An encoding's vocabulary both ways: byte sequences → rank, keyed by the sequence as a
 * latin1 string (one char per byte), and rank → that same key for decoding.
 */
export interface RankTable {
  readonly rankOf: ReadonlyMap<string, number>;
  readonly bytesOf: readonly (string | undefined)[];
}

/** Parses js-tiktoken's `bpe_ranks` format: lines of "<tag> <first rank> <base64 token>…". */
export function parseRankTable(bpeRanks: string): RankTable {
  const rankOf = new Map<string, number>();
  const bytesOf: (string | undefined)[] = [];
  for (const line of bpeRanks.split('\n')) {
    if (line === '') continue;
    const fields = line.split(' ');
    const offset = Number.parseInt(fields[1] ?? '', 10);
    for (let i = 2; i < fields.length; i += 1) {
      const key = Buffer.from(fields[i] ?? '', 'base64').toString('latin1');
      rankOf.set(key, offset + i - 2);
      bytesOf[offset + i - 2] = key;
    }
  }
  return { rankOf, bytesOf };
}

/** The UTF-8 bytes of `text` as a latin1 string, the key format of a RankTable. */
export function utf8Key(text: string): string {
  for (let i = 0; i < text.length; i += 1) {
    if (text.charCodeAt(i) > 0x7f) return Buffer.from(text, 'utf8').toString('latin1');
  }
  return text;
}
