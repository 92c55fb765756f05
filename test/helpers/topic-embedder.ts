import { createHash } from 'node:crypto';
import type { Embedder } from '../../src/embeddings/embedder.js';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';

/**
 * A fake embedding model for tests that control similarity:
 * - `[topic:N]` embeds to the unit vector of axis N: same tag → cosine 1, different → 0;
 * - `[c:X]` embeds to √X·e0 + √(1−X)·e_k with k private to the text, so two different
 *   `[c:X]` texts have cosine exactly X;
 * - any other text gets the real hashing embedder's vector.
 */
export function topicEmbedder(options: { dims?: number; id?: string } = {}): Embedder {
  const dims = options.dims ?? 512;
  const hashing = createHashingEmbedder({ dims });
  const embed = async (text: string): Promise<Float32Array> => {
    const vector = new Float32Array(dims);
    const topic = /\[topic:(\d+)\]/.exec(text);
    if (topic) {
      vector[Number(topic[1]) % dims] = 1;
      return vector;
    }
    const continuity = /\[c:(0?\.\d+|1)\]/.exec(text);
    if (continuity) {
      const x = Number(continuity[1]);
      const axis = 1 + (createHash('sha256').update(text).digest().readUInt32BE(0) % (dims - 1));
      vector[0] = Math.sqrt(x);
      vector[axis] = Math.sqrt(1 - x);
      return vector;
    }
    return hashing.embed(text);
  };
  return { id: options.id ?? 'test-topics-v1', dims, kind: 'hashing', embed, embedBatch: (texts) => Promise.all(texts.map(embed)) };
}
