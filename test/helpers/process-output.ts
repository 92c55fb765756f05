import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { vi } from 'vitest';
import type { CommandIo } from '../../src/cli/command-line.js';
import { REPO_ROOT } from './spawn-daemon.js';

/** Runs `run` with what it writes to process.stdout and process.stderr captured instead of printed. */
export async function captureProcessOutput<T>(run: () => Promise<T>): Promise<{ value: T; stdout: string; stderr: string }> {
  const written = { stdout: '', stderr: '' };
  const spies = (['stdout', 'stderr'] as const).map((stream) =>
    vi.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => {
      written[stream] += String(chunk);
      return true;
    }),
  );
  try {
    const value = await run();
    return { value, ...written };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** Runs `run` with an io that keeps what it writes, for a command that is handed its streams (`CommandIo`). */
export async function captureCommandOutput<T>(run: (io: CommandIo) => Promise<T>): Promise<{ value: T; stdout: string; stderr: string }> {
  const written = { stdout: '', stderr: '' };
  const value = await run({
    stdout: { write: (text: string) => (written.stdout += text) },
    stderr: { write: (text: string) => (written.stderr += text) },
  });
  return { value, ...written };
}

/** `npm run <script> -- args` as a real process: scripts/<script>.ts under tsx, from the repository root, as npm runs it. */
export function runScript(script: string, args: readonly string[] = []): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join('scripts', `${script}.ts`), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
