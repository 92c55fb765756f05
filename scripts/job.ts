// npm run job -- <name>: runs one job of the registry once (the scheduler's code) and sets the exit code.
import { runJobCli } from '../src/cli/run-job-cli.js';

process.exitCode = await runJobCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});
