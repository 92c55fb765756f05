import type { Embedder } from '../embeddings/embedder.js';
import type { TxScope } from '../storage/transaction.js';
import { setNewest } from '../bounded-map.js';

// A text and its vector from the daemon's embedder.
interface HeldVector {
  text: string;
  vector: Float32Array;
}

interface SessionVectors {
  last: HeldVector | null;
  lastUser: HeldVector | null;
}

/** Where the latest turns' texts are read after a restart (the conversation store). */
export interface LatestTurnTexts {
  latestTurnTexts(sessionId: string): { last: string | null; lastUser: string | null };
}

// Sessions held, the most recently recorded ones (two vectors each: ~4 KB with 512 dimensions).
const SESSIONS_HELD = 1024;

/**
 * The vectors a new turn is compared with: its session's latest turn (continuity) and
 * latest user turn (topic shifts). Only those two are ever compared, so they are kept in
 * memory instead of in every turn's row.
 *
 * A vector is looked up by its text and is the embedder's vector of that text, so a hit
 * is exactly what embedding the text again would give: the database state alone still
 * decides every comparison. The latest turns are only ever replaced by newer ones (turns
 * are purged oldest first), so what a session holds after its commits is what its rows
 * hold; `warm` reads and embeds them again for a session not held (after a restart).
 * Within a transaction, the turns it recorded are visible to its later turns (a tool
 * result after the user's message); they are kept only once it commits.
 */
export class TurnVectors {
  private readonly sessions = new Map<string, SessionVectors>();
  private readonly pending = new WeakMap<TxScope, Map<string, HeldVector[]>>();

  constructor(private readonly maxSessions = SESSIONS_HELD) {}

  /** Lets go of a session's vectors (an erased session). */
  forget(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  /**
   * Makes sure a session's latest turns' vectors are held, embedding their texts again
   * if not, with `embedder`: the one that embeds the new turns.
   */
  async warm(sessionId: string, source: LatestTurnTexts, embedder: Pick<Embedder, 'embed'>): Promise<void> {
    if (this.sessions.has(sessionId)) return;
    const texts = source.latestTurnTexts(sessionId);
    const last = texts.last === null ? null : { text: texts.last, vector: await embedder.embed(texts.last) };
    const lastUser =
      texts.lastUser === null ? null : texts.lastUser === texts.last && last !== null ? last : { text: texts.lastUser, vector: await embedder.embed(texts.lastUser) };
    // Another request of the session may have committed a newer turn meanwhile: that one wins.
    if (!this.sessions.has(sessionId)) this.hold(sessionId, { last, lastUser });
  }

  /** The vector of `text` if it is one of the session's latest turns (or a turn recorded earlier in `scope`), else null. */
  find(sessionId: string, text: string, scope: TxScope): Float32Array | null {
    const recorded = this.pending.get(scope)?.get(sessionId);
    if (recorded !== undefined) {
      for (let index = recorded.length - 1; index >= 0; index -= 1) {
        const held = recorded[index] as HeldVector;
        if (held.text === text) return held.vector;
      }
    }
    return this.held(sessionId, text);
  }

  /** The vector of `text` if it is one of the session's latest committed turns, else null. */
  held(sessionId: string, text: string): Float32Array | null {
    const session = this.sessions.get(sessionId);
    if (session?.last?.text === text) return session.last.vector;
    if (session?.lastUser?.text === text) return session.lastUser.vector;
    return null;
  }

  /** A turn recorded in `scope`: visible to the scope's later turns now, the session's latest once it commits. */
  record(sessionId: string, role: 'user' | 'assistant' | 'tool', text: string, vector: Float32Array, scope: TxScope): void {
    const held = { text, vector };
    let recorded = this.pending.get(scope);
    if (recorded === undefined) {
      recorded = new Map();
      this.pending.set(scope, recorded);
    }
    recorded.set(sessionId, [...(recorded.get(sessionId) ?? []), held]);
    scope.afterCommit(() => {
      const session = this.sessions.get(sessionId) ?? { last: null, lastUser: null };
      this.hold(sessionId, { last: held, lastUser: role === 'user' ? held : session.lastUser });
    });
  }

  /** Sessions held. */
  get size(): number {
    return this.sessions.size;
  }

  private hold(sessionId: string, vectors: SessionVectors): void {
    setNewest(this.sessions, sessionId, vectors, this.maxSessions);
  }
}
