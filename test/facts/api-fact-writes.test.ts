import { describe, expect, it } from 'vitest';
import type { ContextResponse } from '../../src/api/schemas/sessions.js';
import { conversation, promptText } from '../helpers/context-calls.js';
import { issuePaths } from '../helpers/api-refusal.js';
import { apiError } from '../helpers/serve-routes.js';
import { daemonPerFile } from '../helpers/test-daemon.js';

// What POST and PATCH /v1/facts write, seen where it matters: in the prompts of a real daemon.
const file = daemonPerFile();

interface ApiFact {
  id: string;
  fact: string;
  domain: string;
  status: string;
  supersededBy: string | null;
}
interface WriteAnswer {
  fact: ApiFact;
  superseded: ApiFact[];
}

const post = (fact: string, domain: string): Promise<WriteAnswer> => file.client.json<WriteAnswer>('POST', '/v1/facts', { fact, domain });
const patch = (id: string, body: Record<string, unknown>): Promise<WriteAnswer> => file.client.json<WriteAnswer>('PATCH', `/v1/facts/${id}`, body);
const stored = (): unknown => file.daemon.daemon.context.database.sqlite.prepare('select * from facts order by id').all();

// A dry run: the prompt as it would be, changing nothing, so each question stands alone.
async function ask(question: string): Promise<string> {
  return promptText(await conversation(file.client, 'asks').say(question, { dryRun: true }));
}

