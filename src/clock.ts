/** The source of "now" for everything that stores or compares times (UTC epoch ms). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand; nothing in memoryd sleeps to let time pass. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: number | Date = Date.UTC(2026, 0, 1)) {
    this.current = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.current;
  }

  set(to: number | Date): void {
    this.current = typeof to === 'number' ? to : to.getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
