// npm run backup -- <file> [--force]: a checked copy of the database, safe while the daemon runs; sets the exit code.
import { runBackupCli } from '../src/cli/backup-cli.js';

process.exitCode = await runBackupCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  // npm runs a script from the package's folder; a relative <file> is the caller's, where npm was run.
  callerCwd: process.env.INIT_CWD,
  stdout: process.stdout,
  stderr: process.stderr,
});
