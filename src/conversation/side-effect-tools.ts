/**
 * The tools of a session that change something in the world. The assistant declares them
 * in its context calls (`sideEffects: true`); their results may come back in a later call
 * or as a recorded turn, and either way mark a side effect: answers cached before it no
 * longer hold (spec §4). Stored on the session as a sorted JSON array of names.
 */
export function sideEffectToolNames(stored: string): Set<string> {
  return new Set(JSON.parse(stored) as string[]);
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The session's side-effecting tools after one request's declarations: the latest
 * declaration of a name wins (declared without `sideEffects: true`, it no longer counts);
 * names the request does not declare keep their standing. `changed` is the JSON to store
 * when the set moved, else null.
 */
export function declareSideEffectTools(
  stored: string,
  tools: readonly { name: string; sideEffects?: boolean }[],
): { names: ReadonlySet<string>; changed: string | null } {
  // Most requests declare no tool: nothing to read or change.
  if (tools.length === 0 && stored === '[]') return { names: NONE, changed: null };
  const names = sideEffectToolNames(stored);
  let moved = false;
  for (const tool of tools) {
    const has = names.has(tool.name);
    if (tool.sideEffects === true && !has) names.add(tool.name);
    else if (tool.sideEffects !== true && has) names.delete(tool.name);
    else continue;
    moved = true;
  }
  return { names, changed: moved ? JSON.stringify([...names].sort()) : null };
}
