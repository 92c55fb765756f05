import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_PARAMS,
  adaptiveWindowSize,
  selectWindow,
  type WindowTurn,
} from '../../src/conversation/window.js';
import { AppError } from '../../src/errors.js';

function turn(turnNumber: number, extra: Partial<WindowTurn> = {}): WindowTurn {
  return { turnNumber, role: turnNumber % 2 === 1 ? 'user' : 'assistant', tokenCount: 50, toolCallId: null, continuity: null, ...extra };
}

function turns(count: number, extra: Partial<WindowTurn> = {}): WindowTurn[] {
  return Array.from({ length: count }, (_, i) => turn(i + 1, extra));
}

const numbers = (list: readonly WindowTurn[]): number[] => list.map((t) => t.turnNumber);

describe('adaptiveWindowSize', () => {
  it.each([
    [[], 6, 'default'],
    [[0.9], 6, 'default'],
    [[0.8, 0.9], 8, 'high-continuity'],
    [[0.1, 0.2], 4, 'low-continuity'],
    [[0.8, 0.2], 6, 'default'],
    [[0.7, 0.9], 6, 'default'],
    [[0.3, 0.1], 6, 'default'],
    [[0.9, 0.1, 0.2], 4, 'low-continuity'],
    [[0.1, null, 0.2], 4, 'low-continuity'],
    [[0.9, 0.95, null], 8, 'high-continuity'],
  ] as const)('%j → %i (%s)', (continuities, size, reason) => {
    const result = adaptiveWindowSize(continuities);
    expect(result).toMatchObject({ size, reason });
    expect(result.detail.length).toBeGreaterThan(0);
  });

  it('uses the configured sizes and thresholds', () => {
    const params = { ...DEFAULT_WINDOW_PARAMS, windowMin: 2, windowMax: 12, highContinuity: 0.5 };
    expect(adaptiveWindowSize([0.6, 0.6], params).size).toBe(12);
    expect(adaptiveWindowSize([0.1, 0.1], params).size).toBe(2);
  });
});

