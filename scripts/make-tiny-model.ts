// npm run make-tiny-model -- <dir>: writes the tiny random-weight BERT used by tests and
// prints the MEMORYD_* settings that load it.
import { runMakeTinyModelCli } from '../src/cli/make-tiny-model-cli.js';

process.exitCode = await runMakeTinyModelCli(process.argv.slice(2), { cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr });
