import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Where the benchmarks' child processes run (`npm start`'s entry point, the floor server). */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** How `child` ends; take it right after spawning, so an early exit is not missed. */
export function exitOf(child: ChildProcess): Promise<ChildExit> {
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** SIGTERM (unless it has already ended), SIGKILL after `timeoutMs`; resolves once it has exited. */
export async function stopChild(child: ChildProcess, exited: Promise<ChildExit>, timeoutMs: number): Promise<ChildExit> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}