describe('selectWindow', () => {
  it('keeps the newest 6 turns by default; the rest leave oldest first', () => {
    const selection = selectWindow(turns(10));
    expect(numbers(selection.kept)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(numbers(selection.leaving)).toEqual([1, 2, 3, 4]);
    expect(selection).toMatchObject({ size: 6, reason: 'default', tokens: 300, overLimit: false });
  });

  it('grows to 8 when the last two turns are highly continuous and shrinks to 4 when not', () => {
    expect(selectWindow(turns(10, { continuity: 0.9 })).kept).toHaveLength(8);
    expect(selectWindow(turns(10, { continuity: 0.1 })).kept).toHaveLength(4);
  });

  it('ignores tool turns when reading continuity', () => {
    const list = [...turns(8, { continuity: 0.9 }), turn(9, { role: 'tool', continuity: 0.1 }), turn(10, { role: 'tool', continuity: 0.1 })];
    expect(selectWindow(list).reason).toBe('high-continuity');
  });

  it.each([
    [300, 4],
    [301, 3],
    [1200, 1],
  ])('never holds more than 1200 tokens: turns of %i tokens → %i kept', (tokens, kept) => {
    const selection = selectWindow(turns(10, { tokenCount: tokens }));
    expect(selection.kept).toHaveLength(kept);
    expect(selection.tokens).toBeLessThanOrEqual(1200);
  });

  it('counts a turn too long to show whole at its clipped form, and the current message of the user not at all', () => {
    // An answer of 2000 tokens shown as 600: the question before it and the message after it stay.
    const answer = turn(4, { role: 'assistant', tokenCount: 2000, windowTokenCount: 600 });
    const kept = selectWindow([turn(1), turn(2), turn(3), answer, turn(5)]);
    expect(numbers(kept.kept)).toEqual([1, 2, 3, 4, 5]);
    expect(kept.tokens).toBe(4 * 50 + 600);
    expect(kept.overLimit).toBe(false);
    // Counted whole, the same answer would leave with every turn before it.
    expect(numbers(selectWindow([turn(1), turn(2), turn(3), { ...answer, windowTokenCount: null }, turn(5)]).kept)).toEqual([5]);
    // The user's newest message is shown whole by the prompt, in a section of its own: it
    // pushes nothing out, and `tokens` counts it whole.
    const message = turn(5, { role: 'user', tokenCount: 1100, windowTokenCount: 600 });
    const withMessage = selectWindow([turn(1), turn(2), turn(3), turn(4), message]);
    expect(numbers(withMessage.kept)).toEqual([1, 2, 3, 4, 5]);
    expect(withMessage.tokens).toBe(4 * 50 + 1100);
    expect(withMessage.overLimit).toBe(false);
    // The turns before it still keep to the cap.
    expect(numbers(selectWindow([turn(1, { tokenCount: 700 }), turn(2, { tokenCount: 700 }), turn(3), message]).kept)).toEqual([2, 3, 5]);
    // Once a later turn follows it, its clipped form is what counts.
    expect(numbers(selectWindow([turn(1), turn(2), turn(3), turn(4), message, turn(6)]).kept)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('moves an edge that falls inside a tool-call unit toward newer turns: the unit leaves whole', () => {
    const list = turns(8).map((t) =>
      t.turnNumber === 2 ? { ...t, role: 'assistant' as const, toolCallId: 'c1' } : t.turnNumber === 3 ? { ...t, role: 'tool' as const, toolCallId: 'c1' } : t,
    );
    const selection = selectWindow(list);
    expect(numbers(selection.kept)).toEqual([4, 5, 6, 7, 8]);
    expect(numbers(selection.leaving)).toEqual([1, 2, 3]);
  });

  it('keeps a unit with several results and a turn inside it together', () => {
    const list = [
      turn(1), turn(2), turn(3), turn(4),
      turn(5, { role: 'assistant', toolCallId: 'c9' }),
      turn(6, { role: 'user' }),
      turn(7, { role: 'tool', toolCallId: 'c9' }),
      turn(8, { role: 'tool', toolCallId: 'c9' }),
      turn(9), turn(10),
    ];
    const selection = selectWindow(list, { ...DEFAULT_WINDOW_PARAMS, windowDefault: 4 });
    expect(numbers(selection.kept)).toEqual([9, 10]);
    expect(numbers(selection.leaving)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('always keeps the newest unit, flagged, even when it alone is over the token cap', () => {
    const list = [...turns(4), turn(5, { role: 'assistant', toolCallId: 'big' }), turn(6, { role: 'tool', toolCallId: 'big', tokenCount: 5000 })];
    const selection = selectWindow(list);
    expect(numbers(selection.kept)).toEqual([5, 6]);
    expect(selection.overLimit).toBe(true);
  });

  it('pressure forces the minimum window', () => {
    const selection = selectWindow(turns(10, { continuity: 0.9 }), DEFAULT_WINDOW_PARAMS, { mode: 'pressure' });
    expect(selection).toMatchObject({ size: 4, reason: 'pressure' });
    expect(numbers(selection.kept)).toEqual([7, 8, 9, 10]);
  });

  it('flush keeps only the newest unit', () => {
    const selection = selectWindow(turns(7), DEFAULT_WINDOW_PARAMS, { mode: 'flush' });
    expect(numbers(selection.kept)).toEqual([7]);
    expect(numbers(selection.leaving)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(selection.reason).toBe('flush');
  });

  it('keeps the current message with the tool results recorded after it (keepFrom)', () => {
    // u1 a2 u3, then four results of u3's context call: the window of 4 would keep 4–7 only.
    const list = [...turns(3, { continuity: 0.1 }), ...[4, 5, 6, 7].map((n) => turn(n, { role: 'tool', toolCallId: `r${n}` }))];
    expect(numbers(selectWindow(list).kept)).toEqual([4, 5, 6, 7]);
    const selection = selectWindow(list, DEFAULT_WINDOW_PARAMS, { keepFrom: 3 });
    expect(numbers(selection.kept)).toEqual([3, 4, 5, 6, 7]);
    expect(numbers(selection.leaving)).toEqual([1, 2]);
    expect(selection.overLimit).toBe(true);
    // Pressure and a flush keep it too; a keepFrom already inside the newest unit changes nothing.
    expect(numbers(selectWindow(list, DEFAULT_WINDOW_PARAMS, { mode: 'pressure', keepFrom: 3 }).kept)).toEqual([3, 4, 5, 6, 7]);
    expect(numbers(selectWindow(list, DEFAULT_WINDOW_PARAMS, { mode: 'flush', keepFrom: 3 }).kept)).toEqual([3, 4, 5, 6, 7]);
    expect(numbers(selectWindow(turns(9), DEFAULT_WINDOW_PARAMS, { keepFrom: 9 }).kept)).toEqual([4, 5, 6, 7, 8, 9]);
  });

  it('handles an empty session', () => {
    expect(selectWindow([])).toMatchObject({ kept: [], leaving: [], tokens: 0, overLimit: false });
  });

  it('rejects turns out of order', () => {
    expect(() => selectWindow([turn(2), turn(1)])).toThrow(AppError);
  });

  it('never splits a unit, respects size and tokens unless only the newest unit is kept', () => {
    const turnArb = fc.record({
      tokenCount: fc.integer({ min: 1, max: 700 }),
      tool: fc.integer({ min: 0, max: 4 }),
      continuity: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(turnArb, { maxLength: 20 }), fc.constantFrom('adaptive', 'pressure', 'flush' as const), fc.option(fc.integer({ min: 1, max: 21 }), { nil: null }), (raw, mode, keepFrom) => {
        const list: WindowTurn[] = raw.map((r, i) => ({
          turnNumber: i + 1,
          role: r.tool > 0 && i % 2 === 0 ? 'tool' : 'assistant',
          tokenCount: r.tokenCount,
          toolCallId: r.tool > 0 ? `c${r.tool}` : null,
          continuity: r.continuity,
        }));
        const selection = selectWindow(list, DEFAULT_WINDOW_PARAMS, { mode, keepFrom });
        expect([...selection.leaving, ...selection.kept]).toEqual(list);
        if (keepFrom !== null) expect(selection.leaving.every((t) => t.turnNumber < keepFrom)).toBe(true);
        const leavingIds = new Set(selection.leaving.map((t) => t.toolCallId).filter((id) => id !== null));
        expect(selection.kept.some((t) => t.toolCallId !== null && leavingIds.has(t.toolCallId))).toBe(false);
        if (list.length > 0) expect(selection.kept.length).toBeGreaterThan(0);
        if (!selection.overLimit) {
          expect(selection.kept.length).toBeLessThanOrEqual(selection.size);
          expect(selection.tokens).toBeLessThanOrEqual(DEFAULT_WINDOW_PARAMS.maxWindowTokens);
        }
      }),
    );
  });
});
