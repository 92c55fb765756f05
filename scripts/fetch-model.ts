// npm run fetch-model -- [--models-dir <dir>] [--model <owner/name>] [--force]: downloads the
// embedding model once into the daemon's models dir (MEMORYD_MODELS_DIR) and verifies it offline.
import { runFetchModelCli } from '../src/cli/fetch-model-cli.js';

process.exitCode = await runFetchModelCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});
