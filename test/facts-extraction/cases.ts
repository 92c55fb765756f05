import type { ExtractedFact } from '../../src/facts/extraction/index.js';

/** A user message and part of the one fact it must yield. */
export type SignalCase = [text: string, expected: Partial<ExtractedFact>];

/** Explicit requests to remember: one fact each, high confidence. */
export const EXPLICIT_CASES: SignalCase[] = [
  ['Remember that I prefer tabs over spaces.', { statement: 'I prefer tabs over spaces', subject: 'preference indentation', language: 'en' }],
  ["Please don't forget that my wife's birthday is March 3rd", { statement: "My wife's birthday is March 3rd", subject: 'wife birthday' }],
  ["I'd like you to remember that I'm allergic to peanuts", { statement: "I'm allergic to peanuts", language: 'en' }],
  ['Keep in mind that I work at Acme Corp', { statement: 'I work at Acme Corp', subject: 'employer', value: 'Acme Corp' }],
  ['remember: the deploy window is on Fridays', { statement: 'The deploy window is on Fridays', subject: 'deploy window' }],
  ["I'm vegetarian, remember that", { statement: "I'm vegetarian" }],
  ['Claude, remember that my editor is Neovim', { statement: 'My editor is Neovim', subject: 'editor', value: 'Neovim' }],
  ['olly remember that i like jazz', { statement: 'I like jazz' }],
  ['Recordá que mi editor es Vim', { statement: 'Mi editor es Vim', subject: 'editor', value: 'Vim', language: 'es' }],
  ['Recuerda que trabajo en Globant', { statement: 'Trabajo en Globant', subject: 'employer', language: 'es' }],
  ['No te olvides de que soy alérgico al maní', { statement: 'Soy alérgico al maní', language: 'es' }],
  ['Acordate que mi cumpleaños es el 3 de marzo', { statement: 'Mi cumpleaños es el 3 de marzo', subject: 'birthday' }],
  ['Tené en cuenta que uso Linux', { statement: 'Uso Linux', language: 'es' }],
  // Asked politely: a request, not a question.
  ["Can you remember that I'm vegan?", { statement: "I'm vegan", language: 'en' }],
  ['Could you please keep in mind that I work at Acme?', { statement: 'I work at Acme', subject: 'employer', value: 'Acme' }],
  ['¿Podés recordar que soy vegano?', { statement: 'Soy vegano', language: 'es' }],
  // A habit "when…", not a condition.
  ['Remember that when I travel I prefer aisle seats', { statement: 'When I travel I prefer aisle seats' }],
  ['Remember that when I travel, I prefer aisle seats', { statement: 'When I travel, I prefer aisle seats' }],
  ['Recordá que cuando viajo prefiero pasillo', { statement: 'Cuando viajo prefiero pasillo', language: 'es' }],
  // Where someone else works or lives is theirs, and kept only when asked for.
  ['Remember that my sister works at Google', { statement: 'My sister works at Google', subject: 'sister employer', domain: 'personal' }],
  ['Recordá que mis padres viven en Córdoba', { statement: 'Mis padres viven en Córdoba', subject: 'parents home', language: 'es' }],
];

