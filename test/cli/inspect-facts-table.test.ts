import { describe, expect, it } from 'vitest';
import { runInspectFacts } from '../../src/cli/inspect-facts.js';
import type { ManualClock } from '../../src/clock.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// The facts table as a person reads it, beside a real daemon whose API stored the facts:
// every fact whole (a long one wrapped within its column, never cut inside a number or a
// word), and the columns lined up by what a terminal shows, emoji sequences included.
const file = daemonPerFile();

const PRICE = 'La cuota del préstamo hipotecario sería de 3.500 euros al mes';
const TIME = 'El técnico de la caldera viene el jueves a las 11:40 y se queda hasta la una';
const FAMILY = 'Family photo 👨‍👩‍👧 on Sunday';
const FLAG = 'Holidays in 🇪🇸 and 日本 in May';
const URL = `The shared album is https://photos.example.com/album/${'a1b2c3'.repeat(10)} for now`;

async function inspect(argv: string[]): Promise<string> {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    env: { MEMORYD_DATA_DIR: file.daemon.dir },
    cwd: file.daemon.dir,
    stdout: { write: (text: string) => out.push(text), isTTY: false },
    stderr: { write: (text: string) => err.push(text) },
    clock: file.daemon.clock,
  };
  expect(await runInspectFacts(argv, io)).toBe(0);
  expect(err).toEqual([]);
  return out.join('');
}

// Columns as a terminal draws them, counted here without the code under test: a grapheme
// is one column, two for an emoji or a CJK character.
function columns(text: string): number {
  let width = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    width += /\p{Emoji_Presentation}|\p{Regional_Indicator}|\p{Script=Han}/u.test(segment) ? 2 : 1;
  }
  return width;
}

describe('npm run inspect-facts, the facts table', () => {
  it('shows every fact whole: a long one wraps at spaces within its column, "3.500" and "11:40" in one piece', async () => {
    // The newest first: a second apart, so the order does not come down to the facts' ids.
    await file.client.addFact({ fact: PRICE, domain: 'personal' });
    (file.daemon.clock as ManualClock).advance(1000);
    await file.client.addFact({ fact: TIME, domain: 'personal' });
    const table = (await inspect(['--domain', 'personal'])).split('\n\n')[2];
    expect(table).toMatchInlineSnapshot(`
      "DOMAIN    FACT                                              CONFIDENCE  STATUS  LAST CONFIRMED  AGE  INJECTABLE
      personal  El técnico de la caldera viene el jueves a las    high        active  2026-11-22       0d  yes
                11:40 y se queda hasta la una
      personal  La cuota del préstamo hipotecario sería de 3.500  high        active  2026-11-22       0d  yes
                euros al mes
      "
    `);
    expect(table).not.toContain('…');
  });

  it('lines its columns up by display width: ZWJ emoji, flags and CJK take two columns', async () => {
    for (const fact of [FAMILY, FLAG]) await file.client.addFact({ fact, domain: 'preferences' });
    const lines = (await inspect(['--domain', 'preferences'])).split('\n\n')[2]?.split('\n').filter((line) => line !== '') ?? [];
    expect(lines).toHaveLength(3);
    const confidenceAt = lines.map((line) => columns(line.slice(0, line.search(/CONFIDENCE|high/u))));
    expect(new Set(confidenceAt).size).toBe(1);
    expect(lines.filter((line) => line.includes(FAMILY) || line.includes(FLAG))).toHaveLength(2);
  });

  it('breaks a word wider than the column between its characters only with a mark, and keeps all of it', async () => {
    await file.client.addFact({ fact: URL, domain: 'projects' });
    const lines = (await inspect(['--domain', 'projects'])).split('\n\n')[2]?.split('\n').filter((line) => line !== '') ?? [];
    const factLines = lines.slice(1).map((line, i) => (i === 0 ? line.slice('projects  '.length) : line.slice(10)).replace(/ {2}high .*$/u, '').trimEnd());
    const broken = factLines.filter((line) => line.endsWith('↵'));
    expect(broken.length).toBeGreaterThan(0);
    expect(factLines.map((line) => line.replace(/↵$/u, '')).join('').replaceAll(' ', '')).toBe(URL.replaceAll(' ', ''));
    for (const line of factLines) expect(columns(line)).toBeLessThanOrEqual(48);
  });
});
