import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyDomain, confidentDomain, isDomainChange, topicDomain } from '../../src/domains/classify-domain.js';
import { DOMAINS } from '../../src/domains/domain.js';

describe('classifyDomain', () => {
  it.each([
    ['The deploy failed in prod and my boss is furious', 'work'],
    ['I have a meeting with a client at the office tomorrow', 'work'],
    ['Tengo una reunión con el cliente en la oficina', 'work'],
    ['Mi jefe quiere el informe para el viernes', 'work'],
    ['I prefer dark mode in every editor', 'preferences'],
    ['My favourite band is Radiohead', 'preferences'],
    ['Me gusta mucho el café de especialidad', 'preferences'],
    ['Prefiero las respuestas cortas', 'preferences'],
    ["We decided we'll go with Postgres", 'decisions'],
    ['Decidí usar Postgres en vez de MySQL', 'decisions'],
    ['Elegimos la opción B', 'decisions'],
    ['My sister has her birthday on Friday', 'personal'],
    ['Mi hermana cumple años el martes, es su cumpleaños', 'personal'],
    ['I took my dog to the vet, he has an allergy', 'personal'],
    ['Fuimos al médico con mi mamá', 'personal'],
    ['The memoryd repo needs a new feature', 'projects'],
    ['Hay un bug en el proyecto, lo arreglo en el repositorio', 'projects'],
    ['Let me refactor the API endpoint in the app', 'projects'],
  ] as const)('%s → %s', (text, domain) => {
    expect(classifyDomain(text).domain).toBe(domain);
  });

  it.each([['how are you today?'], ['lol ok'], ['¿Qué tal? Todo bien'], ['thanks, that helps'], [''], ['   ']])(
    'has no domain for chit-chat: %j',
    (text) => {
      const guess = classifyDomain(text);
      expect(guess.domain).toBeNull();
      expect(Object.values(guess.scores).every((score) => score === 0)).toBe(true);
    },
  );

  it('folds accents and case, so "REUNIÓN" and "reunion" score the same', () => {
    expect(classifyDomain('REUNIÓN con el CLIENTE')).toEqual(classifyDomain('reunion con el cliente'));
  });

  it('matches whole words and stems, never inside other words', () => {
    expect(classifyDomain('are you kidding me').domain).toBeNull();
    expect(classifyDomain('the caterpillar ate a leaf').domain).toBeNull();
    expect(classifyDomain('we deployed it yesterday').domain).toBe('work');
    expect(classifyDomain('two new features').domain).toBe('projects');
  });

  it('counts a term once however often it repeats', () => {
    expect(classifyDomain('deploy deploy deploy deploy').scores.work).toBe(classifyDomain('deploy').scores.work);
  });

  it('is deterministic and total on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const first = classifyDomain(text);
        expect(classifyDomain(text)).toEqual(first);
        expect(DOMAINS.every((domain) => first.scores[domain] >= 0)).toBe(true);
        expect(first.domain === null || first.scores[first.domain] > 0).toBe(true);
      }),
    );
  });
});

describe('isDomainChange', () => {
  const work = classifyDomain('The sprint deadline moved and the client meeting is at the office');
  const personal = classifyDomain('My sister and my mom are coming for my birthday');
  const projects = classifyDomain('I pushed a refactor to the memoryd repo');

  it('fires between two confident, different domains', () => {
    expect(isDomainChange(confidentDomain(work), personal)).toBe(true);
    expect(isDomainChange(confidentDomain(projects), work)).toBe(true);
  });

  it('does not fire inside one domain', () => {
    expect(isDomainChange(confidentDomain(work), classifyDomain('My boss moved the deadline for the client'))).toBe(false);
  });

  it.each([
    ['a single weak keyword', 'I like that'],
    ['a single usual keyword', 'the team is here'],
    ['chit-chat', 'ok thanks'],
  ])('does not fire on %s', (_, text) => {
    const weak = classifyDomain(text);
    expect(confidentDomain(weak)).toBeNull();
    expect(isDomainChange(confidentDomain(work), weak)).toBe(false);
    expect(isDomainChange(confidentDomain(weak), personal)).toBe(false);
  });

  it('does not fire on a decision: "decisions" is a kind of statement, not a topic', () => {
    const decision = classifyDomain('OK, we decided to go with Kubernetes.');
    expect(confidentDomain(decision)).toBe('decisions');
    expect(isDomainChange(confidentDomain(projects), decision)).toBe(false);
    expect(isDomainChange('decisions', personal)).toBe(false);
    // The topic of a decision still counts, and preferences are a topic of their own.
    expect(isDomainChange(confidentDomain(work), classifyDomain('We decided: my sister and my mom are coming for my birthday'))).toBe(true);
    expect(isDomainChange(confidentDomain(work), classifyDomain('My favourite films? I prefer horror, and I enjoy thrillers'))).toBe(true);
  });

  it('stores what a turn is about (topicDomain): never "decisions", so the turn after a decision can still change topic', () => {
    expect(topicDomain(classifyDomain('Should we deploy the billing service with Kubernetes or docker-compose?'))).toBe('projects');
    expect(topicDomain(classifyDomain('OK, we decided to go with Kubernetes.'))).not.toBe('decisions');
    const afterDecision = topicDomain(classifyDomain('We decided: my sister and my mom are coming for my birthday'));
    expect(afterDecision).toBe('personal');
    expect(isDomainChange(afterDecision, work)).toBe(true);
  });

  it('does not fire when the evidence is split between two domains', () => {
    const mixed = classifyDomain('my boss came to my birthday');
    expect(confidentDomain(mixed)).toBeNull();
    expect(isDomainChange(confidentDomain(mixed), personal)).toBe(false);
  });
});
