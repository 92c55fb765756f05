export type WaitingFor = 'connection' | 'answer';

/** What the errors name: the call and its limit. */
export interface CallTarget {
  method: string;
  path: string;
  timeoutMs: number;
}

/**
 * The one timer of a `send`, from the call to the answer. Each wait of the call (for a
 * free connection, for one to connect, for the answer) registers how to end it; when
 * the time is up that wait ends with an error naming what it waited for: the answer once
 * the request went out (a resend too), else a connection.
 */
export class CallDeadline {
  private readonly timer: NodeJS.Timeout;
  private passed = false;
  // Once the request went out on a connection, memoryd may have read it, a resend or not.
  private sent = false;
  private cancel: ((error: Error) => void) | null = null;

  constructor(private readonly req: CallTarget) {
    this.timer = setTimeout(() => this.expire(), req.timeoutMs);
  }

  /** Until `done`, the deadline ends the wait by calling `cancel`: at once, returning false, if it has passed. */
  wait(cancel: (error: Error) => void): boolean {
    if (this.passed) {
      cancel(this.error());
      return false;
    }
    this.cancel = cancel;
    return true;
  }

  /** The request is being written: from now on a timeout is one waiting for the answer. */
  markSent(): void {
    this.sent = true;
  }

  done(): void {
    this.cancel = null;
  }

  clear(): void {
    clearTimeout(this.timer);
  }

  private expire(): void {
    this.passed = true;
    const cancel = this.cancel;
    this.cancel = null;
    cancel?.(this.error());
  }

  private error(): MemorydTimeoutError {
    return new MemorydTimeoutError(this.req, this.sent ? 'answer' : 'connection');
  }
}

/**
 * A call of the client that ran out of its `timeoutMs`: still waiting for a connection
 * (none was free, or connecting took that long, before the request was ever sent: memoryd
 * never read it), or for the answer (also while reconnecting to resend it: memoryd may
 * have acted on it, and a resend may record a message twice).
 */
export class MemorydTimeoutError extends Error {
  readonly waitedFor: WaitingFor;
  readonly timeoutMs: number;

  constructor(call: CallTarget, waitedFor: WaitingFor) {
    const { method, path, timeoutMs } = call;
    super(
      waitedFor === 'answer'
        ? `memoryd did not answer ${method} ${path} within ${timeoutMs} ms`
        : `${method} ${path}: no connection to memoryd within ${timeoutMs} ms`,
    );
    this.name = 'MemorydTimeoutError';
    this.waitedFor = waitedFor;
    this.timeoutMs = timeoutMs;
  }
}
