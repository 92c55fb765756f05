import type { NewSummary, NewTurn } from './conversation-rows.js';

// Every column an insert sets, by its key in the schema (ids and defaults included).
export const turnColumns = [
  'sessionId', 'turnNumber', 'role', 'content', 'toolCallId', 'toolName', 'tokenCount', 'windowContent', 'windowTokenCount',
  'continuity', 'domain', 'topicShift', 'state', 'outputValid', 'cacheable', 'createdAt',
] as const satisfies ReadonlyArray<keyof NewTurn>;
// drizzle encodes a boolean placeholder as `value ? 1 : 0`, so a nullable flag left null
// ("not reported") would be stored as false: these are bound raw, as 1, 0 or null.
export const turnNullableFlags = ['outputValid', 'cacheable'] as const satisfies ReadonlyArray<(typeof turnColumns)[number]>;
export const summaryColumns = [
  'id', 'sessionId', 'seq', 'body', 'topic', 'tokenCount', 'searchText', 'compactBody', 'compactTokenCount', 'firstTurn',
  'lastTurn', 'turnNumbers', 'startedAt', 'endedAt', 'createdAt',
] as const satisfies ReadonlyArray<keyof NewSummary>;
