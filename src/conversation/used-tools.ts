import { compareCodeUnits } from '../compare.js';

/**
 * The tools a session has used, each with the declaration the model knew when it used it:
 * the key ToolCatalog gives a declaration (name, description and parameters). A used tool
 * is described briefly while the assistant declares it with that key; one declared anew
 * (its description or parameters changed) is described in full again until it is used
 * again. The key is null where the declaration is not known yet: a result recorded through
 * /turns (which declares no tools), or a session stored when only names were kept (a JSON
 * list); the next context call that declares the tool fills it in.
 *
 * Stored on the session (`used_tools`) as JSON: an object from name to key or null, its
 * names sorted so that one state is always stored as the same text.
 */
export type UsedTools = Map<string, string | null>;

export function readUsedTools(stored: string): UsedTools {
  const parsed = JSON.parse(stored) as string[] | Record<string, string | null>;
  if (Array.isArray(parsed)) return new Map(parsed.map((name) => [name, null]));
  return new Map(Object.entries(parsed));
}

export function writeUsedTools(used: UsedTools): string {
  return JSON.stringify(Object.fromEntries([...used].sort(([a], [b]) => compareCodeUnits(a, b))));
}

/** Whether the tool, declared now with `key`, was used under that declaration (or one not known). */
export function usedAsDeclared(used: UsedTools, name: string, key: string): boolean {
  const known = used.get(name);
  return known !== undefined && (known === null || known === key);
}

/**
 * Marks the session's used tools after a context call, in place: the tools whose results it
 * brings are used under this call's declarations (null when it does not declare them), and
 * a used tool whose declaration was not known takes the one this call makes. `declared`:
 * name → key. True when that changed anything (the session row is then written).
 */
export function useTools(used: UsedTools, results: readonly { name: string }[], declared: ReadonlyMap<string, string>): boolean {
  let changed = false;
  const use = (name: string, key: string | null): void => {
    if (used.get(name) === key) return;
    used.set(name, key);
    changed = true;
  };
  for (const { name } of results) use(name, declared.get(name) ?? null);
  for (const [name, key] of declared) if (used.get(name) === null) use(name, key);
  return changed;
}
