import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { startDaemon } from '../../src/daemon.js';
import { startPathsPerTest } from './start-paths.js';

// Start-up errors beside those of unusable-paths.test.ts (a file of its own: every in-process
// start adds listeners to stdout and stderr, and Node warns on stderr past ten).
const { paths, start, defer } = startPathsPerTest('memoryd-settings-', ({ dir }) => ({ MEMORYD_DATA_DIR: join(dir, 'data') }));

let dir: string;
let file: string;
let folder: string;
beforeEach(() => {
  ({ dir, file, folder } = paths());
});

// A folder any user may enter, as /etc is, holding a file that is no socket, as /etc/passwd.
function sharedFolder(): string {
  const shared = join(dir, 'shared');
  mkdirSync(shared);
  chmodSync(shared, 0o755);
  writeFileSync(join(shared, 'passwd'), 'root:x:0:0::/root:/bin/sh\n');
  return shared;
}

describe('a start-up error names the variable that leads to it', () => {
  it.each([
    [
      'MEMORYD_SOCKET in a folder other users can enter (like /etc/passwd)',
      () => ({ MEMORYD_SOCKET: join(sharedFolder(), 'passwd') }),
      () =>
        `memoryd: MEMORYD_SOCKET: cannot use the folder ${join(dir, 'shared')}: it can be entered by other users (mode 755); ` +
        'put the socket in a private folder (mode 700)\n',
    ],
    [
      'MEMORYD_SOCKET naming a file that is not a socket',
      () => ({ MEMORYD_SOCKET: file }),
      () =>
        `memoryd: MEMORYD_SOCKET: cannot use the file ${file}: it is not a socket (memoryd replaces only a socket a crashed daemon left); ` +
        'move it away or set MEMORYD_SOCKET to another path\n',
    ],
    [
      'MEMORYD_MODELS_DIR as a file',
      () => ({ MEMORYD_MODELS_DIR: file }),
      () => `memoryd: MEMORYD_MODELS_DIR: cannot use the folder ${file}: it is a file, not a folder\n`,
    ],
    [
      'MEMORYD_MODELS_DIR under a file',
      () => ({ MEMORYD_MODELS_DIR: join(file, 'models') }),
      () => `memoryd: MEMORYD_MODELS_DIR: cannot use the folder ${join(file, 'models')}: ${file} is a file, not a folder\n`,
    ],
    [
      'MEMORYD_EMBEDDER=transformers without the model',
      () => ({ MEMORYD_EMBEDDER: 'transformers', MEMORYD_MODELS_DIR: folder }),
      () =>
        `memoryd: MEMORYD_EMBEDDER=transformers: model Xenova/all-MiniLM-L6-v2 (MEMORYD_EMBEDDING_MODEL) not found in ${folder} ` +
        '(MEMORYD_MODELS_DIR; missing config.json, tokenizer.json, tokenizer_config.json, onnx/model_quantized.onnx); ' +
        'run `npm run fetch-model`, or set MEMORYD_EMBEDDER=auto to start with the hashing embedder\n',
    ],
  ])('stops with exit code 1 and one line naming the variable, the path and why: %s', async (_name, env, line) => {
    const { code, stderr } = await start(env());
    expect(stderr).toBe(line());
    expect(code).toBe(1);
  });

  it('names MEMORYD_EMBEDDER, MEMORYD_EMBEDDING_MODEL and MEMORYD_MODELS_DIR for a demanded model that does not load', async () => {
    const model = join(folder, 'memoryd', 'broken');
    mkdirSync(join(model, 'onnx'), { recursive: true });
    for (const name of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx']) writeFileSync(join(model, name), 'garbage');
    const { code, stderr } = await start({ MEMORYD_EMBEDDER: 'transformers', MEMORYD_MODELS_DIR: folder, MEMORYD_EMBEDDING_MODEL: 'memoryd/broken' });
    expect(stderr).toMatch(
      new RegExp(`^memoryd: MEMORYD_EMBEDDER=transformers: model memoryd/broken \\(MEMORYD_EMBEDDING_MODEL\\) in ${folder} \\(MEMORYD_MODELS_DIR\\) failed to load \\(.*\\); run .*\\n$`),
    );
    expect(code).toBe(1);
  });

  it('still starts on the hashing embedder when the models dir does not exist (auto)', async () => {
    const config = loadConfig({ MEMORYD_DATA_DIR: join(dir, 'data'), MEMORYD_MODELS_DIR: join(dir, 'no-models') }, { cwd: dir });
    const daemon = await startDaemon({ config, scheduler: false });
    defer(() => daemon.stop('test finished'));
    expect(daemon.context.embedder.kind).toBe('hashing');
  });
});
