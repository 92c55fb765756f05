import type { Clock } from '../clock.js';
import type { AnswerStore } from '../conversation/record-reply.js';
import { classifyDomain } from '../domains/classify-domain.js';
import type { Domain } from '../domains/domain.js';
import type { Embedder } from '../embeddings/embedder.js';
import type { FactSelection, FactSelectionRequest } from '../facts/fact-selection.js';
import type { ResponseCache } from './response-cache.js';

/**
 * The response cache as the turn recorder offers answers to it. An answer depends on the
 * facts a prompt for its question would hold, and on the question's own domain: a change
 * to facts in any of those domains invalidates it (a cached answer never contradicts
 * current facts).
 */
export function createAnswerStore(deps: {
  embedder: Embedder;
  clock: Clock;
  cache: ResponseCache;
  facts: { selectForPrompt(request: FactSelectionRequest): FactSelection };
}): AnswerStore {
  return {
    prepare: async (question, embedding) => embedding ?? deps.embedder.embed(question),
    store: (input, scope) => {
      const embedding = input.prepared as Float32Array;
      const guess = classifyDomain(input.question);
      const selection = deps.facts.selectForPrompt({ message: input.question, embedding, domain: guess, recentTurns: [], now: deps.clock.now() });
      const domains = new Set<Domain>([...selection.items, ...selection.candidates].map((fact) => fact.domain));
      if (guess.domain !== null) domains.add(guess.domain);
      const outcome = deps.cache.store(
        {
          sessionId: input.sessionId,
          question: input.question,
          answer: input.answer,
          domains: [...domains].sort(),
          embedding,
          sideEffectSinceQuestion: input.sideEffectSinceQuestion,
        },
        scope,
      );
      return outcome.stored ? { stored: true } : { stored: false, reason: outcome.reason };
    },
  };
}
