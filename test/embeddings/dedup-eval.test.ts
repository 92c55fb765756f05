import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseCsv, run } from '../../src/eval/dedup-eval.js';
import { captureProcessOutput } from '../helpers/process-output.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const temp = makeTempDir('memoryd-dedup-');
afterAll(() => temp.remove());

describe('STS CSV parsing', () => {
  it('handles quoted commas, doubled quotes, CRLF and newlines inside quotes', () => {
    const text = 'a,b,1.0\r\n"x, y","say ""hi""",4.5\r\n"two\nlines",z,0\r\n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', '1.0'],
      ['x, y', 'say "hi"', '4.5'],
      ['two\nlines', 'z', '0'],
    ]);
  });

  it('keeps a last row without a trailing newline and skips blank lines', () => {
    expect(parseCsv('a,b,1\n\nc,d,2')).toEqual([
      ['a', 'b', '1'],
      ['c', 'd', '2'],
    ]);
  });
});

// Runs the dedup eval in this process; its stdout, stderr dropped.
async function dedupOutput(argv: string[]): Promise<{ code: number; text: string }> {
  const { value: code, stdout: text } = await captureProcessOutput(() => run(argv));
  return { code, text };
}

describe('dedup eval', () => {
  beforeAll(async () => {
    const rows = [
      'How do I reset my password?,How can I reset my password?,5.0',
      'What time is the meeting?,When is the meeting?,4.6',
      'I like tea,The server crashed last night,0.0',
      'Deploy to staging,Deploy to production,2.5',
      '"Remember that I prefer coffee, black",I prefer black coffee,4.8',
      'My dog is sick,The stock market fell,0.4',
      'What is the capital of Australia?,What is the capital of Austria?,0.8',
    ].join('\n');
    for (const language of ['en', 'es']) {
      for (const split of ['train', 'dev']) await writeFile(join(temp.dir, `stsb-${language}-${split}.csv`), rows);
    }
  });

  it('prints precision first, per language, at the threshold given and the fitted ones', async () => {
    const { code, text } = await dedupOutput(['--embedder', 'hashing', '--data', temp.dir, '--threshold', '0.8']);
    expect(code).toBe(0);
    expect(text).toContain('embedder hashing-v1-512');
    expect(text).toMatch(/^lang +threshold +chosen by +precision +recall +F1 +TP +FP +FN +pos +neg$/m);
    expect(text).toMatch(/^en +0\.800 +--threshold +\d\.\d{3} +\d\.\d{3} +\d\.\d{3} +\d+ +\d+ +\d+ +3 +4$/m);
    // The name guard refuses the Australia/Austria pair that similarity alone merges.
    const falsePositives = (chosenBy: string): number => Number(new RegExp(`^en +0\\.800 +${chosenBy} +(?:\\S+ +){4}(\\d+) `, 'm').exec(text)?.[1]);
    expect(falsePositives('--threshold \\+ guards')).toBe(falsePositives('--threshold') - 1);
    expect(text).toMatch(/^es +\S+ +train F1-best /m);
    expect(text).toMatch(/embed time: [\d.]+ ms per sentence/);
  });

  it('labels the threshold "default" when none is given (MEMORYD_DEDUP_THRESHOLD\'s default; the environment is not read)', async () => {
    const { code, text } = await dedupOutput(['--embedder', 'hashing', '--data', temp.dir]);
    expect(code).toBe(0);
    expect(text).toMatch(/^en +0\.850 +default +\d/m);
    expect(text).toMatch(/^en +0\.850 +default \+ guards +\d/m);
    expect(text).not.toContain('--threshold');
  });

  it('exits with 2 and a message for an unknown embedder', async () => {
    const messages: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => messages.push(String(chunk)) > 0);
    try {
      expect(await run(['--embedder', 'word2vec'])).toBe(2);
    } finally {
      stderr.mockRestore();
    }
    expect(messages.join('')).toContain('--embedder must be one of auto, hashing, transformers, not word2vec');
  });
});
