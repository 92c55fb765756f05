import fc from 'fast-check';
import type { LayoutItem, LensName, SacrificedEnd, SectionSpec } from '../../src/layout/types.js';

interface Constraints {
  priority?: number;
  min?: number;
  grow?: number;
  shrink?: number;
  strategy?: LensName[];
  frame?: number;
}

function constraints(id: string, given: Constraints): Omit<SectionSpec, 'render' | 'content'> {
  return { id, priority: given.priority ?? 1, min: given.min ?? 0, grow: given.grow ?? 0, shrink: given.shrink ?? 1, strategy: given.strategy ?? [], frame: given.frame ?? 0 };
}

/** A text section of declared size. */
export function declaredText(id: string, size: number, given: Constraints = {}): SectionSpec {
  return { ...constraints(id, given), render: { mode: 'one-message', role: 'system' }, content: { kind: 'text', size, cut: 'head' } };
}

export function declaredItem(id: string, key: number, size: number): LayoutItem {
  return { id, key, size, body: { kind: 'declared' } };
}

/** An items section of declared sizes in render order; candidates nearest first. */
export function declaredItems(id: string, sizes: number[], given: Constraints & { sacrifice?: SacrificedEnd; candidates?: number[] } = {}): SectionSpec {
  const sacrifice = given.sacrifice ?? 'first';
  const items = sizes.map((size, i) => declaredItem(`${id}-${i}`, i, size));
  const candidates = (given.candidates ?? []).map((size, i) => declaredItem(`${id}-c${i}`, sacrifice === 'first' ? -(i + 1) : sizes.length + i, size));
  return { ...constraints(id, given), render: { mode: 'one-message', role: 'system' }, content: { kind: 'items', items, sacrifice, candidates } };
}

const sizeArb = fc.integer({ min: 0, max: 40 });

/** Random declared sections (ids s0…), as in token-box.md §6, with frames. */
export const sectionsArb: fc.Arbitrary<SectionSpec[]> = fc
  .array(
    fc.record({
      priority: fc.constantFrom(1, 5, 10, 20, 30, 40, 100),
      min: fc.constantFrom(0, 5, 10, 20, 40),
      grow: fc.constantFrom(0, 0.5, 1, 2, 3),
      shrink: fc.constantFrom(0, 0.5, 1, 2),
      frame: fc.constantFrom(0, 0, 3, 7),
      text: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
      items: fc.array(sizeArb, { maxLength: 7 }),
      candidates: fc.array(sizeArb, { maxLength: 6 }),
      sacrifice: fc.constantFrom<SacrificedEnd>('first', 'last'),
    }),
    { minLength: 1, maxLength: 7 },
  )
  .map((drafts) =>
    drafts.map((draft, i) =>
      draft.text === undefined
        ? declaredItems(`s${i}`, draft.items, { ...draft, candidates: draft.candidates })
        : declaredText(`s${i}`, draft.text, draft),
    ),
  );

/** The same sections with every items/candidates array in another order (as loaded from a database). */
export function reloaded(sections: readonly SectionSpec[], seed: number): SectionSpec[] {
  let state = seed;
  const shuffle = <T>(values: readonly T[]): T[] => {
    const out = [...values];
    for (let i = out.length - 1; i > 0; i -= 1) {
      state = (state * 1103515245 + 12345) % 2147483648;
      const j = state % (i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return sections.map((section) =>
    section.content.kind === 'items'
      ? { ...section, content: { ...section.content, items: shuffle(section.content.items), candidates: shuffle(section.content.candidates ?? []) } }
      : section,
  );
}

/** What `run` throws, or undefined when it returns. */
export function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
