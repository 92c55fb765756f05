import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { layout } from '../../src/layout/layout.js';
import type { RenderedMessage } from '../../src/layout/types.js';
import { GOLDEN_BUDGET, goldenSections } from './golden.js';

// The hash is a promise to other machines and later versions (token-box.md §5): it is
// pinned here as a literal, so a change to the canonical form or the digest fails.
const GOLDEN_HASH = 'fbd8a066e2ce753646b490ca79d989149e03b73ec9728037495d905d8b216207';

const GOLDEN_MESSAGES: RenderedMessage[] = [
  { role: 'system', content: 'Tu es utile, réponds brièvement 👋\n' },
  { role: 'system', content: 'Relevant facts:\nPrefers tea over coffee.\nVit à Zürich.\nHas a cat named Øystein.\n' },
  { role: 'assistant', content: '', toolCallId: 'call_1', name: 'weather' },
  { role: 'tool', content: '{"temp": 21, "sky": "☀"}', toolCallId: 'call_1' },
  { role: 'user', content: 'Et demain\u00a0? 🌧️' },
];

// The canonical form as documented in hash.ts, written out again: `<role> <name> <toolCallId> <content>\n`, fields as `<UTF-16 length>:<value>` or `-`.
function documentedCanonicalForm(messages: readonly RenderedMessage[]): string {
  const field = (value: string | undefined): string => (value === undefined ? '-' : `${value.length}:${value}`);
  return messages.map((m) => `${m.role} ${field(m.name)} ${field(m.toolCallId)} ${field(m.content)}\n`).join('');
}

describe('golden layout', () => {
  it('renders the pinned messages, report and hash', () => {
    const result = layout(goldenSections(), GOLDEN_BUDGET);
    expect(result.messages).toEqual(GOLDEN_MESSAGES);
    expect(createHash('sha256').update(documentedCanonicalForm(GOLDEN_MESSAGES), 'utf8').digest('hex')).toBe(GOLDEN_HASH);
    expect(result.report).toEqual({
      budget: 60,
      total: 60,
      usage: 1,
      sections: [
        { id: 'system', base: 10, final: 10, effMin: 0, critical: true, actions: [], itemsKept: null, itemsRemoved: null },
        { id: 'facts', base: 28, final: 28, effMin: 0, critical: false, actions: [], itemsKept: 3, itemsRemoved: 0 },
        { id: 'window', base: 26, final: 14, effMin: 0, critical: false, actions: [{ kind: 'compressed', lenses: ['drop-oldest'] }], itemsKept: 1, itemsRemoved: 1 },
        { id: 'user', base: 8, final: 8, effMin: 0, critical: true, actions: [], itemsKept: 1, itemsRemoved: 0 },
      ],
      hash: GOLDEN_HASH,
    });
  });

  it('is byte-identical in a fresh process with another locale and time zone', async () => {
    const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
    const script = [
      "import { layout } from './src/layout/layout.ts';",
      "import { GOLDEN_BUDGET, goldenSections } from './test/layout/golden.ts';",
      'const result = layout(goldenSections(), GOLDEN_BUDGET);',
      'process.stdout.write(JSON.stringify({ messages: result.messages, report: result.report }));',
    ].join('\n');
    const env = { ...process.env, TZ: 'Pacific/Chatham', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' };
    const { stdout } = await promisify(execFile)(resolve(repoRoot, 'node_modules/.bin/tsx'), ['--input-type=module', '-e', script], { cwd: repoRoot, env });
    const here = layout(goldenSections(), GOLDEN_BUDGET);
    expect(stdout).toBe(JSON.stringify({ messages: here.messages, report: here.report }));
    expect(JSON.parse(stdout).report.hash).toBe(GOLDEN_HASH);
  });
});
