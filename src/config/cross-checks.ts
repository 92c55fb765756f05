import { isAbsolute, resolve } from 'node:path';
import type { FieldIssue } from '../errors.js';
import type { Config } from './config.js';
import { SETTINGS } from './settings.js';

/** One variable as start-up read it: the text it took effect with, and where that came from. */
export interface SettingReading {
  /** The trimmed text from the environment, or the default's. */
  text: string;
  /** True when the environment gave a value (an empty one counts as not given). */
  set: boolean;
  /** The given text is not allowed: the variable has its own issue and its default stands in. */
  refused: boolean;
}

export type SettingReadings = ReadonlyMap<string, SettingReading>;

/** Linux allows 107 bytes in sun_path (108 with the NUL); macOS and the BSDs 103. */
export function maxSocketPathBytes(platform: NodeJS.Platform): number {
  return platform === 'linux' ? 107 : 103;
}

// A number a rule compares: the variable it comes from and its value in the config.
interface Quantity {
  env: string;
  of(config: Config): number;
}

// A rule between settings made of inequalities, each `[lesser, greater]` holding when lesser ≤ greater.
interface CrossRule {
  /** The quantities the rule relates, in the order the message names them. */
  involves: readonly Quantity[];
  /** The rule in words the user can check the values against. */
  rule: string;
  atMost: readonly (readonly [Quantity, Quantity])[];
}

const quantity = (setting: { env: string }, of: (config: Config) => number): Quantity => ({ env: setting.env, of });
const windowMin = quantity(SETTINGS.windowMin, (config) => config.window.windowMin);
const windowDefault = quantity(SETTINGS.windowDefault, (config) => config.window.windowDefault);
const windowMax = quantity(SETTINGS.windowMax, (config) => config.window.windowMax);
const maxSummaryTokens = quantity(SETTINGS.maxSummaryTokens, (config) => config.window.maxSummaryTokens);
const totalSummariesMax = quantity(SETTINGS.totalSummariesMax, (config) => config.window.totalSummariesMax);
const maxMessageBytes = quantity(SETTINGS.maxMessageBytes, (config) => config.maxMessageBytes);
const maxBodyBytes = quantity(SETTINGS.maxBodyBytes, (config) => config.maxBodyBytes);
const warningPercent = quantity(SETTINGS.warningPercent, (config) => config.usageThresholds.warning);
const compressPercent = quantity(SETTINGS.compressPercent, (config) => config.usageThresholds.compress);
const criticalPercent = quantity(SETTINGS.criticalPercent, (config) => config.usageThresholds.critical);

const RULES: readonly CrossRule[] = [
  {
    involves: [windowMin, windowDefault, windowMax],
    rule: 'window sizes must satisfy MIN ≤ DEFAULT ≤ MAX',
    atMost: [
      [windowMin, windowDefault],
      [windowDefault, windowMax],
    ],
  },
  {
    involves: [totalSummariesMax, maxSummaryTokens],
    rule: `${totalSummariesMax.env} must be at least ${maxSummaryTokens.env} (one summary must fit in a prompt)`,
    atMost: [[maxSummaryTokens, totalSummariesMax]],
  },
  {
    involves: [warningPercent, compressPercent, criticalPercent],
    rule: 'usage thresholds must satisfy WARNING ≤ COMPRESS ≤ CRITICAL',
    atMost: [
      [warningPercent, compressPercent],
      [compressPercent, criticalPercent],
    ],
  },
  {
    involves: [maxMessageBytes, maxBodyBytes],
    rule: `${maxMessageBytes.env} must not exceed ${maxBodyBytes.env} (a message arrives inside a request body)`,
    atMost: [[maxMessageBytes, maxBodyBytes]],
  },
];

/**
 * The rules between settings that `config` breaks. Each issue names every variable its
 * rule involves with its value, and says whether the environment set it or it is the
 * default, so the user sees which one to change; a rule of more than one inequality
 * (MIN ≤ DEFAULT ≤ MAX) also says which of them fails. The issue's `path` (the variable
 * its line starts with) is the first variable the environment set among the two sides of
 * the first failing inequality, in the rule's order, else the first of those sides: a
 * line headed by a variable that is fine, or one the user never touched, sends them to
 * the wrong place. An inequality with a refused side is not judged: that variable has
 * its own issue, and the default standing in for it would make this one misleading; a
 * refused variable is left out of the values named. `cwd` is the working directory a
 * relative data dir resolved under.
 */
