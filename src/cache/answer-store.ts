import type { AnswerStore } from '../conversation/record-reply.js';
import type { Embedder } from '../embeddings/embedder.js';
import type { ResponseCache } from './response-cache.js';

/**
 * The response cache as the turn recorder offers answers to it. A cached answer never
 * contradicts current facts: every fact change drops every answer (`invalidateAll`), and
 * an answer to a question asked before a fact change is not stored.
 */
export function createAnswerStore(deps: {
  embedder: Embedder;
  cache: ResponseCache;
}): AnswerStore {
  return {
    prepare: async (question, embedding) => embedding ?? deps.embedder.embed(question),
    store: (input, scope) => {
      const outcome = deps.cache.store(
        {
          sessionId: input.sessionId,
          question: input.question,
          answer: input.answer,
          embedding: input.prepared as Float32Array,
          sideEffectSinceQuestion: input.sideEffectSinceQuestion,
          answeredAt: input.answeredAt,
          // Session ids have no "#": the id names one turn among all sessions'.
          ...(input.questionTurn ? { questionTurn: { id: `${input.sessionId}#${input.questionTurn.turnNumber}`, at: input.questionTurn.at } } : {}),
        },
        scope,
      );
      return outcome.stored ? { stored: true } : { stored: false, reason: outcome.reason };
    },
  };
}
