import type { Logger } from '../discardable/logger.js';
import type { Database } from './database.js';

/** WAL pages before SQLite checkpoints on its own, on whatever request commits then (~4 MB with 1 KiB pages). */
export const AUTOCHECKPOINT_PAGES = 4_000;

/**
 * Moves WAL checkpoints off the request path. A checkpoint copies the WAL into the
 * database file and fsyncs it (milliseconds): SQLite's default runs one inside the
 * commit of whichever request crosses 1000 pages, which was most of the context call's
 * p99. Here it runs once the daemon has been idle for `idleMs`; SQLite's own
 * checkpoint stays as a backstop at AUTOCHECKPOINT_PAGES for a daemon that is never idle.
 */
export class IdleCheckpointer {
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
    private readonly idleMs = 1000,
  ) {
    database.sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  }

  /** A request finished: checkpoint once things stay quiet. */
  noteActivity(): void {
    this.dirty = true;
    if (this.timer !== null) this.timer.refresh();
    else this.timer = setTimeout(() => this.checkpoint(), this.idleMs).unref();
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private checkpoint(): void {
    this.timer = null;
    if (!this.dirty) return;
    this.dirty = false;
    try {
      // PASSIVE: copies what it can without waiting for readers (inspect-facts may be reading).
      this.database.sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      this.logger.warn({ err: error, part: 'storage' }, 'idle WAL checkpoint failed; SQLite will checkpoint on its own');
    }
  }
}
