import type { MemorydClient } from '../../src/client/memoryd-client.js';
import { sessionPath } from '../../src/client/memoryd-client.js';
import type { ContextResponse, TurnResponse } from '../../src/api/schemas/sessions.js';

/** The context call and an assistant reply, as the assistant makes them. */
export function conversation(client: MemorydClient, sessionId: string) {
  return {
    say: (message: string, extra: Record<string, unknown> = {}) =>
      client.json<ContextResponse>('POST', sessionPath(sessionId, '/context'), { message, ...extra }),
    reply: (content: string, extra: Record<string, unknown> = {}) =>
      client.json<TurnResponse>('POST', sessionPath(sessionId, '/turns'), { role: 'assistant', content, ...extra }),
    view: () => client.json<Record<string, any>>('GET', sessionPath(sessionId)),
  };
}

/** All the text a prompt shows the model. */
export function promptText(response: ContextResponse): string {
  return response.messages.map((message) => message.content).join('\n');
}
