import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLocomo, locomoFiles, parseLocomo, TURN_SPACING_MS } from '../../src/eval/locomo-data.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const defer = cleanupAfterEach();

const flat = {
  speaker_a: 'Ana',
  speaker_b: 'Bo',
  session_2_date_time: '9:00 am on 3 May, 2023',
  session_2: [
    { speaker: 'Bo', dia_id: 'D2:1', text: 'Morning!' },
    { speaker: 'Ana', dia_id: 'D2:2', text: 'Hi Bo.', img_url: ['x'], blip_caption: 'a photo' },
  ],
  session_1_date_time: '1:56 pm on 1 May, 2023',
  session_1: [
    { speaker: 'Ana', dia_id: 'D1:1', text: 'Hello' },
    { speaker: 'Bo', dia_id: 'D1:2', text: 'Hey Ana' },
  ],
  session_3_date_time: '1:00 pm on 9 May, 2023',
  session_10_date_time: '1:00 pm on 2 May, 2023',
  session_10: [{ speaker: 'Ana', dia_id: 'D10:1', text: 'Late' }],
  qa: [
    { question: 'When?', answer: 2022, evidence: ['D1:1'], category: 2 },
    { question: 'Who?', evidence: ['D1:2; D2:1'], category: 5, adversarial_answer: 'Bo' },
  ],
  events_session_1: {},
};

describe('parseLocomo', () => {
  const conversation = parseLocomo(flat, 'tiny');

  it('orders sessions by number, skips dated sessions without turns, maps speaker_a to the user', () => {
    expect(conversation.turns.map((t) => [t.diaId, t.role, t.session])).toEqual([
      ['D1:1', 'user', 1],
      ['D1:2', 'assistant', 1],
      ['D2:1', 'assistant', 2],
      ['D2:2', 'user', 2],
      ['D10:1', 'user', 10],
    ]);
    expect(conversation.turns[3]?.text).toBe('Hi Bo.');
  });

  it('times turns from the session date, a few seconds apart, never going backwards', () => {
    const at = conversation.turns.map((t) => t.at);
    expect(at.slice(0, 4)).toEqual([
      Date.UTC(2023, 4, 1, 13, 56),
      Date.UTC(2023, 4, 1, 13, 56) + TURN_SPACING_MS,
      Date.UTC(2023, 4, 3, 9, 0),
      Date.UTC(2023, 4, 3, 9, 0) + TURN_SPACING_MS,
    ]);
    // session 10 is dated before session 2 ended: it follows right after it instead.
    expect(at[4]).toBe((at[3] ?? 0) + TURN_SPACING_MS);
  });

  it('reads questions: numeric answers as text, adversarial items without an answer, split evidence ids', () => {
    expect(conversation.questions).toEqual([
      { question: 'When?', answer: '2022', evidence: ['D1:1'], category: 2 },
      { question: 'Who?', answer: null, evidence: ['D1:2', 'D2:1'], category: 5 },
    ]);
  });

  it('reads the original nested shape too', () => {
    const { qa, ...conversationBody } = flat;
    const nested = parseLocomo({ sample_id: 'x', conversation: conversationBody, qa }, 'nested');
    expect(nested.turns).toEqual(conversation.turns);
    expect(nested.speakerA).toBe('Ana');
  });

  it('rejects a file without questions or with an unreadable date', () => {
    expect(() => parseLocomo({ speaker_a: 'a', speaker_b: 'b' }, 'bad')).toThrow(/not a LoCoMo conversation/);
    expect(() =>
      parseLocomo({ ...flat, session_1_date_time: 'sometime in May' }, 'bad-date'),
    ).toThrow(/cannot read the date of session 1/);
  });
});

describe('loadLocomo and locomoFiles', () => {
  it('name the file of a conversation that does not parse, and list a folder\'s conversations in name order', async () => {
    const temp = makeTempDir('locomo-');
    defer(temp.remove);
    const dir = temp.dir;
    writeFileSync(join(dir, 'conv-2.json'), JSON.stringify({ speaker_a: 1 }));
    writeFileSync(join(dir, 'conv-1.json'), JSON.stringify(flat));
    writeFileSync(join(dir, 'notes.txt'), 'not a conversation');
    expect(await locomoFiles(dir)).toEqual([join(dir, 'conv-1.json'), join(dir, 'conv-2.json')]);
    expect((await loadLocomo(join(dir, 'conv-1.json'))).name).toBe('conv-1');
    await expect(loadLocomo(join(dir, 'conv-2.json'))).rejects.toThrow(`${join(dir, 'conv-2.json')}: conv-2 is not a LoCoMo conversation`);
  });
});
