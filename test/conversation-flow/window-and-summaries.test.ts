import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, ManualClock } from '../../src/clock.js';
import { MemorydApiError } from '../../src/client/memoryd-client.js';
import { toChunk } from '../../src/tokens/chunks.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';
import { topicEmbedder } from '../helpers/topic-embedder.js';

const defer = cleanupAfterEach();

async function daemonWithTopics(clock = new ManualClock(Date.UTC(2026, 10, 20, 9))): Promise<TestDaemon> {
  const daemon = await startTestDaemon({ embedder: topicEmbedder(), clock });
  defer(() => daemon.stop());
  return daemon;
}

describe('the active window', () => {
  it('after 9 turns the prompt holds 6 of them and one summary', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'nine');
    for (let i = 1; i <= 9; i += 2) {
      await chat.say(`[c:0.5] user turn ${i} about the garden plan`);
      if (i < 9) await chat.reply(`[c:0.5] assistant turn ${i + 1} about the garden plan`);
    }
    const view = await chat.view();
    expect(view.window.size).toBe(6);
    expect(view.window.reason).toBe('default');
    const response = await chat.say('[c:0.5] user turn 10 about the garden plan', { dryRun: true });
    const window = response.messages.filter((message) => (message.role === 'user' || message.role === 'assistant') && !message.content.includes('turn 10'));
    expect(window.map((message) => Number(/turn (\d+)/.exec(message.content)?.[1]))).toEqual([4, 5, 6, 7, 8, 9]);
    expect(response.layout.sections.find((section) => section.id === 'summaries')?.itemsKept).toBe(1);
    expect(view.summaries.active).toHaveLength(1);
    expect(view.summaries.active[0].turns).toEqual([1, 2, 3]);
  });

  it('grows to 8 turns when continuity stays above 0.7 and shrinks to 4 below 0.3', async () => {
    const { client } = await daemonWithTopics();
    const focused = conversation(client, 'focused');
    for (let i = 0; i < 6; i += 1) {
      await focused.say(`[topic:3] more about the database migration ${i}`);
      await focused.reply(`[topic:3] answer about the migration ${i}`);
    }
    const high = await focused.view();
    expect(high.window).toMatchObject({ size: 8, reason: 'high-continuity' });
    expect(high.window.turns).toHaveLength(8);

    const chatty = conversation(client, 'chatty');
    for (let i = 0; i < 6; i += 1) {
      await chatty.say(`[topic:${10 + 2 * i}] random chit chat ${i}`);
      await chatty.reply(`[topic:${11 + 2 * i}] unrelated reply ${i}`);
    }
    const low = await chatty.view();
    expect(low.window).toMatchObject({ size: 4, reason: 'low-continuity' });
    expect(low.window.turns).toHaveLength(4);
  });

  it('writes no second summary of an answer the summary before took as its outcome', async () => {
    const daemon = await startTestDaemon();
    defer(() => daemon.stop());
    const chat = conversation(daemon.client, 'borrowed');
    const exchanges = [
      ['Where is our production Postgres cluster hosted?', 'AWS RDS in eu-west-1.'],
      ['Write a short retro summary for the team.', 'Retro: we migrated the billing tables and the cutover took twelve minutes.'],
      ['What did we decide about the Maven cache?', 'We removed it because it caused flaky builds.'],
      ['Can you recommend a book on distributed systems?', 'Designing Data-Intensive Applications by Martin Kleppmann.'],
      ['How do I boil an egg?', 'Put it in boiling water for nine minutes, then cool it in cold water.'],
      ['What is the tallest mountain in Spain?', 'Teide, on Tenerife, at 3,715 metres.'],
    ];
    for (const [question, answer] of exchanges) {
      await chat.say(question as string);
      await chat.reply(answer as string);
    }
    const summaries = (await chat.view()).summaries.active as Array<{ summary: { outcome: string }; turns: number[] }>;
    const outcomes = summaries.map((each) => each.summary.outcome).filter((outcome) => outcome !== '');
    expect(outcomes.length).toBeGreaterThan(0);
    expect(new Set(outcomes).size).toBe(outcomes.length);
    // The question's summary took the answer after it as its outcome; the answer says nothing more.
    expect(summaries.filter((each) => each.summary.outcome.startsWith('We removed it'))).toHaveLength(1);
  });

  it('reports the summaries written while the tool results of a call move the window', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'tool-results');
    for (let i = 1; i <= 5; i += 2) {
      await chat.say(`[c:0.5] user turn ${i} about the export`);
      await chat.reply(`[c:0.5] assistant turn ${i + 1} about the export`);
    }
    // The tool results (turns 7, 8, 9, recorded before the message) push out 1, 2 and 3,
    // which closes the segment [1, 2, 3] into a summary; the message (10) then pushes out 4.
    const response = await chat.say('[c:0.5] user turn 7: what did the tools find?', {
      toolResults: [1, 2, 3].map((n) => ({ toolCallId: `c${n}`, name: 'export_rows', content: `[c:0.5] rows part ${n}` })),
    });
    expect(response.turn.summariesCreated).toBe(1);
    expect((await chat.view()).summaries.active[0].turns).toEqual([1, 2, 3]);
  });

  it('never holds more than 1200 tokens', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'heavy');
    const paragraph = 'The quarterly report covers revenue, churn, hiring and the roadmap in detail. '.repeat(15);
    for (let i = 0; i < 6; i += 1) {
      await chat.say(`[topic:5] ${i} ${paragraph}`);
      await chat.reply(`[topic:5] ${i} ${paragraph}`);
    }
    const view = await chat.view();
    expect(view.window.tokens).toBeLessThanOrEqual(1200);
    expect(view.window.turns.length).toBeLessThan(8);
  });

  it('nor does a prompt: the window turns before the current message, grown back from the open segment or not', async () => {
    const { client } = await daemonWithTopics();
    const tokenizer = await createTokenizer('cl100k_base');
    const chat = conversation(client, 'heavy-users');
    const paragraph = 'The quarterly report covers revenue, churn, hiring and the roadmap in detail. '.repeat(20);
    for (let i = 0; i < 6; i += 1) {
      const response = await chat.say(`[topic:5] ${i} ${paragraph}`);
      // Every message but the system ones and the last, the current message, is a window turn.
      const verbatim = response.messages.filter((message) => message.role !== 'system').slice(0, -1);
      const tokens = verbatim.reduce((sum, message) => sum + tokenizer.messageCost(message.role, message.content), 0);
      expect(tokens, `prompt ${i}`).toBeLessThanOrEqual(1200);
    }
  });

  it('keeps the turns before a long pasted message: the message counts nothing against the window cap', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'pasted-trace');
    for (let i = 1; i <= 3; i += 1) {
      await chat.say(`[c:0.5] Let's refactor the payment retry function ${i} to async await`);
      await chat.reply(`[c:0.5] Here is function ${i} with async await: await retry(payment, { attempts: ${i} }).`);
    }
    const trace = Array.from({ length: 90 }, (_, i) => `    at processPayment (src/payments/retry-${i}.ts:${i + 10}:17)`).join('\n');
    const response = await chat.say(`[c:0.5] It fails with this trace:\n${trace}`);
    const message = response.messages.at(-1)?.content ?? '';
    expect(message).toContain('retry-89.ts');
    expect(response.turn.summariesCreated).toBe(0);
    expect(response.turn.windowTurns).toBe(6);
    // The answer before it is still in the prompt, verbatim.
    expect(response.messages.map((each) => each.content)).toContain('[c:0.5] Here is function 3 with async await: await retry(payment, { attempts: 3 }).');
  });

  it('grows back open-segment turns beside a long message, which counts none of the window\'s tokens there either', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'grows-beside-a-paste');
    for (let i = 1; i <= 5; i += 1) {
      await chat.say(`[c:0.5] chit chat ${i} about lunch`);
      await chat.reply(`[c:0.5] reply ${i} about lunch`);
    }
    const pasted = `[c:0.5] ${'The build log shows the retry helper failing in the payment module again. '.repeat(90)}`;
    const shown = (await chat.say(pasted, { dryRun: true })).messages.map((message) => message.content);
    // Turns 4 and 5 left the window for the open segment when the message came; the prompt has room for them.
    expect(shown).toContain('[c:0.5] chit chat 3 about lunch');
    expect(shown).toContain('[c:0.5] reply 2 about lunch');
  });

  it('keeps an answer too long to show whole as its head and tail, at that form\'s exact size, until it leaves the window for a summary', async () => {
    const { client } = await daemonWithTopics();
    const tokenizer = await createTokenizer('cl100k_base');
    const chat = conversation(client, 'long-answer');
    const steps = Array.from({ length: 150 }, (_, i) => `Step ${i + 1}: set option ${i + 1} of the upstream block and reload nginx.`).join('\n');
    await chat.say('[c:0.5] How do I configure the nginx upstream for my three servers?');
    const answer = `[c:0.5] ${steps}`;
    const recorded = await chat.reply(answer);
    expect(recorded.turn.tokenCount).toBe(tokenizer.messageCost('assistant', answer));
    expect(recorded.turn.tokenCount).toBeGreaterThan(1200);
    const clipped = recorded.turn.windowTokenCount as number;
    expect(clipped).toBeLessThanOrEqual(600);

    const response = await chat.say('[c:0.5] Can you explain step 2 again?');
    const shown = response.messages.filter((message) => message.role !== 'system').map((message) => message.content);
    // The question, the answer's head and tail, and the message: nothing left the window.
    expect(shown).toHaveLength(3);
    expect(shown[0]).toBe('[c:0.5] How do I configure the nginx upstream for my three servers?');
    expect(shown[1]?.startsWith('[c:0.5] Step 1: set option 1 ')).toBe(true);
    expect(shown[1]?.endsWith('Step 150: set option 150 of the upstream block and reload nginx.')).toBe(true);
    expect(shown[1]).toContain('[… the middle of this long message is left out here …]');
    expect(shown[1]).not.toContain('Step 75:');
    expect(tokenizer.messageCost('assistant', shown[1] as string)).toBe(clipped);
    const window = response.layout.sections.find((section) => section.id === 'window');
    expect(window?.final).toBe(tokenizer.messageCost('user', shown[0] as string) + clipped);
    expect(response.tokens).toBe(response.messages.reduce((sum, message) => sum + tokenizer.messageCost(message.role, message.content), 0));
    expect(response.turn.summariesCreated).toBe(0);

    const view = await chat.view();
    expect(view.window.turns.map((turn: { turnNumber: number }) => turn.turnNumber)).toEqual([1, 2, 3]);
    expect(view.window.turns[1].content).toBe(answer);
    expect(view.window.turns[1].windowTokenCount).toBe(clipped);
    expect(view.window.turns[0].windowTokenCount).toBeNull();
    expect(view.window.tokens).toBe(view.window.turns[0].tokenCount + clipped + view.window.turns[2].tokenCount);

    // Later turns push it out of the window into a summary, like any other turn.
    for (let i = 0; i < 4; i += 1) {
      await chat.reply(`[c:0.5] short answer ${i}`);
      await chat.say(`[c:0.5] short question ${i}`);
    }
    const later = await chat.view();
    expect(later.window.turns.map((turn: { turnNumber: number }) => turn.turnNumber)).not.toContain(2);
    expect(JSON.stringify(later.summaries.active)).toMatch(/upstream|nginx/);
  });

  it('shows an earlier long message of the user clipped, the current one whole', async () => {
    const { client } = await daemonWithTopics();
    const tokenizer = await createTokenizer('cl100k_base');
    const chat = conversation(client, 'long-paste');
    const log = Array.from({ length: 120 }, (_, i) => `line ${i + 1}: GET /api/items/${i} 500 upstream timed out`).join('\n');
    const pasted = `[c:0.5] Why does this log show errors?\n${log}`;
    const first = await chat.say(pasted);
    // The current message is shown whole, whatever its length, and counted so by the session's state.
    expect(first.messages.at(-1)?.content).toBe(pasted);
    const viewed = await chat.view();
    expect(viewed.window.turns[0].windowTokenCount).toBeLessThanOrEqual(600);
    expect(viewed.window.tokens).toBe(tokenizer.messageCost('user', pasted));
    await chat.reply('[c:0.5] The upstream times out on every item.');
    const next = await chat.say('[c:0.5] And how do I raise the timeout?');
    const earlier = next.messages.find((message) => message.role === 'user' && message.content.startsWith('[c:0.5] Why does this log'));
    expect(earlier?.content).toContain('[… the middle of this long message is left out here …]');
    expect(earlier?.content.endsWith('line 120: GET /api/items/119 500 upstream timed out')).toBe(true);
    expect(tokenizer.messageCost('user', earlier?.content as string)).toBeLessThanOrEqual(600);
    expect(next.tokens).toBe(next.messages.reduce((sum, message) => sum + tokenizer.messageCost(message.role, message.content), 0));
  });

  it('never splits a tool call from its result at the window edge', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'tools');
    for (let i = 0; i < 8; i += 1) {
      await chat.say(`[c:0.5] question ${i} about flights`);
      await chat.reply(`[c:0.5] calling the flight search ${i}`, { toolCallId: `call-${i}`, toolName: 'search_flights' });
      await client.json('POST', `/v1/sessions/tools/turns`, { role: 'tool', content: `[c:0.5] 3 flights found for ${i}`, toolCallId: `call-${i}`, toolName: 'search_flights' });
      const view = await chat.view();
      const calls = view.window.turns.filter((turn: { toolCallId: string | null; role: string }) => turn.toolCallId !== null);
      const ids = new Set(calls.map((turn: { toolCallId: string }) => turn.toolCallId));
      for (const id of ids) expect(calls.filter((turn: { toolCallId: string }) => turn.toolCallId === id)).toHaveLength(2);
    }
  });
});

