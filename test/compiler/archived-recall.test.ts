import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import { seedSummaries, summaryTopics } from '../helpers/archived-summaries.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// Which archived summaries a question about the past brings into the prompt, and which
// active ones they leave there: a recalled summary takes an active one's place, so it must
// hold what the message asks about.
describe('archived summaries recalled for a question about the past', () => {
  let daemon: TestDaemon;
  beforeAll(async () => {
    daemon = await startTestDaemon();
  });
  afterAll(() => daemon.stop());

  const now = () => daemon.clock.now();

  const summarise = (sessionId: string, summaries: ReadonlyArray<{ topic: string; at: number }>): void => seedSummaries(daemon, sessionId, summaries);

  const today = ['today item 1', 'today item 2', 'today item 3', 'today item 4'];
  const lentils = ['lentil soup', 'lentil salad', 'lentil curry', 'lentil stew'];

  // Yesterday's summaries are about lentils; the report was discussed days before, in English.
  function lentilDay(sessionId: string): void {
    summarise(sessionId, [
      { topic: 'quarterly report figures', at: now() - 4 * DAY_MS },
      { topic: 'product launch date', at: now() - 2 * DAY_MS },
      ...lentils.map((topic, i) => ({ topic, at: now() - DAY_MS + i })),
      ...today.map((topic, i) => ({ topic, at: now() - 60_000 + i })),
    ]);
  }

  it('leaves the active summaries in place when nothing archived holds what the message asks about', async () => {
    lentilDay('report');
    const asked = await conversation(daemon.client, 'report').say('¿Qué decidimos ayer sobre el informe trimestral?', { dryRun: true });
    expect(summaryTopics(asked)).toEqual(today);
  });

  it('recalls nothing when the day named holds nothing the message asks about, even if another day does', async () => {
    lentilDay('launch');
    const asked = await conversation(daemon.client, 'launch').say('What did we decide yesterday about the launch?', { dryRun: true });
    // The launch was decided two days ago: searching the whole archive for a misremembered day costs every such question.
    expect(summaryTopics(asked)).toEqual(today);
    const undated = await conversation(daemon.client, 'launch').say('What did we decide about the launch?', { dryRun: true });
    expect(summaryTopics(undated)).toContain('product launch date');
  });

  it("still brings back a named day's newest summaries when the message asks about the day as a whole", async () => {
    lentilDay('day');
    const chat = conversation(daemon.client, 'day');
    for (const question of ['What did we talk about yesterday?', 'What did we discuss yesterday?', '¿De qué hablamos ayer?', '¿Qué comentamos ayer?']) {
      expect(summaryTopics(await chat.say(question, { dryRun: true })), question).toEqual(lentils);
    }
    // A word of the day's summaries still ranks them.
    expect(summaryTopics(await chat.say('What did we decide yesterday about the curry?', { dryRun: true }))).toEqual(['today item 2', 'today item 3', 'today item 4', 'lentil curry']);
  });

  it('recalls summaries for everyday questions in the Spanish past, and not for the same verbs in the present', async () => {
    summarise('aniversario', [
      { topic: 'restaurante aniversario Casa Lucio', at: now() - 3 * DAY_MS },
      { topic: 'fotografo boda recomendado prima', at: now() - 3 * DAY_MS + 1 },
      { topic: 'billetes tren Sevilla', at: now() - 3 * DAY_MS + 2 },
      { topic: 'vuelo Lisboa hora salida', at: now() - 3 * DAY_MS + 3 },
      ...today.map((topic, i) => ({ topic, at: now() - 60_000 + i })),
    ]);
    const chat = conversation(daemon.client, 'aniversario');
    const recalled = async (question: string) => summaryTopics(await chat.say(question, { dryRun: true })).filter((topic) => !topic.startsWith('today'));
    expect(await recalled('¿Qué restaurante elegimos para la cena de aniversario?')).toEqual(['restaurante aniversario Casa Lucio']);
    expect(await recalled('¿Cómo se llamaba el fotógrafo que nos recomendó mi prima?')).toEqual(['fotografo boda recomendado prima']);
    expect(await recalled('¿Dónde compramos los billetes?')).toEqual(['billetes tren Sevilla']);
    expect(await recalled('¿A qué hora salía el vuelo?')).toEqual(['vuelo Lisboa hora salida']);
    // The present, or a time still to come: the archive is not searched.
    expect(await recalled('¿Dónde compramos los billetes para la semana que viene?')).toEqual([]);
    expect(await recalled('¿A qué hora sale el vuelo?')).toEqual([]);
  });
});
