import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { chunkItem, messagesItem } from '../../src/layout/build.js';
import { inSacrificeOrder, sectionSize } from '../../src/layout/content-size.js';
import { LENSES } from '../../src/layout/lenses/index.js';
import type { LensBounds } from '../../src/layout/lenses/lens.js';
import { minifyJson } from '../../src/layout/lenses/minify-json.js';
import type { ItemsContent, LayoutItem, LensName } from '../../src/layout/types.js';
import { LENS_NAMES } from '../../src/layout/types.js';
import type { Tokenizer } from '../../src/tokens/tokenizer.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import { textArb } from '../tokens/text-arbitraries.js';

let tokenizer: Tokenizer;
beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

const jsonArb = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify({ value, list: [1, 2, 3] }, null, 2));

// Real items of every kind a lens handles: prose, JSON, tool descriptions with short forms, tool turns.
function itemArb(): fc.Arbitrary<(key: number) => LayoutItem> {
  return fc.oneof(
    textArb.filter((t) => t.trim() !== '').map((text) => (key: number) => chunkItem(tokenizer, { id: `t${key}`, key, text })),
    jsonArb.map((text) => (key: number) => chunkItem(tokenizer, { id: `j${key}`, key, text })),
    fc.tuple(textArb, textArb).filter(([a, b]) => a.trim() !== '' && b.trim() !== '').map(([long, short]) => (key: number) => chunkItem(tokenizer, { id: `d${key}`, key, text: `${long} ${long} ${long}`, short })),
    fc.tuple(textArb, fc.array(textArb, { minLength: 5, maxLength: 12 })).map(([call, lines]) => (key: number) =>
      messagesItem(tokenizer, { id: `m${key}`, key, messages: [{ role: 'assistant', content: `call ${call}` }, { role: 'tool', content: lines.join('\n') }] }),
    ),
  );
}

const chunkContentArb: fc.Arbitrary<{ content: ItemsContent; frame: number }> = fc
  .tuple(fc.array(itemArb(), { minLength: 1, maxLength: 8 }), fc.constantFrom<'first' | 'last'>('first', 'last'), fc.constantFrom(0, 5))
  .map(([makers, sacrifice, frame]) => ({ content: { kind: 'items', items: makers.map((make, key) => make(key)), sacrifice }, frame }));

// Content and bounds as compression hands them over: floor (effMin) ≤ target.
function forLens(name: LensName): fc.Arbitrary<{ content: ItemsContent; bounds: LensBounds }> {
  return chunkContentArb
    .map(({ content, frame }) => ({
      // One-message lenses get chunk items; per-item lenses get message items.
      content: { ...content, items: content.items.filter((item) => (name === 'head-tail' ? true : item.body.kind === 'chunk')) },
      frame,
    }))
    .filter(({ content }) => content.items.length > 0)
    .chain(({ content, frame }) =>
      fc
        .integer({ min: 0, max: sectionSize(content, frame) + 5 })
        .chain((target) => fc.oneof(fc.constant(0), fc.constant(target), fc.integer({ min: 0, max: target })).map((floor) => ({ content, bounds: { frame, target, floor } }))),
    );
}

describe.each(LENS_NAMES)('lens %s', (name) => {
  const lens = LENSES[name];

  it('is idempotent, deterministic, pure and never grows the section', () => {
    fc.assert(
      fc.property(forLens(name), ({ content, bounds }) => {
        const before = JSON.stringify(content);
        const once = lens(content, bounds, { tokenizer });
        expect(JSON.stringify(content)).toBe(before);
        expect(JSON.stringify(lens(content, bounds, { tokenizer }))).toBe(JSON.stringify(once));
        expect(JSON.stringify(lens(once, bounds, { tokenizer }))).toBe(JSON.stringify(once));
        expect(sectionSize(once, bounds.frame)).toBeLessThanOrEqual(sectionSize(content, bounds.frame));
      }),
      { numRuns: 60 },
    );
  });

  it('never leaves the section below its floor, and stops at the first item that brings it to the target', () => {
    fc.assert(
      fc.property(forLens(name), ({ content, bounds }) => {
        const out = lens(content, bounds, { tokenizer });
        if (out.kind !== 'items') throw new Error('items in, items out');
        const size = sectionSize(out, bounds.frame);
        if (size < sectionSize(content, bounds.frame)) expect(size).toBeGreaterThanOrEqual(bounds.floor);
        // Undo the last item changed (in sacrifice order): the section was still above target then.
        const given = new Map(content.items.map((item) => [item.id, item]));
        const changed = inSacrificeOrder(out.items, out.sacrifice).filter((item) => given.get(item.id) !== item);
        const last = changed.at(-1);
        if (last === undefined || size > bounds.target || out.items.length !== content.items.length) return;
        const undone = { ...out, items: out.items.map((item) => (item === last ? (given.get(item.id) as LayoutItem) : item)) };
        expect(sectionSize(undone, bounds.frame)).toBeGreaterThan(bounds.target);
      }),
      { numRuns: 60 },
    );
  });

  it('leaves content already at or under target alone', () => {
    fc.assert(
      fc.property(chunkContentArb, ({ content, frame }) => {
        const size = sectionSize(content, frame);
        expect(lens(content, { frame, target: size, floor: 0 }, { tokenizer })).toBe(content);
      }),
      { numRuns: 30 },
    );
  });
});

