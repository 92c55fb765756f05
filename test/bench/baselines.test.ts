import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { FullHistory, langChainTokenCounter, measureTrimMessages, trimToBudget, type HistoryMessage } from '../../src/bench/baselines.js';
import { syntheticConversation } from '../../src/bench/synthetic-conversation.js';
import { createTokenizer } from '../../src/tokens/create-tokenizer.js';
import type { MessageRole, Tokenizer } from '../../src/tokens/tokenizer.js';

const SYSTEM_PROMPT = 'You are a helpful assistant. Answer briefly and cite the facts you were given.';
const BUDGET = 1000;

let tokenizer: Tokenizer;
// RT-007 written out: tokens(role) + tokens(content) + 4.
const cost = (role: MessageRole, content: string) => tokenizer.count(role) + tokenizer.count(content) + 4;

beforeAll(async () => {
  tokenizer = await createTokenizer('cl100k_base');
});

// 150 synthetic exchanges as the context bench keeps them: user, its tool result if any, assistant.
function conversation(): HistoryMessage[] {
  const messages: HistoryMessage[] = [];
  const exchanges = syntheticConversation({ seed: 7, toolRate: 0.2 });
  for (let i = 0; i < 150; i++) {
    const exchange = exchanges.next().value;
    messages.push({ role: 'user', content: exchange.user });
    if (exchange.toolResult !== null) messages.push({ role: 'tool', content: exchange.toolResult.content, toolCallId: exchange.toolResult.toolCallId });
    messages.push({ role: 'assistant', content: exchange.assistant });
  }
  return messages;
}

function historyOf(messages: HistoryMessage[]): FullHistory {
  const history = new FullHistory(tokenizer);
  const [first, ...rest] = messages;
  if (first !== undefined) history.add(first);
  // As in the bench, the system prompt is learnt after the first message.
  history.setSystemPrompt(SYSTEM_PROMPT);
  for (const message of rest) history.add(message);
  return history;
}

function roleOf(message: BaseMessage): MessageRole {
  const type = message.getType();
  return type === 'human' ? 'user' : type === 'ai' ? 'assistant' : type === 'tool' ? 'tool' : 'system';
}

function costOf(messages: BaseMessage[]): number {
  return messages.reduce((sum, m) => sum + cost(roleOf(m), String(m.content)), 0);
}

describe('the naive full-history baseline', () => {
  it('costs a one-word user message 6 tokens: "user", "hello" and the 4 of RT-007', () => {
    const history = new FullHistory(tokenizer);
    history.add({ role: 'user', content: 'hello' });
    expect(history.naiveTokens()).toBe(6);
  });

  it('is the RT-007 sum of the system prompt and every message, tool results included', () => {
    const messages = conversation();
    expect(messages.some((m) => m.role === 'tool')).toBe(true);
    const expected = cost('system', SYSTEM_PROMPT) + messages.reduce((sum, m) => sum + cost(m.role, m.content), 0);
    const history = historyOf(messages);
    expect(history.naiveTokens()).toBe(expected);
    expect(history.bytes).toBe(messages.reduce((sum, m) => sum + Buffer.byteLength(m.content), 0));
    expect(history.toLangChain()).toHaveLength(messages.length + 1);
  });
});

describe('the LangChain token counter', () => {
  it('counts each LangChain message type by RT-007 with its own role', () => {
    const counter = langChainTokenCounter(tokenizer);
    const text = 'the same words in every message';
    expect(counter.count([new SystemMessage(text)])).toBe(cost('system', text));
    expect(counter.count([new HumanMessage(text)])).toBe(cost('user', text));
    expect(counter.count([new AIMessage(text)])).toBe(cost('assistant', text));
    expect(counter.count([new ToolMessage({ content: text, tool_call_id: 'c1' })])).toBe(cost('tool', text));
    expect(counter.count([new HumanMessage(text), new AIMessage(text), new HumanMessage(text)])).toBe(2 * cost('user', text) + cost('assistant', text));
  });
});

describe('trimMessages at the budget', () => {
  it('keeps the system prompt and the newest messages, from a user message, within the budget by RT-007', async () => {
    const messages = historyOf(conversation()).toLangChain();
    const kept = await trimToBudget(messages, langChainTokenCounter(tokenizer), BUDGET);
    expect(kept.length).toBeGreaterThan(3);
    expect(kept[0]?.getType()).toBe('system');
    expect(kept[0]?.content).toBe(SYSTEM_PROMPT);
    expect(kept[1]?.getType()).toBe('human');
    const tail = kept.slice(1);
    expect(tail.map((m) => m.content)).toEqual(messages.slice(-tail.length).map((m) => m.content));
    expect(costOf(kept)).toBeLessThanOrEqual(BUDGET);
    // The newest it could keep: starting at the user message before, it would not fit.
    const start = messages.length - tail.length;
    const previousUser = messages.slice(0, start).findLastIndex((m) => m.getType() === 'human');
    expect(costOf([messages[0] as BaseMessage, ...messages.slice(previousUser)])).toBeGreaterThan(BUDGET);
  });

  it('reports what it kept, never more than the naive prompt', async () => {
    const history = historyOf(conversation());
    const messages = history.toLangChain();
    const counter = langChainTokenCounter(tokenizer);
    const kept = await trimToBudget(messages, counter, BUDGET);
    const trim = await measureTrimMessages(messages, counter, { maxTokens: BUDGET, maxIterations: 3, timeBudgetMs: 1_000 });
    expect(trim.tokens).toBe(costOf(kept));
    expect(trim.messagesKept).toBe(kept.length);
    expect(trim.iterations).toBeGreaterThanOrEqual(1);
    expect(history.naiveTokens()).toBeGreaterThan(BUDGET);
    expect(history.naiveTokens()).toBeGreaterThanOrEqual(trim.tokens);
  });

  it('keeps the whole history, as the naive prompt, while it fits', async () => {
    const history = historyOf(conversation().slice(0, 6));
    const trim = await measureTrimMessages(history.toLangChain(), langChainTokenCounter(tokenizer), { maxTokens: 100_000, maxIterations: 1, timeBudgetMs: 0 });
    expect(trim.messagesKept).toBe(7);
    expect(trim.tokens).toBe(history.naiveTokens());
  });
});
