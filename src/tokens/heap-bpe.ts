/** Byte sequences (as latin1 strings) → rank. */
export type RankLookup = ReadonlyMap<string, number>;

const LEFT_SPAN = 2 ** 32;

/**
 * Byte-pair encoding of one piece in O(m log m) for m bytes: the same merges as
 * tiktoken (repeatedly the lowest-ranked adjacent pair, leftmost on ties), found with a
 * binary heap instead of a rescan per merge (js-tiktoken rescans, which is quadratic in
 * the piece). `key` is the piece's bytes as a latin1 string.
 */
export function heapBytePairEncode(key: string, ranks: RankLookup): number[] {
  const steps = bytePairSteps(key, ranks);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** Merges between two checkpoints of `bytePairSteps`: a few milliseconds of work at most. */
export const MERGES_PER_STEP = 4096;

/**
 * The same encoding as a generator that pauses every MERGES_PER_STEP merges, so a
 * caller on the event loop can yield between steps on one enormous piece (250 KB of
 * spaces is one pre-token piece). Returns the tokens.
 */
export function* bytePairSteps(key: string, ranks: RankLookup): Generator<void, number[], void> {
  const whole = ranks.get(key);
  if (whole !== undefined) return [whole];
  const length = key.length;
  // Parts are named by their first byte and linked; pairRank[p] is the rank of the pair
  // starting at part p as it is now (-1: none), so a heap entry is current iff it matches.
  const end = new Int32Array(length);
  const next = new Int32Array(length);
  const prev = new Int32Array(length);
  const pairRank = new Float64Array(length).fill(-1);
  const heap = new PackedMinHeap(3 * length);
  const offer = (left: number): void => {
    if (left < 0) return;
    const right = next[left] ?? -1;
    const rank = right < 0 ? undefined : ranks.get(key.slice(left, end[right]));
    pairRank[left] = rank ?? -1;
    // Packed (rank, left): ordering the numbers orders by rank, then leftmost.
    if (rank !== undefined) heap.push(rank * LEFT_SPAN + left);
  };
  for (let i = 0; i < length; i += 1) {
    end[i] = i + 1;
    next[i] = i + 1 < length ? i + 1 : -1;
    prev[i] = i - 1;
  }
  for (let i = 0; i + 1 < length; i += 1) {
    offer(i);
    if (i % (4 * MERGES_PER_STEP) === 0 && i > 0) yield;
  }
  let merges = 0;
  while (heap.size > 0) {
    merges += 1;
    if (merges % MERGES_PER_STEP === 0) yield;
    const packed = heap.pop();
    const left = packed % LEFT_SPAN;
    if (pairRank[left] !== (packed - left) / LEFT_SPAN) continue;
    const right = next[left] ?? -1;
    end[left] = end[right] ?? left + 1;
    pairRank[right] = -1;
    const after = next[right] ?? -1;
    next[left] = after;
    if (after >= 0) prev[after] = left;
    offer(prev[left] ?? -1);
    offer(left);
  }
  const tokens: number[] = [];
  for (let part = 0; part >= 0; part = next[part] ?? -1) {
    const rank = ranks.get(key.slice(part, end[part]));
    if (rank === undefined) throw new Error(`byte sequence without a rank at ${part}`);
    tokens.push(rank);
  }
  return tokens;
}

// Min-heap of non-negative integers below 2^53, in a typed array (no per-entry objects).
class PackedMinHeap {
  private readonly values: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.values = new Float64Array(Math.max(1, capacity));
  }

  push(value: number): void {
    const values = this.values;
    let i = this.size;
    this.size += 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = values[parent] ?? 0;
      if (above <= value) break;
      values[i] = above;
      i = parent;
    }
    values[i] = value;
  }

  pop(): number {
    const values = this.values;
    const top = values[0] ?? 0;
    this.size -= 1;
    const last = values[this.size] ?? 0;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= this.size) break;
      const r = l + 1;
      const child = r < this.size && (values[r] ?? 0) < (values[l] ?? 0) ? r : l;
      if ((values[child] ?? 0) >= last) break;
      values[i] = values[child] ?? 0;
      i = child;
    }
    values[i] = last;
    return top;
  }
}
