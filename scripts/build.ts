// npm run build: the daemon compiled to plain JavaScript in dist/ (npm start runs it).
import { fileURLToPath } from 'node:url';
import { buildDaemon } from '../src/cli/build-daemon.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const { files, dir } = await buildDaemon(root);
process.stdout.write(`compiled ${files} modules into ${dir}/\n`);
