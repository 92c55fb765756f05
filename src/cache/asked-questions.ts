/**
 * When each question that may still get its answer was asked, counted in fact changes
 * (the cache's fact generation then). An answer is stored only when no fact changed
 * since its question was asked: the LLM wrote it from the facts of that moment.
 *
 * Keyed by cache key, not by session: when two sessions ask the same question, the
 * earlier asking counts until an answer to it is offered, so a change between them costs
 * the later one its store (a miss), never lets the earlier one's stale answer in. A
 * question not held (never asked in this process, or forgotten to bound the memory) is
 * taken as asked when the process started, generation 0: no question can have been asked
 * earlier, whereas the generation of the last question forgotten would be too late for
 * one forgotten before it, whose answer could then be stored over a fact change.
 */
export class AskedQuestions {
  // Insertion order is asking order, and generations only grow: the first entry is the oldest.
  private readonly asked = new Map<string, number>();

  /** `maxQuestions` bounds the memory: the oldest question is forgotten first. */
  constructor(private readonly maxQuestions: number) {}

  /** The question under `key` was asked at fact generation `generation` (an earlier asking is kept). */
  note(key: string, generation: number): void {
    if (this.asked.has(key)) return;
    this.asked.set(key, generation);
    if (this.asked.size <= this.maxQuestions) return;
    const oldest = this.asked.keys().next();
    if (!oldest.done) this.asked.delete(oldest.value);
  }

  /** The generation the question under `key` was asked at. */
  askedAt(key: string): number {
    return this.asked.get(key) ?? 0;
  }

  /** Forgets the question under `key` (its answer was offered). */
  forget(key: string): void {
    this.asked.delete(key);
  }
}
