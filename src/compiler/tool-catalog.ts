import { createHash } from 'node:crypto';
import { setNewest } from '../bounded-map.js';
import { compareCodeUnits } from '../compare.js';
import { usedAsDeclared, type UsedTools } from '../conversation/used-tools.js';
import type { Embedder } from '../embeddings/embedder.js';
import { cosine } from '../embeddings/vector.js';
import type { LayoutItem } from '../layout/index.js';
import { toChunk } from '../tokens/chunks.js';
import type { Tokenizer } from '../tokens/tokenizer.js';

/** A tool as the assistant declares it in a context request. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters?: Record<string, unknown>;
  sideEffects?: boolean;
}

// A tool's two renderings, counted once, and its vector for relevance.
interface DescribedTool {
  /** The declaration's key (name, description, parameters): what a session used it as (see used-tools.ts). */
  key: string;
  full: { text: string; tokens: number };
  short: { text: string; tokens: number };
  embedding: Float32Array;
  /** Finds the name as a whole word of a message (see namePattern). */
  mention: RegExp;
}

/** Past this many tools a prompt holds only the relevant ones (spec §3: more would confuse the model). */
export const MAX_TOOLS_IN_FULL = 30;
/** How many tools a prompt keeps when it must choose. */
export const RELEVANT_TOOLS = 8;
const SHORT_DESCRIPTION_CHARS = 120;
const MAX_REMEMBERED = 2000;

/**
 * Tool descriptions arrive with every request; they are rendered, counted and embedded
 * once per distinct tool per process (an LRU map), so compiling never re-tokenizes them.
 */
export class ToolCatalog {
  private readonly described = new Map<string, DescribedTool>();

  constructor(
    private readonly tokenizer: Tokenizer,
    private readonly embedder: Embedder,
  ) {}

  /** Describes every tool (async: embeddings), before the request's transaction. */
  async prepare(tools: readonly ToolSpec[]): Promise<Map<ToolSpec, DescribedTool>> {
    const prepared = new Map<ToolSpec, DescribedTool>();
    for (const tool of tools) prepared.set(tool, await this.describe(tool));
    return prepared;
  }

  /**
   * The tools section's items: all tools, or past MAX_TOOLS_IN_FULL only the most
   * relevant to the message (named in it, or closest by embedding). A tool already
   * used in the session as declared now renders short; the full text is the first time
   * only, and again once its declaration changes.
   */
  items(
    tools: readonly ToolSpec[],
    prepared: Map<ToolSpec, DescribedTool>,
    context: { message: string; embedding: Float32Array; used: UsedTools },
  ): LayoutItem[] {
    const ranked = rankTools(tools, prepared, context.message, context.embedding);
    const chosen = tools.length > MAX_TOOLS_IN_FULL ? ranked.slice(0, RELEVANT_TOOLS) : ranked;
    return chosen.map(({ tool, described }, rank) => {
      const used = usedAsDeclared(context.used, tool.name, described.key);
      const main = used ? described.short : described.full;
      const short = { size: described.short.tokens, body: { kind: 'chunk' as const, text: described.short.text } };
      return {
        id: `tool:${tool.name}`,
        key: rank,
        size: main.tokens,
        body: { kind: 'chunk', text: main.text },
        ...(used ? {} : { alternatives: { short } }),
      };
    });
  }

  private async describe(tool: ToolSpec): Promise<DescribedTool> {
    const key = createHash('sha256').update(JSON.stringify([tool.name, tool.description, tool.parameters ?? null])).digest('base64');
    const known = this.described.get(key);
    if (known) {
      setNewest(this.described, key, known, MAX_REMEMBERED);
      return known;
    }
    const fullText = toChunk(`${tool.name}: ${tool.description.trim() || '(no description)'}${tool.parameters ? ` Parameters: ${JSON.stringify(tool.parameters)}` : ''}`);
    const shortText = toChunk(`${tool.name}: ${firstSentence(tool.description)}`);
    const described: DescribedTool = {
      key,
      full: { text: fullText, tokens: await this.tokenizer.countAsync(fullText) },
      short: { text: shortText, tokens: await this.tokenizer.countAsync(shortText) },
      embedding: await this.embedder.embed(`${tool.name.replace(/[_-]+/g, ' ')} ${tool.description}`),
      mention: namePattern(tool.name),
    };
    setNewest(this.described, key, described, MAX_REMEMBERED);
    return described;
  }
}

/** Each prepared tool's name with its declaration's key (what a session used it as, see used-tools.ts). */
export function declarationKeys(prepared: ReadonlyMap<ToolSpec, DescribedTool>): Map<string, string> {
  return new Map([...prepared].map(([tool, described]) => [tool.name, described.key]));
}

function rankTools(
  tools: readonly ToolSpec[],
  prepared: Map<ToolSpec, DescribedTool>,
  message: string,
  embedding: Float32Array,
): Array<{ tool: ToolSpec; described: DescribedTool }> {
  return tools
    .map((tool, index) => {
      const described = prepared.get(tool) as DescribedTool;
      const named = described.mention.test(message) ? 1 : 0;
      return { tool, described, index, score: named + cosine(embedding, described.embedding) };
    })
    // Ties by code units, never a locale's collation (token-box.md §5).
    .sort((a, b) => b.score - a.score || compareCodeUnits(a.tool.name, b.tool.name) || a.index - b.index);
}

// A message names a tool when the name stands in it as a whole word, in any case: `get` is
// not named by "together" nor by "get_weather", `tool_1` not by "tool_10". `_` always
// continues a word; `.`, `:` and `-` continue one only between word characters, so
// "search." and "(search)" name `search` but "re-search" and "search.web" do not. The
// name's words written apart ("search web" for `search_web`) are not a naming: the
// embedding ranks that wording already, and the first-place boost is for the identifier.
function namePattern(name: string): RegExp {
  const word = String.raw`[\p{L}\p{N}_]`;
  const joiner = '[.:-]';
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, String.raw`\$&`);
  return new RegExp(`(?<!${word})(?<!${word}${joiner})${escaped}(?!${word})(?!${joiner}${word})`, 'iu');
}

function firstSentence(description: string): string {
  const text = description.trim().replace(/\s+/g, ' ');
  if (text === '') return '(no description)';
  const end = text.search(/[.!?](\s|$)/);
  const sentence = end === -1 ? text : text.slice(0, end + 1);
  return sentence.length <= SHORT_DESCRIPTION_CHARS ? sentence : `${sentence.slice(0, SHORT_DESCRIPTION_CHARS - 1)}…`;
}
