import type { Clock } from '../clock.js';
import type { Embedder } from '../embeddings/embedder.js';
import type { IdGenerator } from '../ids.js';
import type { Database } from '../storage/database.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import type { FactIndex } from './fact-index.js';
import type { StoredValues } from './fact-matching.js';
import type { FactsChangedHook } from './fact-writes.js';

/** What the facts service is built from (the composition root hands these down). */
export interface FactsServiceDeps {
  database: Database;
  embedder: Embedder;
  tokenizer: Tokenizer;
  clock: Clock;
  /** Ids of facts added through the API; facts from user turns get ids derived from provenance. */
  ids: IdGenerator;
  /** Called inside the transaction when facts are added, superseded, edited, deleted or retracted, or a dormant or stale one is confirmed back into prompts. */
  onFactsChanged?: FactsChangedHook;
}

/** The service's parts shared by its operations. */
export interface FactsRuntime extends FactsServiceDeps {
  index: FactIndex;
  /** What stored statements read as, remembered across writes (each write reaches it through its `WriteContext`). */
  storedValues: StoredValues;
}
