import type { Tokenizer } from '../tokens/tokenizer.js';
import { summarizeSegment, type FittedSummary, type SummaryTurn } from './summarizer.js';

/**
 * `prepared`: computed ahead of time; `anticipated`: a closing segment's summary was
 * ready; `computed`: it was not, and was computed as the segment closed.
 */
export type SummaryWork = 'prepared' | 'anticipated' | 'computed';

/**
 * The daemon's one summarizer: `summarizeSegment` with the config's token limit, plus a
 * small memo so a segment can be summarised before it closes, off the call the user
 * waits on. `summarizeSegment` is a pure function of the turns' role, text and number
 * (with a fixed tokenizer and limit), so a summary computed ahead of time is
 * byte-identical to one computed at closing: the memo changes when the work happens,
 * never what is written.
 */
export class SegmentSummarizer {
  private readonly ready = new Map<string, FittedSummary>();

  /** `capacity`: summaries prepared ahead and not used yet that are kept (0: none are prepared). */
  constructor(
    private readonly tokenizer: Tokenizer,
    private readonly maxTokens: number,
    private readonly capacity: number,
    private readonly observe: (work: SummaryWork) => void = () => {},
  ) {}

  /** The summary of a closing segment: the one prepared ahead of time, or computed now. */
  summarize(turns: readonly SummaryTurn[]): FittedSummary {
    const key = segmentKey(turns);
    const prepared = this.ready.get(key);
    if (prepared !== undefined) {
      // A segment closes once; its summary is not needed again.
      this.ready.delete(key);
      this.observe('anticipated');
      return prepared;
    }
    this.observe('computed');
    return summarizeSegment(turns, this.tokenizer, { maxTokens: this.maxTokens });
  }

  /** Summarises a segment expected to close soon, unless that is already done. */
  anticipate(turns: readonly SummaryTurn[]): void {
    if (this.capacity === 0) return;
    const key = segmentKey(turns);
    if (this.ready.has(key)) return;
    this.ready.set(key, summarizeSegment(turns, this.tokenizer, { maxTokens: this.maxTokens }));
    this.observe('prepared');
    // First in, first out: the oldest guess is the least likely to still close.
    if (this.ready.size > this.capacity) this.ready.delete(this.ready.keys().next().value as string);
  }

  /** Summaries prepared ahead of time and not used yet. */
  get pending(): number {
    return this.ready.size;
  }
}

// Everything the summary depends on, unambiguously (JSON quotes the texts).
function segmentKey(turns: readonly SummaryTurn[]): string {
  return JSON.stringify(turns.map((turn) => [turn.role, turn.turnNumber, turn.content]));
}
