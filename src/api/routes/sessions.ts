import type { ContextOutcome, ContextRequest, FactChangeView } from '../../compiler/context-service.js';
import type { ErasedSession } from '../../conversation/erase-session.js';
import type { ReplyInput, ReplyOutcome } from '../../conversation/record-reply.js';
import type { SessionView } from '../../conversation/session-view.js';
import type { WindowOutcome } from '../../conversation/window-advance.js';
import type { SessionStatsSummary } from '../../metrics/session-stats.js';
import { defineRoute, type ExtraResponse, type RouteSpec } from '../route.js';
import { sessionParamsSchema } from '../schemas/common.js';
import {
  contextRequestBody,
  contextResponseSchema,
  endSessionQuerySchema,
  endSessionResponseSchema,
  sessionResponseSchema,
  turnRequestSchema,
  turnResponseSchema,
  type ContextResponse,
  type EndSessionResponse,
  type SessionResponse,
  type TurnResponse,
} from '../schemas/sessions.js';

const TOOL_CALL_CONFLICT: ExtraResponse = { status: 409, description: 'a tool-call id still in use in the session: a second call, or a second result, with it' };

export interface SessionsDeps {
  context(request: ContextRequest): Promise<ContextOutcome>;
  reply(sessionId: string, input: ReplyInput): Promise<ReplyOutcome>;
  view(sessionId: string): SessionView;
  end(sessionId: string): WindowOutcome;
  /** Erases the session: its turns, summaries, error records, and every cached answer. */
  erase(sessionId: string): ErasedSession;
  stats(sessionId: string): SessionStatsSummary | null;
  lastError(sessionId: string): { code: string; message: string; at: string } | null;
  systemVersion: string;
  /** The configured cap: a context call's budget may lower it, never raise it. */
  tokenCap: number;
}

export function sessionsRoutes(deps: SessionsDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/v1/sessions/:sessionId/context',
      summary: 'Record the user message and compile the prompt for the next LLM call (the main call)',
      params: sessionParamsSchema,
      body: contextRequestBody(deps.tokenCap),
      response: contextResponseSchema,
      errors: [TOOL_CALL_CONFLICT, 413, 422],
      handler: async ({ params, body }) => {
        const { at, retry, ...rest } = body;
        const outcome = await deps.context({ ...rest, sessionId: params.sessionId, ...(at === undefined ? {} : { at: Date.parse(at) }) });
        return { ...shapeContext(outcome, deps.systemVersion), lastError: retry === true ? deps.lastError(params.sessionId) : null };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/v1/sessions/:sessionId/turns',
      summary: "Record the assistant's answer or a tool's result",
      params: sessionParamsSchema,
      body: turnRequestSchema,
      response: turnResponseSchema,
      errors: [TOOL_CALL_CONFLICT, 413],
      handler: async ({ params, body }): Promise<TurnResponse> => {
        const { at, ...rest } = body;
        const outcome = await deps.reply(params.sessionId, { ...rest, ...(at === undefined ? {} : { at: Date.parse(at) }) });
        const { turn, window } = outcome.recorded;
        return {
          turn: {
            turnNumber: turn.turnNumber,
            role: body.role,
            tokenCount: turn.tokenCount,
            windowTokenCount: turn.windowTokenCount,
            windowSize: window.size,
            windowReason: window.reason,
            summariesCreated: window.summariesCreated.length,
            resent: outcome.resent,
          },
          cache: outcome.cache,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/v1/sessions/:sessionId',
      summary: "The session's window (size and why), open segment, active summaries and prompt sizes",
      params: sessionParamsSchema,
      response: sessionResponseSchema,
      errors: [404],
      handler: ({ params }): SessionResponse => ({ ...deps.view(params.sessionId), stats: deps.stats(params.sessionId) }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/v1/sessions/:sessionId',
      summary:
        'End the session: flush the window and open segment into summaries; with ?erase=true, erase it instead: its turns, summaries and error records, its lines in the log files, and every cached answer',
      params: sessionParamsSchema,
      query: endSessionQuerySchema,
      response: endSessionResponseSchema,
      errors: [404],
      handler: ({ params, query }): EndSessionResponse => {
        if (query.erase === 'true') return { ended: true, summariesCreated: 0, archived: 0, erased: deps.erase(params.sessionId) };
        const outcome = deps.end(params.sessionId);
        return { ended: true, summariesCreated: outcome.summariesCreated.length, archived: outcome.archived };
      },
    }),
  ];
}

function shapeContext(outcome: ContextOutcome, systemVersion: string): Omit<ContextResponse, 'lastError'> {
  const { prompt, window } = outcome;
  const view = (fact: FactChangeView) => ({ id: fact.id, fact: fact.fact, domain: fact.domain });
  return {
    messages: prompt.messages.map((message) => ({ ...message })),
    tokens: prompt.tokens,
    budget: prompt.budget,
    usage: prompt.usage,
    level: prompt.level,
    layout: { total: prompt.report.total, sections: prompt.report.sections.map((section) => ({ ...section })) },
    hash: prompt.hash,
    systemVersion,
    turn: {
      turnNumber: outcome.turnNumber,
      topicShift: outcome.topicShift,
      shiftReasons: [...outcome.shiftReasons],
      windowSize: window.size,
      windowTurns: window.windowTurns.length,
      windowReason: window.reason,
      pressure: outcome.pressure,
      summariesCreated: window.summariesCreated.length,
      resent: outcome.resent,
    },
    facts: {
      added: outcome.factChanges.added.map(view),
      reconfirmed: outcome.factChanges.reconfirmed.map(view),
      superseded: outcome.factChanges.superseded.map(view),
      deleted: outcome.factChanges.deleted.map(view),
      notForgotten: outcome.factChanges.notForgotten.map((miss) => ({ ...miss })),
    },
    cached: outcome.cached === null ? null : { response: outcome.cached.response, disclaimer: outcome.cached.disclaimer, source: outcome.cached.source },
    dryRun: outcome.dryRun,
  };
}
