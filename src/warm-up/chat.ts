import type { ContextRequestBody, TurnRequestBody } from '../api/schemas/sessions.js';

/** One exchange of the warm-up chat: the user's context call and the assistant's answer. */
export interface WarmUpExchange {
  context: ContextRequestBody;
  reply: TurnRequestBody;
}

const TOOLS: NonNullable<ContextRequestBody['tools']> = [
  { name: 'search_wiki', description: 'Searches the team wiki and returns the best matching passages.', parameters: { query: { type: 'string' } } },
  { name: 'book_room', description: 'Books a meeting room for a given time.', parameters: { room: { type: 'string' }, at: { type: 'string' } }, sideEffects: true },
];

const say = (message: string, answer: string, extra: Partial<ContextRequestBody> = {}, reply: Partial<TurnRequestBody> = {}): WarmUpExchange => ({
  context: { message, ...extra },
  reply: { role: 'assistant', content: answer, ...reply },
});

// The assistant calls `tool`, then the user's next message brings its `result`: two exchanges.
const toolRound = (call: string, tool: string, asked: [string, string], result: string, told: [string, string]): WarmUpExchange[] => [
  say(asked[0], asked[1], { tools: TOOLS }, { toolCallId: call, toolName: tool }),
  say(told[0], told[1], { tools: TOOLS, toolResults: [{ toolCallId: call, name: tool, content: result }] }),
];

/**
 * A short chat that takes a context call through the paths a real one takes: facts stated
 * and changed (English and Spanish), a topic shift, tools and a tool result, questions
 * about the past, an answer cached and a rephrased question served from it, an invalid
 * output, and enough turns to close segments into summaries. Fictional and fixed: it only
 * ever reaches the scratch daemon of the warm-up, never the user's database.
 */
export const WARM_UP_CHAT: readonly WarmUpExchange[] = [
  say("Hi! I'd like to plan my week, starting with the project review on Thursday.", 'Sure. What needs to be ready for the review?'),
  say('Remember that my editor is Helix.', 'Noted: your editor is Helix.'),
  say('I prefer tabs over spaces for indentation.', 'Got it, tabs it is.'),
  say('The review needs the latency figures and a short demo.', "Then let's collect the figures first, and plan the demo after."),
  ...toolRound(
    'warm-up-call-1',
    'search_wiki',
    ["Search the wiki for last quarter's latency figures.", "I'll search the wiki."],
    'Q3 latency report: p50 0.9 ms, p99 4.1 ms over 10,000 calls.',
    ['Here is what the search found.', 'Last quarter the p50 was 0.9 ms and the p99 4.1 ms.'],
  ),
  say('What is my address in Australia?', 'Your address there is 12 Kent Street, Sydney.', {}, { cacheable: true }),
  say("What's my address in Australia?", '12 Kent Street, Sydney.', {}, { cacheable: true }),
  say("Let's change the subject: what should I cook tonight?", 'How about a mushroom risotto?'),
  say('Mi hermana llega el sábado y quiero preparar una paella.', '¡Buena idea! ¿Para cuántas personas?'),
  say('Recuerda que soy alérgico a los mariscos.', 'Anotado: eres alérgico a los mariscos.'),
  say('¿Qué decidimos ayer sobre la cena?', 'Decidimos preparar una paella sin mariscos.'),
  say('Can you draft the agenda for Thursday?', '1. Latency figures 2. Demo 3. Questions', {}, { outputValid: false }),
  say('Please give it to me in the usual format.', '- Latency figures\n- Demo\n- Questions'),
  say('Actually, I switched to Neovim last month.', 'Updated: your editor is Neovim.'),
  say("I'm a bit stressed about the deadline.", "That's understandable; the plan is in good shape."),
  say('How many days are left until Friday?', 'Two days.'),
  ...toolRound(
    'warm-up-call-2',
    'book_room',
    ['Book the small room for the review at 10.', "I'll book it."],
    'Booked: small room, Thursday 10:00-11:00.',
    ['The booking went through.', 'The small room is booked for Thursday at 10.'],
  ),
  say('Add a slot for questions at the end of the agenda.', 'Done: questions close the agenda.'),
  say('What did we decide about the review yesterday?', 'To collect the latency figures first and show a short demo.'),
  say('What is my editor again?', 'Neovim.'),
  say('Summarise what we planned for the week, please.', 'The review on Thursday at 10, the figures and the demo, and a paella on Saturday.'),
  say('Thanks, that is all for now.', "You're welcome. Good luck with the review!"),
];
