import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConversationStore } from '../../src/storage/conversation-store.js';
import { turns } from '../../src/storage/schema.js';
import { cleanupAfterEach } from '../helpers/cleanups.js';
import { tempDatabase } from '../helpers/temp-database.js';

// insertTurn writes every column through one prepared statement and returns its values
// as the row, without reading it back: the row must be what a read would give.
const defer = cleanupAfterEach();

describe('the conversation store inserts', () => {
  it('return each turn as a read gives it back: columns left out are null, a nullable flag null, false or true as given', () => {
    const database = tempDatabase(defer);
    const store = new ConversationStore(database);
    store.ensureSession('s1', 1);
    const base = { sessionId: 's1', role: 'user' as const, tokenCount: 3, topicShift: false, state: 'window' as const, createdAt: 10 };
    const inserted = [
      store.insertTurn({ ...base, turnNumber: 1, content: 'hi' }),
      store.insertTurn({ ...base, turnNumber: 2, role: 'assistant', content: 'hello', outputValid: false, cacheable: true }),
      store.insertTurn({ ...base, turnNumber: 3, role: 'tool', toolCallId: 'c1', toolName: 'search', outputValid: true, cacheable: false }),
    ];
    expect(inserted[0]).toMatchObject({ content: 'hi', toolCallId: null, continuity: null, outputValid: null, cacheable: null });
    expect(inserted).toStrictEqual(database.db.select().from(turns).orderBy(asc(turns.turnNumber)).all());
  });
});
