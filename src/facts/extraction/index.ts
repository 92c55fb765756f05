export { extractFacts, MAX_FACTS_PER_MESSAGE, MAX_MESSAGE_CHARS, MAX_SENTENCE_CHARS, readUserMessage } from './extract-facts.js';
export type { ExtractedFact, ExtractionContext, ExtractionRole, FactConfidence, FactKind, ForgetRequest } from './types.js';
