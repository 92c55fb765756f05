// npm run eval -- locomo [<conversation.json>… (default every .json in ../shared/data/locomo)] [--embedder hashing|transformers|auto]
//
// Replays each LoCoMo conversation into a fresh daemon (facts are shared by all sessions,
// so conversations must not meet), speaker_a as the user through the context call,
// speaker_b as the assistant, the session dates as the daemon's clock (and as `at`). Then, at the end
// of the conversation, each question is asked with `dryRun: true` and the compiled prompt
// is searched for the question's evidence turns and gold answer — beside two prompts
// built without memoryd under the same budget and token formula: the most recent turns
// only, and BM25 over all turns (filled to 3.5k tokens).
import { resolve } from 'node:path';
import { CommandExit, parseOrRefuse, readCommandArgs, reportCommandFailure, type Command } from '../cli/command-line.js';
import { MemorydClient } from '../client/memoryd-client.js';
import type { EmbedderPreference } from '../embeddings/select-embedder.js';
import { AppError } from '../errors.js';
import { createTokenizer } from '../tokens/create-tokenizer.js';
import type { Tokenizer } from '../tokens/tokenizer.js';
import { bm25Prompt, recentTurnsPrompt, type BaselineFrame } from './locomo-baselines.js';
import { buildBm25 } from './locomo-bm25.js';
import { embedderPreference } from './eval-command.js';
import { startEvalDaemon, type EvalDaemon } from './eval-daemon.js';
import { loadLocomo, type LocomoConversation, LOCOMO_DIR, locomoFiles } from './locomo-data.js';
import { FUZZY_SHARE } from './locomo-match.js';
import { askDryRun, memoryContents, replayLocomo } from './locomo-replay.js';
import { renderSections, renderTable, type MethodBook } from './locomo-report.js';
import { scoreQuestion, TallyBook } from './locomo-score.js';

const METHODS = ['memoryd', '  notes only', 'recent turns', 'BM25'] as const;
const LOCOMO: Command = {
  name: 'locomo eval',
  usage: `usage: npm run eval -- locomo [<conversation.json>… (default every .json in ${LOCOMO_DIR})] [--embedder hashing|transformers|auto]\n`,
};

interface EvalArgs {
  files: string[];
  embedder: EmbedderPreference;
}

/** Entry point of `npm run eval -- locomo`: prints the figures, returns the exit code. */
export async function run(argv: string[]): Promise<number> {
  const args = readCommandArgs(LOCOMO, argv, parseLocomoArgs);
  if (args instanceof CommandExit) return args.code;
  let conversations: LocomoConversation[];
  try {
    const files = args.files.length > 0 ? args.files : await defaultConversations();
    conversations = await Promise.all(files.map((file) => loadLocomo(file)));
  } catch (error) {
    reportCommandFailure(LOCOMO, error);
    return 1;
  }
  const tokenizer = await createTokenizer('cl100k_base');
  const overall = METHODS.map((method) => ({ method, book: new TallyBook() }));
  for (const conversation of conversations) {
    const books = await evaluateConversation(conversation, tokenizer, args.embedder);
    if (books === null) return 1;
    books.forEach((b, i) => overall[i]?.book.merge(b.book));
  }
  if (conversations.length > 1) process.stdout.write(`\nAll ${conversations.length} conversations\n${renderTable(overall)}\n`);
  process.stdout.write(
    `\nevidence verbatim: the turn's whitespace-collapsed text is a substring of the prompt's memory part (all but the\n` +
      `static system prompt and the question); ≥${FUZZY_SHARE * 100}% words: that, or ≥${FUZZY_SHARE * 100}% of the turn's distinct content words occur in it.\n` +
      `gold answer: SQuAD-normalised (lowercase, no punctuation, no articles) and found as whole words; not scored for\n` +
      `category 5 (adversarial: its answer is a distractor). "notes only": memoryd's facts, summaries and format notes\n` +
      `without its window (tokens: those messages alone).\n` +
      `Published references (LoCoMo, 4000-token prompt): recent turns only 13 % of evidence turns, BM25 over all turns 75 %.\n`,
  );
  return 0;
}

