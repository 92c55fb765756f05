import { AIMessage, HumanMessage, SystemMessage, ToolMessage, trimMessages, type BaseMessage } from '@langchain/core/messages';
import type { MessageRole, Tokenizer } from '../tokens/tokenizer.js';
import { median } from './stats.js';

/** One message of the conversation as a client without memoryd would keep it. */
export interface HistoryMessage {
  role: MessageRole;
  content: string;
  toolCallId?: string;
}

/**
 * The whole conversation, kept by the benchmark client: what a naive assistant sends
 * every time (its cost grows O(n)), and the input of LangChain's `trimMessages`. The
 * system prompt may be set after the first messages (it is memoryd's, learnt from its
 * first answer), so every baseline carries the same one.
 */
export class FullHistory {
  private readonly messages: HistoryMessage[] = [];
  private messagesCost = 0;
  private systemPrompt = '';
  private systemCost = 0;
  /** UTF-8 bytes of every message: what storing the raw history would take. */
  bytes = 0;

  constructor(private readonly tokenizer: Tokenizer) {}

  setSystemPrompt(text: string): void {
    this.systemPrompt = text;
    this.systemCost = this.tokenizer.messageCost('system', text);
  }

  add(message: HistoryMessage): void {
    this.messages.push(message);
    this.messagesCost += this.tokenizer.messageCost(message.role, message.content);
    this.bytes += Buffer.byteLength(message.content);
  }

  /** Σ messageCost of the system prompt and every message so far (RT-007). */
  naiveTokens(): number {
    return this.systemCost + this.messagesCost;
  }

  /** The history as LangChain messages, the system prompt first. */
  toLangChain(): BaseMessage[] {
    return [new SystemMessage(this.systemPrompt), ...this.messages.map(toLangChainMessage)];
  }
}

/** What `trimMessages` kept at one point of the conversation and how long it took. */
export interface TrimMeasurement {
  tokens: number;
  messagesKept: number;
  medianMs: number;
  iterations: number;
}

/**
 * Runs LangChain.js `trimMessages` (strategy 'last', includeSystem, startOn 'human') on
 * `messages` with the RT-007 cost of the same tokenizer, at least once and until
 * `maxIterations` runs or `timeBudgetMs` is spent; reports the median time. The counter
 * memoises each message's cost (as an application storing token counts would), so the
 * time is trimMessages' own work, not tokenisation.
 */
export async function measureTrimMessages(
  messages: BaseMessage[],
  counter: LangChainTokenCounter,
  options: { maxTokens: number; maxIterations: number; timeBudgetMs: number },
): Promise<TrimMeasurement> {
  const times: number[] = [];
  let kept: BaseMessage[] = [];
  const started = performance.now();
  while (times.length < options.maxIterations && (times.length === 0 || performance.now() - started < options.timeBudgetMs)) {
    const t0 = performance.now();
    kept = await trimToBudget(messages, counter, options.maxTokens);
    times.push(performance.now() - t0);
  }
  return { tokens: counter.count(kept), messagesKept: kept.length, medianMs: median(times), iterations: times.length };
}

/** The messages LangChain.js `trimMessages` keeps of `messages` within `maxTokens`, as measureTrimMessages runs it. */
export function trimToBudget(messages: BaseMessage[], counter: LangChainTokenCounter, maxTokens: number): Promise<BaseMessage[]> {
  return trimMessages(messages, { maxTokens, strategy: 'last', tokenCounter: counter.count, includeSystem: true, startOn: 'human' });
}

/** A token counter for LangChain messages with RT-007 costs, memoised per role and content. */
export interface LangChainTokenCounter {
  count(messages: BaseMessage[]): number;
}

export function langChainTokenCounter(tokenizer: Tokenizer): LangChainTokenCounter {
  const costs = new Map<MessageRole, Map<string, number>>();
  const cost = (message: BaseMessage): number => {
    const role = roleOf(message);
    const content = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
    let byContent = costs.get(role);
    if (byContent === undefined) costs.set(role, (byContent = new Map()));
    let value = byContent.get(content);
    if (value === undefined) byContent.set(content, (value = tokenizer.messageCost(role, content)));
    return value;
  };
  return {
    count: (messages) => {
      let sum = 0;
      for (const message of messages) sum += cost(message);
      return sum;
    },
  };
}

function roleOf(message: BaseMessage): MessageRole {
  switch (message.getType()) {
    case 'system':
      return 'system';
    case 'human':
      return 'user';
    case 'tool':
      return 'tool';
    default:
      return 'assistant';
  }
}

function toLangChainMessage(message: HistoryMessage): BaseMessage {
  switch (message.role) {
    case 'user':
      return new HumanMessage(message.content);
    case 'assistant':
      return new AIMessage(message.content);
    case 'tool':
      return new ToolMessage({ content: message.content, tool_call_id: message.toolCallId ?? 'call' });
    default:
      return new SystemMessage(message.content);
  }
}
