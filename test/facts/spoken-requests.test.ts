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

  it('reads "guarda que", "guárdate que" and "recuérdalo:" as requests to remember', async () => {
    expect(await added('Guarda que soy alérgico al marisco.')).toEqual(['Soy alérgico al marisco']);
    expect(await added('Guárdate que mi coche es un Seat León.')).toEqual(['Mi coche es un Seat León']);
    expect(await added('Recuérdalo: la daily es a las 9:30.')).toEqual(['La daily es a las 9:30']);
    // Rioplatense "guarda que…" is "watch out": a warning, no request to keep it.
    expect(await added('Guarda que viene el auto.')).toEqual([]);
    expect(await added('Guarda que esto quema.')).toEqual([]);
  });
});

describe('a decision whose object is only a pronoun', () => {
  it('is not stored: what the pronoun stands for is in another sentence', async () => {
    expect(await added('La migración de Atlas a Postgres 16 tiene que estar el viernes. Decidimos hacerla con pg_upgrade en modo link.')).toEqual([]);
    expect(await added('Decidimos usarlo en producción.')).toEqual([]);
    expect(await added('Decidimos que lo haremos el lunes.')).toEqual([]);
    expect(await added('We decided to do it with pg_upgrade.')).toEqual([]);
    expect(await added("We decided we'll go with it next week.")).toEqual([]);
  });

  it('is stored when it names what was decided', async () => {
    expect(await added('Decidimos hacer la migración de Atlas con pg_upgrade en modo link.')).toEqual([
      'Decidimos hacer la migración de Atlas con pg_upgrade en modo link',
    ]);
    expect(await added('We decided to use Kafka for the event bus.')).toEqual(['We decided to use Kafka for the event bus']);
    expect(await added('Decidimos que la semana que viene migramos a Postgres.')).toEqual(['Decidimos que la semana que viene migramos a Postgres']);
  });
});
