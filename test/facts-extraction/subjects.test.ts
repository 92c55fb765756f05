import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';

function subjectOf(text: string): string {
  const [fact, ...rest] = extractFacts(text, { role: 'user' });
  expect(fact, JSON.stringify(text)).toBeDefined();
  expect(rest).toEqual([]);
  return fact?.subject ?? '';
}

describe('facts that contradict each other share a subject', () => {
  it.each([
    ['my editor is Vim', 'my editor is Helix'],
    ['my editor is Vim', 'mi editor es Helix'],
    ['my editor is Vim', 'I switched to Helix'],
    ['I work at Acme', 'now I work at Globex'],
    ['I work at Acme', 'I no longer work at Acme'],
    ['I work at Acme', 'trabajo en Globex'],
    ['I work at Acme', 'ya no trabajo en Acme'],
    ['I moved to Lisbon', 'me mudé a Madrid'],
    ['I live in Lisbon', "I don't live in Lisbon anymore"],
    ['vivo en Rosario', 'I moved to Porto'],
    ['I prefer tabs', 'I prefer spaces'],
    ['I prefer tabs over spaces', 'prefiero espacios'],
    ['I prefer dark mode', 'I prefer light mode'],
    ['I prefer tea', 'prefiero el café'],
    ['Always reply in English', 'Siempre respondé en español'],
    ['Siempre respondé en español', 'Siempre responde en inglés'],
    ['Siempre usá unidades métricas', 'Siempre usa unidades métricas'],
    ['Nunca uses emojis', 'Siempre usa emojis'],
    ['I prefer answers in Spanish', 'From now on, reply in English'],
    ['From now on, call me Sam', 'I prefer to be called Samuel'],
    ['My name is Ana', 'Mi nombre es Ana María'],
    ['My name is Ana', 'Me llamo Ana María'],
    ['my favorite color is blue', 'mi color favorito es el verde'],
    ['Jazz is my favorite genre', 'my favourite genre is techno'],
    ['Remember that my birthday is May 3', 'Recuerda que mi cumpleaños es el 4 de mayo'],
    ['my dog is named Rex', 'mi perro se llama Toby'],
    ['We decided to use Postgres', 'We decided to use SQLite instead'],
    ['Remember that my sister works at Google', 'Remember that my sister works at Meta'],
    // People one has one of at a time are named once: a new name replaces the old one.
    ['Remember that my manager is Laura', 'Actually, my manager is Marta now'],
    ['My wife is Ana', 'mi esposa es Lucía'],
    // Whoever's it is, a birthday or an email has one value at a time.
    ["Remember that my son's birthday is on the 3rd of May", "Remember, my son's birthday is in June"],
    ["Remember that my wife's email is ana@example.com", "remember that my wife's email is ana@work.example"],
    ['My boss is Dr. Smith', 'Mi jefa es Marta'],
    ['remember that the standup is at 9', 'remember that the standup is at 10'],
    ['I prefer concise answers', 'I prefer detailed answers'],
    ['I prefer short replies', 'prefiero respuestas detalladas'],
    ['Always keep your answers short', 'From now on, give me longer explanations'],
    ['Always answer formally', 'I prefer casual replies'],
    // Kinds of one thing: the thing preferred is the subject, the modifier its value.
    ['I prefer window seats.', 'I prefer aisle seats.'],
    ['I prefer the window seat', 'I prefer aisle seats'],
    ['I prefer window seats over aisle seats', 'I prefer aisle seats'],
    ['I prefer window over aisle seats', 'I prefer aisle seats'],
    ['I prefer aisle seats on buses', 'I prefer window seats on buses'],
    ['I prefer morning flights', 'I prefer evening flights'],
    ['I prefer red wine', 'I prefer white wine'],
    ['prefiero asientos de ventanilla', 'prefiero asientos de pasillo'],
    ['prefiero el vino tinto', 'prefiero vino blanco'],
    ['I prefer short meetings', 'I prefer long meetings'],
    ['I prefer early morning flights', 'I prefer late flights'],
    ['prefiero reuniones cortas', 'prefiero reuniones largas'],
    ['I prefer window seats', 'I prefer middle seats'],
  ])('%s / %s', (first, second) => {
    expect(subjectOf(second)).toBe(subjectOf(first));
  });
});

