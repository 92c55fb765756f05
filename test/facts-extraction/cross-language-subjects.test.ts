import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';
import { nounKey } from '../../src/facts/extraction/subject-key.js';
import { activeFactTexts, factsFixture, factTexts, type FactsFixture } from '../facts/facts-fixture.js';

// A bilingual user names their things in either language: a correction in Spanish
// replaces the fact told in English ("my car" / "mi coche"), and the other way round.

const subjectOf = (text: string): string | undefined => extractFacts(text, { role: 'user' })[0]?.subject;

describe('one subject in English and Spanish', () => {
  it.each([
    ['Remember that my favourite band is Radiohead.', 'Mi grupo favorito es Vetusta Morla.', 'favorite band'],
    ['Remember that my car is a Golf.', 'Ahora mi coche es un Tesla.', 'car'],
    ['Remember that my dentist is Dr. Smith.', 'En realidad mi dentista ahora es la doctora Gómez.', 'dentist'],
    ['Remember that my doctor is Dr. Smith.', 'Ahora mi médico es el doctor Pérez.', 'doctor name'],
    ['My laptop is a MacBook.', 'Mi portátil es un ThinkPad.', 'laptop'],
    ['My phone is a Pixel 8.', 'Mi móvil es un iPhone 15.', 'phone'],
    ['My gym is Basic-Fit.', 'Mi gimnasio es el McFit de Sol.', 'gym'],
    ['My bank is ING.', 'Mi banco es el BBVA.', 'bank'],
    ['My favourite colour is blue.', 'Mi color favorito es el verde.', 'favorite color'],
    ['My favorite TV show is Severance.', 'Mi serie favorita es Succession.', 'favorite show'],
    ['My favorite author is Borges.', 'Mi escritor favorito es Cortázar.', 'favorite author'],
  ])('%s / %s', (english, spanish, subject) => {
    expect(subjectOf(english)).toBe(subject);
    expect(subjectOf(spanish)).toBe(subject);
  });

  it.each([
    ['mi coche', 'my car'],
    ['mi carro', 'my car'],
    ['mi moto', 'my motorbike'],
    ['mi bicicleta', 'my bike'],
    ['mi ordenador', 'my computer'],
    ['mi escuela', 'my school'],
    ['mi colegio', 'my school'],
    ['mi universidad', 'my university'],
    ['mi numero de movil', 'my mobile number'],
    ['mi movil', 'my mobile phone'],
    ['mi domicilio', 'my address'],
    ['mi suegra', 'my mother-in-law'],
    ['mi cunado', 'my brother-in-law'],
    ['mi sobrina', 'my niece'],
    ['mi prometida', 'my fiancee'],
    ['mi terapeuta', 'my therapist'],
    ['mi profesora', 'my teacher'],
    ['mi companero de piso', 'my flatmate'],
    ['mi apodo', 'my nickname'],
  ])('%s is %s', (spanish, english) => {
    // Keys are made of folded text (no accents), as the rules read it.
    expect(nounKey(spanish)).toBe(nounKey(english));
  });

  it('"grupo" is a band only as a favourite: a blood type stays one', () => {
    expect(nounKey('mi grupo favorito')).toBe('favorite band');
    expect(nounKey('el grupo sanguineo de juan')).not.toContain('band');
  });

  it('a teacher, as any person one has several of, is still no slot in either language', () => {
    expect(extractFacts('Mi profesora es Marta.', { role: 'user' })).toEqual([]);
    expect(extractFacts('My teacher is Marta.', { role: 'user' })).toEqual([]);
  });
});

describe('a correction in the other language, stored', () => {
  let f: FactsFixture;
  beforeEach(async () => {
    f = await factsFixture();
  });
  afterEach(() => f.close());

  it.each([
    ['Remember that my favourite band is Radiohead.', 'No, espera, mi grupo favorito es Vetusta Morla.', 'My favourite band is Radiohead', 'Mi grupo favorito es Vetusta Morla'],
    ['Remember that my car is a Golf.', 'Ahora mi coche es un Tesla.', 'My car is a Golf', 'Mi coche es un Tesla'],
    ['Remember that my dentist is Dr. Smith.', 'En realidad mi dentista ahora es la doctora Gómez.', 'My dentist is Dr. Smith', 'Mi dentista es la doctora Gómez'],
    ['Recuerda que mi médico es el doctor Pérez.', 'Actually, my doctor is Dr. Jones now.', 'Mi médico es el doctor Pérez', 'My doctor is Dr. Jones'],
  ])('%s → %s', async (first, second, old, current) => {
    await f.say(first);
    const changes = await f.say(second);
    expect(factTexts(changes.superseded)).toEqual([old]);
    expect(activeFactTexts(f)).toEqual([current]);
  });
});

describe('a phone and its number', () => {
  it('are two subjects: the device does not replace the number', () => {
    expect(nounKey('my mobile number')).not.toBe(nounKey('my phone'));
    expect(nounKey('mi numero de movil')).not.toBe(nounKey('mi movil'));
  });
});
