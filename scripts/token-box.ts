// npm run token-box -- <cases.json> [--json]: lays out each conformance case and says whether it matches its `expect`.
// Exit 0 when every case with an `expect` matches, 1 when one does not or the file cannot be read, is invalid or holds no case, 2 usage.
import { runTokenBoxCli } from '../src/cli/token-box-cli.js';

process.exitCode = await runTokenBoxCli(process.argv.slice(2), { cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr });
