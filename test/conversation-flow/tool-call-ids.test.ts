import { describe, expect, it } from 'vitest';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { conversation } from '../helpers/context-calls.js';
import { apiError } from '../helpers/serve-routes.js';
import { startTestDaemon } from '../helpers/test-daemon.js';
import { topicEmbedder } from '../helpers/topic-embedder.js';

const defer = cleanupAfterEach();

async function chatOn(sessionId: string) {
  const daemon = await startTestDaemon({ embedder: topicEmbedder() });
  defer(() => daemon.stop());
  return conversation(daemon.client, sessionId);
}

const weather = (toolCallId: string, content = 'Porto: 14 °C, rain') => ({ toolCallId, name: 'get_weather', content });

describe('tool-call ids', () => {
  it('two results of one request with the same id are a 400 naming the second, and change nothing', async () => {
    const chat = await chatOn('twice');
    await chat.say('[c:0.5] What is the weather in Porto?');
    const before = await chat.view();
    const error = await apiError(chat.say('[c:0.5] And tomorrow?', { toolResults: [weather('w1'), weather('w2'), weather('w1')] }));
    expect(error.status).toBe(400);
    expect(error.details.issues).toEqual([{ path: 'body.toolResults.2.toolCallId', message: 'must be unique: toolResults.0 has the same id' }]);
    expect(await chat.view()).toEqual(before);
  });

  it('a call or a result reusing the id of a call still in the session is a 409 naming the field, and changes nothing', async () => {
    const chat = await chatOn('reuse');
    await chat.say('[c:0.5] What is the weather in Porto?');
    await chat.reply('{"name":"get_weather","arguments":{"city":"Porto"}}', { toolCallId: 'c1', toolName: 'get_weather' });
    await chat.say('[c:0.5] Tell me.', { toolResults: [weather('c1')] });
    const before = await chat.view();

    const secondResult = await apiError(chat.say('[c:0.5] Again?', { toolResults: [weather('c2'), weather('c1', 'Porto: 15 °C')] }));
    // The result (turn 3) is recorded before the message it came with (turn 4).
    expect(secondResult).toMatchObject({ status: 409, code: 'CONFLICT', details: { path: 'body.toolResults.1.toolCallId', toolCallId: 'c1', turnNumber: 3 } });
    const recordedResult = await apiError(chat.reply('Porto: 15 °C', { role: 'tool', toolCallId: 'c1', toolName: 'get_weather' }));
    expect(recordedResult).toMatchObject({ status: 409, details: { path: 'body.toolCallId', turnNumber: 3 } });
    const secondCall = await apiError(chat.reply('{"name":"get_weather","arguments":{"city":"Lisbon"}}', { toolCallId: 'c1', toolName: 'get_weather' }));
    expect(secondCall).toMatchObject({ status: 409, details: { path: 'body.toolCallId', turnNumber: 2 } });
    expect(secondCall.message).toContain('body.toolCallId');
    expect(await chat.view()).toEqual(before);

    // A result for a call of the window is its pair, not a reuse; a new id is always free.
    await chat.reply('{"name":"get_weather","arguments":{"city":"Lisbon"}}', { toolCallId: 'c2', toolName: 'get_weather' });
    await chat.reply('Lisbon: 21 °C, sun', { role: 'tool', toolCallId: 'c2', toolName: 'get_weather' });
  });

  it('frees an id once its call has left the session for a summary', async () => {
    const chat = await chatOn('freed');
    await chat.say('[c:0.5] What is the weather in Porto?');
    await chat.reply('{"name":"get_weather","arguments":{"city":"Porto"}}', { toolCallId: 'c1', toolName: 'get_weather' });
    await chat.say('[c:0.5] Tell me.', { toolResults: [weather('c1')] });
    for (let i = 0; i < 6; i += 1) {
      await chat.reply(`[c:0.5] answer ${i} about the trip`);
      await chat.say(`[c:0.5] question ${i} about the trip`);
    }
    const view = await chat.view();
    const live = [...view.window.turns, ...view.openSegment.turns].map((turn: { toolCallId: string | null }) => turn.toolCallId);
    expect(live).not.toContain('c1');
    await chat.reply('{"name":"get_weather","arguments":{"city":"Porto"}}', { toolCallId: 'c1', toolName: 'get_weather' });
  });
});

describe('a tool result names the tool its call was made to', () => {
  it('a result of the context call under another name is a 400 naming the field, and records nothing', async () => {
    const chat = await chatOn('renamed-result');
    await chat.say('[c:0.5] What is the weather in Porto?');
    await chat.reply('{"name":"t","arguments":{}}', { toolCallId: 'a', toolName: 't' });
    const before = await chat.view();

    const error = await apiError(chat.say('[c:0.5] Tell me.', { toolResults: [{ toolCallId: 'a', name: 'other_tool', content: 'Porto: 14 °C' }] }));
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

    const error = await apiError(chat.reply('Porto: 14 °C', { role: 'tool', toolCallId: 'a', toolName: 'other_tool' }));
    expect(error).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
    expect(error.details.issues).toEqual([{ path: 'body.toolName', message: 'the call a was made to tool t' }]);
    expect(await chat.view()).toEqual(before);

    await chat.reply('Porto: 14 °C', { role: 'tool', toolCallId: 'a', toolName: 't' });
  });

  it('a call recorded without a tool name leaves the result’s name unchecked', async () => {
    const chat = await chatOn('unnamed-call');
    await chat.say('[c:0.5] What is the weather in Porto?');
    await chat.reply('{"name":"t","arguments":{}}', { toolCallId: 'a' });
    const response = await chat.say('[c:0.5] Tell me.', { toolResults: [{ toolCallId: 'a', name: 'get_weather', content: 'Porto: 14 °C' }] });
    expect(response.messages.find((message) => message.role === 'tool')).toMatchObject({ toolCallId: 'a', name: 'get_weather' });
  });
});
