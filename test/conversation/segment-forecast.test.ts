import { describe, expect, it } from 'vitest';
import { forecastClosings, type ForecastTurn } from '../../src/conversation/segment-forecast.js';
import { DEFAULT_WINDOW_PARAMS } from '../../src/conversation/window.js';

const turn = (turnNumber: number, extra: Partial<ForecastTurn> = {}): ForecastTurn => ({
  turnNumber,
  role: turnNumber % 2 === 1 ? 'user' : 'assistant',
  tokenCount: 20,
  toolCallId: null,
  continuity: 0.5,
  topicShift: false,
  ...extra,
});
const turns = (from: number, to: number): ForecastTurn[] => Array.from({ length: to - from + 1 }, (_, i) => turn(from + i));
const numbers = (plans: ForecastTurn[][][]): number[][][] => plans.map((plan) => plan.map((segment) => segment.map((each) => each.turnNumber)));
const forecast = (open: ForecastTurn[], window: ForecastTurn[], params = DEFAULT_WINDOW_PARAMS) => numbers(forecastClosings(open, window, params, 3));

describe('forecastClosings', () => {
  it('a full window and two open turns: the next message closes them with the oldest window turn', () => {
    expect(forecast(turns(1, 2), turns(3, 8))).toEqual([[[1, 2, 3]]]);
  });

  it('one open turn: nothing closes unless the message shifts the topic', () => {
    expect(forecast(turns(1, 1), turns(2, 7))).toEqual([[[1, 2]]]);
  });

  it('a window with room left: only a topic shift closes the open segment', () => {
    expect(forecast(turns(1, 1), turns(2, 4))).toEqual([[[1]]]);
    expect(forecast([], turns(1, 4))).toEqual([]);
  });

  it('a window over its size (it shrank to 4 under low continuity): a full segment, or it and the shift remainder after it', () => {
    const window = turns(3, 8).map((each) => ({ ...each, continuity: 0.1 }));
    expect(forecast(turns(1, 2), window)).toEqual([[[1, 2, 3]], [[1, 2, 3], [4, 5]]]);
  });

  it('a message of low continuity can shrink the window to its minimum: the segments that would close are forecast too', () => {
    const window = turns(3, 8).map((each) => (each.turnNumber === 8 ? { ...each, continuity: 0.1 } : each));
    // Continuity 1 keeps the default 6 (only turn 3 leaves); 0 makes the last two both low: 4 turns, 3–5 leave.
    expect(forecast(turns(1, 2), window)).toEqual([[[1, 2, 3]], [[1, 2, 3], [4, 5]]]);
  });

  it('a message of high continuity can grow the window to its maximum, and one of low continuity keeps it at the default', () => {
    const window = turns(2, 7).map((each) => ({ ...each, continuity: 0.9 }));
    // Continuity 0: default 6, turn 2 leaves and a shift closes [1, 2]; continuity 1: 8,
    // nothing leaves, a shift closes [1]. Two alternatives: [1] is not what closes after [1, 2].
    expect(forecast(turns(1, 1), window)).toEqual([[[1, 2]], [[1]]]);
  });

  it('a topic start among the leaving turns ends the segment before it', () => {
    const window = turns(3, 8).map((each) => (each.turnNumber === 3 ? { ...each, topicShift: true } : each));
    expect(forecast(turns(1, 2), window)).toEqual([[[1, 2]], [[1, 2], [3]]]);
  });

  it('a session with no turns forecasts nothing', () => {
    expect(forecast([], [])).toEqual([]);
  });

  it('a call awaiting its result: the result and then the message, in the call\'s unit, are forecast too', () => {
    const window = [...turns(3, 7), turn(8, { toolCallId: 'c1' })];
    // The result (9) moves turn 3 out, closing 1–3; the message (10) then moves turn 4 out, which closes only on a shift.
    expect(forecast(turns(1, 2), window)).toEqual([[[1, 2, 3]], [[1, 2, 3], [4]]]);
  });

  it('a call whose result is recorded adds no plan', () => {
    const answered = [...turns(3, 6), turn(7, { role: 'assistant', toolCallId: 'c1' }), turn(8, { role: 'tool', toolCallId: 'c1' })];
    expect(forecast(turns(1, 2), answered)).toEqual(forecast(turns(1, 2), answered.map((each) => ({ ...each, toolCallId: null }))));
  });
});
