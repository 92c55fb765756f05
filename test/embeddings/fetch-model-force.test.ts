import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportFetched, runFetchModelCli } from '../../src/cli/fetch-model-cli.js';
import { fetchModel } from '../../src/embeddings/fetch-model.js';
import { OldCopyStranded } from '../../src/embeddings/model-swap.js';
import { writeTinyModel } from '../../src/embeddings/tiny-model.js';
import { captureCommandOutput } from '../helpers/process-output.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { removeFailing, renameFailingInto } from './failing-rename.js';

const temp = makeTempDir('memoryd-fetch-force-');
const HUB = join(temp.dir, 'hub');
const MODEL_ID = 'memoryd/tiny-bert';
let served: string;

// The network edge: a fake Hugging Face hub serving the tiny model's files from disk,
// the way transformers.js asks for them (`<host>/<id>/resolve/main/<file>`). `failing`
// names the files it answers with a 500.
function fakeHub(failing: ReadonlySet<string> = new Set()): { requests: string[] } {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push(url);
    if (init?.method === 'HEAD') return new Response(null, { status: 200 });
    const match = /^https:\/\/huggingface\.co\/(.+?)\/resolve\/main\/(.+)$/.exec(url);
    if (match === null) return new Response('not found', { status: 404 });
    const [, id, file] = match as unknown as [string, string, string];
    if (failing.has(file)) return new Response('upstream error', { status: 500 });
    const path = join(HUB, id, file);
    if (!existsSync(path)) return new Response('not found', { status: 404 });
    const body = await readFile(path);
    return new Response(body, { status: 200, headers: { 'content-length': String(body.length) } });
  });
  return { requests };
}

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { value: code, stdout: out, stderr: err } = await captureCommandOutput((io) => runFetchModelCli(argv, { env: { MEMORYD_DATA_DIR: temp.dir }, cwd: temp.dir, ...io }));
  return { code, out, err };
}

// A models dir holding the tiny model (weights from `seed`) plus `extra` files in its folder.
async function modelsDirWith(name: string, seed: number, extra: Record<string, string> = {}): Promise<string> {
  const modelsDir = join(temp.dir, name);
  await writeTinyModel(modelsDir, { seed });
  for (const [file, text] of Object.entries(extra)) await writeFile(join(modelsDir, MODEL_ID, file), text);
  return modelsDir;
}

const weights = (modelsDir: string): Buffer => readFileSync(join(modelsDir, MODEL_ID, 'onnx', 'model_quantized.onnx'));

beforeAll(async () => {
  await writeTinyModel(HUB, { seed: 2 });
  served = readFileSync(join(HUB, MODEL_ID, 'onnx', 'model_quantized.onnx')).toString('base64');
});
afterEach(() => vi.unstubAllGlobals());
afterAll(() => temp.remove());

describe('npm run fetch-model -- --force', () => {
  it('replaces a model that does not load with a fresh copy, and leaves no staging folder behind', async () => {
    const modelsDir = await modelsDirWith('corrupt', 1);
    await writeFile(join(modelsDir, MODEL_ID, 'onnx', 'model_quantized.onnx'), 'truncated');
    fakeHub();
    const result = await run(['--models-dir', modelsDir, '--model', MODEL_ID, '--force']);
    expect(result.err).toContain('(--force: a fresh copy replaces it once it loads)');
    expect({ code: result.code, out: result.out }).toEqual({
      code: 0,
      out: `model ready: transformers:${MODEL_ID}:quantized (32 dims) in ${join(modelsDir, MODEL_ID)}\n`,
    });
    expect(weights(modelsDir).toString('base64')).toBe(served);
    expect(readdirSync(modelsDir)).toEqual(['memoryd']);
  });

  it('keeps the model on disk, and every file beside it, when the download fails', async () => {
    const modelsDir = await modelsDirWith('kept', 1, { 'NOTES.md': 'my notes' });
    const before = weights(modelsDir);
    fakeHub(new Set(['onnx/model_quantized.onnx']));
    const result = await run(['--models-dir', modelsDir, '--model', MODEL_ID, '--force']);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(new RegExp(`^fetch-model failed: download of ${MODEL_ID} failed: .*; ${join(modelsDir, MODEL_ID)} was left as it was\\n$`, 'm'));
    expect(weights(modelsDir).equals(before)).toBe(true);
    expect(readFileSync(join(modelsDir, MODEL_ID, 'NOTES.md'), 'utf8')).toBe('my notes');
    expect(readdirSync(modelsDir)).toEqual(['memoryd']);
    // Still a working model: a plain fetch only checks it.
    expect((await run(['--models-dir', modelsDir, '--model', MODEL_ID])).out).toContain('(already on disk: nothing downloaded)');
  });

  it('never replaces a folder that does not look like a model (no config.json), and says what to do', async () => {
    const modelsDir = join(temp.dir, 'not-a-model');
    await mkdir(join(modelsDir, MODEL_ID), { recursive: true });
    await writeFile(join(modelsDir, MODEL_ID, 'thesis.tex'), 'years of work');
    const hub = fakeHub();
    const result = await run(['--models-dir', modelsDir, '--model', MODEL_ID, '--force']);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      `fetch-model failed: ${join(modelsDir, MODEL_ID)} does not look like a model (it has no config.json), so --force will not replace it; move it away, then fetch ${MODEL_ID} again\n`,
    );
    expect(readdirSync(join(modelsDir, MODEL_ID))).toEqual(['thesis.tex']);
    expect(hub.requests).toEqual([]);
  });

  it('downloads a model that is not there yet', async () => {
    const modelsDir = join(temp.dir, 'empty');
    fakeHub();
    const result = await run(['--models-dir', modelsDir, '--model', MODEL_ID, '--force']);
    expect(result.code).toBe(0);
    expect(weights(modelsDir).toString('base64')).toBe(served);
    expect(readdirSync(modelsDir)).toEqual(['memoryd']);
  });
});

