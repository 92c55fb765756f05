import { LayoutInputError } from './errors.js';
import type { LayoutItem, SectionSpec } from './types.js';
import { LENS_NAMES } from './types.js';

type Issue = { path: string; message: string };

/** Throws LayoutInputError listing every problem of the input; the engine trusts it afterwards. */
export function validateLayoutInput(sections: readonly SectionSpec[], budget: number): void {
  const issues: Issue[] = [];
  if (!isCount(budget)) issues.push({ path: 'budget', message: 'must be an integer ≥ 0' });
  const ids = new Set<string>();
  sections.forEach((section, index) => {
    const path = `sections[${index}]`;
    if (section.id === '' || ids.has(section.id)) issues.push({ path: `${path}.id`, message: `must be non-empty and unique (got ${JSON.stringify(section.id)})` });
    ids.add(section.id);
    issues.push(...sectionIssues(section, path));
  });
  if (issues.length > 0) throw new LayoutInputError(`invalid layout input: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`, issues);
}

function sectionIssues(section: SectionSpec, path: string): Issue[] {
  const issues: Issue[] = [];
  if (!Number.isFinite(section.priority)) issues.push({ path: `${path}.priority`, message: 'must be a finite number' });
  if (!isCount(section.min)) issues.push({ path: `${path}.min`, message: 'must be an integer ≥ 0' });
  if (!isWeight(section.grow)) issues.push({ path: `${path}.grow`, message: 'must be a finite number ≥ 0' });
  if (!isWeight(section.shrink)) issues.push({ path: `${path}.shrink`, message: 'must be a finite number ≥ 0' });
  if (!isCount(section.frame)) issues.push({ path: `${path}.frame`, message: 'must be an integer ≥ 0' });
  section.strategy.forEach((name, i) => {
    if (!(LENS_NAMES as readonly string[]).includes(name)) issues.push({ path: `${path}.strategy[${i}]`, message: `unknown lens ${JSON.stringify(name)}` });
  });
  const content = section.content;
  if (content.kind === 'text') {
    if (!isCount(content.size)) issues.push({ path: `${path}.content.size`, message: 'must be an integer ≥ 0' });
    if (section.render.mode !== 'one-message') issues.push({ path: `${path}.render`, message: 'a text section renders as one message' });
    return issues;
  }
  const seen = new Set<string>();
  itemIssues(content.items, `${path}.content.items`, section.render.mode, seen, issues);
  itemIssues(content.candidates ?? [], `${path}.content.candidates`, section.render.mode, seen, issues);
  return issues;
}

// Every item of every prompt passes here: an item's path is spelled only for an issue.
function itemIssues(items: readonly LayoutItem[], listPath: string, mode: SectionSpec['render']['mode'], seen: Set<string>, issues: Issue[]): void {
  const wanted = mode === 'one-message' ? 'chunk' : 'messages';
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as LayoutItem;
    if (seen.has(item.id)) issues.push({ path: `${listPath}[${i}].id`, message: `duplicate item id ${JSON.stringify(item.id)}` });
    seen.add(item.id);
    if (!isCount(item.size)) issues.push({ path: `${listPath}[${i}].size`, message: 'must be an integer ≥ 0' });
    if (!Number.isFinite(item.key)) issues.push({ path: `${listPath}[${i}].key`, message: 'must be a finite number' });
    if (item.body.kind !== wanted && item.body.kind !== 'declared') issues.push({ path: `${listPath}[${i}].body`, message: `a ${mode} section needs ${wanted} bodies` });
  }
}

function isCount(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}

function isWeight(value: number): boolean {
  return Number.isFinite(value) && value >= 0;
}
