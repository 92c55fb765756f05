import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';
import { seededRandom } from '../seeded-random.js';

// A test fixture generator (onnx-proto is a dev dependency): only tests and
// `npm run make-tiny-model` import this file, never the daemon.
const { onnx } = onnxProto;

export interface TinyModelOptions {
  /** Where the model goes under `dir` (default `memoryd/tiny-bert`). */
  modelId?: string;
  /** Output vector length (default 32). */
  dims?: number;
  /** Seed of the deterministic weights (default 1). */
  seed?: number;
}

const HIDDEN = 16;
const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;
const WORDS = [
  'the', 'a', 'is', 'i', 'you', 'we', 'my', 'what', 'how', 'do', 'to', 'of', 'and', 'in',
  'hello', 'hola', 'world', 'mundo', 'deploy', 'server', 'kubernetes', 'docker', 'coffee', 'cafe',
  'tea', 'like', 'prefer', 'remember', 'decided', 'today', 'yesterday', 'play', 'run', 'cat', 'dog',
  'el', 'la', 'que', 'me', 'gusta', '.', ',', '?', '!', '##s', '##ing', '##ed', '##er', '##o', '##a',
];

function vocabulary(): Record<string, number> {
  const vocab: Record<string, number> = {};
  for (const token of [...SPECIAL_TOKENS, ...WORDS]) if (!(token in vocab)) vocab[token] = Object.keys(vocab).length;
  return vocab;
}

function floatTensor(name: string, dims: number[], random: () => number): onnxProto.onnx.ITensorProto {
  const size = dims.reduce((product, each) => product * each, 1);
  const floatData = Array.from({ length: size }, () => random() * 2 - 1);
  return { name, dims, dataType: onnx.TensorProto.DataType.FLOAT, floatData };
}

function valueInfo(name: string, elemType: number, shape: (string | number)[]): onnxProto.onnx.IValueInfoProto {
  const dim = shape.map((each) => (typeof each === 'string' ? { dimParam: each } : { dimValue: each }));
  return { name, type: { tensorType: { elemType, shape: { dim } } } };
}

// A BERT-shaped graph: token + token-type embeddings (Gather, Add) and one dense layer
// (MatMul, Add). Each position is embedded on its own, so padding can only leak into a
// sentence vector through a pooling that ignores the attention mask.
function buildModel(vocabSize: number, dims: number, seed: number): Uint8Array {
  // Seeded, so the fixture is byte-identical on every run.
  const random = seededRandom(seed).next;
  const { INT64, FLOAT } = onnx.TensorProto.DataType;
  const graph: onnxProto.onnx.IGraphProto = {
    name: 'tiny-bert',
    input: ['input_ids', 'attention_mask', 'token_type_ids'].map((name) => valueInfo(name, INT64, ['batch', 'sequence'])),
    output: [valueInfo('last_hidden_state', FLOAT, ['batch', 'sequence', dims])],
    initializer: [
      floatTensor('word_embeddings', [vocabSize, HIDDEN], random),
      floatTensor('type_embeddings', [2, HIDDEN], random),
      floatTensor('dense_weight', [HIDDEN, dims], random),
      floatTensor('dense_bias', [dims], random),
    ],
    node: [
      { opType: 'Gather', input: ['word_embeddings', 'input_ids'], output: ['words'], name: 'word_lookup' },
      { opType: 'Gather', input: ['type_embeddings', 'token_type_ids'], output: ['types'], name: 'type_lookup' },
      { opType: 'Add', input: ['words', 'types'], output: ['embedded'], name: 'embed_sum' },
      { opType: 'MatMul', input: ['embedded', 'dense_weight'], output: ['projected'], name: 'dense' },
      { opType: 'Add', input: ['projected', 'dense_bias'], output: ['last_hidden_state'], name: 'dense_bias_add' },
    ],
  };
  const model = onnx.ModelProto.create({
    irVersion: 7,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'memoryd-tiny-model',
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

function tokenizerJson(vocab: Record<string, number>): unknown {
  const special = (token: string) => ({ id: vocab[token], content: token, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map(special),
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } }, { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: Object.fromEntries(['[CLS]', '[SEP]'].map((token) => [token, { id: token, ids: [vocab[token]], tokens: [token] }])),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab },
  };
}

/**
 * Writes a tiny BERT-shaped model with random (seeded) weights under
 * `<dir>/<modelId>/`, laid out as transformers.js loads it from a local model path:
 * config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx and
 * onnx/model_quantized.onnx (the same graph; the loader asks for the latter by default).
 * Its vectors are mechanically valid but semantically meaningless.
 */
export async function writeTinyModel(dir: string, options: TinyModelOptions = {}): Promise<{ modelId: string }> {
  const modelId = options.modelId ?? 'memoryd/tiny-bert';
  const dims = options.dims ?? 32;
  const vocab = vocabulary();
  const vocabSize = Object.keys(vocab).length;
  const root = join(dir, ...modelId.split('/'));
  await mkdir(join(root, 'onnx'), { recursive: true });
  const config = { model_type: 'bert', architectures: ['BertModel'], hidden_size: dims, vocab_size: vocabSize, max_position_embeddings: 64, type_vocab_size: 2 };
  const tokenizerConfig = {
    tokenizer_class: 'BertTokenizer', do_lower_case: true, model_max_length: 64,
    pad_token: '[PAD]', unk_token: '[UNK]', cls_token: '[CLS]', sep_token: '[SEP]', mask_token: '[MASK]',
  };
  const model = buildModel(vocabSize, dims, options.seed ?? 1);
  await writeFile(join(root, 'config.json'), JSON.stringify(config, null, 2));
  await writeFile(join(root, 'tokenizer.json'), JSON.stringify(tokenizerJson(vocab), null, 2));
  await writeFile(join(root, 'tokenizer_config.json'), JSON.stringify(tokenizerConfig, null, 2));
  await writeFile(join(root, 'onnx', 'model.onnx'), model);
  await writeFile(join(root, 'onnx', 'model_quantized.onnx'), model);
  return { modelId };
}
