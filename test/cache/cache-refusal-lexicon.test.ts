import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cacheRefusal } from '../../src/cache/cache-policy.js';
import { analyseQuery } from '../../src/cache/query-text.js';
import { standsAlone } from '../../src/cache/self-contained.js';

// Spec §4: only factual questions about the user are cached; time-dependent questions
// and emotional queries never are, nor are questions about the conversation itself or
// leaning on it (another session would get their answer). These tables hold the questions reviews found cached, their obvious
// variants, and the personal factual questions that look like them but must stay cacheable.

const calm = { sideEffectSinceQuestion: false };

const TIME_QUESTIONS = [
  'What is the time?', 'Tell me the time', 'What is the date?', "What's the date today", 'What year is it?',
  'What month is it?', 'What day is it?', 'Can you tell me the time?', 'Do you know the date?', 'Got the time?',
  "What's the year?", 'Which month is it?', 'What year are we in?', 'What is the time in London?',
  'what is the time, please', 'Tell me the date again', 'Which date is it?',
  // The opening hours of a place depend on the weekday and change: not a fact about the user.
  'What time does my gym open?',
  // The weather, counting down to a date, spans from now and the calendar change by the day.
  'Is it raining?', '¿Qué tiempo hace en Madrid?', '¿Está lloviendo?', '¿Va a llover?', 'How many days to my birthday?',
  '¿Cuántos días faltan para mi cumpleaños?', 'What do I have in two weeks?', 'What do I have in 3 days?',
  '¿Qué tengo dentro de dos semanas?', '¿Qué hice hace tres días?', 'Do I have any meetings?', '¿Tengo reuniones?',
  '¿Cuántos años tiene mi hijo?', '¿Qué edad tiene mi hijo?', 'How old is my son?',
  'Dime la hora', '¿Cuál es la hora?', '¿Qué hora es?', '¿Qué año es?', '¿Qué día es?', '¿En qué mes estamos?',
  '¿Me dices la hora, por favor?', '¿Sabes la fecha?', '¿Qué horas son?', '¿Tienes hora?', '¿A cuántos estamos?',
  '¿En qué año estamos?', '¿Cuál es la fecha?', '¿Qué mes es?', 'Decime la hora', '¿A qué hora abre mi gimnasio?',
  // Asked in a word, and the state of the world or of the user's things now: the sun, the
  // clocks, rates, who holds a post, whether a place is open or a server up, an inbox, a draw.
  'Time?', 'Date?', '¿La hora?', '¿Llego tarde?', 'When is sunset?', 'Is the store open?', 'Is the market open?',
  '¿Está abierto el banco?', 'Is daylight saving time in effect?', 'Who is the CEO of Twitter?',
  'What is the exchange rate of USD to EUR?', 'Where am I?', '¿Dónde estoy?', 'Is my server up?', 'Did the deploy succeed?',
  'How many unread emails do I have?', 'What is the status of my order?', 'Tell me a random number',
  'What week number is it?', 'Is it a holiday?', '¿Quién es el presidente de Francia?', 'Flip a coin for me?',
  // A state word about a particular thing or post now, or a yes/no question about one.
  'Is the port open right now?', 'Is the shop open today?', 'Is the port open?', 'Is a pharmacy open?',
  'When does Walmart open?', 'When does the bank open?', 'Why did my build fail?', 'Did the tests pass?',
  'Did my payment go through?', 'How do I check if my port is open?', 'Why do most of our builds fail?',
  "What's the status of the build?", 'What is my order status?', "What's the status?", "Who is Apple's CEO?",
  'Who is the CEO?',
];

const EMOTIONAL_QUESTIONS = [
  'Why does everyone hate me?', 'Am I a failure?', 'How do I deal with my breakup?', 'Does my team hate me?',
  "I'm a failure, what should I do?", 'Nobody loves me, why?', "What's wrong with me?", 'Am I a loser?',
  'Am I worthless?', "I'm fed up with my job, what do I do?", 'How do I get over her?',
  'My girlfriend broke up with me, what do I do?', "I'm not okay, what do I do?",
  'Estoy mal, ¿qué hago?', 'Estoy harto, ¿qué hago?', 'Estoy harta de mi trabajo, ¿qué hago?',
  '¿Por qué todos me odian?', '¿Soy un fracaso?', 'Nadie me quiere, ¿por qué?', '¿Cómo supero la ruptura?',
  'Mi novia me dejó, ¿qué hago?', 'Estoy fatal, ¿qué hago?', 'No puedo más, ¿qué hago?', '¿Qué me pasa?',
  'Why am I so tired?', 'Am I happy?', '¿Soy feliz?', 'Estoy cansado, ¿dónde trabajo?', '¿Por qué estoy tan cansada?',
  'Where do I work D:', 'where do I work :(', 'Where do I work? :-(',
  'Why do I always fail?', 'Do you love me?', 'Is my life a failure?', '¿Me quieres?', '¿Por qué siempre fracaso?',
  '¿Qué hago con mi vida?', 'Is my life a mess?', 'What should I do with my life?',
];

