// npm run backup -- <file> [--force]: a checked copy of the database, safe while the daemon runs; sets the exit code.
import { runBackupCli } from '../src/cli/backup-cli.js';

process.exitCode = await runBackupCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
});