describe('topic shifts and segments', () => {
  it('closes the open segment at an explicit topic change, in English and Spanish', async () => {
    const { client } = await daemonWithTopics();
    for (const [session, phrase] of [['en', 'By the way, how do I renew my passport?'], ['es', 'Por cierto, ¿cómo renuevo el pasaporte?']] as const) {
      const chat = conversation(client, session);
      for (let i = 0; i < 5; i += 1) {
        await chat.say(`[topic:7] kitchen renovation detail ${i}`);
        await chat.reply(`[topic:7] renovation answer ${i}`);
      }
      const before = await chat.view();
      expect(before.openSegment.turns.length).toBeGreaterThan(0);
      const shifted = await chat.say(phrase);
      expect(shifted.turn.topicShift).toBe(true);
      expect(shifted.turn.shiftReasons).toContain('phrase');
      await chat.reply('[topic:8] passport answer');
      await chat.say('[topic:8] and the fee?');
      const after = await chat.view();
      // Turns before the shift never share a segment with turns after it.
      const open = after.openSegment.turns.map((turn: { turnNumber: number }) => turn.turnNumber);
      expect(open.every((n: number) => n >= shifted.turn.turnNumber) || open.every((n: number) => n < shifted.turn.turnNumber)).toBe(true);
    }
  });

  it('flushes the whole window into a summary on "let\'s change the subject"', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'flush');
    for (let i = 0; i < 3; i += 1) {
      await chat.say(`[topic:4] the wedding seating plan, table ${i}`);
      await chat.reply(`[topic:4] table ${i} has eight guests`);
    }
    const response = await chat.say("Let's change the subject.");
    expect(response.turn.windowReason).toBe('flush');
    expect(response.turn.summariesCreated).toBeGreaterThanOrEqual(1);
    const view = await chat.view();
    expect(view.window.turns.map((turn: { content: string }) => turn.content)).toEqual(["Let's change the subject."]);
    expect(view.openSegment.turns).toHaveLength(0);
    expect(promptText(response)).toContain('wedding seating');
  });

  it('keeps 4 active summaries of ≤ 50 tokens, archives older ones and retrieves them when asked about the past', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 20, 9));
    const { client, daemon, config } = await daemonWithTopics(clock);
    const chat = conversation(client, 'archive');
    await chat.say('[topic:20] We decided to deploy with Kubernetes instead of docker-compose for the billing service.');
    await chat.reply('[topic:20] Agreed: Kubernetes for billing, with Helm charts.');
    await chat.say("Let's change the subject.");
    clock.advance(DAY_MS);
    for (let i = 0; i < 30; i += 1) {
      clock.advance(HOUR_MS / 10);
      await chat.say(`[topic:${30 + i}] holiday idea ${i}: a cabin by lake ${i}`);
      await chat.reply(`[topic:${60 + i}] cabin ${i} sounds lovely`);
    }
    const view = await chat.view();
    expect(view.summaries.active.length).toBe(4);
    const plain = await chat.say('[topic:99] any more cabin ideas?', { dryRun: true });
    // The prompt renders a summary as the chunk of its stored body (src/compiler/gather-parts.ts):
    // that chunk, recounted with the daemon's tokenizer, not the count stored beside it.
    const tokenizer = await createTokenizer(config.tokenizer);
    const bodyOf = daemon.context.database.sqlite.prepare('select body from summaries where id = ?').pluck();
    const bodies = (view.summaries.active as Array<{ id: string }>).map((summary) => bodyOf.get(summary.id) as string);
    for (const body of bodies) expect(tokenizer.count(toChunk(body))).toBeLessThanOrEqual(50);
    expect(bodies.filter((body) => promptText(plain).includes(body)).length).toBeGreaterThan(0);
    expect(promptText(plain)).not.toContain('Kubernetes');
    const asked = await chat.say('What did we decide yesterday about the billing deployment?', { dryRun: true });
    expect(promptText(asked)).toContain('Kubernetes');
    // "Yesterday" says when, not what: with no other word that a summary of that day
    // holds, the day's newest summaries come back.
    expect(promptText(await chat.say('What did we talk about yesterday?', { dryRun: true }))).toContain('Kubernetes');
    expect(promptText(await chat.say('¿De qué hablamos ayer?', { dryRun: true }))).toContain('Kubernetes');
    // A word some summary of the range holds ranks as before (the summary that spans the
    // flush holds "cabin"), and the day's newest do not come back.
    expect(promptText(await chat.say('What did we talk about last week about the cabin?', { dryRun: true }))).not.toContain('Kubernetes');
  });

  it('keeps what was decided when a tight budget compacts the summaries', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'compact-decisions');
    const exchanges: Array<[string, string]> = [
      ['[topic:31] Should the billing service use postgres or mysql?', '[topic:31] Postgres, for transactional guarantees.'],
      ['[topic:31] We decided to use postgres for the billing service.', '[topic:31] Postgres for billing, noted.'],
      ['[topic:32] How should the billing service be deployed, kubernetes or docker-compose?', '[topic:32] Kubernetes gives you rolling updates.'],
      ['[topic:32] We decided on kubernetes for the billing deployment.', '[topic:32] Kubernetes for the billing deployment.'],
      ['[topic:33] What CI for billing?', '[topic:33] GitHub Actions.'],
      ['[topic:34] Which font for the invoices?', '[topic:34] Inter, 11 points.'],
    ];
    for (const [message, answer] of exchanges) {
      await chat.say(message);
      await chat.reply(answer);
    }
    const roomy = await chat.say('[topic:35] What did we decide about the billing database and deployment?', { dryRun: true });
    expect(roomy.layout.sections.find((section) => section.id === 'summaries')?.actions).toEqual([]);
    const tight = await chat.say('[topic:35] What did we decide about the billing database and deployment?', { dryRun: true, budget: 640 });
    const summaries = tight.layout.sections.find((section) => section.id === 'summaries');
    expect(summaries?.actions).toContainEqual({ kind: 'compressed', lenses: ['compact-json'] });
    expect(summaries?.final).toBeGreaterThan(0);
    const text = promptText(tight);
    // Every summary in its compact form, the one that holds a decision with it.
    expect(text).toContain('"decisions":["We decided to use postgres for the billing service"]');
    expect(text).not.toContain('"discussed"');
  });

  it('retrieves an archived summary by a two-letter acronym the question names ("CI")', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'acronym');
    await chat.say('[topic:40] Which CI should run our test pipeline, GitHub Actions or Jenkins?');
    await chat.reply('[topic:40] GitHub Actions: hosted runners and simple yaml.');
    await chat.say('[topic:40] Okay, we will use GitHub Actions for CI.');
    await chat.reply('[topic:40] Good, GitHub Actions for CI.');
    for (let i = 0; i < 12; i += 1) {
      await chat.say(`[topic:${41 + i}] holiday idea ${i}: a cabin by lake ${i}`);
      await chat.reply(`[topic:${41 + i}] cabin ${i} sounds lovely`);
    }
    const view = await chat.view();
    expect(JSON.stringify(view.summaries.active)).not.toContain('GitHub Actions');
    expect(promptText(await chat.say('What did we decide about CI?', { dryRun: true }))).toContain('GitHub Actions');
    // The same two letters in lower case are not a word of the search: nothing comes back.
    expect(promptText(await chat.say('What did we decide about ci?', { dryRun: true }))).not.toContain('GitHub Actions');
  });

  it('retrieves archived summaries for a question in the Spanish past: what was told, what something was', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'spanish-past');
    await chat.say('[topic:70] El presupuesto de la cocina es de 12.000 euros, con encimera de cuarzo.');
    await chat.reply('[topic:70] Anotado: 12.000 euros para la cocina, encimera de cuarzo.');
    await chat.say('[topic:71] El carpintero Ramón viene el martes a medir los muebles.');
    await chat.reply('[topic:71] Perfecto, Ramón el martes para medir.');
    for (let i = 0; i < 12; i += 1) {
      await chat.say(`[topic:${72 + i}] idea de vacaciones ${i}: una cabaña junto al lago ${i}`);
      await chat.reply(`[topic:${72 + i}] la cabaña ${i} suena bien`);
    }
    const view = await chat.view();
    expect(JSON.stringify(view.summaries.active)).not.toContain('12.000');
    expect(JSON.stringify(view.summaries.active)).not.toContain('Ramón');
    expect(promptText(await chat.say('¿Cuánto era el presupuesto de la cocina?', { dryRun: true }))).toContain('12.000');
    expect(promptText(await chat.say('¿Qué te conté del carpintero?', { dryRun: true }))).toContain('Ramón');
    // Asked in the present, the archive is not searched.
    expect(promptText(await chat.say('¿Cuánto cuesta una cocina nueva?', { dryRun: true }))).not.toContain('12.000');
  });

  it('writes a summary once: its row is byte-identical after archiving, more turns, a flush and the session end', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 20, 9));
    const { client, daemon } = await daemonWithTopics(clock);
    const chat = conversation(client, 'write-once');
    const sqlite = daemon.context.database.sqlite;
    const first = () => sqlite.prepare("select * from summaries where session_id = 'write-once' and seq = 1").get() as Record<string, unknown> | undefined;
    await chat.say('[topic:20] We decided to deploy with Kubernetes instead of docker-compose for the billing service.');
    await chat.reply('[topic:20] Agreed: Kubernetes for billing, with Helm charts.');
    await chat.say("Let's change the subject.");
    const written = first();
    expect(written?.body).toEqual(expect.stringContaining('Kubernetes'));
    for (let i = 0; i < 20; i += 1) {
      clock.advance(HOUR_MS / 10);
      await chat.say(`[topic:${30 + i}] holiday idea ${i}: a cabin by lake ${i}`);
      await chat.reply(`[topic:${60 + i}] cabin ${i} sounds lovely`);
    }
    const archivedThrough = () => sqlite.prepare("select archived_through from sessions where id = 'write-once'").pluck().get() as number;
    expect(archivedThrough()).toBeGreaterThanOrEqual(1);
    // Read back into a prompt as an archived summary, then more turns, a flush and the end.
    expect(promptText(await chat.say('What did we decide about the billing deployment?'))).toContain('Kubernetes');
    await chat.reply('[topic:20] Kubernetes, with Helm charts.');
    await chat.say('[topic:21] and the staging cluster?');
    await chat.say("Let's change the subject.");
    await chat.say('[topic:22] one more thing about the garden');
    const summariesBeforeEnd = sqlite.prepare("select count(*) from summaries where session_id = 'write-once'").pluck().get() as number;
    const ended = await client.json<{ summariesCreated: number }>('DELETE', '/v1/sessions/write-once');
    expect(ended.summariesCreated).toBeGreaterThanOrEqual(1);
    expect(sqlite.prepare("select count(*) from summaries where session_id = 'write-once'").pluck().get()).toBeGreaterThan(summariesBeforeEnd);
    const now = first();
    expect(now).toEqual(written);
    expect(Buffer.from(String(now?.body)).equals(Buffer.from(String(written?.body)))).toBe(true);
  });

  it('keeps a summary of a segment written without spaces: its turns are not purged unsummarised', async () => {
    const test = await startTestDaemon();
    defer(() => test.stop());
    const chat = conversation(test.client, 'japanese');
    await chat.say('来週の金曜日に請求サービスをKubernetesクラスタにデプロイすることに決めました');
    await chat.reply('はい');
    await chat.say('了解');
    await chat.say("Let's change the subject.");
    const sqlite = test.daemon.context.database.sqlite;
    const rows = sqlite.prepare("select body, turn_numbers from summaries where session_id = 'japanese'").all() as Array<{ body: string; turn_numbers: string }>;
    const stored = new Set(sqlite.prepare("select turn_number from turns where session_id = 'japanese'").pluck().all() as number[]);
    const named = new Set(rows.flatMap((row) => JSON.parse(row.turn_numbers) as number[]));
    expect([1, 2, 3].filter((turn) => !named.has(turn) && !stored.has(turn))).toEqual([]);
    expect(rows.some((row) => /請求|サービス|デプロイ|金曜日/u.test(row.body))).toBe(true);
    const tokenizer = await createTokenizer(test.config.tokenizer);
    for (const row of rows) expect(tokenizer.count(toChunk(row.body))).toBeLessThanOrEqual(50);
  });

  it('a question whose answer a window edge kept out of its segment is not summarised as open', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'edge');
    await chat.say('[c:0.1] we need to plan the move to Valencia in March');
    await chat.reply('[c:0.1] start by asking three movers for quotes');
    const asked = await chat.say('[c:0.1] how much does moving a two-bedroom flat cost?');
    expect(asked.turn.topicShift).toBe(true);
    await chat.reply('[c:0.1] between 800 and 1500 euros, depending on the distance');
    await chat.say('[c:0.1] we decided to hire Levante movers for 1100 euros');
    await chat.reply('[c:0.1] good choice, get the contract in writing');
    // The shift closes the open segment: the question alone, its answer still in the window.
    const shifted = await chat.say('Changing the subject, [c:0.1] my laptop does not boot');
    expect(shifted.turn.windowSize).toBe(4);
    const summaries = (await chat.view()).summaries.active as Array<{ turns: number[]; summary: { open_questions: string[] } }>;
    const questionAlone = summaries.find((each) => each.turns.join() === '3');
    expect(questionAlone?.summary.open_questions).toEqual([]);
  });

  it('keeps only the newest MEMORYD_MAX_ARCHIVED_SUMMARIES archived summaries per session', async () => {
    const test = await startTestDaemon({ embedder: topicEmbedder(), env: { MEMORYD_MAX_SUMMARIES: '2', MEMORYD_MAX_ARCHIVED_SUMMARIES: '5' } });
    defer(() => test.stop());
    const chat = conversation(test.client, 'forget');
    const other = conversation(test.client, 'other');
    const rows = (sessionId: string) =>
      test.daemon.context.database.sqlite
        .prepare(
          `select seq, case when seq <= (select archived_through from sessions where id = summaries.session_id) then 'archived' else 'active' end as status
           from summaries where session_id = ? order by seq`,
        )
        .all(sessionId) as Array<{ seq: number; status: string }>;
    for (let i = 0; i < 8; i += 1) {
      await other.say(`[c:0.5] other session note ${i}`);
      await other.reply(`[c:0.5] other session reply ${i}`);
    }
    const otherSummaries = [
      { seq: 1, status: 'archived' },
      { seq: 2, status: 'active' },
      { seq: 3, status: 'active' },
    ];
    expect(rows('other')).toEqual(otherSummaries);
    let seen = 0;
    for (let i = 0; i < 40; i += 1) {
      await chat.say(`[c:0.5] note ${i} on the reading list`);
      await chat.reply(`[c:0.5] reply ${i} on the reading list`);
      const now = rows('forget');
      const newest = now.at(-1)?.seq ?? 0;
      // At every step: the newest 2 active, the 5 before them archived, nothing older.
      const kept = Math.min(newest, 7);
      expect(now.map((row) => row.seq)).toEqual(Array.from({ length: kept }, (_, k) => newest - kept + 1 + k));
      expect(now.filter((row) => row.status === 'active').map((row) => row.seq)).toEqual(now.slice(-2).map((row) => row.seq));
      seen = Math.max(seen, newest);
    }
    expect(seen).toBeGreaterThan(10);
    // Another session's summaries are not touched by this one's forgetting.
    expect(rows('other')).toEqual(otherSummaries);
  });

  it('deletes archived summaries in batches once the archive holds an eighth more than the limit', async () => {
    // 16 kept: the archive may hold up to 18, and the 19th archived deletes the oldest 3.
    const test = await startTestDaemon({ embedder: topicEmbedder(), env: { MEMORYD_MAX_SUMMARIES: '2', MEMORYD_MAX_ARCHIVED_SUMMARIES: '16' } });
    defer(() => test.stop());
    const chat = conversation(test.client, 'batches');
    const sqlite = test.daemon.context.database.sqlite;
    const seqs = () => sqlite.prepare("select seq from summaries where session_id = 'batches' order by seq").pluck().all() as number[];
    const archivedThrough = () => sqlite.prepare("select archived_through from sessions where id = 'batches'").pluck().get() as number;
    const sizes: number[] = [];
    for (let i = 0; i < 90; i += 1) {
      await chat.say(`[c:0.5] note ${i} on the reading list`);
      await chat.reply(`[c:0.5] reply ${i} on the reading list`);
      const now = seqs();
      const newest = now.at(-1) ?? 0;
      // Numbered without gaps up to the newest, the newest 2 active, only the oldest ever deleted.
      expect(now).toEqual(Array.from({ length: now.length }, (_, k) => newest - now.length + 1 + k));
      expect(archivedThrough()).toBe(Math.max(0, newest - 2));
      const archived = now.filter((seq) => seq <= archivedThrough()).length;
      expect(archived).toBeLessThanOrEqual(18);
      if (archivedThrough() > 16) expect(archived).toBeGreaterThanOrEqual(16);
      if (sizes.at(-1) !== archived) sizes.push(archived);
    }
    // The archive grew to 18 and fell back to 16 at least twice, never going through 17 on the way down.
    const drops = sizes.flatMap((size, k) => (k > 0 && size < (sizes[k - 1] as number) ? [[sizes[k - 1], size]] : []));
    expect(drops.length).toBeGreaterThanOrEqual(2);
    for (const [before, after] of drops) expect([before, after]).toEqual([18, 16]);
  });

  it('purges raw turns once summarised: only the window and open segment keep content', async () => {
    const { client, daemon } = await daemonWithTopics();
    const chat = conversation(client, 'purge');
    for (let i = 0; i < 40; i += 1) {
      await chat.say(`[c:0.5] message ${i} on the reading list`);
      await chat.reply(`[c:0.5] reply ${i} on the reading list`);
    }
    const stored = daemon.context.database.sqlite.prepare("select count(*) from turns where session_id = 'purge'").pluck().get() as number;
    const summarised = daemon.context.database.sqlite.prepare("select turn_numbers from summaries where session_id = 'purge'").pluck().all() as string[];
    const view = await chat.view();
    expect(stored).toBe(view.window.turns.length + view.openSegment.turns.length);
    expect(stored).toBeLessThanOrEqual(8 + 3);
    // Every turn is either stored or named by exactly one summary's provenance.
    const numbers = summarised.flatMap((json) => JSON.parse(json) as number[]);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.length + stored).toBe(80);
  });

  it('writes no summary for a segment with nothing to keep, and purges its turns all the same', async () => {
    const daemon = await startTestDaemon();
    defer(() => daemon.stop());
    const chat = conversation(daemon.client, 'acknowledged');
    const messages = [
      'Remember that I work at Acme as a data engineer.',
      'Remember that my manager is Laura.',
      'I prefer green tea over coffee.',
      'Remember that my daughter is allergic to peanuts.',
      "Can you suggest a snack for my daughter's school trip?",
      'Which trains go to Porto on Friday?',
    ];
    for (const message of messages) {
      await chat.say(message);
      await chat.reply('Noted.');
    }
    const sqlite = daemon.daemon.context.database.sqlite;
    const bodies = sqlite.prepare("select body from summaries where session_id = 'acknowledged'").pluck().all() as string[];
    const summaries = bodies.map((body) => JSON.parse(body) as { topic: string; outcome: string });
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries.filter((summary) => summary.topic === '' && summary.outcome === '')).toEqual([]);
    // The turns no summary names and no row keeps are exactly acknowledgements.
    const named = new Set((sqlite.prepare("select turn_numbers from summaries where session_id = 'acknowledged'").pluck().all() as string[]).flatMap((json) => JSON.parse(json) as number[]));
    const stored = new Set(sqlite.prepare("select turn_number from turns where session_id = 'acknowledged'").pluck().all() as number[]);
    const dropped = Array.from({ length: 12 }, (_, i) => i + 1).filter((turn) => !named.has(turn) && !stored.has(turn));
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.every((turn) => turn % 2 === 0)).toBe(true);
  });
});

