import { z } from 'zod';
import { InvalidRequestError } from '../errors.js';
import { ContextCriticalOverflowError, ContextOverflowError } from './errors.js';
import { layout } from './layout.js';
import type { LayoutItem, SacrificedEnd, SectionSpec } from './types.js';

const count = z.number().int().min(0);

// Every object is strict: a key the format does not know (a misspelt "sacrifice", an
// extra expected field) is an error, never silently ignored, so no case is half-checked.
const caseSectionSchema = z
  .strictObject({
    id: z.string().min(1),
    priority: z.number().int(),
    min: count,
    grow: z.number().min(0),
    shrink: z.number().min(0),
    text: count.optional(),
    items: z.array(count).optional(),
    sacrifice: z.enum(['first', 'last']).optional(),
    candidates: z.array(count).optional(),
  })
  .refine((section) => (section.text === undefined) !== (section.items === undefined), { message: 'needs exactly one of "text" or "items"' })
  .refine((section) => section.items !== undefined || (section.candidates === undefined && section.sacrifice === undefined), {
    message: '"candidates" and "sacrifice" only go with "items"',
  });

const expectSchema = z.union([
  z.strictObject({ error: z.literal('ContextCriticalOverflow'), required: count }),
  z.strictObject({ sizes: z.record(z.string(), count), dropped: z.array(z.string()), total: count }),
]);

const caseSchema = z.strictObject({
  name: z.string(),
  budget: count,
  sections: z.array(caseSectionSchema).refine((sections) => new Set(sections.map((s) => s.id)).size === sections.length, { message: 'section ids must be unique' }),
  expect: expectSchema.optional(),
});

/** One conformance case (token-box.md §6). */
export type ConformanceCase = z.infer<typeof caseSchema>;
export type ConformanceSection = z.infer<typeof caseSectionSchema>;

/** A case's outcome in the shape of its `expect`. */
export type ConformanceOutcome =
  | { error: 'ContextCriticalOverflow' | 'ContextOverflow'; required: number }
  | { sizes: Record<string, number>; dropped: string[]; total: number };

export interface ConformanceResult {
  name: string;
  result: ConformanceOutcome;
}

/** Validates a parsed case file (an array of cases); throws InvalidRequestError naming every bad field and its case. */
export function parseConformanceCases(json: unknown): ConformanceCase[] {
  const parsed = z.array(caseSchema).safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(root)', message: issue.message }));
  const lines = parsed.error.issues.map((issue) => `✖ ${issueLocation(json, issue.path)}: ${issue.message}`);
  throw new InvalidRequestError(`invalid conformance cases:\n${lines.join('\n')}`, issues, { cause: parsed.error });
}

// `case 3 "name": sections.0` for an issue inside the fourth case (named when it has a name); `(root)` for the file itself.
function issueLocation(json: unknown, path: readonly PropertyKey[]): string {
  const [index, ...rest] = path;
  if (typeof index !== 'number') return '(root)';
  const name: unknown = Array.isArray(json) ? (json[index] as { name?: unknown } | null)?.name : undefined;
  const label = `case ${index}${typeof name === 'string' ? ` ${JSON.stringify(name)}` : ''}`;
  return rest.length === 0 ? label : `${label}: ${rest.map(String).join('.')}`;
}

/** Runs every case through the layout with declared sizes. */
export function runConformanceCases(cases: readonly ConformanceCase[]): ConformanceResult[] {
  return cases.map((testCase) => ({ name: testCase.name, result: runCase(testCase) }));
}

function runCase(testCase: ConformanceCase): ConformanceOutcome {
  try {
    const result = layout(testCase.sections.map(toSectionSpec), testCase.budget);
    const sizes: Record<string, number> = {};
    for (const section of result.sections) sizes[section.id] = section.size;
    const dropped = result.report.sections.filter((section) => section.actions.some((action) => action.kind === 'dropped')).map((section) => section.id);
    return { sizes, dropped, total: result.total };
  } catch (error) {
    if (error instanceof ContextCriticalOverflowError) return { error: 'ContextCriticalOverflow', required: error.required };
    if (error instanceof ContextOverflowError) return { error: 'ContextOverflow', required: Number(error.details?.['total']) };
    throw error;
  }
}

/** A case section as a layout section: frame 0, declared sizes, no lenses. */
export function toSectionSpec(section: ConformanceSection): SectionSpec {
  const base = { id: section.id, priority: section.priority, min: section.min, grow: section.grow, shrink: section.shrink, strategy: [], frame: 0 };
  if (section.text !== undefined) {
    return { ...base, render: { mode: 'one-message', role: 'system' }, content: { kind: 'text', size: section.text, cut: 'head' } };
  }
  const sacrifice: SacrificedEnd = section.sacrifice ?? 'first';
  const sizes = section.items ?? [];
  const items = sizes.map((size, i) => declaredItem(`${section.id}#${i}`, i, size));
  const candidates = (section.candidates ?? []).map((size, i) => declaredItem(`${section.id}+${i}`, sacrifice === 'first' ? -(i + 1) : sizes.length + i, size));
  return { ...base, render: { mode: 'one-message', role: 'system' }, content: { kind: 'items', items, sacrifice, candidates } };
}

function declaredItem(id: string, key: number, size: number): LayoutItem {
  return { id, key, size, body: { kind: 'declared' } };
}

/** A case's `expect`. */
export type ConformanceExpectation = NonNullable<ConformanceCase['expect']>;

/**
 * How a case's result differs from its `expect`, one short phrase per difference
 * (`sizes.window 120, expected 100`); empty when they match. The same equality as the
 * conformance test's: every size by id, `dropped` in order, the total or the error.
 */
export function conformanceDifferences(result: ConformanceOutcome, expected: ConformanceExpectation): string[] {
  if ('error' in result && 'error' in expected) {
    return [
      ...(result.error === expected.error ? [] : [`error ${result.error}, expected ${expected.error}`]),
      ...(result.required === expected.required ? [] : [`required ${result.required}, expected ${expected.required}`]),
    ];
  }
  if ('error' in result || 'error' in expected) return [`${outcomeKind(result)}, expected ${outcomeKind(expected)}`];
  const ids = [...new Set([...Object.keys(expected.sizes), ...Object.keys(result.sizes)])];
  const sizes = ids
    .filter((id) => result.sizes[id] !== expected.sizes[id])
    .map((id) => `sizes.${id} ${result.sizes[id] ?? 'absent'}, expected ${expected.sizes[id] ?? 'absent'}`);
  const sameDropped = result.dropped.length === expected.dropped.length && result.dropped.every((id, i) => id === expected.dropped[i]);
  return [
    ...sizes,
    ...(sameDropped ? [] : [`dropped [${result.dropped.join(', ')}], expected [${expected.dropped.join(', ')}]`]),
    ...(result.total === expected.total ? [] : [`total ${result.total}, expected ${expected.total}`]),
  ];
}

function outcomeKind(outcome: ConformanceOutcome | ConformanceExpectation): string {
  return 'error' in outcome ? `${outcome.error} (required ${outcome.required})` : `a layout (total ${outcome.total})`;
}