export function crossSettingIssues(config: Config, readings: SettingReadings, options: { platform: NodeJS.Platform; cwd: string }): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const socket = socketPathIssue(config, readings, options);
  if (socket) issues.push(socket);
  for (const rule of RULES) {
    const issue = ruleIssue(rule, config, readings);
    if (issue) issues.push(issue);
  }
  return issues;
}

function ruleIssue({ involves, rule, atMost }: CrossRule, config: Config, readings: SettingReadings): FieldIssue | undefined {
  const accepted = ({ env }: Quantity): boolean => readings.get(env)?.refused === false;
  const failing = atMost.filter(([lesser, greater]) => accepted(lesser) && accepted(greater) && lesser.of(config) > greater.of(config));
  const [first] = failing;
  if (first === undefined) return undefined;
  const sides = involves.filter((q) => first.includes(q)).map((q) => q.env);
  const path = sides.find((env) => readings.get(env)?.set) ?? sides[0] ?? first[0].env;
  const over = failing.map(([lesser, greater]) => `${named(lesser.env, readings)} is over ${named(greater.env, readings)}`);
  const which = atMost.length > 1 ? `, but ${over.join(' and ')}` : '';
  const values = involves.filter(accepted).map((q) => named(q.env, readings));
  return { path, message: `${rule}${which}; got ${values.join(', ')}` };
}

// The socket path is MEMORYD_SOCKET resolved under MEMORYD_DATA_DIR when relative, and a
// relative data dir resolves under the working directory, which the message then names:
// a deep checkout can be the whole cause, which an absolute path avoids. The issue
// stays under MEMORYD_SOCKET even when only the data dir was set: the limit is on the
// socket's own path, and a short absolute MEMORYD_SOCKET fixes it whatever the data dir;
// the message still says which of the two the environment set. A refused data dir leaves
// the path unknown, so the issue then stands only when the relative MEMORYD_SOCKET is
// over the limit even under `/`, the shortest data dir there is.
function socketPathIssue(config: Config, readings: SettingReadings, { platform, cwd }: { platform: NodeJS.Platform; cwd: string }): FieldIssue | undefined {
  const socketEnv = SETTINGS.socket.env;
  const dataDirEnv = SETTINGS.dataDir.env;
  const socket = readings.get(socketEnv);
  if (socket === undefined || socket.refused) return undefined;
  const limit = maxSocketPathBytes(platform);
  const issue = (length: string, got: string, fix: string): FieldIssue => ({
    path: socketEnv,
    message: `${length}; this OS allows at most ${limit}; got ${got}. ${fix}`,
  });
  const bytes = Buffer.byteLength(config.socketPath);
  const actual = `the socket path ${config.socketPath} is ${bytes} bytes`;
  if (isAbsolute(socket.text)) {
    return bytes > limit ? issue(actual, named(socketEnv, readings), `Use a shorter ${socketEnv}`) : undefined;
  }
  const leastBytes = Buffer.byteLength(resolve('/', socket.text));
  if (leastBytes > limit) {
    return issue(`the socket path is at least ${leastBytes} bytes whatever the data dir`, named(socketEnv, readings), `Use a shorter ${socketEnv}`);
  }
  const dataDir = readings.get(dataDirEnv);
  if (dataDir === undefined || dataDir.refused || bytes <= limit) return undefined;
  const got = `${named(socketEnv, readings)}, ${named(dataDirEnv, readings)}`;
  if (isAbsolute(dataDir.text)) {
    return issue(actual, got, `Use a shorter ${socketEnv} (an absolute path) or a shorter ${dataDirEnv}`);
  }
  return issue(actual, `${got}, relative to the working directory ${shown(cwd)}`, `Set ${dataDirEnv} or ${socketEnv} to a short absolute path`);
}

// `A=9 (set)` or `A=6 (default)`.
function named(env: string, readings: SettingReadings): string {
  const reading = readings.get(env);
  return `${env}=${shown(reading?.text ?? '')} (${reading?.set ? 'set' : 'default'})`;
}

// Quoted only when the bare text could be misread inside the list (a path with a space or comma).
function shown(text: string): string {
  return /^[\w./:@+~-]+$/.test(text) ? text : JSON.stringify(text);
}