// Questions about the session's own conversation: their answer holds there only.
const CONVERSATION_QUESTIONS = [
  'What does this function return?', 'Which option did we pick?', 'What did we decide about that?', 'Is it correct?',
  'What did you just say?', 'Can you summarise the above?', 'What was the error in the log I pasted?', 'And the second one?',
  'Which of these do I prefer?', 'Where do I keep it?', "What's that?",
  '¿Qué decidimos sobre eso?', '¿Qué hace esto?', '¿Cuál elegimos?', '¿Qué dijiste?', '¿Y aquello?',
  'What did we talk about?', 'Could you explain the second one?', 'Explain it?',
  // About the user, but naming too little to stand alone, or a person or a choice the question does not name.
  'Is he my brother?', 'Is she my sister?', 'Where did I buy them?', 'Why did I?', 'What is my output?', 'Which one do I like?',
  // The code or the project at hand, and its failures.
  "What's wrong with my code?", 'Why is the build failing?', 'Why does my test time out?', 'Which version of Node does the project use?',
  'Why do I get a TypeError?', '¿Por qué falla mi código?', 'Did the migration end in failure?',
];

// Questions that lean on their conversation (see standsAlone) and are not about the user:
// refused as such, before the costlier test that they stand alone.
const LEANING_AND_NOT_ABOUT_THE_USER = [
  'Why?', 'How so?', 'Can you elaborate?', 'What do you mean?', 'Who is he?', '¿Por qué?', 'What does the second option do?',
  'What are the pros and cons?', 'Are you sure?', 'Can you give me an example?', 'What is the difference?',
  'Is there a shorter way?', 'What is the time complexity?', 'What is the output?', 'Where can I buy them?', '¿Cuánto cuesta?',
  '¿Funciona en Windows?', 'What do you think?', 'Then what?', 'What else?', 'In Rust?', 'Go on?',
  'Why would I?', 'Tell me more', 'Is she married?', 'What is her name?', '¿Dónde vive ella?', '¿Quién es él?',
  '¿Cómo lo instalo?', '¿Dónde las venden?', '¿Cómo instalarlo?', '¿Me das un ejemplo?', 'What does the first command do?',
  'How come?', 'Who won?', 'Where do they live?', 'Where do they live in Brazil?', 'What do they speak?',
  'What do they eat in the morning?', 'Can you explain more?',
];

// Personal factual questions: they name a time, a date or a feeling word, but ask for a stored fact.
const CACHEABLE_QUESTIONS = [
  "What is my dentist's name?", 'Which date did I set for the launch?', 'What is the date of my wedding?',
  'What is the time of my flight?', 'Who was my manager at the time?', 'Do I work from home most of the time?',
  'What year did I graduate?', 'In which month was I born?', 'What year is my car?', 'Which food do I hate?',
  'Did I give up smoking?', 'Where does my ex live?', 'Who left me a voicemail?',
  '¿Cuál es la hora de mi vuelo?', '¿En qué año nací?', '¿Qué año es mi coche?', '¿Cuál es la fecha de mi boda?',
  '¿En qué mes es mi cumpleaños?', '¿Qué deporte odio?', '¿Dónde vive mi ex?', '¿Estoy inscrito en el gimnasio?',
  '¿Cuántos hermanos tengo?',
  // Near the words above, but asking for a stored fact.
  'Remind me what I decided: Postgres or MySQL?', 'Which backend do I use: Rails or Django?', 'What is my favourite rainbow colour?',
  'Where did I train for the marathon?', 'When is my birthday?', 'Where is it that I work?', 'What is the company that I work for?',
  'Is it true that my sister lives in Rosario?', 'In which month was I born?',
  'Which dentist did I go to in 2019?', '¿En qué año me mudé a Lima?',
  // Questions about the user that name what they ask about, however short, and near the words above.
  'What do you know about me?', 'Where does my sister live and what does she do?', '¿Qué le regalo a mi madre?',
  'How many siblings do I have?', 'Who am I?', 'Which editor do I use for Rust code?', 'What editor do I use for my Rust code?',
  'Which HTTP status code did I choose for not found?', 'Who is my life insurance with?', 'Which hotel did we book for the trip?',
];

