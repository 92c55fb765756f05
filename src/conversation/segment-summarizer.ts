import { setNewest } from '../bounded-map.js';
import { toChunk } from '../tokens/chunks.js';
import type { TxScope } from '../storage/transaction.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { contentWords } from './content-words.js';
import { summarizeSegment, type ConversationSummary, type SummaryTurn } from './summarizer.js';

/** What a summary row holds that depends only on the turns it summarises. */
export interface SummaryContent {
  /** The minified key-value JSON as rendered, and its chunk's exact count (≤ the limit). */
  body: string;
  tokenCount: number;
  topic: string;
  /**
   * `{topic, outcome}`, plus `decisions` when there are any, for the compact-json lens,
   * and its chunk's count: under pressure a summary keeps what was decided, the part a
   * question about the past most often asks for (as cutting to 50 tokens keeps it last).
   * Always smaller than the summary, which also holds `discussed` and `open_questions`.
   */
  compactBody: string;
  compactTokenCount: number;
  /** The content words of the summary's values (not its key names) and of its segment's top keywords (`SegmentSummary.searchWords`), space-separated, for retrieval. */
  searchText: string;
  /** Every value is empty: the segment said nothing a summary could keep ("Noted.", "ok"). */
  empty: boolean;
}

/**
 * `prepared`: computed ahead of time (`failed`: that threw); `anticipated`: a closing
 * segment's summary was ready; `computed`: it was not, and was computed as it closed.
 */
export const SUMMARY_WORK = ['prepared', 'failed', 'anticipated', 'computed'] as const;
export type SummaryWork = (typeof SUMMARY_WORK)[number];

/**
 * The daemon's one summarizer: a segment's summary content (`summarizeSegment` with the
 * config's token limit, its compact form, counts and search words), plus a small memo
 * so a segment can be summarised before it closes, off the call the user waits on. The
 * content is a pure function of the turns' role, text, number and time (with a fixed
 * tokenizer and limit, the daemon's time zone for the local days that "yesterday" and
 * "ayer" are written as, and for Chinese, Japanese or Thai the word dictionaries of the
 * running Node's ICU), so content computed ahead of time is byte-identical to content
 * computed at closing: the memo changes when the work happens, never what is written.
 */
export class SegmentSummarizer {
  private readonly ready = new Map<string, SummaryContent>();

  /** `capacity`: summaries prepared ahead and not used yet that are kept (0: none are prepared). */
  constructor(
    private readonly tokenizer: Tokenizer,
    private readonly maxTokens: number,
    private readonly capacity: number,
    private readonly observe: (work: SummaryWork) => void = () => {},
  ) {}

  /**
   * The summary of a closing segment: the one prepared ahead of time, or computed now.
   * `reply`: the assistant turn right after the segment, if any (see `summarizeSegment`).
   * The memo lets go of it, and the work is counted, only once `scope` commits: a dry run
   * or a rolled-back request leaves the memo and the metrics as they were.
   */
  summarize(turns: readonly SummaryTurn[], reply: SummaryTurn | null, scope: TxScope, saidBefore = ''): SummaryContent {
    const key = segmentKey(turns, reply, saidBefore);
    const prepared = this.ready.get(key);
    scope.afterCommit(() => {
      // A segment closes once; its summary is not needed again.
      if (prepared !== undefined) this.ready.delete(key);
      this.observe(prepared === undefined ? 'computed' : 'anticipated');
    });
    return prepared ?? this.compute(turns, reply, saidBefore);
  }

  /**
   * Summarises a segment expected to close soon, unless that is already done: its summary's
   * outcome (what the next segment's summary must not repeat), or null when none is prepared
   * or it would write none (it keeps nothing).
   */
  anticipate(turns: readonly SummaryTurn[], reply: SummaryTurn | null = null, saidBefore = ''): string | null {
    if (this.capacity === 0) return null;
    const key = segmentKey(turns, reply, saidBefore);
    const known = this.ready.get(key);
    if (known !== undefined) return writtenOutcome(known);
    let content: SummaryContent;
    try {
      content = this.compute(turns, reply, saidBefore);
    } catch {
      // Only a guess, after the answer was committed: the same error is raised again, in
      // the request that needs the summary, if this segment really closes.
      this.observe('failed');
      return null;
    }
    // First in, first out: the oldest guess is the least likely to still close.
    setNewest(this.ready, key, content, this.capacity);
    this.observe('prepared');
    return writtenOutcome(content);
  }

  private compute(turns: readonly SummaryTurn[], reply: SummaryTurn | null, saidBefore: string): SummaryContent {
    const fitted = summarizeSegment(turns, this.tokenizer, { maxTokens: this.maxTokens }, reply, saidBefore);
    const { topic, outcome, decisions } = fitted.summary;
    const compactBody = JSON.stringify(decisions.length === 0 ? { topic, outcome } : { topic, outcome, decisions });
    const values = summaryValues(fitted.summary);
    return {
      body: fitted.text,
      // The summary renders as one chunk of the summaries section: its size is the chunk's.
      tokenCount: fitted.tokenCount,
      topic: fitted.summary.topic,
      compactBody,
      compactTokenCount: this.tokenizer.count(toChunk(compactBody)),
      searchText: contentWords([...values, ...fitted.searchWords].join('\n')).join(' '),
      empty: values.every((value) => value === ''),
    };
  }

  /** Lets go of every summary prepared ahead (an erased session's among them: they are not keyed by session). */
  forgetPrepared(): void {
    this.ready.clear();
  }

  /** Summaries prepared ahead of time and not used yet. */
  get pending(): number {
    return this.ready.size;
  }
}

/** The outcome a summary's body states ('' for none). */
export function summaryOutcome(body: string): string {
  return (JSON.parse(body) as { outcome?: string }).outcome ?? '';
}

function writtenOutcome(content: SummaryContent): string | null {
  return content.empty ? null : summaryOutcome(content.body);
}

// What the summary says, without the JSON's key names: every summary has those, so they
// would only match questions that happen to say "topic" or "decisions".
function summaryValues(summary: ConversationSummary): string[] {
  return [summary.topic, ...summary.discussed, summary.outcome, ...summary.decisions, ...summary.open_questions];
}

// Everything the summary depends on, unambiguously (JSON quotes the texts).
function segmentKey(turns: readonly SummaryTurn[], reply: SummaryTurn | null, saidBefore: string): string {
  // The time too: relative days are written as the dates they point to from it.
  const each = (turn: SummaryTurn) => [turn.role, turn.turnNumber, turn.content, turn.at ?? null];
  return JSON.stringify([turns.map(each), reply === null ? null : each(reply), saidBefore]);
}
