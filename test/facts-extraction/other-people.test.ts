import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../src/facts/extraction/index.js';

const read = (text: string) => extractFacts(text, { role: 'user' });

describe('where someone else works or lives', () => {
  it.each([
    'My brother works at Mercado Libre.',
    'My mom works at a hospital.',
    'My brother lives in Paris.',
    'My parents moved to Lisbon.',
    'My brother no longer works at Globex.',
    'Mi hermano vive en Sevilla.',
    'Mi madre trabaja en un hospital.',
    'Mis padres viven en Córdoba.',
  ])('said in passing, is no fact: %s', (text) => {
    expect(read(text)).toEqual([]);
  });

  it('leaves the user\'s own statement in the same sentence alone', () => {
    expect(read('I live in Porto and my brother works at Globex.').map((fact) => fact.statement)).toEqual(['I live in Porto']);
  });

  it.each([
    ['Remember that my brother works at Mercado Libre.', 'brother employer'],
    ['Recuerda que mi hermano trabaja en Mercado Libre.', 'brother employer'],
    ['Remember that my brother lives in Paris.', 'brother home'],
    ['Recordá que mi hermano vive en Sevilla.', 'brother home'],
    ['Recuerda que mi mejor amiga vive en Cádiz.', 'best friend home'],
    ['Just so you know, my mom works at a hospital.', 'mother employer'],
  ])('asked to be remembered, is theirs, never the user\'s employer or home: %s', (text, subject) => {
    expect(read(text)).toMatchObject([{ subject }]);
  });
});

describe('people one may have several of are never a slot with one value', () => {
  it.each([
    ['Remember that my sister is Ana.', 'Remember that my sister is Laura.'],
    ["Remember that my sister's name is Ana.", "Remember that my sister's name is Laura."],
    ['Recordá que mi hermana se llama Ana', 'Recordá que mi hermana se llama Laura'],
    ['Remember that my best friend is Tom', 'Remember that my best friend is Sam'],
    ['Recordá que mi primo se llama Juan', 'Recordá que mi primo se llama Pedro'],
  ])('%s / %s', (first, second) => {
    const [one] = read(first);
    const [other] = read(second);
    expect(one).toBeDefined();
    expect(other).toBeDefined();
    expect(other?.subject).not.toBe(one?.subject);
  });

  it.each([
    "My son's name is Leo",
    'Mi hermana se llama Ana',
    'Mi mejor amiga se llama Sofía',
    // Spanish puts the adjective after the noun: still one of several sisters, brothers.
    'Mi hermana mayor se llama Lucía',
    'Mi hermana mayor es Lucía',
    'Mi hermano pequeño se llama Pablo',
    'My older sister is called Lucy',
  ])('said in passing, a name for one of several is no fact: %s', (text) => {
    expect(read(text)).toEqual([]);
  });

  it.each([
    // Named: the person's name is the slot ("mi jefe es Andrés" as "mi jefe se llama Andrés"); a description is not.
    ['My wife is Ana', 'wife name'],
    ['Remember that my manager is Laura', 'boss name'],
    ['My dog is called Rex', 'dog name'],
    ['Remember that my mom is Ana', 'mother'],
  ])('people (and pets) one has one of keep their slot: %s', (text, subject) => {
    expect(read(text)).toMatchObject([{ subject }]);
  });

  it.each([
    // The one of now, however it is said, and in either order: the slot of the bare noun.
    ['My new boss is Marta', 'boss name', 'Marta'],
    ['My current manager is Laura', 'boss name', 'Laura'],
    ['Mi nuevo jefe es Andrés', 'boss name', 'Andrés'],
    ['Mi jefe nuevo se llama Andrés', 'boss name', 'Andrés'],
    ['Mi jefe actual es Marta', 'boss name', 'Marta'],
    // One may have more dogs than one: a new dog is named on its own.
    ['Mi perro nuevo se llama Toby', 'nuevo dog name', 'Toby'],
    ['My new dog is called Rex', 'new dog name', 'Rex'],
    // One of before is another person: named, but not the current one's slot.
    ['My former boss is Tom', 'former boss name', 'Tom'],
    ['My old boss is called Tom', 'former boss name', 'Tom'],
    ['Mi antiguo jefe se llama Luis', 'former boss name', 'Luis'],
  ])('a person one has one of, with a word for now or before: %s', (text, subject, value) => {
    expect(read(text)).toMatchObject([{ subject, value }]);
  });
});