const stagingFolders = (modelsDir: string): string[] => readdirSync(modelsDir).filter((name) => name.startsWith('.fetch-model-'));

describe('fetchModel({ force }) when its staging folder cannot be deleted after the swap', () => {
  it('succeeds with the fresh copy in place and names the leftover folder, which the CLI reports', async () => {
    const modelsDir = await modelsDirWith('leftover', 1);
    fakeHub();
    const result = await fetchModel({ modelsDir, modelId: MODEL_ID, force: true, remove: removeFailing });
    const folders = stagingFolders(modelsDir);
    expect(folders).toHaveLength(1);
    const staging = join(modelsDir, String(folders[0]));
    expect(result.leftover).toEqual({ path: staging, reason: `EBUSY: resource busy or locked, rmdir '${staging}'` });
    expect(weights(modelsDir).toString('base64')).toBe(served);
    // The old copy went into the staging folder with the swap.
    expect(existsSync(join(staging, 'previous copy', 'onnx', 'model_quantized.onnx'))).toBe(true);
    const { stdout, stderr } = await captureCommandOutput(async (io) => reportFetched(result, io));
    expect(stdout).toMatch(/^model ready: /);
    expect(stderr).toBe(
      `fetch-model: the staging folder ${staging} could not be deleted (EBUSY: resource busy or locked, rmdir '${staging}'); the model is in place: delete the folder by hand\n`,
    );
  });
});

describe('fetchModel({ force }) when the fresh copy cannot be moved into place', () => {
  it('moves the old copy back and removes the staging folder', async () => {
    const modelsDir = await modelsDirWith('swap-fails', 1, { 'NOTES.md': 'my notes' });
    const directory = join(modelsDir, MODEL_ID);
    const before = weights(modelsDir);
    fakeHub();
    const failed = fetchModel({ modelsDir, modelId: MODEL_ID, force: true, rename: renameFailingInto(directory, 1) });
    await expect(failed).rejects.toThrow(new RegExp(`^EACCES: permission denied, rename .*; ${directory} was left as it was$`));
    expect(weights(modelsDir).equals(before)).toBe(true);
    expect(readFileSync(join(directory, 'NOTES.md'), 'utf8')).toBe('my notes');
    expect(readdirSync(modelsDir)).toEqual(['memoryd']);
  });

  it('still says why when its staging folder cannot be deleted either, and names the folder', async () => {
    const modelsDir = await modelsDirWith('swap-fails-leftover', 1);
    const directory = join(modelsDir, MODEL_ID);
    fakeHub();
    const error = (await fetchModel({ modelsDir, modelId: MODEL_ID, force: true, rename: renameFailingInto(directory, 1), remove: removeFailing }).catch(
      (thrown: unknown) => thrown,
    )) as Error;
    const folders = stagingFolders(modelsDir);
    expect(folders).toHaveLength(1);
    const staging = join(modelsDir, String(folders[0]));
    expect(error.message).toMatch(/^EACCES: permission denied, rename /);
    expect(error.message).toContain(
      `; ${directory} was left as it was; its staging folder ${staging} could not be deleted (EBUSY: resource busy or locked, rmdir '${staging}'): delete it by hand`,
    );
    expect((error as Error & { details?: unknown }).details).toEqual({ modelId: MODEL_ID, stagingDir: join(modelsDir, String(folders[0])) });
  });

  it('keeps the old copy, and the fresh one, in the staging folder when the old one cannot be moved back either, and says what to do', async () => {
    const modelsDir = await modelsDirWith('stranded', 1, { 'NOTES.md': 'my notes' });
    const directory = join(modelsDir, MODEL_ID);
    const before = weights(modelsDir);
    fakeHub();
    const error: unknown = await fetchModel({ modelsDir, modelId: MODEL_ID, force: true, rename: renameFailingInto(directory) }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(OldCopyStranded);
    const folders = stagingFolders(modelsDir);
    expect(folders).toHaveLength(1);
    const staging = join(modelsDir, String(folders[0]));
    const keptAt = join(staging, 'previous copy');
    const freshAt = join(staging, MODEL_ID);
    expect((error as Error).message).toContain(
      `: the old copy is kept at "${keptAt}" and the fresh one, which loads, at "${freshAt}"; move the fresh one (or the old one) to "${directory}", then delete "${staging}"`,
    );
    expect(readFileSync(join(keptAt, 'onnx', 'model_quantized.onnx')).equals(before)).toBe(true);
    expect(readFileSync(join(keptAt, 'NOTES.md'), 'utf8')).toBe('my notes');
    expect(readFileSync(join(freshAt, 'onnx', 'model_quantized.onnx')).toString('base64')).toBe(served);
    expect(existsSync(directory)).toBe(false);
    // Doing as told leaves the fresh model in place, loading, and nothing else.
    await rename(freshAt, directory);
    await rm(staging, { recursive: true });
    expect((await run(['--models-dir', modelsDir, '--model', MODEL_ID])).out).toContain('(already on disk: nothing downloaded)');
    expect(weights(modelsDir).toString('base64')).toBe(served);
    expect(readdirSync(modelsDir)).toEqual(['memoryd']);
  });
});
