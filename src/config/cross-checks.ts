import { isAbsolute } from 'node:path';
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

/** A rule between settings that each passed their own check. */
interface CrossRule {
  /** The variables the rule relates, in the order the message names them. */
  involves: readonly string[];
  /** The rule in words the user can check the values against. */
  rule: string;
  holds(config: Config): boolean;
}

const { windowMin, windowDefault, windowMax, maxSummaryTokens, totalSummariesMax, maxMessageBytes, maxBodyBytes } = SETTINGS;

const RULES: readonly CrossRule[] = [
  {
    involves: [windowMin.env, windowDefault.env, windowMax.env],
    rule: 'window sizes must satisfy MIN ≤ DEFAULT ≤ MAX',
    holds: ({ window: w }) => w.windowMin <= w.windowDefault && w.windowDefault <= w.windowMax,
  },
  {
    involves: [totalSummariesMax.env, maxSummaryTokens.env],
    rule: `${totalSummariesMax.env} must be at least ${maxSummaryTokens.env} (one summary must fit in a prompt)`,
    holds: ({ window: w }) => w.maxSummaryTokens <= w.totalSummariesMax,
  },
  {
    involves: [maxMessageBytes.env, maxBodyBytes.env],
    rule: `${maxMessageBytes.env} must not exceed ${maxBodyBytes.env} (a message arrives inside a request body)`,
    holds: (config) => config.maxMessageBytes <= config.maxBodyBytes,
  },
];

/**
 * The rules between settings that `config` breaks. Each issue names every variable its
 * rule involves with its value, and says whether the environment set it or it is the
 * default, so the user sees which one to change. The issue's `path` (the variable its
 * line starts with) is the first involved variable the environment set, in the rule's
 * order, else the rule's first: a line headed by a variable the user never touched sends
 * them to the wrong place. A rule involving a refused variable is skipped: that variable
 * has its own issue, and the default standing in for it would make this one misleading.
 */
export function crossSettingIssues(config: Config, readings: SettingReadings, platform: NodeJS.Platform): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const socket = socketPathIssue(config, readings, platform);
  if (socket) issues.push(socket);
  for (const { involves, rule, holds } of RULES) {
    if (holds(config)) continue;
    const named = nameValues(involves, readings);
    if (named) issues.push({ path: named.firstSet ?? named.first, message: `${rule}; got ${named.text}` });
  }
  return issues;
}

/**
 * The socket path is MEMORYD_SOCKET resolved under MEMORYD_DATA_DIR when relative. Its
 * issue stays under MEMORYD_SOCKET even when only the data dir was set: the limit is on
 * the socket's own path, and a short absolute MEMORYD_SOCKET fixes it whatever the data
 * dir; the message still says which of the two the environment set.
 */
function socketPathIssue(config: Config, readings: SettingReadings, platform: NodeJS.Platform): FieldIssue | undefined {
  const limit = maxSocketPathBytes(platform);
  const bytes = Buffer.byteLength(config.socketPath);
  if (bytes <= limit) return undefined;
  const relative = !isAbsolute(readings.get(SETTINGS.socket.env)?.text ?? '');
  const named = nameValues(relative ? [SETTINGS.socket.env, SETTINGS.dataDir.env] : [SETTINGS.socket.env], readings);
  if (!named) return undefined;
  const fix = relative ? `Use a shorter ${SETTINGS.socket.env} (an absolute path) or a shorter ${SETTINGS.dataDir.env}` : `Use a shorter ${SETTINGS.socket.env}`;
  return {
    path: SETTINGS.socket.env,
    message: `the socket path ${config.socketPath} is ${bytes} bytes; this OS allows at most ${limit}; got ${named.text}. ${fix}`,
  };
}

/** `A=9 (set), B=6 (default)`; undefined when one of them was refused on its own. */
function nameValues(envs: readonly string[], readings: SettingReadings): { text: string; first: string; firstSet: string | undefined } | undefined {
  const parts: string[] = [];
  let firstSet: string | undefined;
  for (const env of envs) {
    const reading = readings.get(env);
    if (reading === undefined || reading.refused) return undefined;
    if (reading.set) firstSet ??= env;
    parts.push(`${env}=${shown(reading.text)} (${reading.set ? 'set' : 'default'})`);
  }
  return { text: parts.join(', '), first: envs[0] ?? '', firstSet };
}

// Quoted only when the bare text could be misread inside the list (a path with a space or comma).
function shown(text: string): string {
  return /^[\w./:@+~-]+$/.test(text) ? text : JSON.stringify(text);
}
