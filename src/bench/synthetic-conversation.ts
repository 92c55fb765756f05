import { seededRandom, type SeededRandom } from '../seeded-random.js';
import {
  ASSISTANT_EN,
  ASSISTANT_ES,
  FACT_OPENERS_EN,
  FACT_OPENERS_ES,
  SHIFT_OPENERS_EN,
  SHIFT_OPENERS_ES,
  TOOL_QUESTIONS,
  USER_EN,
  USER_ES,
} from './synthetic-templates.js';
import { CITIES, DAYS_EN, DAYS_ES, FACT_SUBJECTS_EN, FACT_SUBJECTS_ES, TOPICS, type SyntheticTopic } from './synthetic-vocabulary.js';

/** A tool's output that arrives with the user's message (a pending tool result). */
export interface SyntheticToolResult {
  toolCallId: string;
  name: string;
  content: string;
}

/** The body of the context call that sends `message`, with its pending tool result if it has one. */
export function contextBody(message: string, toolResult: SyntheticToolResult | null): { message: string; toolResults?: SyntheticToolResult[] } {
  return toolResult === null ? { message } : { message, toolResults: [toolResult] };
}

/** One exchange: the user's message (maybe with a tool result) and the assistant's answer. */
export interface SyntheticExchange {
  /** 1-based number of the user turn in the synthetic conversation. */
  index: number;
  topic: string;
  language: 'en' | 'es';
  kind: 'chat' | 'fact' | 'shift' | 'tool';
  user: string;
  toolResult: SyntheticToolResult | null;
  assistant: string;
}

export interface SyntheticOptions {
  seed: number;
  /** Share of user turns that ask to remember something (default 0.02). */
  factRate?: number;
  /** Share of user turns that come with a tool result (default 0.04). */
  toolRate?: number;
}

const MAX_WORDS = 80;

/**
 * An endless, deterministic two-party chat for benchmarks: English with some Spanish,
 * the topic switching every 15–50 exchanges (sometimes with an explicit phrase),
 * occasional "remember that …" facts and tool results, messages of 5–80 words. The same
 * seed always yields the same exchanges.
 */
export function* syntheticConversation(options: SyntheticOptions): Generator<SyntheticExchange, never, undefined> {
  const rng = seededRandom(options.seed);
  const factRate = options.factRate ?? 0.02;
  const toolRate = options.toolRate ?? 0.04;
  let topic = rng.pick(TOPICS);
  let remaining = rng.int(15, 50);
  for (let index = 1; ; index++) {
    let kind: SyntheticExchange['kind'] = 'chat';
    if (remaining-- <= 0) {
      topic = nextTopic(rng, topic);
      remaining = rng.int(15, 50);
      kind = 'shift';
    } else if (rng.chance(factRate)) kind = 'fact';
    else if (rng.chance(toolRate)) kind = 'tool';
    const turn = userTurn(rng, topic, kind, index);
    yield { index, topic: topic.name, language: topic.language, kind, ...turn, assistant: assistantTurn(rng, topic) };
  }
}

function nextTopic(rng: SeededRandom, current: SyntheticTopic): SyntheticTopic {
  // Spanish topics come up about a quarter of the time.
  const pool = TOPICS.filter((t) => t !== current && (rng.chance(0.25) ? t.language === 'es' : t.language === 'en'));
  return pool.length > 0 ? rng.pick(pool) : rng.pick(TOPICS.filter((t) => t !== current));
}

function userTurn(
  rng: SeededRandom,
  topic: SyntheticTopic,
  kind: SyntheticExchange['kind'],
  index: number,
): { user: string; toolResult: SyntheticToolResult | null } {
  const es = topic.language === 'es';
  const target = rng.chance(0.7) ? rng.int(5, 25) : rng.chance(0.85) ? rng.int(25, 50) : rng.int(50, MAX_WORDS);
  const opener = kind === 'shift' && rng.chance(0.4) ? rng.pick(es ? SHIFT_OPENERS_ES : SHIFT_OPENERS_EN) : '';
  const body = sentences(rng, topic, es ? USER_ES : USER_EN, target, MAX_WORDS - wordCount(opener));
  if (opener !== '') return { user: opener + lowerFirst(body), toolResult: null };
  if (kind === 'fact') return { user: factStatement(rng, es), toolResult: null };
  if (kind === 'tool') {
    const [name, question] = rng.pick(TOOL_QUESTIONS);
    return { user: fill(rng, topic, question), toolResult: { toolCallId: `call_${index}`, name, content: toolOutput(rng, name, topic) } };
  }
  return { user: body, toolResult: null };
}

function assistantTurn(rng: SeededRandom, topic: SyntheticTopic): string {
  return sentences(rng, topic, topic.language === 'es' ? ASSISTANT_ES : ASSISTANT_EN, rng.int(10, MAX_WORDS));
}

function factStatement(rng: SeededRandom, es: boolean): string {
  const [subject, values] = rng.pick(es ? FACT_SUBJECTS_ES : FACT_SUBJECTS_EN);
  return `${rng.pick(es ? FACT_OPENERS_ES : FACT_OPENERS_EN)}${subject} ${rng.pick(values)}.`;
}

// Whole sentences until about `targetWords`, never past `maxWords` (one sentence at least).
function sentences(rng: SeededRandom, topic: SyntheticTopic, templates: readonly string[], targetWords: number, maxWords = MAX_WORDS): string {
  const parts: string[] = [];
  let words = 0;
  while (words < targetWords) {
    const sentence = fill(rng, topic, rng.pick(templates));
    const n = wordCount(sentence);
    if (parts.length > 0 && words + n > maxWords) break;
    parts.push(sentence);
    words += n;
  }
  return parts.join(' ');
}

function fill(rng: SeededRandom, topic: SyntheticTopic, template: string): string {
  const days = topic.language === 'es' ? DAYS_ES : DAYS_EN;
  return template.replace(/\{([nmvadck])\}/g, (_, slot: string) => {
    switch (slot) {
      case 'n':
      case 'm':
        return rng.pick(topic.nouns);
      case 'v':
        return rng.pick(topic.verbs);
      case 'a':
        return rng.pick(topic.adjectives);
      case 'd':
        return rng.pick(days);
      case 'c':
        return rng.pick(CITIES);
      default:
        return String(rng.int(2, 5));
    }
  });
}

function toolOutput(rng: SeededRandom, name: string, topic: SyntheticTopic): string {
  if (name === 'get_weather') {
    const high = rng.int(8, 32);
    return JSON.stringify({ city: rng.pick(CITIES), forecast: rng.pick(['sunny', 'light rain', 'cloudy', 'windy', 'storms']), highC: high, lowC: high - rng.int(4, 10), rainPct: rng.int(0, 90) });
  }
  if (name === 'calendar_list') {
    const events = Array.from({ length: rng.int(1, 5) }, () => ({ time: `${rng.int(8, 19)}:${rng.pick(['00', '15', '30', '45'])}`, title: rng.pick(topic.nouns) }));
    return JSON.stringify({ events });
  }
  const notes = Array.from({ length: rng.int(1, 3) }, () => fill(rng, topic, rng.pick(USER_EN)));
  return JSON.stringify({ matches: notes });
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => w !== '').length;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
