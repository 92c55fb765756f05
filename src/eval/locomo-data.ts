import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { AppError, isAppError, messageOf } from '../errors.js';
import { parseLocomoDate } from './locomo-date.js';

/** One utterance of a LoCoMo conversation, with the role it is replayed as and its time. */
export interface LocomoTurn {
  diaId: string;
  session: number;
  speaker: string;
  role: 'user' | 'assistant';
  text: string;
  /** UTC epoch ms: the session's date plus `TURN_SPACING_MS` per earlier turn of the session. */
  at: number;
}

export interface LocomoQuestion {
  question: string;
  /** The gold answer as text; null for adversarial items that only have `adversarial_answer`. */
  answer: string | null;
  evidence: string[];
  category: number;
}

export interface LocomoConversation {
  name: string;
  speakerA: string;
  speakerB: string;
  turns: LocomoTurn[];
  questions: LocomoQuestion[];
}

/** Replayed turns of one session are this far apart. */
export const TURN_SPACING_MS = 5_000;

const turnSchema = z.object({ speaker: z.string(), dia_id: z.string(), text: z.string() }).loose();
const qaSchema = z
  .object({
    question: z.string(),
    answer: z.union([z.string(), z.number()]).optional(),
    evidence: z.array(z.string()),
    category: z.number().int(),
  })
  .loose();
const conversationSchema = z.object({ speaker_a: z.string(), speaker_b: z.string() }).catchall(z.unknown());
const fileSchema = z.object({ qa: z.array(qaSchema), conversation: conversationSchema.optional() }).catchall(z.unknown());

/** Reads and parses one LoCoMo conversation file. */
export async function loadLocomo(path: string): Promise<LocomoConversation> {
  let raw: string;
  try {
    raw = await readFile(path, 'utf8');
  } catch (cause) {
    throw new AppError('NOT_FOUND', `cannot read the LoCoMo file ${path}: ${messageOf(cause)}`, { cause });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (cause) {
    throw new AppError('INVALID_REQUEST', `${path} is not JSON`, { cause });
  }
  try {
    return parseLocomo(json, basename(path, '.json'));
  } catch (error) {
    // parseLocomo names the conversation only: say which file it is.
    if (isAppError(error)) throw new AppError(error.code, `${path}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** Where the LoCoMo conversations are, from the project root (`../shared/data/locomo`). */
export const LOCOMO_DIR = '../shared/data/locomo';

/** The conversation files (`*.json`) of `dir`, in name order. */
export async function locomoFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (cause) {
    throw new AppError('NOT_FOUND', `cannot read the LoCoMo folder ${dir}: ${messageOf(cause)}`, { cause });
  }
  return names.map((name) => join(dir, name));
}

/**
 * A LoCoMo conversation, from the flat shape of `../shared/data/locomo` or the original
 * one (`{conversation: {…}, qa}`). Sessions are ordered by number; sessions with a date
 * but no turns are skipped; a session dated before the previous one's last turn starts
 * right after it, so replayed times never go backwards.
 */
export function parseLocomo(json: unknown, name: string): LocomoConversation {
  const file = fileSchema.safeParse(json);
  if (!file.success) throw new AppError('INVALID_REQUEST', `${name} is not a LoCoMo conversation`, { cause: file.error });
  const conversation = conversationSchema.safeParse(file.data.conversation ?? json);
  if (!conversation.success) throw new AppError('INVALID_REQUEST', `${name} has no speaker_a/speaker_b`, { cause: conversation.error });
  const body = conversation.data;
  const turns: LocomoTurn[] = [];
  let clock = Number.NEGATIVE_INFINITY;
  for (const session of sessionNumbers(body)) {
    const utterances = z.array(turnSchema).safeParse(body[`session_${session}`]);
    if (!utterances.success) throw new AppError('INVALID_REQUEST', `${name}: session_${session} is not a list of turns`, { cause: utterances.error });
    if (utterances.data.length === 0) continue;
    const dateText = String(body[`session_${session}_date_time`] ?? '');
    const date = parseLocomoDate(dateText);
    if (date === null) throw new AppError('INVALID_REQUEST', `${name}: cannot read the date of session ${session}: ${JSON.stringify(dateText)}`);
    clock = Math.max(date, clock + TURN_SPACING_MS);
    for (const utterance of utterances.data) {
      turns.push({
        diaId: utterance.dia_id,
        session,
        speaker: utterance.speaker,
        role: utterance.speaker === body.speaker_a ? 'user' : 'assistant',
        text: utterance.text,
        at: clock,
      });
      clock += TURN_SPACING_MS;
    }
    clock -= TURN_SPACING_MS;
  }
  const questions = file.data.qa.map((qa) => ({
    question: qa.question,
    answer: qa.answer === undefined ? null : String(qa.answer),
    // A few items list two ids in one string ("D8:6; D9:17").
    evidence: qa.evidence.flatMap((id) => id.split(/[;,]/)).map((id) => id.trim()).filter((id) => id !== ''),
    category: qa.category,
  }));
  return { name, speakerA: body.speaker_a, speakerB: body.speaker_b, turns, questions };
}

function sessionNumbers(body: Record<string, unknown>): number[] {
  return Object.keys(body)
    .map((key) => /^session_(\d+)$/.exec(key)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}
