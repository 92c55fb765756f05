import { Tiktoken } from 'js-tiktoken/lite';
import { createTokenizer, loadRanks } from '../../src/tokens/create-tokenizer.js';
import type { EncodingName, Tokenizer } from '../../src/tokens/tokenizer.js';
import { ENCODINGS } from '../../src/tokens/tokenizer.js';

/** Every encoding's real tokenizer, built once per test file. */
export async function loadTokenizers(): Promise<Record<EncodingName, Tokenizer>> {
  const [cl100k, o200k] = await Promise.all(ENCODINGS.map((encoding) => createTokenizer(encoding)));
  if (cl100k === undefined || o200k === undefined) throw new Error('tokenizers did not load');
  return { cl100k_base: cl100k, o200k_base: o200k };
}

/** js-tiktoken's own encoder: the reference our counts must equal. */
export async function loadOracle(encoding: EncodingName): Promise<(text: string) => number[]> {
  const core = new Tiktoken(await loadRanks(encoding));
  return (text: string) => core.encode(text, [], []);
}
