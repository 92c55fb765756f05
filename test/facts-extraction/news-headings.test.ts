import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';

// A short heading of news or an aside before a colon ("Update:", "Good news:", "Novedad:",
// "PD:", "Ojo:") is read past, as "FYI:" and "Btw:" are: the change after it is stated.
// A name before a colon is someone's line of a pasted chat, not a heading.

const read = (text: string) => extractFacts(text, { role: 'user' });

describe('a heading before a colon', () => {
  it.each([
    ['Novedad: ahora trabajo en Mercado Libre, empecé hoy.', 'Trabajo en Mercado Libre', 'employer'],
    ['Update: I now work at Globex.', 'I work at Globex', 'employer'],
    ['News: I moved to Lisbon.', 'I live in Lisbon', 'home'],
    ['Good news: I moved to Berlin!', 'I live in Berlin', 'home'],
    ['Big news: I switched to Helix.', 'I switched to Helix', 'editor'],
    ['Heads up: I switched to Helix.', 'I switched to Helix', 'editor'],
    ['PS: I moved to Berlin.', 'I live in Berlin', 'home'],
    ['P.S.: I moved to Berlin.', 'I live in Berlin', 'home'],
    ['PD: me mudé a Madrid.', 'Vivo en Madrid', 'home'],
    ['P.D.: me mudé a Madrid.', 'Vivo en Madrid', 'home'],
    ['Ojo: me mudé a Madrid.', 'Vivo en Madrid', 'home'],
    ['Noticia: me mudé a Madrid.', 'Vivo en Madrid', 'home'],
    ['Buenas noticias: me mudé a Madrid.', 'Vivo en Madrid', 'home'],
  ])('is read past: %s', (text, statement, subject) => {
    expect(read(text)).toMatchObject([{ statement, subject, kind: 'assert' }]);
  });

  it('reads as the statement without it, and as "FYI:" or "Btw:" do', () => {
    const plain = read('I moved to Lisbon.').map((fact) => [fact.statement, fact.subject, fact.value]);
    expect(read('News: I moved to Lisbon.').map((fact) => [fact.statement, fact.subject, fact.value])).toEqual(plain);
    expect(read('Btw: I moved to Lisbon.').map((fact) => [fact.statement, fact.subject, fact.value])).toEqual(plain);
  });

  it('keeps a request to remember after it', () => {
    expect(read('Update: remember that I am vegan.')).toMatchObject([{ statement: 'I am vegan', confidence: 'high' }]);
  });

  it.each([
    // A line of a pasted chat.
    'Ana: I live in Lisbon.',
    'Customer: I moved to Berlin.',
    // Someone else's move said in passing stays conversation.
    'News: my sister moved to Madrid.',
  ])('%s is none', (text) => {
    expect(read(text)).toEqual([]);
  });
});
