import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activeFactTexts, factsFixture, factTexts, type FactsFixture } from './facts-fixture.js';

// Phrasings an exploratory tester found storing or deleting nothing, or the wrong thing,
// through the daemon: "remember that A and that B", Spain-Spanish present perfect and
// requests, and decisions whose object is only a pronoun.
let f: FactsFixture;
beforeEach(async () => {
  f = await factsFixture();
});
afterEach(() => f.close());

const added = async (text: string): Promise<string[]> => factTexts((await f.say(text)).added).sort();
const deleted = async (text: string): Promise<string[]> => factTexts((await f.say(text)).deleted).sort();

describe('"remember that A and that B"', () => {
  it('keeps each clause as a fact of its own, in Spanish and English', async () => {
    expect(await added('Recuerda que vivo en Madrid y que trabajo en Indra.')).toEqual(['Trabajo en Indra', 'Vivo en Madrid']);
    expect(await added('Remember that I live in Lisbon and that I work at Acme.')).toEqual(['I live in Lisbon', 'I work at Acme']);
  });

  it('gives the person the first clause opens with to a second that speaks of them, so forgetting one keeps the other', async () => {
    expect(await added('Recuerda que mi hermana se llama Lucía y que vive en Bilbao.')).toEqual(['Mi hermana se llama Lucía', 'Mi hermana vive en Bilbao']);
    expect(await deleted('Olvida que mi hermana se llama Lucía.')).toEqual(['Mi hermana se llama Lucía']);
    expect(activeFactTexts(f)).toEqual(['Mi hermana vive en Bilbao']);
    expect(await added('Remember that my brother is called Tom and that he lives in Leeds.')).toEqual(['My brother is called Tom', 'My brother lives in Leeds']);
  });

  it('gives the person only when the first clause opens with "my"/"mi", a relative and its verb', async () => {
    expect(await added('Remember that my best friend is Tom and that he lives in Leeds.')).toContain('My best friend lives in Leeds');
    // Someone else, or one of several sisters: the second clause is read alone.
    expect(await added("Remember that my sister's husband is Tom and that he lives in Leeds.")).not.toContain('My sister lives in Leeds');
    expect(await added('Recuerda que mi hermana mayor se llama Lucía y que vive en Bilbao.')).not.toContain('Mi hermana vive en Bilbao');
    expect(activeFactTexts(f)).not.toContain('Mi hermana vive en Bilbao');
  });

  it('gives it to no impersonal clause, no "they" and no pronoun of the other gender', async () => {
    const boss = await f.say('Recuerda que mi jefe es Marta y que es importante llegar puntual a las reuniones.');
    expect(factTexts(boss.added)).not.toContain('Mi jefe es importante llegar puntual a las reuniones');
    expect(boss.superseded).toEqual([]);
    expect(activeFactTexts(f)).toContain('Mi jefe es Marta');
    expect(await added('Recuerda que mi hermana se llama Lucía y que se acerca la fecha de la boda.')).not.toContain('Mi hermana se acerca la fecha de la boda');
    expect(await added('Remember that my mom lives in Leeds and that they are moving next year.')).not.toContain('My mom are moving next year');
    expect(await added('Remember that my brother is called Tom and that she lives in Leeds.')).not.toContain('My brother lives in Leeds');
  });

  it('keeps no short description of no one ("…y que es muy alta"), and an impersonal clause of its own', async () => {
    expect(await added('Recuerda que mi hermana es enfermera y que es muy alta.')).toEqual(['Mi hermana es enfermera']);
    expect(await added('Recuerda que mi amiga se llama Lucía y que es vegana.')).toEqual(['Mi amiga se llama Lucía']);
    expect(await added('Recuerda que mi jefe es Marta y que es importante llegar puntual a las reuniones.')).toContain('Es importante llegar puntual a las reuniones');
  });

  it('leaves the sentence whole when another "que"/"that" may be what the second continues, and splits no ordinary chat', async () => {
    expect(await added('Recuerda que prefiero que me llames y que me escribas.')).not.toContain('Me escribas');
    expect(await added("I think that you're right and that I work too much.")).toEqual([]);
    expect(activeFactTexts(f)).not.toContain('Me escribas');
  });
});

