/**
 * When each question that may still get its answer was asked, counted in fact changes
 * (the cache's fact generation then). An answer is stored only when no fact changed
 * since its question was asked: the LLM wrote it from the facts of that moment.
 *
 * Held twice. By cache key, as the context call asks (it names no session): when two
 * sessions ask the same question, the earlier asking counts until an answer to it is
 * offered, so a change between them costs the later one its store (a miss), never lets
 * the earlier one's stale answer in; an asking after an answer was offered starts anew.
 * And by the user turn that asked, once a first answer to it is offered: every later
 * answer to that turn (a correction) is judged by when that turn was asked, not by
 * another session's asking, nor as never asked.
 *
 * A question held neither way (never asked in this process, or forgotten to bound the
 * memory) is the caller's to judge (`askedAt` is undefined): the response cache takes
 * it as asked when the process started, generation 0, unless its turn is older than
 * that. No question can have been asked earlier, whereas the generation of the last
 * question forgotten would be too late for one forgotten before it, whose answer could
 * then be stored over a fact change.
 */
export class AskedQuestions {
  // Insertion order is asking order, and generations only grow: the first entry is the oldest.
  private readonly byKey = new Map<string, { generation: number; offered: boolean }>();
  private readonly byTurn = new Map<string, number>();

  /** `maxQuestions` bounds the memory of each map: the oldest entry is forgotten first. */
  constructor(private readonly maxQuestions: number) {}

  /**
   * The question under `key` was asked at fact generation `generation`. An earlier asking
   * whose answer has not been offered yet is kept; one whose answer has been is replaced.
   */
  note(key: string, generation: number): void {
    const held = this.byKey.get(key);
    if (held !== undefined && !held.offered) return;
    // Deleted first, so that insertion order stays asking order.
    this.byKey.delete(key);
    this.byKey.set(key, { generation, offered: false });
    this.bound(this.byKey);
  }

  /**
   * The generation the question under `key` was asked at: that of the user turn `turn`
   * (an id among all sessions' turns) once an answer to it was offered, else that of the
   * key's asking held; undefined when neither is held.
   */
  askedAt(key: string, turn?: string): number | undefined {
    const ofTurn = turn === undefined ? undefined : this.byTurn.get(turn);
    return ofTurn ?? this.byKey.get(key)?.generation;
  }

  /**
   * An answer to the question under `key`, asked by the user turn `turn` at `generation`,
   * was offered: the key's asking is answered (the next asking starts anew), and the turn
   * keeps its generation for the answers to it that may follow (undefined: not known, so
   * none is kept and each answer is judged as the first).
   */
  offered(key: string, generation: number | undefined, turn?: string): void {
    const held = this.byKey.get(key);
    if (held !== undefined) held.offered = true;
    if (turn === undefined || generation === undefined || this.byTurn.has(turn)) return;
    this.byTurn.set(turn, generation);
    this.bound(this.byTurn);
  }

  private bound(map: Map<string, unknown>): void {
    if (map.size <= this.maxQuestions) return;
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}
