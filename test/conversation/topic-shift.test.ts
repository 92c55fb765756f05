import { describe, expect, it } from 'vitest';
import { asksOrRequests, asksQuestion } from '../../src/conversation/dialogue-acts.js';
import { detectExplicitShift } from '../../src/conversation/shift-phrases.js';
import {
  DEFAULT_TOPIC_SHIFT_PARAMS,
  detectTopicShift,
  type TopicShiftInput,
} from '../../src/conversation/topic-shift.js';
import { classifyDomain, confidentDomain } from '../../src/domains/classify-domain.js';

const WORK = 'my boss scheduled a meeting about the quarterly report deadline at the office';
const PERSONAL = 'my wife and kids and my mom are coming for my birthday dinner with family';

function input(overrides: Partial<TopicShiftInput>): TopicShiftInput {
  return {
    text: 'what do you think about the new plan?',
    similarity: 0.9,
    previousTurnText: 'Here is the plan.',
    previousDomain: null,
    currentDomain: null,
    explicit: null,
    ...overrides,
  };
}

describe('detectTopicShift', () => {
  it.each([
    ['first user turn (no similarity)', { similarity: null }, false, []],
    ['similar question', { similarity: 0.5 }, false, []],
    ['dissimilar question after a statement', { similarity: 0.2 }, true, ['similarity']],
    ['dissimilar request after a statement', { similarity: 0.2, text: 'Write me a poem about cats' }, true, ['similarity']],
    ['dissimilar statement: a reaction continues', { similarity: 0.1, text: 'That worked, thanks.' }, false, []],
    ['dissimilar question answering a question', { similarity: 0.1, previousTurnText: 'Which database do you use?' }, false, []],
    ['threshold is strict: 0.4 is not below 0.4', { similarity: 0.4 }, false, []],
    ['a short follow-up pointing back: "Is it long?"', { similarity: 0.1, text: 'Is it long?', previousTurnText: 'Try Hardcore History.' }, false, []],
    ['a short follow-up pointing back: "Who hosts it?"', { similarity: 0.1, text: 'Who hosts it?', previousTurnText: 'Try Hardcore History.' }, false, []],
    ['a short follow-up opening with "y"', { similarity: 0.1, text: '¿Y sin pimiento?', previousTurnText: 'Lleva pimiento y tomate.' }, false, []],
    ['a longer question with "it" still compared', { similarity: 0.1, text: 'Can you tell me how to repot a fern and whether it needs more light?' }, true, ['similarity']],
    ['a short new question naming its own thing', { similarity: 0.1, text: 'How do I bake bread?' }, true, ['similarity']],
  ] as const)('%s', (_name, overrides, shift, reasons) => {
    const decision = detectTopicShift(input(overrides));
    expect(decision.shift).toBe(shift);
    expect(decision.reasons).toEqual(reasons);
    expect(decision.flush).toBe(false);
  });

  it('without the guards, the bare spec rule fires on any dissimilar turn', () => {
    const bare = { ...DEFAULT_TOPIC_SHIFT_PARAMS, similarityNeedsRequest: false, similaritySkipsAnswers: false, similaritySkipsFollowUps: false };
    const reaction = input({ similarity: 0.39, text: 'lol same', previousTurnText: 'Do you like cats?' });
    expect(detectTopicShift(reaction, bare).reasons).toEqual(['similarity']);
    expect(detectTopicShift(reaction).shift).toBe(false);
  });

  it('an explicit phrase shifts, a flush phrase flushes', () => {
    const shift = detectTopicShift(input({ explicit: detectExplicitShift('By the way, how was Rome?') }));
    expect(shift).toEqual({ shift: true, flush: false, reasons: ['phrase'], similarity: 0.9 });
    const flush = detectTopicShift(input({ explicit: detectExplicitShift('Cambiemos de tema') }));
    expect(flush).toMatchObject({ shift: true, flush: true, reasons: ['phrase'] });
  });

  it('a change between two confident domains shifts; one unknown domain does not', () => {
    const change = detectTopicShift(input({ previousDomain: confidentDomain(classifyDomain(WORK)), currentDomain: classifyDomain(PERSONAL) }));
    expect(change.reasons).toEqual(['domain']);
    const same = detectTopicShift(input({ previousDomain: confidentDomain(classifyDomain(WORK)), currentDomain: classifyDomain(WORK) }));
    expect(same.shift).toBe(false);
    const unknown = detectTopicShift(input({ previousDomain: confidentDomain(classifyDomain('lol ok')), currentDomain: classifyDomain(PERSONAL) }));
    expect(unknown.shift).toBe(false);
  });

  it('a decision is no change of domain: it settles the discussion before it', () => {
    const question = 'Should we deploy the billing service with Kubernetes or docker-compose?';
    const decision = 'OK, we decided to go with Kubernetes.';
    // What the turn rows store: the first confidently about projects, the second about decisions.
    expect(confidentDomain(classifyDomain(question))).toBe('projects');
    expect(confidentDomain(classifyDomain(decision))).toBe('decisions');
    const settled = detectTopicShift(input({ text: decision, previousDomain: confidentDomain(classifyDomain(question)), currentDomain: classifyDomain(decision) }));
    expect(settled.shift).toBe(false);
    // After a decision, the next turn's domain is compared with nothing: a stored
    // "decisions" does not say what the decision was about.
    const after = detectTopicShift(input({ previousDomain: 'decisions', currentDomain: classifyDomain(PERSONAL) }));
    expect(after.shift).toBe(false);
    // A decision about another topic still moves there: its topic domain is confident.
    const elsewhere = detectTopicShift(input({ previousDomain: confidentDomain(classifyDomain(WORK)), currentDomain: classifyDomain(`We decided: ${PERSONAL}`) }));
    expect(elsewhere.reasons).toEqual(['domain']);
  });

  it('reports every rule that fired, in a fixed order', () => {
    const decision = detectTopicShift(
      input({
        similarity: 0.05,
        explicit: detectExplicitShift('on another note'),
        previousDomain: confidentDomain(classifyDomain(WORK)),
        currentDomain: classifyDomain(PERSONAL),
      }),
    );
    expect(decision.reasons).toEqual(['similarity', 'phrase', 'domain']);
  });
});

describe('dialogue acts', () => {
  it.each([
    ['what do you do', true],
    ['¿Qué hora es', true],
    ['I like it. how about you', true],
    ['what a day!', false],
    ['¡Qué bueno!', false],
    ['That worked, thanks.', false],
  ])('asksQuestion(%j) = %s', (text, expected) => {
    expect(asksQuestion(text)).toBe(expected);
  });

  it.each([
    ['Write me a poem about cats', true],
    ['I need help with my CV', true],
    ['Necesito un vuelo a Madrid', true],
    ['Explicame cómo funciona', true],
    ['The deploy finished.', false],
  ])('asksOrRequests(%j) = %s', (text, expected) => {
    expect(asksOrRequests(text)).toBe(expected);
  });
});
