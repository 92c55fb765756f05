import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStatement } from '../../src/facts/fact-statement.js';
import { currentSubjectKey } from '../../src/facts/subject-rekey.js';
import { activeFactTexts, factsFixture, factTexts, type FactsFixture } from './facts-fixture.js';

// A thing's new value replaces its old one (spec §1.1, README "Same subject, new value"),
// also when the thing is qualified ("my budget for the Japan trip", "el presupuesto de la
// boda"), when the sign of change sits between the thing and its copula ("mi jefe ahora es
// Marta") and when a person one has one of is named in other words ("mi jefe se llama…").
// A statement with another number is news: it never re-confirms the old value.

let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

const sorted = (views: ReadonlyArray<{ fact: string }>): string[] => factTexts(views).sort();

describe('a qualified thing: its value is no part of its subject', () => {
  it('"mi presupuesto para el viaje a Japón": a correction with "ahora" supersedes, restating it re-confirms the new value', async () => {
    const [old] = (await f.say('Recuerda que mi presupuesto para el viaje a Japón es de 3.500 euros.')).added;
    expect(old?.fact).toBe('Mi presupuesto para el viaje a Japón es de 3.500 euros');
    const corrected = await f.say('En realidad, mi presupuesto para el viaje a Japón ahora es de 4.000 euros.');
    expect(corrected.reconfirmed).toEqual([]);
    expect(factTexts(corrected.superseded)).toEqual([old?.fact]);
    expect(factTexts(corrected.added)).toEqual(['Mi presupuesto para el viaje a Japón es de 4.000 euros']);
    const restated = await f.say('Recuerda que mi presupuesto para el viaje a Japón es de 4.000 euros.');
    expect(restated).toMatchObject({ added: [], superseded: [] });
    expect(factTexts(restated.reconfirmed)).toEqual(['Mi presupuesto para el viaje a Japón es de 4.000 euros']);
    expect(activeFactTexts(f)).toEqual(['Mi presupuesto para el viaje a Japón es de 4.000 euros']);
  });

  it('a new number asked to be remembered supersedes the old one', async () => {
    await f.say('Recuerda que mi presupuesto para el viaje a Japón es de 3.500 euros.');
    const changes = await f.say('Recuerda que mi presupuesto para el viaje a Japón es de 4.000 euros.');
    expect(factTexts(changes.superseded)).toEqual(['Mi presupuesto para el viaje a Japón es de 3.500 euros']);
    expect(changes.reconfirmed).toEqual([]);
    expect(activeFactTexts(f)).toEqual(['Mi presupuesto para el viaje a Japón es de 4.000 euros']);
  });

  it('in English: "my budget for the Japan trip is 3500 euros", then "actually, … 4000 euros now"', async () => {
    await f.say('Remember that my budget for the Japan trip is 3500 euros.');
    const corrected = await f.say('Actually, my budget for the Japan trip is 4000 euros now.');
    expect(corrected.reconfirmed).toEqual([]);
    expect(factTexts(corrected.superseded)).toEqual(['My budget for the Japan trip is 3500 euros']);
    expect(activeFactTexts(f)).toEqual(['My budget for the Japan trip is 4000 euros']);
    const restated = await f.say('Remember that my budget for the Japan trip is 4000 euros.');
    expect(restated).toMatchObject({ added: [], superseded: [] });
    expect(factTexts(restated.reconfirmed)).toEqual(['My budget for the Japan trip is 4000 euros']);
  });

  it('"el presupuesto de la boda": remembered again with another amount, or corrected in passing', async () => {
    await f.say('Recuerda que el presupuesto de la boda es de 20.000 euros.');
    const changes = await f.say('Recuerda que el presupuesto de la boda es de 25.000 euros.');
    expect(factTexts(changes.superseded)).toEqual(['El presupuesto de la boda es de 20.000 euros']);
    expect(changes.reconfirmed).toEqual([]);
    const corrected = await f.say('El presupuesto de la boda ahora es de 30.000 euros.');
    expect(factTexts(corrected.superseded)).toEqual(['El presupuesto de la boda es de 25.000 euros']);
    expect(activeFactTexts(f)).toEqual(['El presupuesto de la boda es de 30.000 euros']);
  });

  it('through the API: a new amount supersedes the old one', async () => {
    const first = await f.service.add({ fact: 'My budget for the Japan trip is 3500 euros', domain: 'personal' });
    const second = await f.service.add({ fact: 'My budget for the Japan trip is 4000 euros', domain: 'personal' });
    expect(second.superseded.map((fact) => fact.id)).toEqual([first.fact.id]);
    expect(activeFactTexts(f)).toEqual(['My budget for the Japan trip is 4000 euros']);
  });
});