describe('Spain-Spanish phrasings', () => {
  it('reads a move in the present perfect as a move', async () => {
    expect(await added('Me he mudado a Cádiz.')).toEqual(['Vivo en Cádiz']);
    expect(await added('Nos hemos mudado a Sevilla.')).toEqual(['Vivimos en Sevilla']);
    expect(await added("I've moved to Leeds.")).toEqual(['I live in Leeds']);
  });

  it('takes back what was just said with "olvídalo, no me hagas caso", not with "olvídalo" alone (never mind)', async () => {
    await f.say('Me mudé a Cádiz.');
    expect(await deleted('Olvídalo.')).toEqual([]);
    expect(await deleted('Olvídalo, no me hagas caso.')).toEqual(['Vivo en Cádiz']);
    expect(activeFactTexts(f)).toEqual([]);
  });

  it('forgets the facts "lo del…" names', async () => {
    await f.say('Recuerda que tengo un vuelo a Tokio el martes.');
    await f.say('Recuerda que trabajo en Indra.');
    expect(await deleted('Olvida lo del vuelo a Tokio.')).toEqual(['Tengo un vuelo a Tokio el martes']);
    expect(activeFactTexts(f)).toEqual(['Trabajo en Indra']);
  });

  it('keeps what someone likes or dislikes, said "a X le gusta…", when asked to', async () => {
    expect(await added('Recuerda que a mi jefe Marta no le gustan las reuniones largas.')).toEqual(['A mi jefe Marta no le gustan las reuniones largas']);
    expect(await added('Recuerda que a mí me encanta el jazz.')).toEqual(['A mí me encanta el jazz']);
    // Said in passing, it is conversation.
    expect(await added('A mi jefe no le gustan los lunes.')).toEqual([]);
  });

  it('a negated "a X no le gusta…" replaces the one it contradicts, and said again re-confirms it', async () => {
    await f.say('Recuerda que a mi jefe le gustan las reuniones cortas.');
    const negated = await f.say('Recuerda que a mi jefe no le gustan las reuniones cortas.');
    expect(negated.reconfirmed).toEqual([]);
    expect(factTexts(negated.superseded)).toEqual(['A mi jefe le gustan las reuniones cortas']);
    const again = await f.say('Recuerda que a mi jefe no le gustan las reuniones cortas.');
    expect(again).toMatchObject({ added: [], superseded: [] });
    expect(factTexts(again.reconfirmed)).toEqual(['A mi jefe no le gustan las reuniones cortas']);
    await f.say('Recuerda que a mí me gusta el jazz.');
    expect(factTexts((await f.say('Recuerda que a mí no me gusta el jazz.')).superseded)).toEqual(['A mí me gusta el jazz']);
    expect(activeFactTexts(f)).toEqual(['A mi jefe no le gustan las reuniones cortas', 'A mí no me gusta el jazz']);
  });

  it('keeps "(no) me gusta…" without "a mí", and the negation replaces what it contradicts', async () => {
    expect(await added('Recuerda que me gusta el jazz.')).toEqual(['Me gusta el jazz']);
    const negated = await f.say('Recuerda que no me gusta el jazz.');
    expect(factTexts(negated.superseded)).toEqual(['Me gusta el jazz']);
    expect(factTexts((await f.say('Recuerda que a mí no me gusta el jazz.')).reconfirmed)).toEqual(['No me gusta el jazz']);
    expect(await added('Recuerda que me encanta el café solo.')).toEqual(['Me encanta el café solo']);
    // Said in passing, it is conversation.
    expect(await added('Me gusta el jazz.')).toEqual([]);
  });

  it('an English note and its negation replace each other, and said again re-confirm', async () => {
    await f.say('Remember that I like jazz.');
    expect(factTexts((await f.say("Remember that I don't like jazz.")).superseded)).toEqual(['I like jazz']);
    expect(factTexts((await f.say('Remember I do not like jazz.')).reconfirmed)).toEqual(["I don't like jazz"]);
    await f.say("Remember that I'm vegetarian.");
    expect(factTexts((await f.say("Remember that I'm not vegetarian.")).superseded)).toEqual(["I'm vegetarian"]);
    expect(activeFactTexts(f)).toEqual(["I don't like jazz", "I'm not vegetarian"]);
    // Another verb is another note.
    expect(await added('Remember that I love jazz.')).toEqual(['I love jazz']);
    // "I am" and "I'm" are one clause, negated or not.
    await f.say("Remember that I'm allergic to nuts.");
    expect(factTexts((await f.say('Remember that I am not allergic to nuts.')).superseded)).toEqual(["I'm allergic to nuts"]);
    expect(factTexts((await f.say("Remember that I'm not allergic to nuts.")).reconfirmed)).toEqual(['I am not allergic to nuts']);
  });

  it('reads "guarda que", "guárdate que" and "recuérdalo:" as requests to remember', async () => {
    expect(await added('Guarda que soy alérgico al marisco.')).toEqual(['Soy alérgico al marisco']);
    expect(await added('Guárdate que mi coche es un Seat León.')).toEqual(['Mi coche es un Seat León']);
    expect(await added('Recuérdalo: la daily es a las 9:30.')).toEqual(['La daily es a las 9:30']);
    // Rioplatense "guarda que…" is "watch out": a warning, no request to keep it.
    expect(await added('Guarda que viene el auto.')).toEqual([]);
    expect(await added('Guarda que esto quema.')).toEqual([]);
    expect(await added('Guarda que abajo hay un escalón.')).toEqual([]);
    expect(await added('Guarda que vivo en Vigo.')).toEqual(['Vivo en Vigo']);
  });
});

