import { describe, expect, it } from 'vitest';
import { parseLocomoDate } from '../../src/eval/locomo-date.js';

describe('parseLocomoDate', () => {
  it('reads LoCoMo session dates as UTC', () => {
    expect(parseLocomoDate('1:56 pm on 8 May, 2023')).toBe(Date.UTC(2023, 4, 8, 13, 56));
    expect(parseLocomoDate('10:37 am on 27 June, 2023')).toBe(Date.UTC(2023, 5, 27, 10, 37));
    expect(parseLocomoDate('8:30 pm on 1 January, 2023')).toBe(Date.UTC(2023, 0, 1, 20, 30));
  });

  it('maps 12 am to midnight and 12 pm to noon', () => {
    expect(parseLocomoDate('12:09 am on 13 September, 2023')).toBe(Date.UTC(2023, 8, 13, 0, 9));
    expect(parseLocomoDate('12:30 pm on 13 September, 2023')).toBe(Date.UTC(2023, 8, 13, 12, 30));
  });

  it('accepts a missing comma, capitals, abbreviated months and surrounding blanks', () => {
    expect(parseLocomoDate(' 4:04 PM on 20 Jan 2023 ')).toBe(Date.UTC(2023, 0, 20, 16, 4));
  });

  it('returns null for other shapes and impossible dates', () => {
    expect(parseLocomoDate('8 May, 2023')).toBeNull();
    expect(parseLocomoDate('13:00 pm on 8 May, 2023')).toBeNull();
    expect(parseLocomoDate('1:60 pm on 8 May, 2023')).toBeNull();
    expect(parseLocomoDate('1:56 pm on 31 June, 2023')).toBeNull();
    expect(parseLocomoDate('1:56 pm on 8 Maytember, 2023')).toBeNull();
    expect(parseLocomoDate('')).toBeNull();
  });
});