// Not about the user: how-to and advice ("I" as the one who would do it, not as the one a
// fact is about), and general knowledge. Their answer rests on what the conversation is
// about (a Python script, a JavaScript app), which another session does not share.
const NOT_ABOUT_THE_USER = [
  'How do I reverse an array?', 'Can I use async in a constructor?', 'Should I learn Rust?', '¿Cómo instalo Node?',
  'How do I deal with merge conflicts in our repo?', 'How do I say thank you in Japanese?', 'How do I delete a branch in git?',
  'How do I open a file in Python?', 'How do I undo the last commit?', 'How do I generate a random number in Python?',
  'How do I reset my password?', 'What command do I run to list files?', 'Do I need a visa for Japan?',
  "What's the best way to learn Spanish?", '¿Puedo usar async en un constructor?', '¿Debería aprender Rust?', '¿Cómo uso git?',
  'Which languages can I speak?', 'Write a poem for me?', 'Tell me the capital of France', '¿Qué me recomiendas?',
  'What is the capital of France?', 'What is Rust?', "What's a monad?", 'What does grep do?', '¿Qué es Kubernetes?',
  'What are the pros and cons of Rust?', 'What is the time complexity of quicksort?', 'Can you give me an example of recursion?',
  'What is the difference between TCP and UDP?', 'What is 3 + 5?', 'What is 5!?', 'How many ounces in a pound?',
  'Does Docker work on Windows?', 'Why is the sky blue?', 'What is the meaning of life?', 'Which backend: Rails or Django?',
  '¿Cuál es la capital de Perú?', '¿Qué es el trabajo en física?', 'What is a mine?',
];

// Questions a single word of the lists above refused though they ask about nothing that
// changes: a state word about a kind of thing or as part of another noun, a post that is
// no one's, "my life" as a thing the user has, an impersonal "they", a word to explain.
// None is about the user: refused as such, and not as time-dependent, emotional or
// conversation-bound (the cacheable questions above hold the ones about the user).
const ASKED_IN_GENERAL = [
  'What is the HTTP status code for not found?', 'How do I check if a port is open?', 'Why do most diets fail?',
  'What is a CEO?', 'Is my life insurance a good idea?', 'What do they speak in Brazil?', 'Explain recursion?',
  'What is the role of a CEO?', 'What does HTTP status 404 mean?', 'How do I hide the status bar?', 'When do most banks open?',
  'How can I tell whether a test passed?', 'What is the average life expectancy in Japan?',
  'What do they call fries in England?', 'Can you explain recursion?',
];

describe('cacheRefusal: the lexicon of time, feelings, the conversation and the user', () => {
  it.each(TIME_QUESTIONS)('refuses the time-dependent %s', (question) => {
    expect(cacheRefusal(question, calm)).toBe('time-dependent');
  });

  it.each(EMOTIONAL_QUESTIONS)('refuses the emotional %s', (question) => {
    expect(cacheRefusal(question, calm)).toBe('emotional');
  });

  it.each(CONVERSATION_QUESTIONS)('refuses the conversation-bound %s', (question) => {
    expect(cacheRefusal(question, calm)).toBe('conversation-bound');
  });

  it.each(LEANING_AND_NOT_ABOUT_THE_USER)('refuses %s as not about the user; it would not stand alone either', (question) => {
    expect(cacheRefusal(question, calm)).toBe('not-about-the-user');
    expect(standsAlone(analyseQuery(question))).toBe(false);
  });

  it.each(CACHEABLE_QUESTIONS)('keeps the factual %s cacheable', (question) => {
    expect(cacheRefusal(question, calm)).toBeNull();
  });

  it.each(NOT_ABOUT_THE_USER)('refuses %s, not about the user', (question) => {
    expect(cacheRefusal(question, calm)).toBe('not-about-the-user');
  });

  it.each(ASKED_IN_GENERAL)('refuses %s, asked in general, as not about the user only', (question) => {
    expect(cacheRefusal(question, calm)).toBe('not-about-the-user');
    expect(cacheRefusal(question.toUpperCase(), calm)).toBe('not-about-the-user');
    expect(cacheRefusal(`hey, ${question.toLowerCase()}`, calm)).toBe('not-about-the-user');
  });

  it('decides the same for any casing and filler around a question', () => {
    const heads = ['', 'hey, ', 'ok so ', 'oye, ', 'hola, ', 'please '];
    const tails = ['', ' please', ', por favor', ' again', ' thanks', '?', '!!'];
    const cases = [(text: string) => text, (text: string) => text.toUpperCase(), (text: string) => text.toLowerCase()];
    const labelled = [
      ...TIME_QUESTIONS.map((question) => [question, 'time-dependent'] as const),
      ...EMOTIONAL_QUESTIONS.map((question) => [question, 'emotional'] as const),
      ...CONVERSATION_QUESTIONS.map((question) => [question, 'conversation-bound'] as const),
      ...LEANING_AND_NOT_ABOUT_THE_USER.map((question) => [question, 'not-about-the-user'] as const),
      ...CACHEABLE_QUESTIONS.map((question) => [question, null] as const),
      ...NOT_ABOUT_THE_USER.map((question) => [question, 'not-about-the-user'] as const),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...labelled),
        fc.constantFrom(...heads),
        fc.constantFrom(...tails),
        fc.constantFrom(...cases),
        ([question, refusal], head, tail, casing) => {
          expect(cacheRefusal(casing(`${head}${question}${tail}`), calm)).toBe(refusal);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
