import { beforeAll, describe, expect, it } from 'vitest';
import { summarizeSegment, type SummaryTurn } from '../../src/conversation/summarizer.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

const said = (role: SummaryTurn['role'], content: string): SummaryTurn[] => [{ role, content, turnNumber: 1 }];

// The same decision in both languages, each after another statement of the same turn.
const PAIRS: [string, string][] = [
  ['We decided to use Postgres for billing.', 'Decidimos usar Postgres para facturación.'],
  ['We have decided to use Postgres for billing.', 'Hemos decidido usar Postgres para facturación.'],
  ['We agreed to use Postgres for billing.', 'Quedamos en usar Postgres para facturación.'],
  ["We'll go with Postgres for billing.", 'Vamos con Postgres para facturación.'],
];
const OTHER: [string, string][] = [
  ['Ana writes the schema.', 'Ana escribe el esquema.'],
  ['Postgres is fast.', 'Postgres es rápido.'],
];
const MARKER_WORDS = /\b(?:hemos|decidido|decidimos|quedamos|vamos)\b/iu;

describe('a Spanish decision statement', () => {
  for (const [english, spanish] of PAIRS) {
    for (const [englishOther, spanishOther] of OTHER) {
      for (const role of ['user', 'assistant'] as const) {
        it(`"${spanish}" after "${spanishOther}" (${role}) is a decision, as "${english}" is`, () => {
          const en = summarizeSegment(said(role, `${englishOther} ${english}`), tokenizer).summary;
          const es = summarizeSegment(said(role, `${spanishOther} ${spanish}`), tokenizer).summary;
          expect(en.decisions).toHaveLength(1);
          expect(es.decisions).toHaveLength(1);
          expect(es.decisions[0]).toMatch(/Postgres/);
          expect(es.outcome).not.toMatch(MARKER_WORDS);
          // Its marker says that something was decided, not what about.
          expect(es.topic).not.toMatch(MARKER_WORDS);
          expect(es.discussed.join(' ')).not.toMatch(MARKER_WORDS);
        });
      }
    }
  }

  it('keeps its subject words with the marker ("Hemos decidido…")', () => {
    const { summary } = summarizeSegment(said('user', 'Ana avisa al equipo. Hemos decidido mover el lanzamiento al viernes.'), tokenizer);
    expect(summary.decisions).toEqual(['Hemos decidido mover el lanzamiento al viernes']);
  });
});