describe('lenses under a floor (effMin)', () => {
  const summary = JSON.stringify({ topic: 'trip to Lisbon', decisions: ['book the train', 'stay three nights'], open_questions: [] }, null, 2);

  it('compact-json does not compact below the floor, even though it would reach the target', () => {
    const item = chunkItem(tokenizer, { id: 's', key: 0, text: summary });
    const content: ItemsContent = { kind: 'items', items: [item], sacrifice: 'first' };
    const compacted = LENSES['compact-json'](content, { frame: 8, target: item.size, floor: 0 }, { tokenizer });
    const compactSize = compacted.kind === 'items' ? (compacted.items[0]?.size ?? 0) : 0;
    expect(compactSize).toBeLessThan(item.size - 2);
    expect(LENSES['compact-json'](content, { frame: 8, target: 8 + item.size - 2, floor: 8 + item.size - 2 }, { tokenizer })).toBe(content);
    expect(LENSES['compact-json'](content, { frame: 8, target: 8 + item.size - 2, floor: 8 + compactSize }, { tokenizer })).toEqual(compacted);
  });

  it('head-tail gives the cut more room rather than land under the floor', () => {
    const lines = Array.from({ length: 60 }, (_, i) => `row ${i}: value=${i * 7}`).join('\n');
    const item = messagesItem(tokenizer, { id: 'run', key: 0, messages: [{ role: 'assistant', content: 'run query' }, { role: 'tool', content: lines }] });
    const content: ItemsContent = { kind: 'items', items: [item], sacrifice: 'first' };
    let cuts = 0;
    for (let target = item.size - 40; target < item.size; target++) {
      const out = LENSES['head-tail'](content, { frame: 0, target, floor: target }, { tokenizer });
      if (out === content) continue;
      cuts += 1;
      expect(sectionSize(out, 0)).toBe(target);
    }
    // A plain cut lands a token or two under its room for about half of these targets;
    // with more room most of them land exactly, the others are not cut at all.
    expect(cuts).toBeGreaterThan(20);
  });
});

describe('drop lenses', () => {
  it('stay ≥ target and remove from their own end only', () => {
    fc.assert(
      fc.property(forLens('drop-oldest'), ({ content, bounds }) => {
        const { frame, target } = bounds;
        for (const [name, end] of [['drop-oldest', 'first'], ['drop-lowest-ranked', 'last'], ['drop-oldest-summary', 'first']] as const) {
          const out = LENSES[name](content, bounds, {});
          if (out.kind !== 'items') throw new Error('items in, items out');
          expect(sectionSize(out, frame)).toBeGreaterThanOrEqual(Math.min(target, sectionSize(content, frame)));
          const kept = out.items.length;
          const expected = end === 'first' ? content.items.slice(content.items.length - kept) : content.items.slice(0, kept);
          expect(out.items).toEqual(expected);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('short-tool-descriptions', () => {
  it('switches to the short form, sacrificed end first, and stops at target', () => {
    const tools = ['search the web for pages', 'read a file from disk', 'send an email'].map((name, key) =>
      chunkItem(tokenizer, { id: name, key, text: `${name}: ${'a long explanation of every parameter, '.repeat(6)}`, short: name }),
    );
    const content: ItemsContent = { kind: 'items', items: tools, sacrifice: 'last' };
    const full = sectionSize(content, 0);
    const out = LENSES['short-tool-descriptions'](content, { frame: 0, target: full - 1, floor: 0 }, {});
    if (out.kind !== 'items') throw new Error('items in, items out');
    expect(out.items.map((item) => item.body.kind === 'chunk' && item.body.text)).toEqual([tools[0]?.body.kind === 'chunk' && tools[0].body.text, tools[1]?.body.kind === 'chunk' && tools[1].body.text, 'send an email\n']);
  });
});

describe('compact-json', () => {
  it('minifies JSON items byte-exactly (big integers kept) and recounts them', () => {
    const text = JSON.stringify({ id: 12345678901234567890n.toString(), n: 1 }, null, 4).replace('"12345678901234567890"', '12345678901234567890');
    const item = chunkItem(tokenizer, { id: 'j', key: 0, text });
    const out = LENSES['compact-json']({ kind: 'items', items: [item], sacrifice: 'first' }, { frame: 0, target: 0, floor: 0 }, { tokenizer });
    if (out.kind !== 'items' || out.items[0]?.body.kind !== 'chunk') throw new Error('one chunk item expected');
    expect(out.items[0].body.text).toBe('{"id":12345678901234567890,"n":1}\n');
    expect(out.items[0].size).toBe(tokenizer.count(out.items[0].body.text));
  });

  it('leaves what is not JSON alone', () => {
    expect(minifyJson('not { json')).toBeNull();
    expect(minifyJson('{"a": "x  y"}')).toBe('{"a":"x  y"}');
    expect(minifyJson('[1, "\\" ]", 2]')).toBe('[1,"\\" ]",2]');
  });
});

describe('head-tail', () => {
  it('cuts a long tool result keeping its first and last lines, in the tool message', () => {
    const lines = Array.from({ length: 120 }, (_, i) => `row ${i}: value=${i * 7}`).join('\n');
    const item = messagesItem(tokenizer, { id: 'call', key: 0, messages: [{ role: 'assistant', content: 'run query' }, { role: 'tool', content: lines }] });
    const out = LENSES['head-tail']({ kind: 'items', items: [item], sacrifice: 'first' }, { frame: 0, target: 200, floor: 0 }, { tokenizer });
    if (out.kind !== 'items' || out.items[0]?.body.kind !== 'messages') throw new Error('one message item expected');
    const [call, result] = out.items[0].body.messages;
    expect(call?.content).toBe('run query');
    expect(result?.content.startsWith('row 0: value=0')).toBe(true);
    expect(result?.content.endsWith('row 119: value=833')).toBe(true);
    expect(out.items[0].size).toBeLessThanOrEqual(200);
    expect(out.items[0].size).toBe(out.items[0].body.messages.reduce((sum, m) => sum + tokenizer.messageCost(m.role, m.content), 0));
  });
});
