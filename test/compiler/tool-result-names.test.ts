import { describe, expect, it } from 'vitest';
import { MemorydApiError } from '../../src/client/memoryd-client.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { startTestDaemon } from '../helpers/test-daemon.js';
import { topicEmbedder } from '../helpers/topic-embedder.js';

const defer = cleanupAfterEach();

async function chatOn(sessionId: string) {
  const daemon = await startTestDaemon({ embedder: topicEmbedder() });
  defer(() => daemon.stop());
  return conversation(daemon.client, sessionId);
}

const refusal = (promise: Promise<unknown>): Promise<MemorydApiError> =>
  promise.then(
    () => {
      throw new Error('the request was accepted');
    },
    (error: unknown) => {
      if (!(error instanceof MemorydApiError)) throw error;
      return error;
    },
  );

describe('a tool result names the tool its call was made to', () => {
  it('a result of the context call under another name is a 400 naming the field, and records nothing', async () => {
    const chat = await chatOn('renamed-result');
    await chat.say('[c:0.5] What is the weather in Porto?');
    await chat.reply('{"name":"t","arguments":{}}', { toolCallId: 'a', toolName: 't' });
    const before = await chat.view();

    const error = await refusal(chat.say('[c:0.5] Tell me.', { toolResults: [{ toolCallId: 'a', name: 'other_tool', content: 'Porto: 14 °C' }] }));
    expect(error).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
    expect(error.details.issues).toEqual([{ path: 'body.toolResults.0.name', message: 'the call a was made to tool t' }]);
    expect(await chat.view()).toEqual(before);

    await chat.say('[c:0.5] Tell me.', { toolResults: [{ toolCallId: 'a', name: 't', content: 'Porto: 14 °C' }] });
  });

  it('a tool turn of /turns under another name is a 400 naming body.toolName, and records nothing', async () => {
    const chat = await chatOn('renamed-turn');
    await chat.say('[c:0.5] What is the weather in Porto?');
    await chat.reply('{"name":"t","arguments":{}}', { toolCallId: 'a', toolName: 't' });
    const before = await chat.view();

    const error = await refusal(chat.reply('Porto: 14 °C', { role: 'tool', toolCallId: 'a', toolName: 'other_tool' }));
    expect(error).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
    expect(error.details.issues).toEqual([{ path: 'body.toolName', message: 'the call a was made to tool t' }]);
    expect(await chat.view()).toEqual(before);

    await chat.reply('Porto: 14 °C', { role: 'tool', toolCallId: 'a', toolName: 't' });
  });

  it('a call recorded without a tool name leaves the result’s name unchecked', async () => {
    const chat = await chatOn('unnamed-call');
    await chat.say('[c:0.5] What is the weather in Porto?');
    await chat.reply('{"name":"t","arguments":{}}', { toolCallId: 'a' });
    await chat.say('[c:0.5] Tell me.', { toolResults: [{ toolCallId: 'a', name: 'get_weather', content: 'Porto: 14 °C' }] });
  });
});