describe('one boss at a time, however named', () => {
  it('"mi jefe ahora es Marta" after "mi jefe es Andrés": supersedes it, stored as "Mi jefe es Marta"', async () => {
    await f.say('Recuerda que mi jefe es Andrés.');
    const changes = await f.say('En realidad, mi jefe ahora es Marta.');
    expect(factTexts(changes.added)).toEqual(['Mi jefe es Marta']);
    expect(factTexts(changes.superseded)).toEqual(['Mi jefe es Andrés']);
    expect(activeFactTexts(f)).toEqual(['Mi jefe es Marta']);
  });

  it('"mi jefe se llama Andrés" restates "mi jefe es Andrés"', async () => {
    await f.say('Recuerda que mi jefe es Andrés.');
    const changes = await f.say('Recuerda que mi jefe se llama Andrés.');
    expect(changes).toMatchObject({ added: [], superseded: [] });
    expect(factTexts(changes.reconfirmed)).toEqual(['Mi jefe es Andrés']);
  });

  it('a correction supersedes every live fact of the subject, each named its own way', async () => {
    await f.say('Recuerda que mi jefe es Andrés.');
    // Added through the API beside it: a restatement in other words is written as before.
    await f.service.add({ fact: 'Mi jefe se llama Andrés', domain: 'work' });
    expect(activeFactTexts(f)).toEqual(['Mi jefe es Andrés', 'Mi jefe se llama Andrés']);
    const changes = await f.say('En realidad, mi jefe ahora es Marta.');
    expect(sorted(changes.superseded)).toEqual(['Mi jefe es Andrés', 'Mi jefe se llama Andrés']);
    expect(activeFactTexts(f)).toEqual(['Mi jefe es Marta']);
  });

  it('a description of the boss leaves the name alone, and a new name replaces every name but not the description', async () => {
    await f.say('Recuerda que mi jefe se llama Andrés.');
    await f.service.add({ fact: 'Mi jefe es Andrés', domain: 'work' });
    const described = await f.say('Recuerda que mi jefe es muy exigente.');
    expect(factTexts(described.added)).toEqual(['Mi jefe es muy exigente']);
    expect(described.superseded).toEqual([]);
    const changes = await f.say('En realidad, mi jefe ahora es Marta.');
    expect(sorted(changes.superseded)).toEqual(['Mi jefe es Andrés', 'Mi jefe se llama Andrés']);
    expect(activeFactTexts(f)).toEqual(['Mi jefe es Marta', 'Mi jefe es muy exigente']);
  });

  it('in English too: "my boss is very demanding" leaves "my boss\'s name is Andrés" alone', async () => {
    await f.say("Remember that my boss's name is Andrés.");
    const described = await f.say('Remember that my boss is very demanding.');
    expect(described.superseded).toEqual([]);
    expect(activeFactTexts(f)).toEqual(['My boss is very demanding', "My boss's name is Andrés"]);
  });

  it('in English: "my boss\'s name is", "my boss is called" and "my boss is now" are one subject', async () => {
    await f.say("Remember that my boss's name is Andrés.");
    expect(factTexts((await f.say('Remember that my boss is called Andrés.')).reconfirmed)).toEqual(["My boss's name is Andrés"]);
    const changes = await f.say('My boss is now Marta.');
    expect(factTexts(changes.added)).toEqual(['My boss is Marta']);
    expect(factTexts(changes.superseded)).toEqual(["My boss's name is Andrés"]);
    expect(activeFactTexts(f)).toEqual(['My boss is Marta']);
  });
});

