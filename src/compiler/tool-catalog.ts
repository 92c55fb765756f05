import { createHash } from 'node:crypto';
import { setNewest } from '../bounded-map.js';
import { compareCodeUnits } from '../compare.js';
import { usedAsDeclared, type UsedTools } from '../conversation/used-tools.js';
import type { Embedder } from '../embeddings/embedder.js';
import { cosine } from '../embeddings/vector.js';
import type { LayoutItem } from '../layout/index.js';
import { isRecord } from '../records.js';
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
/** Past this, a used tool's short form names its parameters without their types. */
const SHORT_SIGNATURE_CHARS = 240;
const MAX_ENUM_VALUES = 8;
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
   * The tools section's items. Up to MAX_TOOLS_IN_FULL, every tool in the order declared:
   * the section then reads the same from call to call, and a provider's prompt cache keeps
   * it. Past that, only the RELEVANT_TOOLS most relevant to the message (named in it, or
   * closest by embedding), most relevant first. A tool already used in the session as
   * declared now renders short; the full text is the first time only, and again once its
   * declaration changes.
   */
  items(
    tools: readonly ToolSpec[],
    prepared: Map<ToolSpec, DescribedTool>,
    context: { message: string; embedding: Float32Array; used: UsedTools },
  ): LayoutItem[] {
    const chosen =
      tools.length > MAX_TOOLS_IN_FULL
        ? rankTools(tools, prepared, context.message, context.embedding).slice(0, RELEVANT_TOOLS)
        : tools.map((tool) => ({ tool, described: prepared.get(tool) as DescribedTool }));
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
    const full = { text: fullText, tokens: await this.tokenizer.countAsync(fullText) };
    const shortText = toChunk(shortDescription(tool));
    const shortTokens = await this.tokenizer.countAsync(shortText);
    const described: DescribedTool = {
      key,
      full,
      // Never longer than the full text: a tool with a one-sentence description and few parameters says all of it.
      short: shortTokens < full.tokens ? { text: shortText, tokens: shortTokens } : full,
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

// What a used tool keeps: its first sentence and how to call it. The model read the full
// description when it first used the tool, but that call may have left the window since:
// without the parameters' names, which are required and what values they take, it cannot
// call the tool again correctly.
function shortDescription(tool: ToolSpec): string {
  const signature = tool.parameters === undefined ? null : parameterSignature(tool.parameters);
  return `${tool.name}: ${firstSentence(tool.description)}${signature === null ? '' : ` Parameters: {${signature}}`}`;
}

interface Parameter {
  name: string;
  required: boolean | null;
  type: string | null;
}

/**
 * A compact signature of a tool's parameters: `city: string, units?: "metric"|"imperial"`
 * ("?": optional; without one, required, or not said when the declaration does not say).
 * Read from a JSON Schema object (`properties`, `required`) or from a plain map of names
 * to schemas. Past SHORT_SIGNATURE_CHARS the types go, never the names. Null when there
 * are no parameters to name.
 */
export function parameterSignature(parameters: Record<string, unknown>): string | null {
  const list = parameterList(parameters);
  if (list.length === 0) return null;
  const mark = (parameter: Parameter): string => `${parameter.name}${parameter.required === false ? '?' : ''}`;
  const typed = list.map((parameter) => (parameter.type === null ? mark(parameter) : `${mark(parameter)}: ${parameter.type}`)).join(', ');
  return typed.length <= SHORT_SIGNATURE_CHARS ? typed : list.map(mark).join(', ');
}

function parameterList(parameters: Record<string, unknown>): Parameter[] {
  const properties = parameters['properties'];
  if (isRecord(properties)) {
    const required = new Set(Array.isArray(parameters['required']) ? parameters['required'].filter((name): name is string => typeof name === 'string') : []);
    return Object.entries(properties).map(([name, schema]) => ({ name, required: required.has(name), type: typeOf(schema) }));
  }
  // A JSON Schema with no properties takes no arguments; a plain map names them.
  if (typeof parameters['type'] === 'string' || !Object.values(parameters).every(isRecord)) return [];
  return Object.entries(parameters).map(([name, schema]) => ({ name, required: requiredFlag(schema), type: typeOf(schema) }));
}

function requiredFlag(schema: unknown): boolean | null {
  if (!isRecord(schema)) return null;
  if (schema['required'] === true || schema['optional'] === false) return true;
  if (schema['required'] === false || schema['optional'] === true) return false;
  return null;
}

// The type a value must have: its enum's values (a few), its type or types, `T[]` for an array of T.
function typeOf(schema: unknown): string | null {
  if (!isRecord(schema)) return null;
  const values = schema['enum'];
  if (Array.isArray(values) && values.length > 0 && values.length <= MAX_ENUM_VALUES && values.every((value) => value === null || typeof value !== 'object')) {
    return values.map((value) => JSON.stringify(value)).join('|');
  }
  const type = schema['type'];
  if (type === 'array') {
    const items = typeOf(schema['items']);
    return items === null || items.includes('|') ? 'array' : `${items}[]`;
  }
  if (typeof type === 'string') return type;
  if (Array.isArray(type) && type.every((each) => typeof each === 'string')) return type.join('|');
  return null;
}

function firstSentence(description: string): string {
  const text = description.trim().replace(/\s+/g, ' ');
  if (text === '') return '(no description)';
  const end = text.search(/[.!?](\s|$)/);
  const sentence = end === -1 ? text : text.slice(0, end + 1);
  return sentence.length <= SHORT_DESCRIPTION_CHARS ? sentence : `${sentence.slice(0, SHORT_DESCRIPTION_CHARS - 1)}…`;
}
