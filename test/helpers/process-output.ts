import { vi } from 'vitest';

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