describe('preferences of when: the afternoon replaces the morning', () => {
  it.each([
    ['I prefer morning meetings.', 'I prefer afternoon meetings.'],
    ['I prefer meetings in the morning.', 'I prefer afternoon meetings.'],
    ['Prefiero las reuniones por la mañana.', 'Prefiero las reuniones por la tarde.'],
    ['Prefiero las reuniones de la mañana.', 'Prefiero reuniones a la tarde.'],
    ['Prefiero las reuniones en la mañana.', 'Prefiero la reunión por la tarde.'],
  ])('%s / %s', async (first, second) => {
    const [old] = (await f.say(first)).added;
    const changes = await f.say(second);
    expect(factTexts(changes.superseded)).toEqual([old?.fact]);
    expect(activeFactTexts(f)).toEqual(factTexts(changes.added));
  });

  it('a preference of how long stays beside one of when', async () => {
    await f.say('Prefiero las reuniones por la mañana.');
    await f.say('Prefiero reuniones cortas.');
    expect(activeFactTexts(f)).toEqual(['Prefiero las reuniones por la mañana', 'Prefiero reuniones cortas']);
  });
});

describe('a value that cleaning removes', () => {
  it('leaves no truncated statement: "mi etiqueta favorita es <|endoftext|>" stores nothing', async () => {
    const changes = await f.say('Recuerda que mi etiqueta favorita es <|endoftext|>.');
    expect(changes.added).toEqual([]);
    expect(activeFactTexts(f)).toEqual([]);
    await f.say('Remember that my favorite tag is <|endoftext|>.');
    await f.say('Remember that the release tag is [INST].');
    await f.say('Recuerda que mi etiqueta favorita es el <|endoftext|>.');
    await f.say('Remember that my favorite tag is the <|endoftext|>.');
    expect(activeFactTexts(f)).toEqual([]);
  });

  it('a statement ending in a short value or an article-like word is kept whole', async () => {
    for (const text of ["Remember that Pedro's blood type is A.", 'Recuerda que el grupo sanguíneo de Juan es A.', 'Remember that the default locale is es.', 'Recuerda que la llave buena es esta.']) {
      expect(factTexts((await f.say(text)).added), text).toHaveLength(1);
    }
    expect(activeFactTexts(f)).toEqual(['El grupo sanguíneo de Juan es A', 'La llave buena es esta', "Pedro's blood type is A", 'The default locale is es']);
  });

  it('a control token opening a forget request leaves it a request', async () => {
    await f.say('Recuerda que mi etiqueta favorita es v2.');
    expect(factTexts((await f.say('<|endoftext|>Olvida que mi etiqueta favorita es v2.')).deleted)).toEqual(['Mi etiqueta favorita es v2']);
    expect(activeFactTexts(f)).toEqual([]);
  });
});

describe('another number is news', () => {
  it('a message naming the thing with another amount re-confirms nothing', async () => {
    await f.say('Recuerda que mi presupuesto para el viaje a Japón es de 3.500 euros.');
    await f.say('Remember that the standup is at 9:30.');
    expect((await f.say('Con mi presupuesto para el viaje a Japón de 4.000 euros me alcanza.')).reconfirmed).toEqual([]);
    expect((await f.say('The standup is at 10:15 tomorrow, the usual room.')).reconfirmed).toEqual([]);
    // The same amount, said in passing, still re-confirms it.
    expect(factTexts((await f.say('Con mi presupuesto para el viaje a Japón de 3.500 euros me alcanza.')).reconfirmed)).toEqual([
      'Mi presupuesto para el viaje a Japón es de 3.500 euros',
    ]);
  });
});

