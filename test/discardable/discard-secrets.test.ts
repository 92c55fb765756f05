import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { daemonPerFile } from '../helpers/test-daemon.js';

// What a discardable record leaves behind, on a real daemon: the error summary in SQLite's
// `errors` table (read back by a retry's `lastError`) and the record's line in the log files.
// Neither keeps a secret value the record quoted; both keep the rest of its text.
const file = daemonPerFile();

const KEY = 'sk-live-ABCDEF1234567890';
const TRACE = [
  `AuthenticationError: invalid api key ${KEY} for https://api.example.com/v1/chat`,
  '    at request (/app/node_modules/openai/core.js:412:15)',
  '    with headers {"x-api-key":"hunter2hunter2","accept":"application/json"}',
  '    body password=correct-horse&user=ana; card 4111 1111 1111 1111',
].join('\n');

function logText(): string {
  const dir = file.daemon.config.logsDir;
  return readdirSync(dir)
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('');
}

function storedErrors(): Array<{ code: string; message: string }> {
  return file.daemon.daemon.context.database.sqlite.prepare('SELECT code, message FROM errors ORDER BY id').all() as Array<{ code: string; message: string }>;
}

describe('a stack trace whose error quotes a secret', () => {
  it('keeps the error summary with the value masked, in the errors table and in a retry\'s lastError', async () => {
    const sessionId = 'trace-with-key';
    await file.client.context(sessionId, { message: 'Summarise my inbox, please.' });
    const error = { code: 'OPENAI_AUTH', message: `AuthenticationError: invalid api key ${KEY} for https://api.example.com/v1/chat` };
    expect(await file.client.discard({ kind: 'stack_trace', sessionId, content: TRACE, error })).toEqual({ discarded: true, logged: true, errorRecorded: true });
    const masked = 'AuthenticationError: invalid api key [redacted] for https://api.example.com/v1/chat';
    expect(storedErrors()).toEqual([{ code: 'OPENAI_AUTH', message: masked }]);
    const retry = await file.client.context(sessionId, { message: 'Summarise my inbox, please.', retry: true });
    expect(retry.lastError).toMatchObject({ code: 'OPENAI_AUTH', message: masked });
    expect(JSON.stringify(await file.client.session(sessionId))).not.toContain(KEY);
  });

  it('writes its trace to the log files with every secret value masked and the rest as sent', async () => {
    await file.client.discard({ kind: 'stack_trace', sessionId: 'trace-in-logs', content: `${TRACE}\n[trace-marker]` });
    const line = logText()
      .split('\n')
      .find((each) => each.includes('[trace-marker]'));
    const content = (JSON.parse(line ?? '{}') as { content?: string }).content;
    expect(content).toBe(
      [
        'AuthenticationError: invalid api key [redacted] for https://api.example.com/v1/chat',
        '    at request (/app/node_modules/openai/core.js:412:15)',
        '    with headers {"x-api-key":"[redacted]","accept":"application/json"}',
        '    body password=[redacted]&user=ana; card [redacted]',
        '[trace-marker]',
      ].join('\n'),
    );
  });

  it('masks a tool log\'s and a failed parse\'s secrets too, and leaves a record without any as it is', async () => {
    await file.client.discard({ kind: 'tool_log', toolName: 'fetch_mail', content: `GET /mail?token=${KEY} took 812 ms [tool-marker]` });
    await file.client.discard({ kind: 'parse_failure', content: '{"api_key": "ghp_abcdefghijklmnop1234", [parse-marker]', error: { code: 'JSON_PARSE', message: 'Unexpected token [ after ghp_abcdefghijklmnop1234' } });
    await file.client.discard({ kind: 'other', content: 'the door code was changed at 09:30 [plain-marker]' });
    const text = logText();
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('ghp_abcdefghijklmnop1234');
    expect(text).toContain('GET /mail?token=[redacted] took 812 ms [tool-marker]');
    expect(text).toContain('{\\"api_key\\": \\"[redacted]\\", [parse-marker]');
    expect(text).toContain('the door code was changed at 09:30 [plain-marker]');
    expect(storedErrors().at(-1)).toEqual({ code: 'JSON_PARSE', message: 'Unexpected token [ after [redacted]' });
  });
});
