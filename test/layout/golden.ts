import type { SectionSpec } from '../../src/layout/types.js';

// A fixed prompt with hand-declared sizes (no tokenizer is needed to lay it out) whose
// rendered messages and hash are pinned in golden.test.ts. Non-ASCII text (é, an emoji
// outside the BMP) makes UTF-16 lengths, code points and UTF-8 bytes all differ.

export const GOLDEN_BUDGET = 60;

export function goldenSections(): SectionSpec[] {
  return [
    { id: 'system', priority: 100, min: 0, grow: 0, shrink: 0, strategy: [], render: { mode: 'one-message', role: 'system' }, frame: 4, content: { kind: 'text', size: 6, text: 'Tu es utile, réponds brièvement 👋\n', cut: 'head' } },
    {
      id: 'facts', priority: 40, min: 0, grow: 0, shrink: 1, strategy: ['drop-lowest-ranked'], render: { mode: 'one-message', role: 'system', header: 'Relevant facts:\n' }, frame: 8,
      content: {
        kind: 'items',
        sacrifice: 'last',
        items: [
          { id: 'fact-b', key: 1, size: 5, body: { kind: 'chunk', text: 'Vit à Zürich.\n' } },
          { id: 'fact-a', key: 0, size: 6, body: { kind: 'chunk', text: 'Prefers tea over coffee.\n' } },
          { id: 'fact-c', key: 2, size: 9, body: { kind: 'chunk', text: 'Has a cat named Øystein.\n' } },
        ],
      },
    },
    {
      id: 'window', priority: 30, min: 0, grow: 0, shrink: 1, strategy: ['drop-oldest'], render: { mode: 'per-item' }, frame: 0,
      content: {
        kind: 'items',
        sacrifice: 'first',
        items: [
          { id: 'turn-2', key: 2, size: 14, body: { kind: 'messages', messages: [{ role: 'assistant', content: '', toolCallId: 'call_1', name: 'weather' }, { role: 'tool', content: '{"temp": 21, "sky": "☀"}', toolCallId: 'call_1' }] } },
          { id: 'turn-1', key: 1, size: 12, body: { kind: 'messages', messages: [{ role: 'user', content: 'Quel temps fait-il ?' }, { role: 'assistant', content: 'Je regarde.' }] } },
        ],
      },
    },
    { id: 'user', priority: 200, min: 0, grow: 0, shrink: 0, strategy: [], render: { mode: 'per-item' }, frame: 0, content: { kind: 'items', sacrifice: 'first', items: [{ id: 'user', key: 3, size: 8, body: { kind: 'messages', messages: [{ role: 'user', content: 'Et demain\u00a0? 🌧️' }] } }] } },
  ];
}
