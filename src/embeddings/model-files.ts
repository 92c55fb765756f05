import { access } from 'node:fs/promises';
import { join } from 'node:path';

/** The sentence model memoryd uses when its files are on disk. */
export const DEFAULT_MODEL_ID = 'Xenova/all-MiniLM-L6-v2';

/**
 * The files transformers.js reads to build a feature-extraction pipeline, relative to
 * `<modelsDir>/<modelId>/`. The quantized weights are `onnx/model_quantized.onnx`.
 */
export function requiredModelFiles(quantized: boolean): string[] {
  return ['config.json', 'tokenizer.json', 'tokenizer_config.json', quantized ? 'onnx/model_quantized.onnx' : 'onnx/model.onnx'];
}

/** Directory of one model under the models directory (`Xenova/x` → `<modelsDir>/Xenova/x`). */
export function modelDirectory(modelsDir: string, modelId: string): string {
  return join(modelsDir, ...modelId.split('/'));
}

/** The required files that are not readable on disk (empty when the model is complete). */
export async function missingModelFiles(modelsDir: string, modelId: string, quantized: boolean): Promise<string[]> {
  const directory = modelDirectory(modelsDir, modelId);
  const missing: string[] = [];
  for (const file of requiredModelFiles(quantized)) {
    const readable = await access(join(directory, file)).then(
      () => true,
      () => false,
    );
    if (!readable) missing.push(file);
  }
  return missing;
}
