import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.js';
import { runContextCall } from '../../src/compiler/context-service.js';
import { recordReply } from '../../src/conversation/record-reply.js';
import { archiveKeep } from '../../src/conversation/window-advance.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { startTestDaemon } from '../helpers/test-daemon.js';
import { topicEmbedder } from '../helpers/topic-embedder.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';

const defer = cleanupAfterEach();

function tempDir(): string {
  const temp = makeTempDir();
  defer(temp.remove);
  return temp.dir;
}

describe('a restarted daemon', () => {
  it('rebuilds each session window and open segment from the database, giving the same prompt', async () => {
    const dir = tempDir();
    const clock = new ManualClock(Date.UTC(2026, 10, 20, 9));
    const first = await startTestDaemon({ dir, keepDir: true, clock, embedder: topicEmbedder() });
    const chat = conversation(first.client, 'kept');
    for (let i = 0; i < 7; i += 1) {
      await chat.say(`[c:0.5] Remember that shelf ${i} holds the ${i}th volume.`);
      await chat.reply(`[c:0.5] Shelf ${i} noted.`);
    }
    const view = await chat.view();
    const preview = await chat.say('[c:0.5] Which shelf has volume 3?', { dryRun: true });
    await first.stop();

    const second = await startTestDaemon({ dir, keepDir: true, clock, embedder: topicEmbedder() });
    defer(() => second.stop());
    const again = conversation(second.client, 'kept');
    const { stats: _before, ...viewBefore } = view;
    const { stats: _after, ...viewAfter } = await again.view();
    expect(viewAfter).toEqual(viewBefore);
    const replay = await again.say('[c:0.5] Which shelf has volume 3?', { dryRun: true });
    expect(replay.hash).toBe(preview.hash);
    expect(JSON.stringify(replay.messages)).toBe(JSON.stringify(preview.messages));
  });

  it('never compares vectors of another embedder: the latest turns and the facts are embedded again by the new one', async () => {
    const dir = tempDir();
    const first = await startTestDaemon({ dir, keepDir: true, embedder: topicEmbedder({ id: 'model-a' }) });
    const chat = conversation(first.client, 'switch');
    await chat.say('Remember that my bike is a Brompton. [topic:1]');
    await chat.reply('[topic:1] Noted, a Brompton.');
    await first.stop();

    // Another model with another size of vector: a vector of model-a could not even be compared.
    const second = await startTestDaemon({ dir, keepDir: true, embedder: topicEmbedder({ id: 'model-b', dims: 256 }) });
    defer(() => second.stop());
    await conversation(second.client, 'switch').say('[topic:1] And my helmet is blue.');
    const view = await conversation(second.client, 'switch').view();
    const last = view.window.turns.at(-1);
    expect(last.continuity).toBeCloseTo(1, 6);
    const embedders = second.daemon.context.database.sqlite.prepare('select distinct embedder_id from facts').pluck().all();
    expect(embedders).toEqual(['model-b']);
  });
});

describe('pressure', () => {
  it('summarises aggressively before the layout when the context would pass 3000 tokens', async () => {
    const daemon = await startTestDaemon({ embedder: topicEmbedder() });
    defer(() => daemon.stop());
    const chat = conversation(daemon.client, 'pressure');
    const long = 'This paragraph describes the architecture of the ingestion pipeline in detail. '.repeat(12);
    for (let i = 0; i < 4; i += 1) {
      await chat.say(`[topic:2] part ${i}: ${long}`);
      await chat.reply(`[topic:2] part ${i} understood`);
    }
    const heavy = await chat.say(`[topic:2] the last part: ${'Another dense sentence about queues, retries and idempotency keys. '.repeat(180)}`);
    expect(heavy.turn.pressure).toBe(true);
    expect(heavy.turn.windowReason).toBe('pressure');
    expect(heavy.turn.windowSize).toBe(4);
    expect(heavy.tokens).toBeLessThanOrEqual(4000);
  });
});

describe('a long session', () => {
  it('after 10,000 turns the database holds the window, the open segment, summaries and facts, not the turns', async () => {
    const daemon = await startTestDaemon();
    defer(() => daemon.stop());
    const { services, context } = daemon.daemon;
    const deps = { recorder: services.recorder, database: context.database, config: context.config, answers: null, facts: services.facts };
    const clock = daemon.clock as ManualClock;
    for (let i = 0; i < 5000; i += 1) {
      clock.advance(1000);
      await runContextCall(services.contextDeps, { sessionId: 'long', message: `Question ${i}: what about item ${i % 97} in the inventory?` });
      await recordReply(deps, 'long', { role: 'assistant', content: `Item ${i % 97} is on shelf ${i % 13}.` });
    }
    const sqlite = context.database.sqlite;
    const stored = sqlite.prepare("select count(*) from turns where session_id = 'long'").pluck().get() as number;
    const through = "(select archived_through from sessions where id = 'long')";
    const active = sqlite.prepare(`select count(*) from summaries where session_id = 'long' and seq > ${through}`).pluck().get() as number;
    const archived = sqlite.prepare(`select count(*) from summaries where session_id = 'long' and seq <= ${through}`).pluck().get() as number;
    expect(stored).toBeLessThanOrEqual(8 + 3);
    expect(active).toBe(4);
    // Deleted in batches: between the limit and the slack above it.
    const keep = archiveKeep(context.config.window);
    expect(keep.slack).toBeGreaterThan(0);
    expect(archived).toBeGreaterThanOrEqual(keep.archived);
    expect(archived).toBeLessThanOrEqual(keep.archived + (keep.slack ?? 0));
    const response = await conversation(daemon.client, 'long').say('And item 5?');
    expect(response.turn.turnNumber).toBe(10_001);
    expect(response.tokens).toBeLessThanOrEqual(4000);
    expect(promptText(response)).toContain('Item');
  }, 120_000);
});
