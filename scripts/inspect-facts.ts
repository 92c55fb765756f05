// npm run inspect-facts -- [--domain d] [--status s] [--json] [--no-color]: the facts dashboard (read-only, safe beside the daemon).
import { runInspectFacts } from '../src/cli/inspect-facts.js';

process.exitCode = await runInspectFacts(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});
