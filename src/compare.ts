/**
 * Orders strings by UTF-16 code units, as `<` does. Never `localeCompare` where bytes
 * must be the same on any machine (prompts, hashes, the metrics text): a collation
 * depends on the locale and the ICU data of the machine (token-box.md §5).
 */
export function compareCodeUnits(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}