async function evaluateConversation(conversation: LocomoConversation, tokenizer: Tokenizer, embedder: EmbedderPreference): Promise<MethodBook[] | null> {
  let daemon: EvalDaemon;
  try {
    // The daemon's data dir is a fresh temp dir: point it at the project's models.
    daemon = await startEvalDaemon(
      { MEMORYD_EMBEDDER: embedder, MEMORYD_MODELS_DIR: resolve(process.cwd(), 'data/models') },
      process.cwd(),
      conversation.turns[0]?.at ?? Date.now(),
    );
  } catch (error) {
    reportCommandFailure(LOCOMO, error, 'cannot start the daemon: ');
    return null;
  }
  const client = new MemorydClient({ socketPath: daemon.socketPath });
  const sessionId = `locomo-${conversation.name}`.replace(/[^A-Za-z0-9._:-]/g, '-');
  let failed = false;
  try {
    const replay = await replayLocomo(client, daemon.clock, sessionId, conversation);
    const books = METHODS.map((method) => ({ method, book: new TallyBook() }));
    const turnText = new Map(conversation.turns.map((t) => [t.diaId, t.text]));
    const bm25 = buildBm25(conversation.turns.map((t) => t.text));
    const sections = new Map<string, number>();
    // How many different facts/summaries sets the questions got: 1 means the question never steered them.
    const noteSets = new Set<string>();
    let budget = 0;
    for (const question of conversation.questions) {
      const response = await askDryRun(client, sessionId, question.question);
      budget = response.budget;
      for (const section of response.layout.sections) sections.set(section.id, (sections.get(section.id) ?? 0) + section.final);
      const memory = memoryContents(response);
      noteSets.add(memory.notes.join('\n'));
      const frame: BaselineFrame = { systemPrompt: replay.systemPrompt, question: question.question, budget: response.budget, tokenizer };
      const recent = recentTurnsPrompt(conversation.turns, frame);
      const retrieved = bm25Prompt(conversation.turns, bm25, frame);
      const scored = [
        scoreQuestion(question, [...memory.notes, ...memory.turns], response.tokens, turnText),
        scoreQuestion(question, memory.notes, notesTokens(memory.notes, tokenizer), turnText),
        scoreQuestion(question, recent.contents, recent.tokens, turnText),
        scoreQuestion(question, retrieved.contents, retrieved.tokens, turnText),
      ];
      scored.forEach((tally, i) => books[i]?.book.add(question.category, tally));
    }
    const users = conversation.turns.filter((t) => t.role === 'user').length;
    process.stdout.write(
      `\nLoCoMo ${conversation.name}: ${conversation.turns.length} turns (${users} as user), ${conversation.questions.length} questions; ` +
        `budget ${budget}; replay ${(replay.ms / 1000).toFixed(1)} s, ${replay.factsAdded} facts added; embedder ${embedder}\n` +
        `memoryd prompt at question time, mean tokens per section: ${renderSections(sections, conversation.questions.length)}; ` +
        `distinct fact-and-summary sets over the questions: ${noteSets.size}\n` +
        `${renderTable(books)}\n`,
    );
    return books;
  } catch (error) {
    reportCommandFailure(LOCOMO, error, `${conversation.name} failed: `);
    process.stderr.write(`the daemon's data and logs are kept in ${daemon.dataDir}\n`);
    failed = true;
    return null;
  } finally {
    client.close();
    await daemon.stop({ keepData: failed });
  }
}

function notesTokens(notes: readonly string[], tokenizer: Tokenizer): number {
  return notes.reduce((sum, note) => sum + tokenizer.messageCost('system', note), 0);
}

// The command line; no file given means every conversation in the default folder (`defaultConversations`).
function parseLocomoArgs(argv: readonly string[]): EvalArgs {
  const { values, positionals } = parseOrRefuse(argv, { allowPositionals: true, options: { embedder: { type: 'string', default: 'hashing' } } });
  return { files: positionals.map((file) => resolve(process.cwd(), file)), embedder: embedderPreference(values.embedder) };
}

async function defaultConversations(): Promise<string[]> {
  const dir = resolve(process.cwd(), LOCOMO_DIR);
  const files = await locomoFiles(dir);
  if (files.length === 0) throw new AppError('NOT_FOUND', `no .json conversations in ${dir}`);
  return files;
}
