import { afterEach, describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';
import { factsFixture, type FactsFixture } from '../facts/facts-fixture.js';

// A place's name goes on after its commas ("Springfield, Illinois", "42 Elm Street,
// Springfield"): a home or an address keeps all of it, and only parts that name a place.

function statementOf(text: string): { statement: string; subject: string; value: string | null } | null {
  const facts = extractFacts(text, { role: 'user' });
  expect(facts.length, text).toBeLessThanOrEqual(1);
  const [fact] = facts;
  return fact === undefined ? null : { statement: fact.statement, subject: fact.subject, value: fact.value };
}

describe('a place named with its region, city or postcode after a comma', () => {
  it.each([
    ['I live in Springfield, Illinois', 'I live in Springfield, Illinois', 'home'],
    ['I live in Springfield, Illinois, USA', 'I live in Springfield, Illinois, USA', 'home'],
    ['We live in Springfield, IL 62704', 'We live in Springfield, IL 62704', 'home'],
    ['Vivo en Sevilla, España', 'Vivo en Sevilla, España', 'home'],
    ['Recuerda que vivo en Calle Mayor 5, Madrid', 'Vivo en Calle Mayor 5, Madrid', 'home'],
    ['Remember that I live on 5th Avenue, New York', 'I live on 5th Avenue, New York', 'home'],
    ['Remember that my home address is 42 Elm Street, Springfield', 'My home address is 42 Elm Street, Springfield', 'address'],
    ['Remember that my address is Calle de Alcalá 42, 28014 Madrid, Spain', 'My address is Calle de Alcalá 42, 28014 Madrid, Spain', 'address'],
    ['Remember my hometown is Springfield, Illinois', 'My hometown is Springfield, Illinois', 'hometown'],
    ['Mi ciudad natal es Alcalá de Henares, Madrid', 'Mi ciudad natal es Alcalá de Henares, Madrid', 'hometown'],
    ['Remember that my sister lives in Austin, Texas', 'My sister lives in Austin, Texas', 'sister home'],
    ['Recuerda que mi hermana vive en Rosario, Santa Fe', 'Mi hermana vive en Rosario, Santa Fe', 'sister home'],
  ])('%s → %s', (message, statement, subject) => {
    expect(statementOf(message)).toMatchObject({ statement, subject });
  });

  it.each([
    ['I live in Madrid, near the river', 'I live in Madrid'],
    ['Vivo en Madrid, Juan en Sevilla', 'Vivo en Madrid'],
    ['I live in Berlin, Germany, since 2020', 'I live in Berlin, Germany'],
    ['I live in Paris, France and I love it', 'I live in Paris, France'],
    ['I live in Lisbon, a lovely city', 'I live in Lisbon'],
    ['I live in Lisbon, Alfama Baixa Chiado Belém Estrela', 'I live in Lisbon'],
    ['I live in Lisbon, LOL', 'I live in Lisbon'],
    ['I live in Oslo, Thanks', 'I live in Oslo'],
    ['I live in Porto, BTW', 'I live in Porto'],
    ['Vivo en Sevilla, Gracias', 'Vivo en Sevilla'],
  ])('stops at a part that names no place: %s → %s', (message, statement) => {
    expect(statementOf(message)?.statement).toBe(statement);
  });

  it('keeps a comma in what is no place where it was', () => {
    expect(statementOf('I work at Acme, a startup in Berlin')?.statement).toBe('I work at Acme');
    expect(statementOf('My favorite band is Queen, Radiohead too')?.value ?? null).not.toContain('Radiohead');
  });
});

describe('a home with its region, once stored', () => {
  let f: FactsFixture | null = null;
  afterEach(() => f?.close());

  it('is replaced whole by the next one', async () => {
    f = await factsFixture();
    await f.say('I live in Springfield, Illinois.');
    const moved = await f.say('Actually, I moved to Portland, Oregon.');
    expect(moved.superseded.map((view) => view.fact)).toEqual(['I live in Springfield, Illinois']);
    expect(f.service.list().map((view) => view.fact)).toEqual(['I live in Portland, Oregon']);
  });
});
