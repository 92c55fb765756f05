import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversation, promptText } from '../helpers/context-calls.js';
import { apiError } from '../helpers/serve-routes.js';
import { startTestDaemon, type TestDaemon } from '../helpers/test-daemon.js';

let daemon: TestDaemon;
beforeAll(async () => {
  daemon = await startTestDaemon();
});
afterAll(() => daemon.stop());

const tool = (name: string, description = `Does what ${name} says.`) => ({ name, description });
const turnCount = (sessionId: string) =>
  daemon.daemon.context.database.sqlite.prepare('select count(*) from turns where session_id = ?').pluck().get(sessionId) as number;

describe('tool names in one context request', () => {
  it('must be unique: a repeated name is a 400 naming the repeat, and records nothing', async () => {
    const chat = conversation(daemon.client, 'twice-declared');
    await chat.say('Is it raining in Porto?', { tools: [tool('get_weather')] });
    const before = await chat.view();

    const error = await apiError(
      chat.say('And in Braga?', { tools: [tool('get_weather'), tool('search'), tool('book'), tool('get_weather', 'Another weather tool.')] }),
    );
    expect(error).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
    expect(error.details.issues).toEqual([{ path: 'body.tools.3.name', message: 'must be unique: tools.0 has the same name' }]);
    expect(error.message).toContain('body.tools.3.name');
    expect(await chat.view()).toEqual(before);
    expect(turnCount('twice-declared')).toBe(1);
  });

  it('refused on a session\'s first message creates no session', async () => {
    const chat = conversation(daemon.client, 'never-started');
    const error = await apiError(chat.say('Hello?', { tools: [tool('a'), tool('a'), tool('b'), tool('b')] }));
    expect(error.details.issues).toEqual([
      { path: 'body.tools.1.name', message: 'must be unique: tools.0 has the same name' },
      { path: 'body.tools.3.name', message: 'must be unique: tools.2 has the same name' },
    ]);
    expect((await apiError(chat.view())).status).toBe(404);
    expect(turnCount('never-started')).toBe(0);
  });

  it('differ by case: tools named Search and search are two tools', async () => {
    const response = await conversation(daemon.client, 'cased').say('Which one?', { tools: [tool('Search'), tool('search')] });
    expect(promptText(response)).toContain('Search: Does what Search says.');
    expect(promptText(response)).toContain('search: Does what search says.');
  });
});