function times(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe('a fact naming a credential, through the API', () => {
  it.each([
    ['My wifi password is hunter2', 'personal'],
    ['Mi contraseña del banco es perro123', 'personal'],
    ['The alarm code for the office is 4411', 'work'],
    // A key or a password by its shape, a password by other words: 201 until 2026-11-27.
    ['My OpenAI key is sk-proj-4fK9aB2cD7eF1gH3iJ5kL', 'work'],
    ['I use sk-proj-4fK9aB2cD7eF1gH3iJ5kL for OpenAI', 'work'],
    ['The staging database URL is postgres://admin:S3cr3tPw@db.internal:5432/app', 'work'],
    ['My passw\u200bord is hunter2', 'personal'],
    ['My wifi pass is hunter2', 'personal'],
  ])('is refused on POST (400 naming body.fact), storing nothing: %j', async (fact, domain) => {
    const before = stored();
    const refused = await apiError(post(fact, domain));
    expect([refused.status, refused.code, issuePaths(refused)]).toEqual([400, 'INVALID_REQUEST', ['body.fact']]);
    expect(refused.message).toContain('credential');
    expect(stored()).toEqual(before);
  });

  it('is refused on PATCH (400 naming body.fact), leaving the fact as it was, and never reaches a prompt', async () => {
    const { fact } = await post('My wifi name is CasaNet', 'personal');
    const before = stored();
    const refused = await apiError(patch(fact.id, { fact: 'My wifi password is hunter2', confirm: true }));
    expect([refused.status, issuePaths(refused)]).toEqual([400, ['body.fact']]);
    expect(stored()).toEqual(before);
    expect(await ask('What is my wifi password?')).not.toContain('hunter2');
  });
});

describe('a fact added or edited through the API supersedes the live facts of its subject', () => {
  it('POST: "My shoe size is 44" replaces "…43", says so, and only 44 is in the prompt', async () => {
    const old = await post('My shoe size is 43', 'personal');
    expect(old.superseded).toEqual([]);
    const added = await post('My shoe size is 44', 'personal');
    expect(added.fact).toMatchObject({ fact: 'My shoe size is 44', status: 'active' });
    expect(added.superseded.map((fact) => [fact.id, fact.status, fact.supersededBy])).toEqual([[old.fact.id, 'superseded', added.fact.id]]);
    expect((await file.client.getFact(old.fact.id)).fact).toMatchObject({ status: 'superseded', supersededBy: added.fact.id });
    const prompt = await ask('What is my shoe size?');
    expect(prompt).toContain('My shoe size is 44');
    expect(prompt).not.toContain('My shoe size is 43');
    expect((await file.client.factChain(added.fact.id)).facts.map((fact) => fact.fact)).toEqual(['My shoe size is 43', 'My shoe size is 44']);
  });

  it('PATCH: a fact edited to "I live in Madrid" replaces "I live in Lisbon"', async () => {
    const lisbon = await post('I live in Lisbon', 'personal');
    const other = await post('I grew up near the sea', 'personal');
    const edited = await patch(other.fact.id, { fact: 'I live in Madrid' });
    expect(edited.fact).toMatchObject({ id: other.fact.id, fact: 'I live in Madrid', status: 'active' });
    expect(edited.superseded.map((fact) => [fact.id, fact.supersededBy])).toEqual([[lisbon.fact.id, other.fact.id]]);
    const prompt = await ask('Where do I live?');
    expect(prompt).toContain('I live in Madrid');
    expect(prompt).not.toContain('I live in Lisbon');
    // A confirmation or a new confidence states nothing new: it replaces nothing.
    expect((await patch(other.fact.id, { confirm: true, confidence: 'medium' })).superseded).toEqual([]);
  });

  it('PATCH: a standing instruction edited to another answer length replaces the one in every prompt', async () => {
    const short = await post('Prefiero respuestas cortas', 'preferences');
    const other = await post('I like hiking on weekends', 'preferences');
    const edited = await patch(other.fact.id, { fact: 'I prefer very long detailed answers' });
    expect(edited.superseded.map((fact) => fact.id)).toEqual([short.fact.id]);
    const prompt = await ask('Tell me about the history of Rome');
    expect(prompt).toContain('I prefer very long detailed answers');
    expect(prompt).not.toContain('Prefiero respuestas cortas');
  });

  it('the same value again replaces nothing: POST re-confirms the same statement (200), and an edit to it is a conflict (409)', async () => {
    const editor = await post('My editor is Helix', 'preferences');
    const again = await file.client.raw('POST', '/v1/facts', JSON.stringify({ fact: 'my editor is helix.', domain: 'preferences' }));
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toMatchObject({ fact: { id: editor.fact.id, status: 'active' }, superseded: [] });
    const other = await post('My terminal is Kitty', 'preferences');
    const conflict = await apiError(patch(other.fact.id, { fact: 'My editor is Helix' }));
    expect([conflict.status, conflict.details]).toEqual([409, { path: 'body.fact', id: other.fact.id, sameAs: editor.fact.id }]);
    expect((await file.client.getFact(editor.fact.id)).fact.status).toBe('active');
  });
});

describe('the same statement in another domain', () => {
  it('is a conflict on POST (409 naming the live one), so a prompt never holds it twice', async () => {
    const home = await post('I live near the river', 'personal');
    const before = stored();
    const conflict = await apiError(post('I live near the river.', 'work'));
    expect([conflict.status, conflict.code, conflict.details]).toEqual([409, 'CONFLICT', { path: 'body.fact', sameAs: home.fact.id }]);
    expect(conflict.message).toContain(`is already fact ${home.fact.id} in personal`);
    expect(stored()).toEqual(before);
    const response: ContextResponse = await conversation(file.client, 'asks').say('Where do I live, near the river at work?', { dryRun: true });
    expect(times(promptText(response), 'I live near the river')).toBeLessThanOrEqual(1);
  });

  it('is a conflict on PATCH, whichever domain the edit puts it in', async () => {
    const tea = await post('I drink oolong tea', 'preferences');
    const other = await post('I drink green tea', 'preferences');
    const before = stored();
    for (const body of [{ fact: 'I drink oolong tea', domain: 'work' }, { fact: 'i drink OOLONG tea!' }]) {
      const conflict = await apiError(patch(other.fact.id, body));
      expect([conflict.status, conflict.details]).toEqual([409, { path: 'body.fact', id: other.fact.id, sameAs: tea.fact.id }]);
    }
    expect(stored()).toEqual(before);
  });
});
