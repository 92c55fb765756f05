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
    // Proposals asked in the negative.
    ['¿No podemos cambiar de tema?', 'podemos cambiar de tema'],
    ['Bueno, ¿no podríamos cambiar de tema?', 'podriamos cambiar de tema'],
    ['¿Por qué no cambiamos de tema?', 'por que no cambiamos de tema'],
    ["Can't we change the subject?", 'cant we change the subject'],
    ["Why don't we talk about something else?", 'why dont we talk about something else'],
    ["Let's switch topics.", "let's switch topics"],
    ['Pasemos a otro tema, ¿vale?', 'pasemos a otro tema'],
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
    ['Pasando a otro tema, el coche hace un ruido raro al frenar.', 'pasando a otro tema'],
    ['Totally different topic: my knee hurts after running.', 'totally different topic'],
    ['A completely different topic: my tax return.', 'a completely different topic'],
    ['Bueno, a otra cosa mariposa: ¿qué tal el tiempo mañana?', 'a otra cosa mariposa'],
    ['Oye, nada que ver, ¿has visto la última de Almodóvar?', 'nada que ver'],
    ['Cambiando de tercio, ¿qué tal tu madre?', 'cambiando de tercio'],
    ['Changing topics, what should I cook tonight?', 'changing topics'],
    ['On a different note, I got a new job.', 'on a different note'],
    ['Otro tema: el coche hace ruido.', 'otro tema'],
  ])('shift: %s', (text, phrase) => {
    expect(detectExplicitShift(text)).toMatchObject({ kind: 'shift', phrase });
  });

  it.each([
    ['I found it by the way you described it'],
    ["He's nice, by the way."],
    ["I'll go anyway"],
    ['No es otra cosa que un error de red.'],
    // In a sentence, or as an answer, these phrases announce nothing.
    ['No tiene nada que ver con el precio.'],
    ['Eso no tiene nada que ver.'],
    ['Nada que ver con lo que dijiste.'],
    ['No, nada que ver, es un lenguaje compilado.'],
    ['Is it the DNS? No, completely unrelated, the disk is full.'],
    ['Aparte de eso no sé nada.'],
    // "Besides that" goes on with the same matter as often as not.
    ['Aparte de eso, ¿qué más necesito llevar para el viaje?'],
    ['Es un tema totalmente diferente del anterior.'],
    ['This is a totally different topic from the one in the book.'],
    ['standby the wayfarer is here'],
    ['The changing subjects of art'],
    ['I went back to the office'],
    ['hello there'],
    [''],
  ])('no shift: %s', (text) => {
    expect(detectExplicitShift(text)).toBeNull();
  });

  it.each([
    // D1: negated, quoted or asked about, the phrase keeps the topic.
    ['No cambiemos de tema todavía: ¿el pool de postgres se comparte entre workers?'],
    ['Mejor no cambiemos el tema, sigamos con el pool'],
    ['No quiero cambiar de tema, pero ¿y el timeout?'],
    ['Sin cambiar de tema: ¿el pool se comparte?'],
    ['¿Por qué cambiamos de tema?'],
    ['¿Para qué cambiamos de tema si no terminamos?'],
    ['Why did we change the subject?'],
    ["Let's not change the subject yet."],
    ["Don't change the subject: is the pool shared?"],
    ['Can you translate "let\'s change the subject" into German?'],
    ['¿Cómo se dice “cambiemos de tema” en inglés?'],
    ['Traduce «hablemos de otra cosa» al francés'],
    ["How do you say let's change the subject in German?"],
    ["I'm not changing the subject, the pool still leaks."],
    ['This is not a change of subject: the pool still leaks.'],
    ['No es un cambio de tema: el pool sigue fallando.'],
    // A negation that is not a question, or not right before the phrase, still keeps it.
    ['No podemos cambiar de tema ahora, falta el pool.'],
    ['¿No es un cambio de tema?'],
    ['¿No cambiamos de tema ayer?'],
    ["Why can't we change the subject?"],
    ['Why are you changing the subject?'],
    ['What does "by the way" mean in Spanish?'],
    // J5: a topic, or something described as unrelated, is not a change of subject.
    ['How do I create a new topic in Kafka with 3 partitions?'],
    ['Can a consumer read a different topic than the producer writes?'],
    ['That error looks completely unrelated to the pool config, right?'],
    ['It seems totally unrelated to the timeout.'],
    ['¿Cómo creo un nuevo tema en Kafka?'],
    // In single quotes, in code, in a link, or negated across a verb of wanting or saying.
    ["Translate 'cambiemos de tema' into English"],
    ["Translate 'let's change the subject' to Spanish"],
    ['Translate ‘let’s change the subject’ to Spanish'],
    ["`let's change the subject`"],
    ["```\nlet's change the subject\n```"],
    ['See https://example.com/lets-change-the-subject for the Kafka docs.'],
    ["I don't want to change the subject."],
    ['I do not want to change the subject, Kafka retention first.'],
    ["I never said let's change the subject."],
    // The subject of an email, the topic of a meeting: a thing, not the conversation.
    ["Let's change the subject line to something catchier."],
    ["Let's change the subject of the email to 'Kafka retention update'."],
    ["Let's change the topic of tomorrow's meeting to the budget."],
    // Topics in a place are things too (Kafka's).
    ['Switching topics in Kafka needs a consumer restart, right?'],
    ['Changing topics between producers breaks ordering?'],
    // Someone else's words, reported.
    ["He said: let's change the subject, and left the meeting."],
    ["My boss told me let's change the subject whenever budgets come up."],
    ['Me dijo que cambiemos de tema y se fue.'],
    // Told as past: "cambiamos" is also "we changed".
    ['Ayer cambiamos de tema cuando llegó Ana.'],
    ['Yesterday we were changing the subject all the time.'],
  ])('no shift (D1, J5): %s', (text) => {
    expect(detectExplicitShift(text)).toBeNull();
  });

  it.each([
    ['Cambiemos de tema: ¿qué tal el fútbol?', 'flush', 'cambiemos de tema'],
    ["ok, let's change the subject", 'flush', 'lets change the subject'],
    ['No, cambiemos de tema.', 'flush', 'cambiemos de tema'],
    ['¿Qué tal si cambiamos de tema?', 'flush', 'cambiamos de tema'],
    ['How about a change of subject: dinner plans?', 'shift', 'change of subject'],
    ['“Exactly.” Changing the subject, how is your mom?', 'shift', 'changing the subject'],
    ['New topic: how do I create a new topic in Kafka?', 'shift', 'new topic'],
    ['Ok, a new topic now: my garden', 'shift', 'a new topic'],
    ['On a new topic, what do cats eat?', 'shift', 'on a new topic'],
    ['Completely unrelated, but do you like jazz?', 'shift', 'completely unrelated'],
    ['Totally unrelated but what time is it in Tokyo?', 'shift', 'totally unrelated'],
    ['I have something completely unrelated: what is a good sci-fi novel?', 'shift', 'something completely unrelated'],
    ['On a completely unrelated note, I bought a car.', 'shift', 'on a completely unrelated note'],
    ['Tema nuevo: ¿qué libro me recomiendas?', 'shift', 'tema nuevo'],
    // Returning to an earlier topic leaves the current one: the open segment closes.
    ['Going back to the pool, does it need a timeout?', 'shift', 'going back to'],
    // An apostrophe is no quotation mark.
    ["Let's change the subject, I'm tired of Kafka.", 'flush', 'lets change the subject'],
    ["It's late. Let's change the subject: what's for dinner?", 'flush', 'lets change the subject'],
    ["Let's change the subject of this chat, I'm bored.", 'flush', 'lets change the subject'],
    ["Switching topics in this conversation: what's for dinner?", 'shift', 'switching topics'],
    // The user's own words, insisted on.
    ["I said: let's change the subject!", 'flush', 'lets change the subject'],
    ["I told you, let's change the subject.", 'flush', 'lets change the subject'],
    ['Dije: cambiemos de tema.', 'flush', 'cambiemos de tema'],
  ])('still said: %s', (text, kind, phrase) => {
    expect(detectExplicitShift(text)).toMatchObject({ kind, phrase });
  });

  it('skips a negated occurrence for a later one', () => {
    expect(detectExplicitShift('No cambiemos de tema aún. Bueno, sí: cambiemos de tema.')).toMatchObject({ kind: 'flush', position: 'start' });
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
    for (const phrase of [...lists.flush, ...lists.strong, ...lists.heading, ...lists.weak]) {
      expect(phrase).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/);
    }
    expect(lists.flush).toContain('cambiemos de tema');
    expect(lists.strong).toContain('on another note');
  });
});