describe('facts stored under the keys of the version before', () => {
  it('facts stored under an older key get the current one as the index loads, and a new value then replaces them', async () => {
    await f.say('Recuerda que mi presupuesto para el viaje a Japón es de 3.500 euros.');
    await f.say('Recuerda que mi jefe se llama Andrés.');
    // As an earlier version stored them: the value inside a note's key, a named boss under "boss".
    const setSubject = f.database.sqlite.prepare('update facts set subject = ? where fact = ?');
    setSubject.run('note presupuesto para viaje japon es 3 500 euros', 'Mi presupuesto para el viaje a Japón es de 3.500 euros');
    setSubject.run('boss', 'Mi jefe se llama Andrés');
    expect((await f.restart()).list().map((fact) => fact.fact).sort()).toEqual(['Mi jefe se llama Andrés', 'Mi presupuesto para el viaje a Japón es de 3.500 euros']);
    const budget = await f.say('En realidad, mi presupuesto para el viaje a Japón ahora es de 4.000 euros.');
    expect(factTexts(budget.superseded)).toEqual(['Mi presupuesto para el viaje a Japón es de 3.500 euros']);
    const boss = await f.say('En realidad, mi jefe ahora es Marta.');
    expect(factTexts(boss.superseded)).toEqual(['Mi jefe se llama Andrés']);
    expect(activeFactTexts(f)).toEqual(['Mi jefe es Marta', 'Mi presupuesto para el viaje a Japón es de 4.000 euros']);
  });

  it('a note that now reads as a thing and its value, or with a value, and a named boss, get the current key', () => {
    const note = { subject: 'note presupuesto para viaje japon es 3 500 euros' };
    expect(currentSubjectKey(note, readStatement('Mi presupuesto para el viaje a Japón es de 3.500 euros'))).toBe('presupuesto para viaje japon');
    expect(currentSubjectKey({ subject: 'boss' }, readStatement('Mi jefe se llama Andrés'))).toBe('boss name');
    expect(currentSubjectKey({ subject: 'boss' }, readStatement('Mi jefe es Andrés'))).toBe('boss name');
    expect(currentSubjectKey({ subject: 'wife' }, readStatement('My wife is Ana'))).toBe('wife name');
    // The boss of now, keyed with the word that said so or in Spanish order before.
    expect(currentSubjectKey({ subject: 'new boss' }, readStatement('My new boss is Marta'))).toBe('boss name');
    expect(currentSubjectKey({ subject: 'boss nuevo name' }, readStatement('Mi jefe nuevo se llama Andrés'))).toBe('boss name');
    expect(currentSubjectKey({ subject: 'former boss' }, readStatement('My former boss is Tom'))).toBe('former boss name');
    // A note and its negation share a key now, without the "not", "no".
    expect(currentSubjectKey({ subject: 'note i don t like jazz' }, readStatement("I don't like jazz"))).toBe('note i like jazz');
    expect(currentSubjectKey({ subject: 'note no me gusta jazz' }, readStatement('No me gusta el jazz'))).toBe('note me gusta jazz');
    const negated = readStatement('A mi jefe no le gustan las reuniones cortas');
    expect(currentSubjectKey({ subject: 'note jefe no le gustan reuniones cortas' }, negated)).toBe('note jefe le gustan reuniones cortas');
    expect(currentSubjectKey({ subject: 'preference reunione length' }, readStatement('Prefiero reuniones cortas'))).toBe('preference meeting length');
    // A note that still reads as a note, another person's name and a current key stay as they are.
    expect(currentSubjectKey({ subject: 'note i am vegetarian' }, readStatement('I am vegetarian'))).toBeNull();
    expect(currentSubjectKey({ subject: 'dog name' }, readStatement("My dog's name is Rex"))).toBeNull();
    expect(currentSubjectKey({ subject: 'boss name' }, readStatement('Mi jefe es Marta'))).toBeNull();
    // A key from a Spanish word the subjects now read in English.
    expect(currentSubjectKey({ subject: 'coche' }, readStatement('Mi coche es un Seat Ibiza'))).toBe('car');
    expect(currentSubjectKey({ subject: 'favorite grupo' }, readStatement('Mi grupo favorito es Vetusta Morla'))).toBe('favorite band');
    expect(currentSubjectKey({ subject: 'dentista name' }, readStatement('Mi dentista se llama Gómez'))).toBe('dentist name');
    // A description of the boss is no name: it keeps its key, and a name is never re-keyed to it.
    expect(currentSubjectKey({ subject: 'boss' }, readStatement('Mi jefe es muy exigente'))).toBeNull();
    expect(currentSubjectKey({ subject: 'boss name' }, readStatement('Mi jefe es muy exigente'))).toBeNull();
  });
});
