import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInspectFacts } from '../../src/cli/inspect-facts.js';
import { captureCommandOutput } from '../helpers/process-output.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { daemonRefusal } from '../helpers/test-daemon.js';

const temp = makeTempDir('memoryd-inspect-facts-paths-');
afterAll(() => temp.remove());

describe('npm run inspect-facts on a data dir that runs through a file', () => {
  it('names MEMORYD_DATA_DIR and the file in the way, as the daemon does (exit 1)', async () => {
    const file = join(temp.dir, 'afile');
    writeFileSync(file, 'not a folder');
    const dataDir = join(file, 'x');
    const refusal = await daemonRefusal(dataDir);
    expect(refusal).toBe(`MEMORYD_DATA_DIR: cannot use the folder ${dataDir}: ${file} is a file, not a folder`);

    const run = await captureCommandOutput((io) => runInspectFacts([], { ...io, env: { MEMORYD_DATA_DIR: dataDir }, cwd: temp.dir }));
    expect(run).toEqual({ value: 1, stdout: '', stderr: `inspect-facts: ${refusal}\n` });
  });
});
