import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/command-line.js';
import { integerFlag, integerListFlag, numberFlag } from '../../src/cli/flags.js';

describe('flag values', () => {
  it('reads integers and numbers written in decimal, as a user types them', () => {
    expect(integerFlag('42', '--n', 1, 'a positive integer')).toBe(42);
    expect(integerFlag('-7', '--seed', Number.NEGATIVE_INFINITY, 'an integer')).toBe(-7);
    expect(integerListFlag('0,10,100', '--sizes', 0, 'integers')).toEqual([0, 10, 100]);
    expect(numberFlag('.5', '--x', { atLeast: 0 }, 'a number')).toBe(0.5);
    expect(numberFlag('-1', '--x', { atLeast: -1, atMost: 1 }, 'a number')).toBe(-1);
    expect(numberFlag('1e-3', '--x', { above: 0 }, 'a number')).toBe(0.001);
  });

  it.each(['', ' ', ' 8', '8 ', '1e1', '0x10', '0b1', '+3', '2.0', '9007199254740993'])('refuses %j as an integer, naming the flag and what it got', (text) => {
    expect(() => integerFlag(text, '--n', Number.NEGATIVE_INFINITY, 'an integer')).toThrow(new UsageError(`--n must be an integer, got '${text}'`));
  });

  it.each(['', ' 1', '0x1', 'Infinity', 'NaN', '1,5', '1e999'])('refuses %j as a number', (text) => {
    expect(() => numberFlag(text, '--x', {}, 'a number')).toThrow(UsageError);
  });

  it('keeps a number within its range: atLeast, above and atMost', () => {
    expect(() => numberFlag('0', '--s', { above: 0 }, 'a positive number')).toThrow("--s must be a positive number, got '0'");
    expect(() => numberFlag('1.5', '--t', { atLeast: -1, atMost: 1 }, 'a number in [-1, 1]')).toThrow("--t must be a number in [-1, 1], got '1.5'");
    expect(() => integerFlag('0', '--n', 1, 'a positive integer')).toThrow("--n must be a positive integer, got '0'");
  });
});
