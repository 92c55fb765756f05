import type { SeededRandom } from './seed.js';

// Small vocabularies so that turns in one session are sometimes close (a wider window,
// segments of three) and sometimes not (topic shifts, a narrower window).
const TOPICS = [
  ['deployment', 'cluster', 'rollback', 'staging', 'kubernetes'],
  ['garden', 'tomatoes', 'watering', 'compost', 'seedlings'],
  ['budget', 'invoice', 'savings', 'rent', 'groceries'],
  ['trip', 'flights', 'hotel', 'itinerary', 'museum'],
  ['novel', 'chapter', 'character', 'plot', 'editor'],
] as const;
const OPENERS = ['Can you help me with the', 'What do you think about the', 'Tell me more about the', 'I am still unsure about the', 'Let us look at the'];
const ATTRIBUTES = ['favourite colour', 'dentist', 'bike brand', 'gym', 'neighbour', 'coffee order', 'router model', 'library card'];

/** A user message about one of a few topics, carrying `marker` (unique per write). */
export function userMessage(random: SeededRandom, marker: string): string {
  const topic = random.pick(TOPICS);
  const words = [random.pick(topic), random.pick(topic)];
  const opener = random.chance(0.04) ? 'On another note, ' : random.chance(0.02) ? 'Changing the subject: ' : '';
  return `${opener}${random.pick(OPENERS)} ${words[0]} and the ${words[1]} (ref ${marker})?`;
}

/** An assistant answer carrying `marker`. */
export function assistantAnswer(random: SeededRandom, marker: string): string {
  const topic = random.pick(TOPICS);
  return `Here is a thought on the ${random.pick(topic)}: check the ${random.pick(topic)} first (ref ${marker}).`;
}

/** An explicit fact signal (spec §1.1) the extractor turns into a fact holding `marker`. */
export function factSignal(random: SeededRandom, marker: string): { message: string; fact: string } {
  const attribute = random.pick(ATTRIBUTES);
  return { message: `Remember that my ${attribute} is ${marker}`, fact: `My ${attribute} is ${marker}` };
}
