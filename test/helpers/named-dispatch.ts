import { runNamed, type NamedCommand } from '../../src/cli/run-named.js';
import { captureProcessOutput } from './process-output.js';

/** The usage `dispatchBench` prints for its two commands. */
export const BENCH_USAGE = 'usage: npm run bench -- <layout|context> [args…]\n';

/**
 * runNamed('bench', …) in this process over two commands, `layout` and `context`, that
 * record what they ran (`ran`), with stdout and stderr captured.
 */
export async function dispatchBench(argv: string[], runAllWhenEmpty?: string[]): Promise<{ code: number; stdout: string; stderr: string; ran: string[] }> {
  const ran: string[] = [];
  const command = (name: string) => async (): Promise<NamedCommand> => ({
    run: async (args) => {
      ran.push([name, ...args].join(' '));
      return 0;
    },
  });
  const registry = { layout: command('layout'), context: command('context') };
  const { value: code, stdout, stderr } = await captureProcessOutput(() =>
    runNamed('bench', registry, argv, { noun: 'benchmark', ...(runAllWhenEmpty ? { runAllWhenEmpty } : {}) }),
  );
  return { code, stdout, stderr, ran };
}
