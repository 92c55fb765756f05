import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERASED_LINE, linesOfSession, scrubLogLines } from '../../src/discardable/scrub-log-lines.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();

function logsDir(): string {
  const temp = makeTempDir();
  defer(() => temp.remove());
  const dir = join(temp.dir, 'logs');
  mkdirSync(dir);
  return dir;
}

const line = (fields: Record<string, unknown>): string => `${JSON.stringify({ level: 30, pid: 1, ...fields })}\n`;

describe('scrubLogLines', () => {
  it('blanks the matching lines in place, keeping every other byte and the file size', () => {
    const dir = logsDir();
    const file = join(dir, 'memoryd-20261127T10.ndjson');
    const kept = [line({ part: 'api', msg: 'request' }), line({ part: 'discardable', sessionId: 'other', content: 'kept text' })];
    const gone = line({ part: 'discardable', sessionId: 's1', content: 'the secret plan' });
    writeFileSync(file, kept[0] + gone + (kept[1] ?? ''));
    const before = statSync(file).size;

    expect(scrubLogLines(dir, linesOfSession('s1'))).toBe(1);

    const after = readFileSync(file, 'utf8');
    expect(statSync(file).size).toBe(before);
    expect(after).not.toContain('secret plan');
    const lines = after.split('\n').slice(0, -1);
    expect(lines.map((each) => JSON.parse(each) as unknown)).toEqual([JSON.parse(kept[0] ?? ''), { erased: true }, JSON.parse(kept[1] ?? '')]);
    expect(lines[1]).toBe(ERASED_LINE.padEnd(gone.length - 1, ' '));
    // Nothing left to blank the second time.
    expect(scrubLogLines(dir, linesOfSession('s1'))).toBe(0);
  });

  it('reads a line that spans two of its chunks, and leaves a last line still being written', () => {
    const dir = logsDir();
    const file = join(dir, 'memoryd-20261127T11.ndjson');
    // A first line just short of 1 MiB puts the matching line across the first chunk's end.
    const filler = line({ msg: 'x'.repeat((1 << 20) - 60) });
    const spanning = line({ sessionId: 's1', content: 'spans the chunks' });
    const unfinished = JSON.stringify({ sessionId: 's1', content: 'half written' });
    writeFileSync(file, filler + spanning + unfinished);
    expect(filler.length).toBeLessThan(1 << 20);
    expect(filler.length + spanning.length).toBeGreaterThan(1 << 20);

    expect(scrubLogLines(dir, linesOfSession('s1'))).toBe(1);

    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(filler)).toBe(true);
    expect(after).not.toContain('spans the chunks');
    expect(after.endsWith(unfinished)).toBe(true);
  });

  it('does every hour file, and only memoryd log files, never through a link', () => {
    const dir = logsDir();
    const record = line({ sessionId: 's1', content: 'plan' });
    for (const hour of ['T08', 'T09']) writeFileSync(join(dir, `memoryd-20261127${hour}.ndjson`), record);
    writeFileSync(join(dir, 'notes.ndjson'), record);
    const outside = join(dir, '..', 'outside.ndjson');
    writeFileSync(outside, record);
    symlinkSync(outside, join(dir, 'memoryd-20261127T07.ndjson'));

    expect(scrubLogLines(dir, linesOfSession('s1'))).toBe(2);
    for (const hour of ['T08', 'T09']) expect(readFileSync(join(dir, `memoryd-20261127${hour}.ndjson`), 'utf8')).not.toContain('plan');
    expect(readFileSync(join(dir, 'notes.ndjson'), 'utf8')).toBe(record);
    expect(readFileSync(outside, 'utf8')).toBe(record);
  });

  it('is 0 for a logs dir that does not exist', () => {
    expect(scrubLogLines(join(logsDir(), 'missing'), () => true)).toBe(0);
  });
});

describe('linesOfSession', () => {
  it('matches a line that names the session as its sessionId or in a request URL, and no other session', () => {
    const of = linesOfSession('s1');
    expect(of(line({ sessionId: 's1' }))).toBe(true);
    expect(of(line({ url: '/v1/sessions/s1/context' }))).toBe(true);
    expect(of(line({ url: '/v1/sessions/s1?erase=true' }))).toBe(true);
    expect(of(line({ url: '/v1/sessions/s1' }))).toBe(true);
    expect(of(line({ sessionId: 's10' }))).toBe(false);
    expect(of(line({ url: '/v1/sessions/s10/context' }))).toBe(false);
    expect(of(line({ url: '/v1/sessions/s1.2/context' }))).toBe(false);
    expect(of(line({ msg: 'session s1 mentioned in passing' }))).toBe(false);
    // An id sent percent-encoded, as memoryd's client sends a ":".
    const chat = linesOfSession('chat:42');
    expect([chat(line({ url: '/v1/sessions/chat%3A42/turns' })), chat(line({ url: '/v1/sessions/chat%3a42?erase=true' })), chat(line({ url: '/v1/sessions/chat:42/context' }))]).toEqual([true, true, true]);
    expect(chat(line({ url: '/v1/sessions/chat%3A421/turns' }))).toBe(false);
  });
});
