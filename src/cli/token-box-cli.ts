import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isAppError } from '../errors.js';
import { conformanceDifferences, parseConformanceCases, runConformanceCases, type ConformanceOutcome } from '../layout/conformance.js';
import { CommandExit, parseOrRefuse, readCommandArgs, reportCommandFailure, UsageError, type Command, type CommandIo } from './command-line.js';

const TOKEN_BOX_USAGE = `usage: npm run token-box -- <cases.json> [--json]

Lays out every Token Box conformance case of the file (token-box.md §6) and prints each
result in the shape of its "expect", whether it matches that expect (and what differs
when not), then how many cases match. A case without "expect" is only printed.

  --json       the results as JSON: [{name, result, matches?, differences?}]
  -h, --help   this help

Exit code: 0 when every case with an "expect" matches it, 1 when one does not or the
file cannot be read, is invalid or holds no case, 2 on a usage error.
`;

const TOKEN_BOX: Command = { name: 'token-box', usage: TOKEN_BOX_USAGE };

// At most this many differences are listed for one case; the rest are counted.
const SHOWN_DIFFERENCES = 3;

interface CaseVerdict {
  name: string;
  result: ConformanceOutcome;
  /** Absent for a case without `expect`. */
  matches?: boolean;
  differences?: string[];
}

/** `npm run token-box`: runs a conformance case file and checks each case against its `expect`; returns the exit code. */
export async function runTokenBoxCli(argv: string[], io: CommandIo & { cwd: string }): Promise<number> {
  const args = readCommandArgs(TOKEN_BOX, argv, parseTokenBoxArgs, io);
  if (args instanceof CommandExit) return args.code;
  const verdicts = await checkFile(resolve(io.cwd, args.path), args.path, io);
  if (verdicts === null) return 1;
  io.stdout.write(args.json ? `${JSON.stringify(verdicts, null, 2)}\n` : renderVerdicts(verdicts));
  return verdicts.some((verdict) => verdict.matches === false) ? 1 : 0;
}

// The case file and --json; throws a UsageError saying what is wrong with them.
function parseTokenBoxArgs(argv: readonly string[]): { path: string; json: boolean } {
  const { values, positionals } = parseOrRefuse(argv, { options: { json: { type: 'boolean' } }, allowPositionals: true });
  const [path] = positionals;
  if (path === undefined) throw new UsageError('no case file given');
  if (positionals.length > 1) throw new UsageError(`give one case file, not ${positionals.length}`);
  return { path, json: values.json === true };
}

async function checkFile(file: string, shown: string, io: Pick<CommandIo, 'stderr'>): Promise<CaseVerdict[] | null> {
  let text: string;
  let json: unknown;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    reportCommandFailure(TOKEN_BOX, error, `cannot read ${shown}: `, io);
    return null;
  }
  try {
    json = JSON.parse(text);
  } catch (error) {
    reportCommandFailure(TOKEN_BOX, error, `${shown} is not valid JSON: `, io);
    return null;
  }
  try {
    const cases = parseConformanceCases(json);
    if (cases.length === 0) {
      reportCommandFailure(TOKEN_BOX, `${shown} holds no case`, '', io);
      return null;
    }
    return runConformanceCases(cases).map(({ name, result }, i) => {
      const expected = cases[i]?.expect;
      if (expected === undefined) return { name, result };
      const differences = conformanceDifferences(result, expected);
      return differences.length === 0 ? { name, result, matches: true } : { name, result, matches: false, differences };
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    reportCommandFailure(TOKEN_BOX, error, `${shown}: `, io);
    return null;
  }
}

function renderVerdicts(verdicts: readonly CaseVerdict[]): string {
  const lines = verdicts.map((verdict) => {
    const label = verdict.matches === undefined ? 'no expect' : verdict.matches ? 'match' : 'MISMATCH';
    const line = `${label.padEnd(9)}  ${verdict.name}: ${JSON.stringify(verdict.result)}`;
    return verdict.differences === undefined ? line : `${line}\n${' '.repeat(11)}${shortList(verdict.differences)}`;
  });
  return `${lines.join('\n')}\n${summary(verdicts)}\n`;
}

function shortList(differences: readonly string[]): string {
  const hidden = differences.length - SHOWN_DIFFERENCES;
  return differences.slice(0, SHOWN_DIFFERENCES).join('; ') + (hidden > 0 ? `; and ${hidden} more` : '');
}

function summary(verdicts: readonly CaseVerdict[]): string {
  const checked = verdicts.filter((verdict) => verdict.matches !== undefined);
  const matched = checked.filter((verdict) => verdict.matches === true).length;
  const unchecked = verdicts.length - checked.length;
  if (checked.length === 0) return `no case has an expected result (${verdicts.length} printed)`;
  const counted = `${matched} of ${checked.length} ${checked.length === 1 ? 'case matches its' : 'cases match their'} expected result`;
  return unchecked === 0 ? counted : `${counted} (${unchecked} more ${unchecked === 1 ? 'has' : 'have'} none)`;
}