describe('a decision whose object is only a pronoun', () => {
  it('is not stored: what the pronoun stands for is in another sentence', async () => {
    expect(await added('La migración de Atlas a Postgres 16 tiene que estar el viernes. Decidimos hacerla con pg_upgrade en modo link.')).toEqual([]);
    expect(await added('Decidimos usarlo en producción.')).toEqual([]);
    expect(await added('Decidimos que lo haremos el lunes.')).toEqual([]);
    expect(await added('We decided to do it with pg_upgrade.')).toEqual([]);
    expect(await added("We decided we'll go with it next week.")).toEqual([]);
    expect(await added('We decided to do it on Monday.')).toEqual([]);
  });

  it.each([
    // An article and an adjective, a name ending as an infinitive with "la" does ("Car-la").
    'Decidimos que los próximos sprints serán de dos semanas',
    'Decidimos que los últimos viernes serán de demo',
    'Decidimos que Carla lidere el proyecto',
    'Decidimos que Karla lidere el proyecto',
    // What follows the pronoun says what was decided.
    'We decided to call it Phoenix',
    'We decided to keep it simple and use SQLite',
  ])('is stored when what looks like a pronoun is none, or what follows it says what was decided: %s', async (text) => {
    expect(await added(`${text}.`)).toEqual([text]);
  });

  it('is stored when it names what was decided', async () => {
    expect(await added('Decidimos hacer la migración de Atlas con pg_upgrade en modo link.')).toEqual([
      'Decidimos hacer la migración de Atlas con pg_upgrade en modo link',
    ]);
    expect(await added('We decided to use Kafka for the event bus.')).toEqual(['We decided to use Kafka for the event bus']);
    expect(await added('Decidimos que la semana que viene migramos a Postgres.')).toEqual(['Decidimos que la semana que viene migramos a Postgres']);
  });
});
