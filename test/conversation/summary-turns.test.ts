import { beforeAll, describe, expect, it } from 'vitest';
import { summarizeSegment } from '../../src/conversation/summarizer.js';
import { omittedResultsText, toolCallText } from '../../src/conversation/tool-result-text.js';
import { summaryTurns } from '../../src/conversation/window-advance.js';
import type { TurnRow } from '../../src/storage/conversation-rows.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

function row(turnNumber: number, role: TurnRow['role'], content: string, tool: { toolCallId: string; toolName: string } | null = null): TurnRow {
  return {
    id: turnNumber,
    sessionId: 's',
    turnNumber,
    role,
    content,
    toolCallId: tool?.toolCallId ?? null,
    toolName: tool?.toolName ?? null,
    tokenCount: 1,
    windowContent: null,
    windowTokenCount: null,
    continuity: null,
    domain: null,
    topicShift: false,
    state: 'segment',
    outputValid: null,
    cacheable: null,
    createdAt: 0,
  };
}

const FLIGHTS_CALL = '{"name":"search_flights","arguments":{"from":"MAD","to":"LIS","date":"2026-12-14"}}';

describe('a tool call as the summarizer reads it', () => {
  it.each([
    ['a call with its arguments', FLIGHTS_CALL, 'Called search_flights with from MAD, to LIS, date 2026-12-14.'],
    ['arguments given as a JSON string', '{"name":"search_flights","arguments":"{\\"from\\":\\"MAD\\",\\"nonstop\\":true}"}', 'Called search_flights with from MAD, nonstop true.'],
    ['the arguments alone', '{"db":"mysql-prod","limit":10}', 'Called search_flights with db mysql-prod, limit 10.'],
    ['nested values left out', '{"arguments":{"to":"LIS","passengers":[{"age":3}],"filters":{"max":90}}}', 'Called search_flights with to LIS.'],
    ['no plain value', '{"arguments":{"filters":{"max":90}}}', 'Called search_flights.'],
    ['text that is no JSON object', 'searching MAD to LIS', 'Called search_flights: searching MAD to LIS'],
    ['a JSON list', '["MAD","LIS"]', 'Called search_flights: ["MAD","LIS"]'],
    ['nothing', '  ', 'Called search_flights.'],
    ['the tool named again under another key', '{"tool":"search_flights","arguments":{"to":"LIS"}}', 'Called search_flights with to LIS.'],
    ['the tool named again among the arguments', '{"tool":"search_flights","to":"LIS"}', 'Called search_flights with to LIS.'],
    ['an argument that happens to be the tool\'s name', '{"query":"search_flights","to":"LIS"}', 'Called search_flights with query search_flights, to LIS.'],
  ])('%s', (_case, content, sentence) => {
    expect(toolCallText('search_flights', content)).toBe(sentence);
  });

  it('is read as that sentence, and the summary says what was called instead of spelling its JSON', () => {
    const turns = [row(1, 'user', 'Find me flights from Madrid to Lisbon on December 14.'), row(2, 'assistant', FLIGHTS_CALL, { toolCallId: 'f1', toolName: 'search_flights' })];
    expect(summaryTurns(turns).map((turn) => turn.content)).toEqual([turns[0]?.content, 'Called search_flights with from MAD, to LIS, date 2026-12-14.']);
    const summary = JSON.parse(summarizeSegment(summaryTurns(turns), tokenizer).text) as { outcome: string };
    expect(summary.outcome).toMatch(/^Called search.flights with from MAD to LIS/);
    expect(summarizeSegment(summaryTurns(turns), tokenizer).text).not.toMatch(/arguments|"name/);
  });
});

describe('the results a request left out', () => {
  it('are not read: memoryd\'s note of them says nothing of the conversation', () => {
    const turns = [
      row(1, 'tool', omittedResultsText(3)),
      row(2, 'tool', 'shard eu-3: DEGRADED, replication lag 840s', { toolCallId: 's3', toolName: 'check_shard' }),
    ];
    expect(summaryTurns(turns).map((turn) => turn.turnNumber)).toEqual([2]);
    expect(summarizeSegment(summaryTurns(turns), tokenizer).text).not.toMatch(/omitted|300|earlier/);
  });

  it('is told from a tool\'s own output that reads the same, which has its call', () => {
    const echoed = row(1, 'tool', omittedResultsText(1), { toolCallId: 'e1', toolName: 'echo' });
    expect(summaryTurns([echoed])).toHaveLength(1);
    expect(summaryTurns([row(2, 'tool', `${omittedResultsText(2)} and more`)])).toHaveLength(1);
  });
});
