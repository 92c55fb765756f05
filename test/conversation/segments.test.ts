import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planSegments, type SegmentTurn } from '../../src/conversation/segments.js';
import { unitEdges } from '../../src/conversation/tool-units.js';
import { AppError } from '../../src/errors.js';

const t = (turnNumber: number, extra: Partial<SegmentTurn> = {}): SegmentTurn => ({ turnNumber, ...extra });
const ts = (...numbers: number[]): SegmentTurn[] => numbers.map((n) => t(n));
const shape = (plan: { closed: SegmentTurn[][]; open: SegmentTurn[] }): { closed: number[][]; open: number[] } => ({
  closed: plan.closed.map((segment) => segment.map((each) => each.turnNumber)),
  open: plan.open.map((each) => each.turnNumber),
});

const plain = { shift: false, flush: false, segmentSize: 3 };

describe('planSegments', () => {
  it.each([
    ['a third turn closes the segment', ts(1, 2), ts(3), plain, { closed: [[1, 2, 3]], open: [] }],
    ['two turns stay open', ts(1), ts(2), plain, { closed: [], open: [1, 2] }],
    ['nothing leaving, nothing changes', ts(1, 2), [], plain, { closed: [], open: [1, 2] }],
    ['a shrinking window closes full segments in order', ts(1, 2), ts(3, 4, 5, 6), plain, { closed: [[1, 2, 3], [4, 5, 6]], open: [] }],
    ['the remainder stays open', ts(1, 2), ts(3, 4), plain, { closed: [[1, 2, 3]], open: [4] }],
    ['a shift closes a short segment', ts(1), ts(2), { ...plain, shift: true }, { closed: [[1, 2]], open: [] }],
    ['a shift with nothing pending closes nothing', [], [], { ...plain, shift: true }, { closed: [], open: [] }],
    ['a flush closes everything as one segment', ts(1, 2), ts(3, 4, 5, 6, 7), { ...plain, flush: true }, { closed: [[1, 2, 3, 4, 5, 6, 7]], open: [] }],
  ] as const)('%s', (_name, open, leaving, options, expected) => {
    expect(shape(planSegments(open, leaving, options))).toEqual(expected);
  });

  it('a segment never spans a topic start', () => {
    const plan = planSegments(ts(1), [t(2, { topicStart: true }), t(3)], plain);
    expect(shape(plan)).toEqual({ closed: [[1]], open: [2, 3] });
  });

  it('a flush still splits at a topic start', () => {
    const plan = planSegments(ts(1, 2), [t(3), t(4, { topicStart: true }), t(5)], { ...plain, flush: true });
    expect(shape(plan)).toEqual({ closed: [[1, 2, 3], [4, 5]], open: [] });
  });

  it('keeps a tool-call unit in one segment even past the size', () => {
    const plan = planSegments(ts(1, 2), [t(3, { toolCallId: 'c1' }), t(4, { toolCallId: 'c1' }), t(5)], plain);
    expect(shape(plan)).toEqual({ closed: [[1, 2, 3, 4]], open: [5] });
  });

  it('a topic start inside a tool-call unit (a message sent before the result came back) closes the segment after the unit', () => {
    const unit = [t(2, { toolCallId: 'w1' }), t(3, { topicStart: true }), t(4, { toolCallId: 'w1' })];
    expect(shape(planSegments([], [t(1), ...unit, t(5)], plain))).toEqual({ closed: [[1, 2, 3, 4]], open: [5] });
    // Full at the message between the call and its result: the unit still stays whole.
    expect(shape(planSegments(ts(1), [...unit, t(5), t(6)], { ...plain, segmentSize: 2 }))).toEqual({ closed: [[1, 2, 3, 4], [5, 6]], open: [] });
  });

  it('a topic start that opens what is pending closes nothing by itself', () => {
    expect(shape(planSegments([], [t(1, { topicStart: true }), t(2)], plain))).toEqual({ closed: [], open: [1, 2] });
  });

  it('never puts the turns of one tool-call unit in two segments, and closes at every topic start outside a unit', () => {
    const turn = fc.record({ topicStart: fc.boolean(), call: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(turn, { maxLength: 14 }), fc.nat({ max: 14 }), fc.integer({ min: 1, max: 4 }), fc.boolean(), (specs, split, segmentSize, shift) => {
        // Each id is one unit: its first turn is the call, the next one (if any) its result.
        const uses = new Map<number, number>();
        const turns = specs.map((spec, i): SegmentTurn => {
          const used = spec.call === undefined ? 2 : (uses.get(spec.call) ?? 0);
          if (spec.call !== undefined) uses.set(spec.call, used + 1);
          return { turnNumber: i + 1, topicStart: spec.topicStart, toolCallId: used < 2 && spec.call !== undefined ? `c${spec.call}` : null };
        });
        const at = Math.min(split, turns.length);
        const plan = planSegments(turns.slice(0, at), turns.slice(at), { ...plain, segmentSize, shift });
        const segments = [...plan.closed, plan.open];
        expect(segments.flat().map((each) => each.turnNumber)).toEqual(turns.map((each) => each.turnNumber));
        const segmentOf = new Map<string, number>();
        const edges = unitEdges(turns);
        let index = 0;
        segments.forEach((segment, s) => {
          segment.forEach((each, position) => {
            if (each.toolCallId) expect(segmentOf.get(each.toolCallId) ?? s).toBe(s);
            if (each.toolCallId) segmentOf.set(each.toolCallId, s);
            if (position > 0 && each.topicStart === true) expect(edges[index]).toBe(false);
            index += 1;
          });
        });
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the caller’s objects', () => {
    const leaving = [{ turnNumber: 3, content: 'x' }];
    const plan = planSegments([{ turnNumber: 1, content: 'a' }, { turnNumber: 2, content: 'b' }], leaving, plain);
    expect(plan.closed[0]?.[2]).toBe(leaving[0]);
  });

  it('rejects a bad segment size and turns out of order', () => {
    expect(() => planSegments(ts(1), ts(2), { ...plain, segmentSize: 0 })).toThrow(AppError);
    expect(() => planSegments(ts(3), ts(2), plain)).toThrow(AppError);
  });
});
