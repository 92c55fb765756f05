import { LayoutInputError } from './errors.js';
import { DROP_LENS_ENDS } from './lenses/drop-from-end.js';
import type { LayoutItem, SacrificedEnd, SectionSpec } from './types.js';
import { LENS_NAMES } from './types.js';

type Issue = { path: string; message: string };

// Every section and item of every prompt passes here (once per context call): paths are
// spelled only for an issue, and the checks are plain loops that append to one list.

/** Throws LayoutInputError listing every problem of the input; the engine trusts it afterwards. */
export function validateLayoutInput(sections: readonly SectionSpec[], budget: number): void {
  const issues: Issue[] = [];
  if (!isCount(budget)) issues.push({ path: 'budget', message: 'must be an integer ≥ 0' });
  const ids = new Set<string>();
  for (let index = 0; index < sections.length; index++) {
    const section = sections[index] as SectionSpec;
    if (section.id === '' || ids.has(section.id)) issues.push({ path: `sections[${index}].id`, message: `must be non-empty and unique (got ${JSON.stringify(section.id)})` });
    ids.add(section.id);
    sectionIssues(section, index, issues);
  }
  if (issues.length > 0) throw new LayoutInputError(`invalid layout input: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`, issues);
}

function sectionIssues(section: SectionSpec, index: number, issues: Issue[]): void {
  if (!Number.isSafeInteger(section.priority)) issues.push({ path: `sections[${index}].priority`, message: `must be an integer (section ${JSON.stringify(section.id)}, got ${section.priority})` });
  if (!isCount(section.min)) issues.push({ path: `sections[${index}].min`, message: 'must be an integer ≥ 0' });
  if (!isWeight(section.grow)) issues.push({ path: `sections[${index}].grow`, message: 'must be a finite number ≥ 0' });
  if (!isWeight(section.shrink)) issues.push({ path: `sections[${index}].shrink`, message: 'must be a finite number ≥ 0' });
  if (!isCount(section.frame)) issues.push({ path: `sections[${index}].frame`, message: 'must be an integer ≥ 0' });
  const content = section.content;
  for (let i = 0; i < section.strategy.length; i++) {
    const name = section.strategy[i] as string;
    if (!(LENS_NAMES as readonly string[]).includes(name)) issues.push({ path: `sections[${index}].strategy[${i}]`, message: `unknown lens ${JSON.stringify(name)}` });
    const end = dropEnd(name);
    if (end !== undefined && content.kind === 'items' && end !== content.sacrifice) {
      issues.push({ path: `sections[${index}].strategy[${i}]`, message: `${name} removes items from the ${end} end, but section ${JSON.stringify(section.id)} sacrifices its ${content.sacrifice} end first` });
    }
  }
  if (content.kind === 'text') {
    if (!isCount(content.size)) issues.push({ path: `sections[${index}].content.size`, message: 'must be an integer ≥ 0' });
    if (section.render.mode !== 'one-message') issues.push({ path: `sections[${index}].render`, message: 'a text section renders as one message' });
    return;
  }
  const seen = new Set<string>();
  itemIssues(content.items, index, 'items', section.render.mode, seen, issues);
  itemIssues(content.candidates ?? [], index, 'candidates', section.render.mode, seen, issues);
}

function dropEnd(lens: string): SacrificedEnd | undefined {
  return Object.hasOwn(DROP_LENS_ENDS, lens) ? DROP_LENS_ENDS[lens as keyof typeof DROP_LENS_ENDS] : undefined;
}

function itemIssues(items: readonly LayoutItem[], index: number, list: string, mode: SectionSpec['render']['mode'], seen: Set<string>, issues: Issue[]): void {
  const wanted = mode === 'one-message' ? 'chunk' : 'messages';
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as LayoutItem;
    if (seen.has(item.id)) issues.push({ path: `sections[${index}].content.${list}[${i}].id`, message: `duplicate item id ${JSON.stringify(item.id)}` });
    seen.add(item.id);
    if (!isCount(item.size)) issues.push({ path: `sections[${index}].content.${list}[${i}].size`, message: 'must be an integer ≥ 0' });
    if (!Number.isFinite(item.key)) issues.push({ path: `sections[${index}].content.${list}[${i}].key`, message: 'must be a finite number' });
    if (item.body.kind !== wanted && item.body.kind !== 'declared') {
      issues.push({ path: `sections[${index}].content.${list}[${i}].body`, message: `a ${mode} section needs ${wanted} bodies` });
    }
  }
}

function isCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

function isWeight(value: number): boolean {
  return Number.isFinite(value) && value >= 0;
}
