import { MINUTE_MS } from '../clock.js';
import type { Logger } from '../discardable/logger.js';
import type { FactView } from './fact-record.js';

/** How often queued re-confirmations are written (spec §4: "every 5 minutes or at shutdown"). */
export const RECONFIRM_FLUSH_MS = 5 * MINUTE_MS;

/** A flush that failed, and why. */
export interface FlushFailure {
  error: unknown;
}

/**
 * Writes the facts tier's queued re-confirmations on a timer and once more at shutdown.
 * The timer is unref'd: it never keeps the process alive on its own.
 */
export class ReconfirmFlusher {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly facts: { flushReconfirmations(): FactView[] },
    private readonly logger: Logger,
    /** Told how many facts each flush re-confirmed (metrics). */
    private readonly onFlushed: (count: number) => void,
    private readonly intervalMs = RECONFIRM_FLUSH_MS,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.flush(), this.intervalMs).unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Writes what is queued now; a failure is logged, and the queue keeps what it held for the next flush. */
  flush(): FlushFailure | null {
    const failure = this.write();
    if (failure !== null) this.logger.error({ err: failure.error, part: 'facts' }, 'writing queued fact re-confirmations failed; they stay queued');
    return failure;
  }

  /** The last flush, at shutdown: nothing stays queued after it, so the caller says what was lost. */
  flushLast(): FlushFailure | null {
    return this.write();
  }

  private write(): FlushFailure | null {
    try {
      const written = this.facts.flushReconfirmations();
      if (written.length > 0) {
        this.onFlushed(written.length);
        this.logger.debug({ part: 'facts', reconfirmed: written.length }, 'queued fact re-confirmations written');
      }
      return null;
    } catch (error) {
      return { error };
    }
  }
}
