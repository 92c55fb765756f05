import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { factsFixture, type FactsFixture, activeFactTexts, factTexts as texts } from './facts-fixture.js';

// "Answer in English from now on" is the instruction "From now on, answer in English": it
// replaces the earlier language instruction, and only it reaches every prompt. What the user
// says of themselves, a request for one answer or a decision of theirs replaces nothing.
const UNRELATED = 'Can you help me plan a trip to Porto in May?';

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

const activeFacts = (): string[] => activeFactTexts(f);

async function selected(message: string): Promise<string[]> {
  return (await f.select(message)).items.map((item) => item.fact);
}

describe('a language instruction with "from now on" after it', () => {
  it.each([
    ['Answer in English from now on.', 'From now on, answer in English'],
    ['Respóndeme en español a partir de ahora.', 'A partir de ahora, respóndeme en español'],
    ['Contestame en inglés de ahora en adelante.', 'A partir de ahora, contestame en inglés'],
  ])('"From now on, answer in French.", then %s: it replaces French in every prompt', async (message, stored) => {
    const [french] = (await f.say('From now on, answer in French.')).added;
    expect(await selected(UNRELATED)).toContain('From now on, answer in French');
    const changes = await f.say(message);
    expect(texts(changes.added)).toEqual([stored]);
    expect(changes.superseded.map((fact) => fact.id)).toEqual([french?.id]);
    expect(activeFacts()).toEqual([stored]);
    const facts = await selected(UNRELATED);
    expect(facts).toContain(stored);
    expect(facts).not.toContain('From now on, answer in French');
  });

  it.each([
    "I'll answer in English from now on.",
    'Respondo en español a partir de ahora.',
    "Answer in English: what is 'gato'?",
    'I decided not to answer him.',
  ])('"From now on, answer in French.", then %s: French stays the instruction', async (message) => {
    await f.say('From now on, answer in French.');
    const changes = await f.say(message);
    expect(changes).toMatchObject({ superseded: [], deleted: [] });
    expect(changes.added.every((fact) => fact.domain === 'decisions')).toBe(true);
    expect(activeFacts()).toContain('From now on, answer in French');
    expect(await selected(UNRELATED)).toContain('From now on, answer in French');
  });
});

describe('a decision said without "that"', () => {
  it('is stored, and the decision said again with "that" re-confirms it', async () => {
    const [decision] = (await f.say('I decided we will use Kubernetes for the billing service.')).added;
    expect(decision).toMatchObject({ fact: 'I decided we will use Kubernetes for the billing service', domain: 'decisions' });
    const again = await f.say('I decided that we will use Kubernetes for the billing service.');
    expect(again).toMatchObject({ added: [], superseded: [] });
    expect(again.reconfirmed.map((fact) => fact.id)).toEqual([decision?.id]);
  });

  it.each([
    ["I decided I'll use Postgres for the ledger.", "I decided I'll use Postgres for the ledger"],
    ["We decided we'll go with Kafka for the event bus.", "We decided we'll go with Kafka for the event bus"],
    ['Decidí que usaremos Postgres para el ledger.', 'Decidí que usaremos Postgres para el ledger'],
    ['Decidimos usar Kubernetes para el servicio de facturación.', 'Decidimos usar Kubernetes para el servicio de facturación'],
  ])('%s is a decision, asked about later', async (message, stored) => {
    expect(texts((await f.say(message)).added)).toEqual([stored]);
    expect(await selected('What did we decide?')).toContain(stored);
  });
});