describe('unrelated facts never share a subject', () => {
  it.each([
    ['I prefer dark mode', 'I prefer tea'],
    ['I prefer tabs', 'I prefer dark mode'],
    ['I prefer short answers', 'I prefer window seats'],
    ['I work at Acme', 'I live in Lisbon'],
    ['I work at Acme', 'Remember that my sister works at Acme'],
    ['My manager is Laura', 'My wife is Laura'],
    ['I live in Lisbon', 'Remember that my parents live in Lisbon'],
    ['my editor is Vim', 'my shell is zsh'],
    ['my name is Ana', "my dog's name is Rex"],
    ['my favorite color is blue', 'my favorite food is pasta'],
    ['Always reply in English', 'Never use emojis'],
    ['I decided to use Postgres', 'I decided to learn the piano'],
    ['I switched to Helix', 'I switched to Linux'],
    ['remember that I am vegetarian', 'remember that I am left-handed'],
    ['I work at Acme', 'I work as a nurse'],
    ['I prefer short answers', 'I prefer short hair'],
    ['I prefer short hair', 'I prefer long walks'],
    ['I prefer formal replies', 'I prefer casual clothes'],
    // Answer length and tone are subjects only about answers, in no other rule.
    ['I switched to shorter shifts', 'I switched to a long commute'],
    ['We decided on a long weekend', 'We decided on a short trip'],
    ['We decided on a formal dress code', 'We decided to go with a casual dinner'],
    ['I prefer concise answers', 'Always answer formally'],
    ['I prefer tea', 'I prefer jazz'],
    ['I prefer jazz', 'I prefer techno'],
    // Another qualifier is another subject: seats on buses are not seats on trains.
    ['I prefer aisle seats on buses', 'I prefer aisle seats on trains'],
    ['I prefer aisle seats', 'I prefer aisle seats on planes'],
    ['I prefer window seats', 'I prefer window tables'],
    ['I prefer short hair', 'I prefer short meetings'],
    // The same thing chosen on another dimension is another preference: when, and how long.
    ['I prefer morning meetings', 'I prefer short meetings'],
    ['I prefer short meetings', 'I prefer remote meetings'],
    ['prefiero reuniones cortas', 'prefiero reuniones presenciales'],
    ['I prefer window seats', 'I prefer leather seats'],
    // A modifier whose dimension is unknown competes with none.
    ['I prefer recorded meetings', 'I prefer remote meetings'],
    ['I prefer hardcover books', 'I prefer paperback books'],
    ['I prefer morning over short meetings', 'I prefer short meetings'],
    // No kind of a thing: a verb and its object, a possessive and its complement, a list.
    ['I prefer watching horror movies', 'I prefer watching romantic movies'],
    ['I prefer my steak rare', 'I prefer my room rare'],
    ['I prefer salt and pepper', 'I prefer oil and pepper'],
    ['I prefer working remotely', 'I prefer living remotely'],
    ['prefiero trabajar solo', 'prefiero viajar solo'],
  ])('%s / %s', (first, second) => {
    expect(subjectOf(second)).not.toBe(subjectOf(first));
  });
});

describe('a preference between kinds of one thing', () => {
  it.each([
    ['I prefer aisle seats.', 'I prefer aisle seats', 'aisle'],
    ['I prefer window seats on buses', 'I prefer window seats on buses', 'window'],
    ['I prefer the window seat over the aisle one', 'I prefer the window seat over the aisle one', 'window'],
    ['Prefiero asientos de pasillo', 'Prefiero asientos de pasillo', 'pasillo'],
  ])('%s: the modifier is the value', (text, statement, value) => {
    const [fact, ...rest] = extractFacts(text, { role: 'user' });
    expect(rest).toEqual([]);
    expect(fact).toMatchObject({ statement, value, domain: 'preferences' });
  });

  it('keeps the thing, what its modifier chooses, its qualifier and nothing else in the subject', () => {
    expect(subjectOf('I prefer aisle seats')).toBe('preference seat position');
    expect(subjectOf('I prefer aisle seats on the bus')).toBe('preference seat position on bus');
    expect(subjectOf('I prefer aisle seats on trains')).toBe('preference seat position on trains');
    expect(subjectOf('I prefer morning meetings')).toBe('preference meeting time');
    expect(subjectOf('I prefer short meetings')).toBe('preference meeting length');
    // A modifier that chooses on no known dimension makes no kind: the words are the subject.
    expect(subjectOf('I prefer recorded meetings')).toBe('preference recorded meetings');
    // A category still comes first: "in my editor" qualifies a theme.
    expect(subjectOf('I prefer dark mode in my editor')).toBe('preference theme');
  });
});

describe('a subject key', () => {
  it('is lowercase, accent-free English-ish text with no punctuation noise', () => {
    for (const text of ['Recuerda que mi cumpleaños es el 3 de marzo', 'I work at Acme', 'Prefiero el té', 'Siempre respondé en español']) {
      expect(subjectOf(text)).toMatch(/^[a-z0-9 |:+#-]+$/u);
    }
  });
});