describe('sessions', () => {
  it('are isolated: nothing of one session reaches another prompt', async () => {
    const { client } = await daemonWithTopics();
    const alice = conversation(client, 'alice');
    const bob = conversation(client, 'bob');
    for (let i = 0; i < 12; i += 1) {
      await alice.say(`[c:0.5] alice-marker-${i} notes about the bakery`);
      await alice.reply(`[c:0.5] alice-reply-marker-${i}`);
      const response = await bob.say(`[c:0.5] bob message ${i} about the garage`);
      expect(promptText(response)).not.toMatch(/alice-(reply-)?marker/);
    }
  });

  it('end with DELETE: the window and open segment are flushed into summaries', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'ending');
    for (let i = 0; i < 3; i += 1) {
      await chat.say(`[c:0.5] planning the move, box ${i}`);
      await chat.reply(`[c:0.5] box ${i} labelled`);
    }
    const ended = await client.json<{ ended: boolean; summariesCreated: number }>('DELETE', '/v1/sessions/ending');
    expect(ended.ended).toBe(true);
    expect(ended.summariesCreated).toBeGreaterThanOrEqual(1);
    const view = await chat.view();
    expect(view.window.turns).toHaveLength(0);
    expect(view.openSegment.turns).toHaveLength(0);
    expect(view.endedAt).not.toBeNull();
    await expect(client.json('DELETE', '/v1/sessions/never-existed')).rejects.toMatchObject({ status: 404 });
  });

  it('accept imported times, but not in the future nor before the last turn', async () => {
    const { client } = await daemonWithTopics();
    const chat = conversation(client, 'import');
    await chat.say('first, long ago', { at: '2023-05-08T13:56:00Z' });
    // 14:00 at +01:00 is 13:00 UTC: before the last turn.
    const earlier = await chat.say('second, earlier still', { at: '2023-05-08T14:00:00+01:00' }).catch((error: MemorydApiError) => error);
    expect(earlier).toBeInstanceOf(MemorydApiError);
    expect((earlier as MemorydApiError).status).toBe(400);
    expect(((earlier as MemorydApiError).details.issues as Array<{ path: string }>)[0]?.path).toBe('body.at');
    const future = await chat.say('from the future', { at: '2099-01-01T00:00:00Z' }).catch((error: MemorydApiError) => error);
    expect(future).toBeInstanceOf(MemorydApiError);
    expect((future as MemorydApiError).status).toBe(400);
    expect((await chat.view()).lastTurnNumber).toBe(1);
  });
});
