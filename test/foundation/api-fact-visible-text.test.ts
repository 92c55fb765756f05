import { describe, expect, it } from 'vitest';
import { factPath } from '../../src/client/memoryd-client.js';
import { refusal } from '../helpers/api-refusal.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// A fact written through the API must show something, by the rule a context call's message
// and an assistant's answer follow: on a real daemon, each refusal names body.fact and
// changes nothing.
const file = daemonPerFile();

const NO_VISIBLE_TEXT = 'must contain a visible character (not only spaces or invisible characters such as U+200B)';
const INVISIBLE_ONLY = ['\u200b\u200b', '\u200b', '\u200b\u2060', '\ufeff', '', '   ', '\n\t', '\u00a0\u200d\u3164', '\u2800'];

describe('a fact of invisible characters alone', () => {
  it('is refused on POST by body.fact, as a blank one, and nothing is stored', async () => {
    const before = await file.client.listFacts({ status: 'all' });
    for (const fact of INVISIBLE_ONLY) {
      const refused = await refusal(file.client, 'POST', '/v1/facts', JSON.stringify({ fact, domain: 'personal' }));
      expect(refused, JSON.stringify(fact)).toEqual({ status: 400, code: 'INVALID_REQUEST', issues: [{ path: 'body.fact', message: NO_VISIBLE_TEXT }] });
    }
    expect(await file.client.listFacts({ status: 'all' })).toEqual(before);
  });

  it('is refused on PATCH by body.fact, and the fact keeps its text', async () => {
    const { fact } = await file.client.addFact({ fact: 'My bike is a blue Brompton', domain: 'personal' });
    for (const text of INVISIBLE_ONLY) {
      const refused = await refusal(file.client, 'PATCH', factPath(fact.id), JSON.stringify({ fact: text }));
      expect(refused, JSON.stringify(text)).toEqual({ status: 400, code: 'INVALID_REQUEST', issues: [{ path: 'body.fact', message: NO_VISIBLE_TEXT }] });
    }
    expect((await file.client.getFact(fact.id)).fact).toMatchObject({ fact: 'My bike is a blue Brompton', updatedAt: fact.updatedAt });
  });

  it('comes with the body\'s other problems', async () => {
    const refused = await refusal(file.client, 'POST', '/v1/facts', JSON.stringify({ fact: '\u200b', domain: 'hobbies' }));
    expect(refused.issues.map((issue) => issue.path).sort()).toEqual(['body.domain', 'body.fact']);
  });

  it('is accepted once it holds one visible character, zero-width ones around it kept', async () => {
    const added = await file.client.addFact({ fact: '\u200bThe cat is called Miso\u200b', domain: 'personal' });
    expect(added.created).toBe(true);
    expect(added.fact.fact).toBe('\u200bThe cat is called Miso\u200b');
  });

  it('is one rule with the context call\'s message: the OpenAPI document shows the same pattern for both', async () => {
    type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, { pattern?: string }> } }> } }>> };
    const doc = (await file.client.openapi()) as Doc;
    const pattern = (path: string, method: string, field: string): string | undefined =>
      doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema.properties?.[field]?.pattern;
    const message = pattern('/v1/sessions/{sessionId}/context', 'post', 'message');
    expect(message).toBeTypeOf('string');
    expect(pattern('/v1/facts', 'post', 'fact')).toBe(message);
    expect(pattern('/v1/facts/{id}', 'patch', 'fact')).toBe(message);
  });
});
