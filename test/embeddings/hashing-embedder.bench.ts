// npx vitest bench --run --config test/vitest.config.ts test/embeddings
// The hashing embedder runs on every request (budget ~1 ms for the whole request).
import { bench, describe } from 'vitest';
import { createHashingEmbedder } from '../../src/embeddings/hashing-embedder.js';

const embedder = createHashingEmbedder();
const english =
  'I was wondering whether we should deploy the new version of the billing service on Kubernetes tomorrow or wait until the monitoring dashboards are fixed; what do you think we should do?';
const spanish =
  '¿Te acordás de lo que decidimos ayer sobre el despliegue del servicio de facturación? Quiero saber si seguimos con Kubernetes o si volvemos a docker-compose hasta el viernes.';
const messages = Array.from({ length: 100 }, (_, i) => `${i % 2 === 0 ? english : spanish} (${i})`);

describe('hashing embedder', () => {
  bench(`embed one ${english.length}-character English message`, async () => {
    await embedder.embed(english);
  });
  bench(`embed one ${spanish.length}-character Spanish message`, async () => {
    await embedder.embed(spanish);
  });
  bench('embedBatch of 100 messages', async () => {
    await embedder.embedBatch(messages);
  });
});
