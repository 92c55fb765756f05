// npm run token-box -- <cases.json>: prints each case's layout result in the shape of its `expect`.
// Exit 0 whatever the results; non-zero only when the file cannot be read or is invalid.
import { readFile } from 'node:fs/promises';
import { isAppError } from '../src/errors.js';
import { parseConformanceCases, runConformanceCases } from '../src/layout/conformance.js';

async function main(argv: string[]): Promise<number> {
  const [path] = argv;
  if (path === undefined || argv.length > 1) {
    process.stderr.write('usage: npm run token-box -- <cases.json>\n');
    return 2;
  }
  let text: string;
  let json: unknown;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    process.stderr.write(`token-box: cannot read ${path}: ${messageOf(error)}\n`);
    return 1;
  }
  try {
    json = JSON.parse(text);
  } catch (error) {
    process.stderr.write(`token-box: ${path} is not valid JSON: ${messageOf(error)}\n`);
    return 1;
  }
  try {
    process.stdout.write(`${JSON.stringify(runConformanceCases(parseConformanceCases(json)), null, 2)}\n`);
    return 0;
  } catch (error) {
    if (!isAppError(error)) throw error;
    process.stderr.write(`token-box: ${path}: ${error.message}\n`);
    return 1;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

process.exitCode = await main(process.argv.slice(2));
