import { rename } from 'node:fs/promises';
import type { Remove, Rename } from '../../src/embeddings/model-swap.js';

/** The real rename, except that those `fails` picks throw, as a full or read-only disk would. */
export function renameFailing(fails: (from: string, to: string) => boolean): Rename {
  return async (from, to) => {
    if (fails(from, to)) throw Object.assign(new Error(`EACCES: permission denied, rename '${from}' -> '${to}'`), { code: 'EACCES' });
    await rename(from, to);
  };
}

/** The real rename, except that the first `times` renames into `into` fail (every one by default). */
export function renameFailingInto(into: string, times = Infinity): Rename {
  let failed = 0;
  return renameFailing((_from, to) => to === into && failed++ < times);
}

/** A delete that always fails as a busy folder does (EBUSY, naming the path). */
export const removeFailing: Remove = async (path) => {
  throw Object.assign(new Error(`EBUSY: resource busy or locked, rmdir '${path}'`), { code: 'EBUSY' });
};
