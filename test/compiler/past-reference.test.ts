import { afterEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/clock.js';
import { detectPastReference } from '../../src/compiler/past-reference.js';

const now = Date.UTC(2026, 10, 22, 15);
const today = Date.UTC(2026, 10, 22);

// Days are local days: these cases read them in UTC (test/utc-days.setup.ts); the one test
// that moves the zone puts it back.
afterEach(() => {
  process.env.TZ = 'UTC';
});

describe('questions about the past', () => {
  // One message per pattern of src/compiler/past-reference.ts, in its order, that no other
  // pattern matches: a case passes only if its own pattern works.
  const days = (fromDaysAgo: number, toDaysAgo: number) => ({ from: today - fromDaysAgo * DAY_MS, to: today - toDaysAgo * DAY_MS + DAY_MS - 1 });
  it.each([
    ['Anteayer llovió mucho', 'anteayer', days(2, 2)],
    ['Yesterday it rained', 'yesterday', days(1, 1)],
    // 2026-11-22 is a Sunday: last week began 13 days before, on Monday the 9th.
    ['The plan from last week', 'last week', days(13, 1)],
    ['I walked the dog this morning', 'this morning', days(0, 0)],
    ['What have you picked for dinner', 'what have you picked', null],
    ['Have we settled on a budget', 'have we settled', null],
    ['Remember how we fixed the pool?', 'remember how we', null],
    ['Remind me of the budget', 'remind me', null],
    ['I liked the blue one before.', 'before', null],
    ['¿Qué elegimos para la cena?', 'que elegimos', null],
    ['¿Cómo quedamos con el despliegue de la tienda?', 'como quedamos', null],
    ['¿Te acuerdas cuándo lo desplegamos?', 'te acuerdas cuando', null],
    ['¿Qué habíamos decidido sobre Kubernetes?', 'habiamos decidido', null],
    ['¿Qué se decidió sobre el despliegue?', 'se decidio', null],
    ['¿En qué quedó lo del despliegue?', 'en que quedo lo', null],
    ['When did Caroline go to the support group?', 'when did', null],
    ["What is the name of the puppy she got in August?", 'what is the name of the puppy she got', null],
    ['Was she at the party', 'was she', null],
    ['I moved here 3 days ago', '3 days ago', null],
    ['¿Cuándo fue la reunión con el cliente?', 'cuando fue', null],
    ['¿Cómo se llamaba el fotógrafo?', 'como se llamaba', null],
    ['¿Dónde compramos los billetes?', 'donde compramos', null],
    ['¿Qué nos recomendó el fotógrafo?', 'que nos recomendo', null],
    ['Hace unos días llovió', 'hace unos dias', null],
    ['La última vez llovió', 'la ultima vez', null],
    ['Eso ya lo vimos antes.', 'antes', null],
  ])('are recognised: %s', (message, phrase, range) => {
    expect(detectPastReference(message, now)).toMatchObject({ phrase, range });
  });

  it.each([
    'How do I renew my passport?',
    'Write a haiku about rain',
    '¿Cómo instalo PostgreSQL?',
    'I prefer tea over coffee.',
    // A deadline is not the past.
    'Should I call the plumber before the weekend or wait?',
    'Remember to water the plants before 9',
    'Can we ship it before I leave on Friday?',
    '¿Lo termino antes del viernes?',
    '¿Cómo termino el informe?',
    'Se quedó en casa',
    'Quiero salir antes de que llueva',
    // A reminder asked for is the future; "left" as a side or a remainder is not the past.
    'Remind me to call mom at 5',
    'remind me tomorrow about the dentist',
    'Recuérdame llamar a mamá',
    'Recuérdame que compre leche',
    'recordame mañana',
    'How many cookies are left?',
    "What's left to do?",
    'Which one is on the left?',
    'Turn left or right?',
    'How much money do I have left?',
    'What do we have left to do?',
    'Which ones are still left?',
    // Choosing, remembering and arranging in the present or the future.
    'Do you remember how to make pancakes?',
    'I need to remember what I have to buy',
    'Remember what you need to bring',
    'How do I remember what I like?',
    'What should we pick for the logo?',
    'What do we choose for the logo?',
    'How do we choose a pool size?',
    'Which pool size should I choose?',
    '¿Cómo quedamos para el viernes?',
    '¿Cómo quedamos mañana?',
    '¿Te acuerdas de cómo configurar el pool?',
    '¿Recuerdas cómo se configura el pool?',
    // The present of what something is or costs.
    '¿Cuánto es el presupuesto de la cocina?',
    '¿Cuál es el nombre del restaurante?',
    '¿Qué cuenta el carpintero?',
    '¿Qué es la era del hielo?',
    'Dile que comente el PR',
    'Pídele que no mencione su nombre',
    'Cuando comento en GitHub me ignoran',
  ])(
    'are not seen where there are none: %s',
    (message) => {
      expect(detectPastReference(message, now)).toBeNull();
    },
  );

  it.each([
    ['Remind me what we picked for the logo', 'remind me'],
    ['Recuérdame el nombre del restaurante', 'recuerdame'],
    ['Where have I left my keys?', 'where have i left'],
    ['When he left, what happened?', 'when he left'],
  ])('still see a reminder of the past and "left" as a past tense: %s', (message, phrase) => {
    expect(detectPastReference(message, now)?.phrase).toBe(phrase);
  });

  it.each([
    ['¿Qué te conté del carpintero?', 'que te conte'],
    ['¿Recuerdas qué te comenté sobre la encimera?', 'que te comente'],
    ['¿Cuándo dijimos que venía el carpintero?', 'cuando dijimos'],
    ['¿Cuánto era el presupuesto de la cocina?', 'cuanto era'],
    ['¿Te acuerdas de cuánto era el presupuesto?', 'cuanto era'],
    ['¿Cuál era el nombre del restaurante?', 'cual era'],
  ])('see the Spanish past of a question (what was told, what something was): %s', (message, phrase) => {
    expect(detectPastReference(message, now)).toMatchObject({ phrase, range: null });
  });

  it.each([
    // The tester's questions: a preterite or an imperfect, no "que" right before the verb.
    ['¿Qué restaurante elegimos para la cena de aniversario?', 'que restaurante elegimos'],
    ['¿En qué restaurante reservamos para el aniversario?', 'que restaurante reservamos'],
    ['¿Cómo se llamaba el fotógrafo que nos recomendó mi prima?', 'como se llamaba'],
    ['¿Dónde compramos los billetes?', 'donde compramos'],
    ['¿Qué le regalamos a mamá al final?', 'que le regalamos'],
    ['¿A qué hora salía el vuelo?', 'que hora salia'],
    // Forms that are only a past: imperfects, the preterite's 2nd singular and 3rd plural,
    // irregular and -er preterites, and accented 3rd and 1st singulars.
    ['¿Cuánto costaba el hotel?', 'cuanto costaba'],
    ['¿Qué había en la lista?', 'que habia'],
    ['¿Adónde íbamos en verano?', 'adonde ibamos'],
    ['¿Qué me recomendaste para la espalda?', 'que me recomendaste'],
    ['¿Qué dijeron los médicos?', 'que dijeron'],
    ['¿Dónde compraron la casa?', 'donde compraron'],
    ['¿Dónde comimos aquel día?', 'donde comimos'],
    ['¿Qué nos recomendó el fotógrafo?', 'que nos recomendo'],
    ['¿Dónde dejé las llaves?', 'donde deje'],
    ['donde compramos los billetes?', 'donde compramos'],
  ])('see everyday questions in the Spanish past: %s', (message, phrase) => {
    expect(detectPastReference(message, now)).toMatchObject({ phrase, range: null });
  });

  it.each([
    // The 1st person plural of -ar and -ir verbs is also the present: verbs that are not of
    // a choice or a transaction, "cómo" (how to), or a time still to come keep it there.
    '¿Qué comemos hoy?',
    '¿Dónde vivimos?',
    '¿A qué hora salimos?',
    '¿Cómo configuramos nginx para HTTPS?',
    '¿Cómo reservamos mesa en ese sitio?',
    '¿Cuánto pagamos de alquiler?',
    '¿Qué compramos para mañana?',
    '¿Qué pedimos de cenar hoy?',
    'Mañana, ¿qué regalamos a mamá?',
    '¿Dónde compramos los billetes para el viaje de la semana que viene?',
    '¿Qué reservamos para el próximo puente?',
    // Nouns and presents that end like a past.
    '¿Qué día es hoy?',
    '¿Qué batería compro?',
    '¿Cuál es la sílaba tónica de árbol?',
    '¿Cuándo acaba el plazo?',
    '¿En qué consiste el método?',
    '¿Por qué existe la gravedad?',
    '¿Qué es un chiste malo?',
    '¿Hacia dónde va el tren?',
    '¿Qué te gustaría cenar?',
    '¿Qué café me recomiendas?',
    '¿Dónde está José?',
    '¿Por qué llora el bebé?',
    // A noun or a name after an article or a preposition, with the accent of a past.
    '¿Cómo se juega al dominó?',
    '¿Qué opinas de Beyoncé?',
    '¿Qué es un soufflé?',
    // Not a question: a relative "que" in a statement.
    'La casa que compramos es bonita.',
    'Mi prima nos recomendó un fotógrafo.',
  ])('leave the Spanish present and future alone: %s', (message) => {
    expect(detectPastReference(message, now)).toBeNull();
  });

  it.each([
    ['Do you remember what we chose for the shop deployment?', 'remember what we'],
    ['Do you recall when I set up the pool?', 'recall when i'],
    ['What we chose for the logo', 'what we chose'],
    ['What did we settle on for the logo?', 'did we settle'],
    ['What did we pick for the logo?', 'what did we pick'],
    ['¿Cómo quedamos con el despliegue?', 'como quedamos'],
    ['¿Qué acordamos sobre el logo?', 'que acordamos'],
    ['¿Qué escogimos para el logo?', 'que escogimos'],
    ['¿Te acuerdas de lo que elegí para el logo?', 'te acuerdas de lo que'],
    ['¿Recuerdas cómo configuramos el pool?', 'recuerdas como'],
  ])('see asking what was chosen or agreed: %s', (message, phrase) => {
    expect(detectPastReference(message, now)).toMatchObject({ phrase, range: null });
  });

  it('name local days, in the time zone the daemon runs in, a daylight-saving day 23 or 25 hours long', () => {
    // 21:40 on the 26th in Buenos Aires (UTC−3) is 00:40 UTC on the 27th: yesterday is the 25th there.
    process.env.TZ = 'America/Argentina/Buenos_Aires';
    const evening = Date.parse('2026-11-26T21:40:00-03:00');
    expect(detectPastReference('¿Qué decidimos ayer sobre el despliegue?', evening)?.range).toEqual({
      from: Date.parse('2026-11-25T00:00:00-03:00'),
      to: Date.parse('2026-11-26T00:00:00-03:00') - 1,
    });
    // Madrid went from UTC+2 to UTC+1 on 25 October 2026: that Sunday had 25 hours.
    process.env.TZ = 'Europe/Madrid';
    expect(detectPastReference('what did we say yesterday?', Date.parse('2026-10-26T10:00:00+01:00'))?.range).toEqual({
      from: Date.parse('2026-10-25T00:00:00+02:00'),
      to: Date.parse('2026-10-26T00:00:00+01:00') - 1,
    });
    expect(detectPastReference('the plan from last week', Date.parse('2026-10-26T10:00:00+01:00'))?.range?.from).toBe(Date.parse('2026-10-19T00:00:00+02:00'));
  });

  it('turn yesterday, ayer and last week into day ranges (here UTC days)', () => {
    expect(detectPastReference('what did we say yesterday?', now)?.range).toEqual({ from: today - DAY_MS, to: today - 1 });
    expect(detectPastReference('¿de qué hablamos ayer?', now)?.range).toEqual({ from: today - DAY_MS, to: today - 1 });
    expect(detectPastReference('the plan from last week', now)?.range).toEqual({ from: today - 13 * DAY_MS, to: today - 1 });
    expect(detectPastReference('what did we do the other day?', now)?.range).toEqual({ from: today - 7 * DAY_MS, to: today - 1 });
  });

  // A summary writes a day of last week as "the week of <its Monday>": "last week" covers that
  // whole calendar week as well as the seven days before today.
  it.each([
    ['Monday', '2026-06-08T10:00:00Z', '2026-06-01'],
    ['Thursday', '2026-06-11T10:00:00Z', '2026-06-01'],
    ['Wednesday', '2026-11-18T10:00:00Z', '2026-11-09'],
    ['Sunday', '2026-11-22T10:00:00Z', '2026-11-09'],
  ])('reach back to the Monday of last week on a %s', (_weekday, at, monday) => {
    const asked = Date.parse(at);
    const range = detectPastReference('¿Qué me dijo el médico la semana pasada?', asked)?.range;
    expect(range?.from).toBe(Date.parse(`${monday}T00:00:00Z`));
    expect(range?.to).toBe(Date.parse(`${at.slice(0, 10)}T00:00:00Z`) - 1);
    expect(detectPastReference('What did we decide last week about the trip?', asked)?.range).toEqual(range);
    expect(detectPastReference('what did we talk about yesterday?', now)?.rangePhrase).toBe('yesterday');
    expect(detectPastReference('what did we decide about the deployment?', now)?.rangePhrase).toBeNull();
    expect(detectPastReference('what did we decide about the logo?', now)?.range).toBeNull();
  });
});
