import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

// A cached answer is served to every session of the user for 24 h: one whose question or
// answer holds a secret value is never stored, whatever `cacheable` says.
const defer = cleanupAfterEach();

async function started(): Promise<TestDaemon> {
  const daemon = await startTestDaemon();
  defer(() => daemon.stop());
  return daemon;
}

async function probe(daemon: TestDaemon, question: string): Promise<string | null> {
  return (await conversation(daemon.client, 'other-session').say(question, { dryRun: true })).cached?.response ?? null;
}

async function answer(daemon: TestDaemon, sessionId: string, question: string, content: string): Promise<unknown> {
  await conversation(daemon.client, sessionId).say(question);
  return (await daemon.client.recordTurn(sessionId, { role: 'assistant', content, cacheable: true })).cache;
}

describe('the response cache and secrets', () => {
  it('stores no answer that holds a secret value, and serves none to another session', async () => {
    const daemon = await started();
    const cases: Array<[string, string]> = [
      ['How is my home network set up?', 'Your wifi password is Tr0ub4dor&3, and your router admin is admin:Adm1nPass at http://admin:Adm1nPass@192.168.1.1'],
      ['Which AWS account does my staging use?', 'Staging uses the access key AKIAIOSFODNN7EXAMPLE.'],
      ['Where does my staging database live?', 'At postgres://admin:S3cr3tP4ss@db.internal:5432/prod.'],
      ['¿Qué documento usé para mi alquiler?', 'Usaste tu DNI 12345678Z.'],
    ];
    for (const [question, content] of cases) {
      expect(await answer(daemon, `ask-${cases.findIndex(([each]) => each === question)}`, question, content), question).toEqual({ stored: false, reason: 'holds-secret' });
      expect(await probe(daemon, question), question).toBeNull();
    }
  });

  it('stores an answer that only names a credential, holding no value, as any other', async () => {
    const daemon = await started();
    const reset = 'You opened Settings, then Security, chose Reset password and followed the email link.';
    expect(await answer(daemon, 'reset', 'How did I reset my password?', reset)).toMatchObject({ stored: true });
    expect(await probe(daemon, 'How did I reset my password?')).toBe(reset);
    expect(await answer(daemon, 'capital', 'Which city is my office in?', 'Canberra.')).toMatchObject({ stored: true });
    expect(await probe(daemon, 'Which city is my office in?')).toBe('Canberra.');
  });
});
