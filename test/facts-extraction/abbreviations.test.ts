import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';

function read(text: string): Array<[statement: string, value: string | null]> {
  return extractFacts(text, { role: 'user' }).map((fact) => [fact.statement, fact.value]);
}

function statements(text: string): string[] {
  return extractFacts(text, { role: 'user' }).map((fact) => fact.statement);
}

describe('a period inside a sentence does not cut the fact', () => {
  it.each([
    ['after a title before a name', 'Recordá que mi dentista es la Dra. Silva', 'Mi dentista es la Dra. Silva'],
    ['after a Spanish title and an initial', 'Recordá que mi jefe es el Sr. J. Pérez', 'Mi jefe es el Sr. J. Pérez'],
    ['after an English title', 'Remember that my doctor is Prof. Lee', 'My doctor is Prof. Lee'],
    ['after a title and an initial', 'Remember that my boss is Mr. T. Jones', 'My boss is Mr. T. Jones'],
    ['after an initial in a name', 'My name is John F. Kennedy', 'My name is John F. Kennedy'],
    ['after initials before a surname', 'My favourite author is J.K. Rowling', 'My favourite author is J.K. Rowling'],
    ['after a company suffix', 'Remember that I work at Acme Inc. in Lisbon', 'I work at Acme Inc. in Lisbon'],
    ['after a company suffix, in Spanish', 'Recordá que trabajo en Acme Inc. en Lisboa', 'Trabajo en Acme Inc. en Lisboa'],
    ['after a.m.', 'Remember that my flight is at 9 a.m. tomorrow', 'My flight is at 9 a.m. tomorrow'],
    ['after a.m., in Spanish', 'Recordá que mi vuelo es a las 9 a.m. mañana', 'Mi vuelo es a las 9 a.m. mañana'],
    ['after "e.g."', 'Remember that I like fruit, e.g. apples', 'I like fruit, e.g. apples'],
    ['after "Univ."', 'Remember that my boss is Prof. Ng at Stanford Univ. in California.', 'My boss is Prof. Ng at Stanford Univ. in California'],
    ['after "Ave."', 'Remember that I live on Main Ave. in Boston.', 'I live on Main Ave. in Boston'],
    ['after "Mt." before a name', 'Remember that I live near Mt. Hood in Oregon.', 'I live near Mt. Hood in Oregon'],
    ['after "Av." before a name', 'Recuerda que vivo en la Av. Corrientes 1234.', 'Vivo en la Av. Corrientes 1234'],
    ['after "Dpto." before a number', 'Recuerda que vivo en el Dpto. 4 de Rivadavia.', 'Vivo en el Dpto. 4 de Rivadavia'],
    ['inside a spaced acronym', 'Remember that I work at Acme S. A. in Madrid.', 'I work at Acme S. A. in Madrid'],
  ])('%s: %s', (_, text, statement) => {
    expect(statements(text)).toEqual([statement]);
  });

  it('keeps a dotted acronym whole, with its last period, inside or at the end', () => {
    expect(read('Remember that I moved to the U.S. last year')).toEqual([['I live in the U.S.', 'the U.S.']]);
    expect(read('Remember that I moved to the U.S.')).toEqual([['I live in the U.S.', 'the U.S.']]);
    expect(read('I live in the U.S. My wife is Ana.')).toEqual([
      ['I live in the U.S.', 'the U.S.'],
      ['My wife is Ana', 'Ana'],
    ]);
    expect(read('Recordá que me mudé a EE.UU. el año pasado')).toEqual([['Vivo en EE.UU.', 'EE.UU.']]);
    expect(read('Recordá que me mudé a EE.UU.')).toEqual([['Vivo en EE.UU.', 'EE.UU.']]);
  });

  it('keeps a spaced dotted acronym whole too', () => {
    expect(read('Recuerda que vivo en EE. UU. desde 2019.')).toEqual([['Vivo en EE. UU.', 'EE. UU.']]);
    expect(read('Remember that I live in the U. S. now.')).toEqual([['I live in the U. S.', 'the U. S.']]);
    expect(read('I live in the U. S. My wife is Ana.')).toEqual([
      ['I live in the U. S.', 'the U. S.'],
      ['My wife is Ana', 'Ana'],
    ]);
  });
});

describe('a period after an abbreviation still ends a sentence that ends there', () => {
  it.each([
    ['before a capitalised sentence', 'I work at Acme Inc. I live in Lisbon.', ['I work at Acme Inc', 'I live in Lisbon']],
    ['in Spanish', 'Trabajo en Acme Inc. Vivo en Lisboa.', ['Trabajo en Acme Inc', 'Vivo en Lisboa']],
    ['typed in lower case', 'i work at acme inc. i live in lisbon', ['I work at acme inc', 'I live in lisbon']],
    ['after a title\'s name', 'Mi médica es la Dra. Núñez. Vivo en Córdoba.', ['Mi médica es la Dra. Núñez', 'Vivo en Córdoba']],
    ['after "etc."', 'I like apples, pears, etc. I live in Lisbon.', ['I live in Lisbon']],
    ['after "I", no initial', 'Neither do I. I prefer tabs', ['I prefer tabs']],
    ['after a letter that is no initial', 'I take vitamin D. My wife is Ana.', ['My wife is Ana']],
    ['after "no" the word', 'Oh no. i live in Lisbon', ['I live in Lisbon']],
    ['after "ft." before a sentence', 'My height is 6 ft. I live in Lisbon.', ['My height is 6 ft', 'I live in Lisbon']],
    ['after "Univ." before a sentence', 'I work at Stanford Univ. My wife is Ana.', ['I work at Stanford Univ', 'My wife is Ana']],
  ])('%s: %s', (_, text, expected) => {
    expect(statements(text)).toEqual(expected);
  });
});
