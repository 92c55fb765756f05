import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cacheRefusal, mayShareAnswer } from '../../src/cache/cache-policy.js';
import { DedupProfile, sameContentWords, sameOrder, sameSpecifics } from '../../src/cache/dedup-guards.js';
import { analyseHead, analyseQuery, detectLanguage, foldedQueryWords, normaliseQuery, queryTokens } from '../../src/cache/query-text.js';
import { responseCacheKey } from '../../src/cache/response-cache.js';
import { sha256Hex } from '../../src/sha256.js';

const calm = { sideEffectSinceQuestion: false };

// What the dedup guards read of a question, as the response cache profiles it.
const signatureOf = (question: string): string => new DedupProfile(question).signature;
const specificsOf = (question: string): readonly string[] => new DedupProfile(question).specifics;
const sameSpecificsOf = (a: string, b: string): boolean => sameSpecifics(new DedupProfile(a), new DedupProfile(b));

describe('foldedQueryWords', () => {
  it('folds ASCII text (its shortcut) as it folds the same text with accented words after it (the Unicode path)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)), maxLength: 80 }), (ascii) => {
        expect(foldedQueryWords(`${ascii} Dónde ÉL`)).toEqual([...foldedQueryWords(ascii), 'donde', 'el']);
      }),
      { numRuns: 500 },
    );
    expect(foldedQueryWords("What's my dog's NAME?")).toEqual(['whats', 'my', 'dogs', 'name']);
  });

  it('keeps the symbols that name something else: C#, C++, .NET, 3/5, 1.5k, 2+2', () => {
    expect(foldedQueryWords('Do I know C#, C++ or C?')).toEqual(['do', 'i', 'know', 'c#', 'c++', 'or', 'c']);
    expect(foldedQueryWords('Do I use .NET? On 3/5, 1.5k, 2+2 or 50%.')).toEqual(['do', 'i', 'use', '.net', 'on', '3/5', '1.5k', '2+2', 'or', '50%']);
  });

  it('keeps operators and comparisons as words, spaced or not, and leaves dashes and emphasis between words out', () => {
    expect(foldedQueryWords('What is 3 * 5? Is -5 > 3, x<y, a === b, 7 % 3 or 10 % of 50?')).toEqual(
      ['what', 'is', '3', '*', '5', 'is', '-5', '>', '3', 'x', '<', 'y', 'a', '===', 'b', '7', '%', '3', 'or', '10', '%', 'of', '50'],
    );
    expect(foldedQueryWords('Is 5! != 1/2 - 1/3, x ≤ y?')).toEqual(['is', '5!', '!=', '1/2', '-', '1/3', 'x', '≤', 'y']);
    expect(foldedQueryWords('Lisbon - Porto, **bold**, COVID-19, x86-64, and/or, wow!!')).toEqual(
      ['lisbon', 'porto', 'bold', 'covid', '19', 'x86', '64', 'and', 'or', 'wow'],
    );
  });

  it('splits text with operators as queryTokens does, word for word', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'É', 'x', '3', '-', '−', '+', '*', '/', '%', '!', '=', '<', '>', '≤', '&', '(', '.', ' ', '?', 'İ'), maxLength: 40 });
    fc.assert(
      fc.property(text, (value) => {
        expect(queryTokens(value).map((token) => token.folded)).toEqual(foldedQueryWords(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('splits text as queryTokens does, word for word', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'É', 'é', 'I', '3', '#', '+', '%', '.', '/', "'", '’', ' ', '?', 'Ñ', '\u0301', '\u0308', 'ǅ', 'İ'), maxLength: 40 });
    fc.assert(
      fc.property(text, (value) => {
        expect(queryTokens(value).map((token) => token.folded)).toEqual(foldedQueryWords(value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('analyseQuery', () => {
  it('keys a question as before it was split once (hashes taken before the change)', () => {
    const keys: Array<[string, string]> = [
      ['Where do I work?', 'cb8a7d2ad7bdfc6bd4739da649be7582193b843e304f2c02018b534bbb5eb38c'],
      ["Hey, quick question: what's my dog's NAME again, please?", '233f2974b4d481a6a2b4278ee3a87d076dda26bd8d48f44e85d197be5326f22e'],
      ['Por favor, ¿dónde vivo?', '44744a211116aba7bd12888a4a05af1b312fe798504e02eb873a6e28b1ba9881'],
      ['ΑΣ.Β ΟΔΟΣ?', 'cdb53f759b7d2ae8a5f4d6f9c5a852e143b4b069897cee94a7dfec3b929350eb'],
      ['Do I use .NET on 3/5 or C#?', '772a44a3a28dc14f1aecdd2eb02889f36819a512eb6ecc9606c422a9c6e26f83'],
    ];
    for (const [question, key] of keys) {
      expect(responseCacheKey(question), question).toBe(key);
    }
  });

  it('has the words, core and key of the functions it stands for', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'É', 'I', 'Σ', 'Α', '3', '#', '.', "'", ' ', '?', 'Ñ', '\u0301', 'İ', 'hey ', 'please'), maxLength: 40 });
    fc.assert(
      fc.property(text, (value) => {
        const analysis = analyseQuery(value);
        expect(analysis.words).toEqual(foldedQueryWords(value));
        expect(analysis.core.join(' ')).toBe(normaliseQuery(value));
        expect(responseCacheKey(analysis)).toBe(sha256Hex(normaliseQuery(value)));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('normaliseQuery', () => {
  it('makes trivial variants equal: case, accents, punctuation, spacing, fillers', () => {
    const variants = ['Where do I work?', 'where do i work', '  WHERE do I   work ?? ', 'Hey, where do I work again?', 'ok so where do I work, please'];
    expect(new Set(variants.map(normaliseQuery))).toEqual(new Set(['where do i work']));
    expect(normaliseQuery('¿Dónde trabajo?')).toBe(normaliseQuery('donde trabajo'));
    expect(normaliseQuery('Por favor, ¿dónde vivo?')).toBe('donde vivo');
    expect(normaliseQuery("What's my dog's name?")).toBe(normaliseQuery('Whats my dogs name'));
  });

  it('keeps questions that differ in meaning apart', () => {
    expect(normaliseQuery('Where do I work?')).not.toBe(normaliseQuery('Where does my wife work?'));
    expect(normaliseQuery('What is my sister called?')).not.toBe(normaliseQuery('What is my brother called?'));
    expect(normaliseQuery('Do I like tea?')).not.toBe(normaliseQuery('Do I like tea or coffee?'));
  });

  it('keeps symbols, inner fillers and the words that change a question apart', () => {
    const distinct = (...questions: string[]): void => {
      expect(new Set(questions.map(normaliseQuery)).size, questions.join(' | ')).toBe(questions.length);
    };
    distinct('Do I know C#?', 'Do I know C++?', 'Do I know C?');
    distinct('Do I use .NET?', 'Do I use NET?');
    distinct('What did I decide on 3/5?', 'What did I decide on 5/3?', 'What did I decide on 35?');
    distinct('¿Qué hay de nuevo?', '¿Qué hay?');
    distinct('How do I say thank you in Japanese?', 'How do I say in Japanese?');
    distinct('Did the build fail again?', 'Did the build fail?');
    distinct('¿Falló la build otra vez?', '¿Falló la build?');
  });

  it('keeps questions that differ by an operator or a comparison apart, spaced or not', () => {
    const apart: Array<[string, string]> = [
      ['What is 3 * 5?', 'What is 3 + 5?'],
      ['What is 3 - 5?', 'What is 3 + 5?'],
      ['Is -5 > 3?', 'Is 5 > 3?'],
      ['Is x < y?', 'Is x > y?'],
      ['Is a === b?', 'Is a == b?'],
      ['What is 1/2 - 1/3?', 'What is 1/2 + 1/3?'],
      ['What is 5! ?', 'What is 5?'],
      ['What is 7 / 3?', 'What is 7 % 3?'],
      ['What is 10 / 50?', 'What is 10 % of 50?'],
      ['Is x<y?', 'Is x>y?'],
      ['What is the difference between == and === in JavaScript?', 'What is the difference between != and !== in JavaScript?'],
    ];
    for (const [a, b] of apart) expect(responseCacheKey(a), `${a} | ${b}`).not.toBe(responseCacheKey(b));
    for (const question of ['Is my lucky number 3 * 5?', 'Is my bet -5 > 3?', 'Is my lucky number 5! ?', 'Is my lucky number 7 % 3?']) {
      expect(cacheRefusal(question, calm), question).toBeNull();
    }
  });

  it('drops fillers only at the head or the tail, and a recall "again" only after a question word or a request', () => {
    expect(normaliseQuery('Quick question: where do I work, thank you')).toBe('where do i work');
    expect(normaliseQuery("What's my wife's name again?")).toBe(normaliseQuery("What's my wife's name?"));
    expect(normaliseQuery('Tell me where I work again, please')).toBe('tell me where i work');
    expect(normaliseQuery('Por favor, ¿dónde vivo, por favor?')).toBe('donde vivo');
  });
});

describe('detectLanguage', () => {
  it.each([
    ['Where do I work?', 'en'],
    ['What did I decide about the deployment?', 'en'],
    ['¿Dónde trabajo?', 'es'],
    ['Sobre el despliegue, qué decidí', 'es'],
    ['Me siento triste', 'es'],
    ['dime donde vivo', 'es'],
    ['Remind me where I work', 'en'],
    // Accented names are no evidence; accented words are.
    ['Who is José María Pérez?', 'en'],
    ['Where does Íñigo work?', 'es'],
    ['Dónde trabaja José', 'es'],
    ['What did Pérez say about my café order?', 'en'],
    // "me" is English too: no evidence of Spanish.
    ['Tell me a fun fact', 'en'],
    ['Tell me a random number', 'en'],
    ['¿Me dices dónde vivo?', 'es'],
  ] as const)('%s → %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });
});

describe('cacheRefusal', () => {
  it('accepts factual questions about the user, in English and Spanish', () => {
    for (const question of ['Where do I work?', 'Which editor do I use for work?', 'Do I have a dog', 'Remind me where I work', '¿Dónde trabajo?', 'Dime qué lenguaje prefiero', 'Por qué elegí Postgres']) {
      expect(cacheRefusal(question, calm), question).toBeNull();
    }
  });

  it.each([
    'What time is it?', 'What should I do today?', 'Anything on for tonight?', 'What is on my calendar tomorrow?',
    'What did I eat yesterday?', 'What is the weather in Lima?', 'Where am I right now?', 'What is my current job?',
    'What are the latest news?', 'What do I have this week?',
    '¿Qué hora es?', '¿Qué hago hoy?', '¿Dónde estoy ahora?', 'Recién llegué, ¿qué decidí?', '¿Qué tengo mañana?',
    '¿Qué comí ayer?', '¿Qué tengo esta semana?',
  ])('refuses the time-dependent %s', (question) => {
    expect(cacheRefusal(question, calm)).toBe('time-dependent');
  });

  it.each([
    'I feel lost, what do I do for work?', "I'm so sad, where does my sister live?", 'Why am I so anxious?', 'Why do I get angry?',
    'Me siento solo, ¿dónde vive mi hermana?', 'Estoy triste, ¿qué decidí?', '¿Por qué estoy tan ansioso?', 'where do I work 😢',
  ])('refuses the emotional %s', (question) => {
    expect(cacheRefusal(question, calm)).toBe('emotional');
  });

  it('matches emoticons as whole tokens only: "decided:" and "backend:" are not "D:"', () => {
    expect(cacheRefusal('Remind me what I decided: Postgres or MySQL?', calm)).toBeNull();
    expect(cacheRefusal('Which backend do I use: Rails or Django?', calm)).toBeNull();
    expect(cacheRefusal('D: where do I work?', calm)).toBe('emotional');
    expect(cacheRefusal('where do I work?D:', calm)).toBe('emotional');
  });

  it.each([
    'What did I just say?', 'What was my last question?', 'What were we talking about?', 'Can you summarize our conversation so far?',
    'What was the first thing I asked you?', 'What did you say earlier?', 'Summarise the above', 'Where were we?',
    '¿Qué te acabo de decir?', '¿De qué estábamos hablando?', '¿Cuál fue mi primera pregunta?', '¿Qué dije antes?', 'Resume la conversación',
  ])('refuses %s, a question about the conversation itself', (question) => {
    expect(cacheRefusal(question, calm)).toBe('conversation-bound');
  });

  it.each([
    'Which one is cheaper?', "Which one's cheaper?", 'Which ones do I like?', 'Which is better?', 'Which of them is cheaper?',
    'What about that?', 'What about Porto?', 'And in Porto?', 'And your sister?', '¿y ese?', '¿cuál es más barato?', '¿Cuál de ellos es más barato?', '¿Y en Oporto?',
  ])('refuses %s, whose meaning rests on something the conversation named', (question) => {
    expect(cacheRefusal(question, calm)).toBe('conversation-bound');
  });

  it('keeps self-contained questions with "one", "which" or a comparison cacheable', () => {
    for (const question of [
      'Which one of Lisbon or Porto do I prefer in May?', 'Which is closer to my office, Lisbon or Porto?', '¿Cuál es más barato para mi viaje, el tren o el bus?',
      'Do I have one dog or two?', 'Is one of my cats allergic?', 'And also, where is my dog?', 'Which number is my favourite?', '¿Cuál es la capital de mi provincia?', 'Where am I working?',
    ]) {
      expect(cacheRefusal(question, calm), question).toBeNull();
    }
  });

  it('refuses anything after a side-effecting tool, even a plain factual question', () => {
    expect(cacheRefusal('Where do I work?', { sideEffectSinceQuestion: true })).toBe('side-effect');
  });

  it('refuses statements, commands, empty and very long messages', () => {
    for (const message of ['I moved to Lima', 'Send an email to Bob', 'Do the dishes', 'Me mudé a Lima', 'hello?', '?', '']) {
      expect(cacheRefusal(message, calm), message).toBe('not-a-question');
    }
    expect(cacheRefusal(`Where do I work? ${'x '.repeat(600)}`, calm)).toBe('too-long');
  });
});

describe('the guards\' input', () => {
  it('are profiles of a question\'s head: a whole question\'s analysis does not compile (checked by tsc)', () => {
    const whole = analyseQuery('Who was my boss at Acme?');
    // @ts-expect-error a QueryAnalysis is no DedupProfile: the guards compare profiles, which analyse the head
    expect(sameOrder(whole, whole)).toBe(true);
    // A question no longer than its head is its own head: split once.
    expect(analyseHead(whole)).toBe(whole);
  });
});

describe('dedupSignature', () => {
  it('tells persons and negation apart, and ignores the rest but tense and repetition', () => {
    expect(signatureOf('What did I decide?')).toBe(signatureOf('So, what did I decide again, thank you?'));
    expect(signatureOf('What did I decide?')).not.toBe(signatureOf('What did you decide?'));
    expect(signatureOf('¿Dónde trabaja mi hermana?')).not.toBe(signatureOf('¿Dónde trabaja tu hermana?'));
    expect(signatureOf('Do I like coffee?')).not.toBe(signatureOf("Don't I like coffee?"));
    expect(signatureOf('Where is the office?')).toBe('');
  });

  it('tells tense and repetition apart', () => {
    expect(signatureOf('Who is my boss?')).not.toBe(signatureOf('Who was my boss?'));
    expect(signatureOf('Who is my boss?')).not.toBe(signatureOf('Who used to be my boss?'));
    expect(signatureOf('¿Quién es mi jefe?')).not.toBe(signatureOf('¿Quién era mi jefe?'));
    expect(signatureOf('¿Dónde trabajo?')).not.toBe(signatureOf('¿Dónde fui a trabajar?'));
    expect(signatureOf('Where do I work?')).not.toBe(signatureOf('Where will I work?'));
    expect(signatureOf('Did the build fail?')).not.toBe(signatureOf('Did the build fail again?'));
    expect(signatureOf('Where do I work?')).toBe(signatureOf('Where do I work again?'));
    expect(signatureOf('Which editor have I used?')).toBe(signatureOf('Which editor do I use?'));
  });
});

describe('dedupSpecifics and sameSpecifics', () => {
  it('finds names inside a sentence and numbers anywhere, folded; not the first word, nor "I"', () => {
    expect(specificsOf('What is the capital of Australia?')).toEqual(['australia']);
    expect(specificsOf('Where did I park? I think Lot B.')).toEqual(['lot', 'b']);
    expect(specificsOf("¿Cuál es la capital de Perú? I'm asking")).toEqual(['peru']);
    expect(specificsOf('What did I decide about the 2025 budget and Q3?')).toEqual(['2025', 'q3']);
    expect(specificsOf('Where do I work?')).toEqual([]);
  });

  it('agrees only when each side\'s names and numbers are words of the other', () => {
    expect(sameSpecificsOf('What is the capital of Australia?', 'what is the capital of australia')).toBe(true);
    expect(sameSpecificsOf('What is the capital of Australia?', 'What is the capital of Austria?')).toBe(false);
    expect(sameSpecificsOf('What is the capital of Australia?', 'what is the capital of austria')).toBe(false);
    expect(sameSpecificsOf('What did I decide about the 2025 budget?', 'What did I decide about the 2026 budget?')).toBe(false);
    expect(sameSpecificsOf('What did I decide about the budget?', 'What did I decide about the Q3 budget?')).toBe(false);
    expect(sameSpecificsOf('Where do I work?', 'Where am I working?')).toBe(true);
  });

  it('mayShareAnswer needs the same persons, negation and names', () => {
    expect(mayShareAnswer('What did I decide about Acme?', 'About Acme, what did I decide?')).toBe(true);
    expect(mayShareAnswer('What did I decide about Acme?', 'What did you decide about Acme?')).toBe(false);
    expect(mayShareAnswer('What did I decide about Acme?', 'What did I decide about Initech?')).toBe(false);
  });

  it('mayShareAnswer needs the same tense and the same order of names, numbers and compared words', () => {
    const apart: Array<[string, string]> = [
      ['Is my sister older than my brother?', 'Is my brother older than my sister?'],
      ['Do I prefer tea over coffee?', 'Do I prefer coffee over tea?'],
      ['¿Prefiero el té al café?', '¿Prefiero el café al té?'],
      ['¿Es mi hermana mayor que mi hermano?', '¿Es mi hermano mayor que mi hermana?'],
      ['What did I decide on 3/5?', 'What did I decide on 5/3?'],
      ['Did I move from Lima to Cusco?', 'Did I move from Cusco to Lima?'],
      ['did i move from lima to cusco', 'Did I move from Cusco to Lima?'],
      ['Who is my boss?', 'Who was my boss?'],
      ['¿Quién es mi jefe?', '¿Quién era mi jefe?'],
      ['Did the build fail?', 'Did the build fail again?'],
      ['Do I know C#?', 'Do I know C++?'],
    ];
    for (const [a, b] of apart) expect(mayShareAnswer(a, b), `${a} | ${b}`).toBe(false);
    const together: Array<[string, string]> = [
      ['Do I prefer tea over coffee?', 'So, do I prefer tea over coffee?'],
      ['Is my sister older than my brother?', 'Is my sister older than my brother, please?'],
      ['¿Qué decidí sobre el despliegue?', 'Sobre el despliegue, ¿qué decidí?'],
      ['Do I like tea or coffee?', 'Do I like coffee or tea?'],
      ['Who was my boss at Acme?', 'At Acme, who was my boss?'],
      ['Where do I work?', 'Where do I work again?'],
    ];
    for (const [a, b] of together) expect(mayShareAnswer(a, b), `${a} | ${b}`).toBe(true);
  });
});

const sameContent = (a: string, b: string): boolean => sameContentWords(new DedupProfile(a), new DedupProfile(b));

describe('numbers written as words, and order around "in"/"en" when a question counts or converts', () => {
  const sameOrderOf = (a: string, b: string): boolean => sameOrder(new DedupProfile(a), new DedupProfile(b));

  it('reads number words as the digits they stand for, and "a"/"una" before a word as one', () => {
    expect(specificsOf('How many calories in two bananas?')).toEqual(['2']);
    expect(specificsOf('¿Cuántas calorías hay en dos plátanos?')).toEqual(['2']);
    expect(sameSpecificsOf('How many calories in two bananas?', 'How many calories in a banana?')).toBe(false);
    expect(sameSpecificsOf('How do I undo the last two commits?', 'How do I undo the last commit?')).toBe(false);
    expect(sameSpecificsOf('How many calories in two bananas?', 'How many calories in 2 bananas?')).toBe(true);
    expect(sameSpecificsOf('How many calories in one banana?', 'How many calories in a banana?')).toBe(true);
    expect(sameSpecificsOf('What is 1 + 1?', 'What is a + a?')).toBe(false);
  });

  it('keeps the order of what a question converts or counts', () => {
    const swapped: Array<[string, string]> = [
      ['How many pounds in an ounce?', 'How many ounces in a pound?'],
      ['¿Cuántas libras hay en una onza?', '¿Cuántas onzas hay en una libra?'],
      ['What is 10 fahrenheit in celsius?', 'What is 10 celsius in fahrenheit?'],
      ['How many pounds are there in an ounce?', 'How many ounces are there in a pound?'],
    ];
    for (const [a, b] of swapped) {
      expect(sameOrderOf(a, b), `${a} | ${b}`).toBe(false);
      expect(sameOrderOf(b, a), `${a} | ${b}`).toBe(false);
    }
    // Elsewhere "in" places, and a rephrasing may move the place to the front.
    expect(sameOrderOf('Where do I work in Lima?', 'In Lima, where do I work?')).toBe(true);
  });

  it('works out once per question, in its profile, whether it counts or converts', () => {
    const converting = ['How many pounds in an ounce?', '¿Cuántas libras hay en una onza?', 'What is 10 fahrenheit in celsius?', 'Convert miles to km', 'Calories in one banana?'];
    for (const question of converting) expect(new DedupProfile(question).converts, question).toBe(true);
    for (const question of ['Where do I work in Lima?', '¿Dónde trabajo en Lima?', 'Who is someone in Lima?']) {
      expect(new DedupProfile(question).converts, question).toBe(false);
    }
  });

  it('mayShareAnswer keeps apart questions that differ in a number word, an order around "in" or an operator', () => {
    const apart: Array<[string, string]> = [
      ['How many calories in two bananas?', 'How many calories in a banana?'],
      ['How do I undo the last two commits?', 'How do I undo the last commit?'],
      ['How many pounds in an ounce?', 'How many ounces in a pound?'],
      ['¿Cuántas libras hay en una onza?', '¿Cuántas onzas hay en una libra?'],
      ['What is 10 fahrenheit in celsius?', 'What is 10 celsius in fahrenheit?'],
      ['What is 10 / 50?', 'What is 10 % of 50?'],
    ];
    for (const [a, b] of apart) {
      expect(mayShareAnswer(a, b), `${a} | ${b}`).toBe(false);
      expect(mayShareAnswer(b, a), `${a} | ${b}`).toBe(false);
    }
  });
});

describe('sameContentWords', () => {
  const swapped: Array<[string, string]> = [
    ['What are the health benefits of drinking green tea every morning before breakfast?', 'What are the health risks of drinking green tea every morning before breakfast?'],
    ['When the garbage collector runs, how does it decide which objects to free up?', 'When the garbage collector runs, how does it decide which objects to keep around?'],
    ['How does the Kubernetes scheduler decide where a new pod should be placed in the cluster?', 'How does the Kubernetes scheduler decide which pod should be evicted from the cluster?'],
    ['¿Cuáles son los beneficios de tomar té verde cada mañana antes del desayuno?', '¿Cuáles son los riesgos de tomar té verde cada mañana antes del desayuno?'],
    ['Where do I work?', 'When do I work?'],
  ];

  it.each(swapped)('keeps apart %s and a question that swaps one of its content words', (a, b) => {
    expect(sameContent(a, b)).toBe(false);
    expect(sameContent(b, a)).toBe(false);
    expect(mayShareAnswer(a, b)).toBe(false);
  });

  it('keeps apart a question and a longer one that adds a qualifier, either way round', () => {
    const qualified: Array<[string, string]> = [
      ['How do I delete a branch in git remotely?', 'How do I delete a branch in git?'],
      ['How do I add a user to a group in Linux?', 'How do I add a user in Linux?'],
      ['How do I reset my router password?', 'How do I reset my password?'],
      ['How do I recursively copy a folder?', 'How do I copy a folder?'],
      ['How do I boil an egg soft?', 'How do I boil an egg?'],
      ['How do I install Node on Ubuntu with nvm?', 'How do I install Node on Ubuntu?'],
      ['¿Cómo borro una rama remota?', '¿Cómo borro una rama?'],
      ['Do I like tea or coffee?', 'Do I like tea?'],
    ];
    for (const [longer, shorter] of qualified) {
      expect(sameContent(longer, shorter), longer).toBe(false);
      expect(sameContent(shorter, longer), longer).toBe(false);
      expect(mayShareAnswer(shorter, longer), longer).toBe(false);
      expect(mayShareAnswer(longer, shorter), longer).toBe(false);
    }
  });

  it('merges rephrasings: inflections, word order, politeness', () => {
    const together: Array<[string, string]> = [
      ['Where do I work?', 'Where am I working?'],
      ['Where do I live?', 'Where am I living?'],
      ['Which editor do I use for work?', 'For work, which editor do I use?'],
      ['Could you tell me where I work?', 'Do you know where I work?'],
      ['What is the capital of Australia?', "What's the capital of Australia?"],
      ['¿Dónde trabajo?', 'Dime dónde trabajo, por favor'],
      ['How many calories in one banana?', 'How many calories in a banana?'],
    ];
    for (const [a, b] of together) {
      expect(sameContent(a, b), `${a} | ${b}`).toBe(true);
      expect(mayShareAnswer(a, b), `${a} | ${b}`).toBe(true);
    }
  });

  it('keeps apart questions about a relative of the other gender, or another relative of the same stem', () => {
    const people: Array<[string, string]> = [
      ['¿Cuándo es el cumpleaños de mi hermana?', '¿Cuándo es el cumpleaños de mi hermano?'],
      ['¿Cómo se llama mi prima?', '¿Cómo se llama mi primo?'],
      ['¿Dónde vive mi abuela?', '¿Dónde vive mi abuelo?'],
      ['¿Dónde viven mis abuelas?', '¿Dónde viven mis abuelos?'],
      ['¿Qué estudia mi hija?', '¿Qué estudia mi hijo?'],
      ['¿Cómo se llama mi jefa?', '¿Cómo se llama mi jefe?'],
      ['¿Cómo se llama mi doctora?', '¿Cómo se llama mi doctor?'],
      ['What does my grandson study?', 'What does my granddaughter study?'],
      ['When is my grandmother coming?', 'When is my grandfather coming?'],
    ];
    for (const [a, b] of people) {
      expect(sameContent(a, b), `${a} | ${b}`).toBe(false);
      expect(mayShareAnswer(a, b), `${a} | ${b}`).toBe(false);
    }
    // One relative and their plural, or a verb's other form: still the same words.
    for (const [a, b] of [
      ['¿Cómo se llaman mis hermanos?', '¿Cómo se llama mi hermano?'],
      ['¿Dónde trabajan mis doctores?', '¿Dónde trabaja mi doctor?'],
      ['¿El hombre cortó el árbol?', '¿El hombre corta el árbol?'],
    ] as const) {
      expect(sameContent(a, b), `${a} | ${b}`).toBe(true);
    }
  });

  it('reads "without" and "sin" as negation: with goggles is not without', () => {
    expect(mayShareAnswer('Do I swim with goggles?', 'Do I swim without goggles?')).toBe(false);
    expect(mayShareAnswer('¿Tomo el café con azúcar?', '¿Tomo el café sin azúcar?')).toBe(false);
  });
});
