import { setNewest } from '../bounded-map.js';

/** Prompt sizes of one session since the daemon started. */
export interface SessionStatsSummary {
  requests: number;
  tokens: { min: number; median: number; max: number };
}

interface Entry {
  requests: number;
  min: number;
  max: number;
  recent: number[];
}

const RECENT = 1000;
const MAX_SESSIONS = 10_000;

/**
 * Per-session request counts and prompt-size summaries, in memory (reset at restart).
 * The median is over the last 1000 requests; the least recently active sessions are
 * forgotten past 10,000 sessions, so memory stays bounded.
 */
export class SessionStats {
  private readonly sessions = new Map<string, Entry>();

  record(sessionId: string, tokens: number): void {
    const entry = this.sessions.get(sessionId) ?? { requests: 0, min: tokens, max: tokens, recent: [] };
    entry.requests += 1;
    entry.min = Math.min(entry.min, tokens);
    entry.max = Math.max(entry.max, tokens);
    entry.recent.push(tokens);
    if (entry.recent.length > RECENT) entry.recent.shift();
    setNewest(this.sessions, sessionId, entry, MAX_SESSIONS);
  }

  /** Lets go of a session's figures (an erased session). */
  forget(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  summary(sessionId: string): SessionStatsSummary | null {
    const entry = this.sessions.get(sessionId);
    if (!entry) return null;
    const sorted = [...entry.recent].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    const median = sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
    return { requests: entry.requests, tokens: { min: entry.min, median, max: entry.max } };
  }
}
