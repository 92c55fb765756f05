import { afterAll, describe, expect, it } from 'vitest';
import { runInspectFacts } from '../../src/cli/inspect-facts.js';
import { captureCommandOutput } from '../helpers/process-output.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// The line is refused before any database is looked for: the data dir stays empty.
const temp = makeTempDir('memoryd-inspect-facts-repeats-');
afterAll(() => temp.remove());

function run(argv: string[]): ReturnType<typeof captureCommandOutput<number>> {
  return captureCommandOutput((io) => runInspectFacts(argv, { ...io, env: { MEMORYD_DATA_DIR: temp.dir }, cwd: temp.dir }));
}

describe('npm run inspect-facts with an option given twice', () => {
  it.each([
    [['--json', '--json'], '--json is given 2 times; give it once'],
    [['--no-color', '--status', 'all', '--no-color'], '--no-color is given 2 times; give it once'],
    [['--json', '--no-color', '--json', '--json'], '--json is given 3 times; give it once'],
    [['--status', 'active', '--status', 'deleted'], '--status is given 2 times ("active", "deleted"); give it once'],
  ])('refuses %j in one line naming it, then the usage (exit 2)', async (argv, message) => {
    const { value, stdout, stderr } = await run(argv);
    expect({ value, stdout }).toEqual({ value: 2, stdout: '' });
    const [first, usage] = stderr.split('\n');
    expect(first).toBe(`inspect-facts: ${message}`);
    expect(usage).toMatch(/^usage: npm run inspect-facts -- /);
  });
});
