import { describe, expect, it } from 'vitest';
import { detectExplicitShift, explicitShiftPhrases } from '../../src/conversation/shift-phrases.js';

describe('detectExplicitShift', () => {
  it.each([
    ["Let's change the subject.", "let's change the subject"],
    ['let’s change the subject', "let's change the subject"],
    ['OK, LET US CHANGE THE TOPIC please', 'let us change the topic'],
    ['Can we talk about something else?', 'can we talk about something else'],
    ['Cambiemos de tema', 'cambiemos de tema'],
    ['bueno, cambiemos de tema: ¿qué tal el fútbol?', 'cambiemos de tema'],
    ['Hablemos de otra cosa', 'hablemos de otra cosa'],
    ['¿Podemos cambiar de tema?', 'podemos cambiar de tema'],
    ["Let's switch topics.", "let's switch topics"],
  ])('flush: %s', (text, phrase) => {
    expect(detectExplicitShift(text)).toMatchObject({ kind: 'flush', phrase: phrase.replace(/'/g, '') });
  });

  it.each([
    ['Changing the subject, how is your mom?', 'changing the subject'],
    ['On another note, I bought a car.', 'on another note'],
    ['Cambiando de tema, ¿cómo está tu perro?', 'cambiando de tema'],
    ['Dejando eso de lado, quería contarte algo', 'dejando eso de lado'],
    ['Te quería preguntar sobre el viaje', 'te queria preguntar sobre'],
    ['TE QUERIA PREGUNTAR SOBRE EL VIAJE', 'te queria preguntar sobre'],
    ['Oh, by the way, did you see the game?', 'by the way'],
    ['That was fun. By the way what do you do?', 'by the way'],
    ['Por cierto, ¿qué hora es?', 'por cierto'],
    ['A propósito, mañana llueve.', 'a proposito'],
    ['Anyway, what do you do for work?', 'anyway'],
    ['Unrelated, but do you like jazz?', 'unrelated'],
    ['Otra cosa: ¿viste el partido?', 'otra cosa'],
    ['Moving on: the budget for Q3.', 'moving on'],
    ['ok. Switching topics: my Postgres query is slow', 'switching topics'],
    ['Shifting gears, how is the budget?', 'shifting gears'],
    ['Back to the trip: what about food in Osaka?', 'back to'],
    ['Volviendo al viaje, ¿qué comemos en Osaka?', 'volviendo al'],
  ])('shift: %s', (text, phrase) => {
    expect(detectExplicitShift(text)).toMatchObject({ kind: 'shift', phrase });
  });

  it.each([
    ['I found it by the way you described it'],
    ["He's nice, by the way."],
    ["I'll go anyway"],
    ['No es otra cosa que un error de red.'],
    ['standby the wayfarer is here'],
    ['The changing subjects of art'],
    ['I went back to the office'],
    ['hello there'],
    [''],
  ])('no shift: %s', (text) => {
    expect(detectExplicitShift(text)).toBeNull();
  });

  it('tells a phrase opening a clause from one inside it', () => {
    expect(detectExplicitShift('Changing the subject: lunch?')?.position).toBe('start');
    expect(detectExplicitShift('well i guess changing the subject is fine')?.position).toBe('inline');
  });

  it('only scans the head of a huge message', () => {
    expect(detectExplicitShift(`${'word '.repeat(2000)} by the way, what now?`)).toBeNull();
  });

  it('keeps every phrase list folded and non-empty', () => {
    const lists = explicitShiftPhrases();
    for (const phrase of [...lists.flush, ...lists.strong, ...lists.weak]) {
      expect(phrase).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
    }
    expect(lists.flush).toContain('cambiemos de tema');
    expect(lists.strong).toContain('on another note');
  });
});