/** Plain signals of the spec: one fact each, medium confidence. */
export const PLAIN_CASES: SignalCase[] = [
  ['I work at Acme.', { statement: 'I work at Acme', subject: 'employer', value: 'Acme', domain: 'work', signal: 'work-at' }],
  ["I'm working for Globex now", { statement: 'I work for Globex', subject: 'employer', value: 'Globex' }],
  ['I work as a nurse', { statement: 'I work as a nurse', subject: 'job title', value: 'a nurse' }],
  ['I work at Acme as a data engineer', { statement: 'I work at Acme as a data engineer', subject: 'employer', value: 'Acme' }],
  ['I work for Google as the head of design because I love it', { statement: 'I work for Google as the head of design', subject: 'employer', value: 'Google' }],
  ['I work at Acme as well', { statement: 'I work at Acme', subject: 'employer', value: 'Acme' }],
  ['I work at Acme as I said', { statement: 'I work at Acme', subject: 'employer', value: 'Acme' }],
  ['Trabajo en Mercado Libre desde 2020', { statement: 'Trabajo en Mercado Libre', subject: 'employer', language: 'es' }],
  ['I moved to Lisbon last year', { statement: 'I live in Lisbon', subject: 'home', value: 'Lisbon', domain: 'personal' }],
  ['We moved to Berlin in June', { statement: 'We live in Berlin', subject: 'home', value: 'Berlin' }],
  ['I moved to Santa Monica back in 2021', { statement: 'I live in Santa Monica', subject: 'home', value: 'Santa Monica' }],
  ['I started working at Google on Monday', { statement: 'I work at Google', subject: 'employer', value: 'Google' }],
  ['I got a new job at Stripe', { statement: 'I work at Stripe', subject: 'employer', value: 'Stripe' }],
  // "son" is a Spanish copula, not an English noun to refuse.
  ["My son's school is Lincoln Elementary", { statement: "My son's school is Lincoln Elementary", subject: 'son school', value: 'Lincoln Elementary' }],
  ['I started a new job at Stripe last week', { statement: 'I work at Stripe', subject: 'employer', value: 'Stripe' }],
  ['I took a job with Google', { statement: 'I work at Google', subject: 'employer', value: 'Google' }],
  ['Conseguí un trabajo nuevo en Stripe', { statement: 'Trabajo en Stripe', subject: 'employer', language: 'es' }],
  ['Me mudé a Madrid en marzo', { statement: 'Vivo en Madrid', subject: 'home', value: 'Madrid' }],
  ['Hola, me llamo Ana María', { statement: 'Me llamo Ana María', subject: 'name', value: 'Ana María', domain: 'personal', language: 'es' }],
  ['I live in New York in the summer', { statement: 'I live in New York in the summer' }],
  ['I moved to Berlin in June lol', { statement: 'I live in Berlin', value: 'Berlin' }],
  ['I moved to a cabin in June Lake', { statement: 'I live in a cabin in June Lake' }],
  ['Trabajo en una empresa en Mar del Plata', { statement: 'Trabajo en una empresa en Mar del Plata' }],
  ["I've been living in Berlin", { statement: 'I live in Berlin', subject: 'home' }],
  ['Me mudé a Madrid', { statement: 'Vivo en Madrid', subject: 'home', value: 'Madrid', language: 'es' }],
  ['Ahora vivo en Rosario', { statement: 'Vivo en Rosario', subject: 'home' }],
  ['I switched to Helix', { statement: 'I switched to Helix', subject: 'editor', value: 'Helix' }],
  ['Me cambié a Linux', { subject: 'os', value: 'Linux', language: 'es' }],
  ['I prefer dark mode', { statement: 'I prefer dark mode', subject: 'preference theme', domain: 'preferences' }],
  ['Prefiero el té al café', { subject: 'preference drink', domain: 'preferences', language: 'es' }],
  ['I decided to use Postgres for memoryd', { statement: 'I decided to use Postgres for memoryd', subject: 'decision database', domain: 'decisions' }],
  // An order of steps is one decision; a step with its own subject is another clause.
  ['We decided to fix the login bug first, then the CI flakiness.', { statement: 'We decided to fix the login bug first, then the CI flakiness' }],
  ['Decidimos arreglar el bug de login primero, después el CI', { statement: 'Decidimos arreglar el bug de login primero, después el CI' }],
  ['We decided to fix the bug, then we celebrated', { statement: 'We decided to fix the bug' }],
  // A qualifying "with…"/"con…" after a comma is part of the decision.
  [
    'We decided to use Kafka for the event bus, with a retention of 7 days.',
    { statement: 'We decided to use Kafka for the event bus, with a retention of 7 days', subject: 'decision use kafka for event bus' },
  ],
  [
    'We decided to stream the orders table with Debezium CDC into Postgres, with a cutover window of 15 minutes.',
    { statement: 'We decided to stream the orders table with Debezium CDC into Postgres, with a cutover window of 15 minutes' },
  ],
  ['Decidimos usar Kafka para el bus de eventos, con una retención de 7 días.', { statement: 'Decidimos usar Kafka para el bus de eventos, con una retención de 7 días' }],
  ["We'll go with Kubernetes", { subject: 'decision deployment', value: 'Kubernetes', domain: 'decisions' }],
  ['Decidimos usar k8s en producción', { subject: 'decision deployment', domain: 'decisions', language: 'es' }],
  ['My editor is Vim', { statement: 'My editor is Vim', subject: 'editor', value: 'Vim' }],
  // A comma or colon between digits is part of the value.
  ['My budget is 8,000 euros', { statement: 'My budget is 8,000 euros', subject: 'budget', value: '8,000 euros' }],
  ['Mi presupuesto para el viaje es de 3000 euros', { subject: 'presupuesto para viaje', value: '3000 euros', language: 'es' }],
  ["My name's Ana", { subject: 'name', value: 'Ana' }],
  ['My dog is called Rex', { subject: 'dog name', value: 'Rex', domain: 'personal' }],
  ['Mi perro se llama Rex', { subject: 'dog name', value: 'Rex', language: 'es' }],
  ['Mi color favorito es el azul', { subject: 'favorite color', language: 'es' }],
  ['Jazz is my favorite genre', { subject: 'favorite genre', value: 'Jazz' }],
  ['Always reply in English', { statement: 'Always reply in English', subject: 'assistant language', domain: 'preferences' }],
  ['Never use emojis in commit messages', { statement: 'Never use emojis in commit messages', domain: 'preferences' }],
  ['Siempre respondé en español', { subject: 'assistant language', language: 'es' }],
  // The tú imperative, as the voseo one.
  ['Siempre responde en español.', { statement: 'Siempre responde en español', subject: 'assistant language', language: 'es' }],
  ['Siempre usa unidades métricas.', { statement: 'Siempre usa unidades métricas', domain: 'preferences', language: 'es' }],
  ['Siempre contesta con ejemplos.', { statement: 'Siempre contesta con ejemplos', domain: 'preferences', language: 'es' }],
  ['Por favor, siempre responde en español', { statement: 'Siempre responde en español', subject: 'assistant language' }],
  ['Nunca uses emojis', { statement: 'Nunca uses emojis', language: 'es' }],
  ['I never drink coffee after 6pm', { statement: 'I never drink coffee after 6pm' }],
  ['Siempre tomo el tren', { statement: 'Siempre tomo el tren', language: 'es' }],
  ['From now on, call me Sam', { statement: 'From now on, call me Sam', subject: 'preferred name', signal: 'from-now-on/from-now-on' }],
  ['A partir de ahora respondeme en inglés', { subject: 'assistant language', language: 'es' }],
  // Explaining and telling are how the assistant talks too: the language is its language.
  ['Prefiero que me expliques las cosas en inglés.', { subject: 'assistant language', language: 'es' }],
  ['Prefiero que me digas todo en inglés.', { subject: 'assistant language', language: 'es' }],
  ['I prefer you explain things in Spanish.', { subject: 'assistant language' }],
  ['Just so you know, I use a standing desk', { statement: 'I use a standing desk', signal: 'notice/statement' }],
];
