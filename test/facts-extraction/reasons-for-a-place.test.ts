import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';

// Why one lives or works somewhere is no part of the place or the employer: "I live in
// Lisbon for work" is "I live in Lisbon". Only reasons: "for" and "por" also name places
// and employers ("a home for the elderly", "Doctors for Peace").

const read = (text: string) => extractFacts(text, { role: 'user' });

describe('a reason after a place or an employer', () => {
  it.each([
    ['Vivo en Lisboa por el trabajo', 'Vivo en Lisboa', 'home', 'Lisboa'],
    ['Vivo en Lisboa por trabajo', 'Vivo en Lisboa', 'home', 'Lisboa'],
    ['Me mudé a Madrid por mi pareja', 'Vivo en Madrid', 'home', 'Madrid'],
    ['I live in Lisbon for work', 'I live in Lisbon', 'home', 'Lisbon'],
    ['I live in Lisbon because of work', 'I live in Lisbon', 'home', 'Lisbon'],
    ['I moved to Berlin for my wife', 'I live in Berlin', 'home', 'Berlin'],
    ['I moved to Boston for grad school', 'I live in Boston', 'home', 'Boston'],
    ['I work at Acme for the money', 'I work at Acme', 'employer', 'Acme'],
    ['Trabajo en Globant por la plata', 'Trabajo en Globant', 'employer', 'Globant'],
    ['Remember that my sister lives in Bilbao for work', 'My sister lives in Bilbao', 'sister home', 'Bilbao'],
    ['Recuerda que mi hermana vive en Bilbao por el trabajo', 'Mi hermana vive en Bilbao', 'sister home', 'Bilbao'],
  ])('is no part of it: %s', (text, statement, subject, value) => {
    expect(read(text)).toMatchObject([{ statement, subject, value }]);
  });

  it.each([
    ['I live in a home for the elderly', 'I live in a home for the elderly'],
    ['I work for Doctors for Peace', 'I work for Doctors for Peace'],
  ])('a name with "for" stays whole: %s', (text, statement) => {
    expect(read(text)).toMatchObject([{ statement }]);
  });
});
