// npm start: the daemon in the foreground (fit for a systemd user service).
import { runStart } from '../src/cli/start.js';

process.exitCode = await runStart(process.argv.slice(2), process.env, process.cwd());
// Everything is closed by now; if a library left a handle open, do not hang the service manager.
setTimeout(() => process.exit(), 2000).unref();
