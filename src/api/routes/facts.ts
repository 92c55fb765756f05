import type { FactChanges, FactView } from '../../facts/fact-record.js';
import type { FactsService } from '../../facts/facts-service.js';
import { defineRoute, Reply, type ExtraResponse, type RouteSpec } from '../route.js';
import {
  factAddResponseSchema,
  factChainResponseSchema,
  factDeleteBodySchema,
  factDeleteQuerySchema,
  factEditResponseSchema,
  factListQuerySchema,
  factListResponseSchema,
  factParamsSchema,
  factPatchBodySchema,
  factResponseSchema,
  newFactBodySchema,
  type ApiFact,
  type ApiFactChanges,
  type FactAddResponse,
  type FactEditResponse,
} from '../schemas/facts.js';

const DELETE_CONFLICT: ExtraResponse = {
  status: 409,
  description: 'the fact is superseded: it can no longer be changed (a fact already deleted is answered as it stands, unchanged)',
};
const EDIT_CONFLICT: ExtraResponse = {
  status: 409,
  description:
    'the fact is deleted or superseded, or the edit would make it the same statement as another live fact, in any domain (details.sameAs): nothing changed',
};
const ADD_CONFLICT: ExtraResponse = {
  status: 409,
  description: 'the same statement is already live in another domain (details.sameAs): nothing changed',
};
const BOTH_REASONS = 'give the reason once, in the body or in the query';
const ERASE_DISAGREES = 'the body and the query disagree on erase: give it once, in the body or in the query';

/** A change the facts routes made, as `memoryd_facts_total` counts it. */
export type FactChangeKind = 'added' | 'edited' | 'reconfirmed' | 'superseded' | 'deleted';

export interface FactsRouteDeps {
  facts: Pick<FactsService, 'list' | 'get' | 'add' | 'edit' | 'delete' | 'erase' | 'chain'>;
  /** Called once a change is committed. */
  onChange(kind: FactChangeKind): void;
}

/** A fact in the API's shape: ISO times, the reason it is not injectable only when it is not. */
export function toApiFact(view: FactView): ApiFact {
  const { notInjectableBecause, createdAt, lastConfirmedAt, updatedAt, ...rest } = view;
  return {
    ...rest,
    createdAt: new Date(createdAt).toISOString(),
    lastConfirmedAt: new Date(lastConfirmedAt).toISOString(),
    updatedAt: new Date(updatedAt).toISOString(),
    ...(notInjectableBecause === null ? {} : { notInjectableBecause }),
  };
}

/** What a user turn changed, in the API's shape (for the context call's `facts`). */
export function toApiFactChanges(changes: FactChanges): ApiFactChanges {
  return {
    added: changes.added.map(toApiFact),
    reconfirmed: changes.reconfirmed.map(toApiFact),
    superseded: changes.superseded.map(toApiFact),
    deleted: changes.deleted.map(toApiFact),
  };
}

export function factsRoutes(deps: FactsRouteDeps): RouteSpec[] {
  const { facts } = deps;
  return [
    defineRoute({
      method: 'GET',
      path: '/v1/facts',
      summary: 'List facts by domain, status (effective now; default active, or all) and text',
      query: factListQuerySchema,
      response: factListResponseSchema,
      handler: ({ query }) => ({ facts: facts.list(query).map(toApiFact) }),
    }),
    defineRoute({
      method: 'POST',
      path: '/v1/facts',
      summary:
        'Add a fact explicitly (confidence high unless given), superseding the live facts of its subject; one naming a credential is refused (400); durable when answered',
      body: newFactBodySchema,
      status: 201,
      response: factAddResponseSchema,
      errors: [
        { status: 200, description: 'the same statement was already live in the domain: re-confirmed, not added again (created: false)', schema: factAddResponseSchema },
        ADD_CONFLICT,
      ],
      handler: async ({ body }) => {
        const { fact, created, superseded } = await facts.add(body);
        deps.onChange(created ? 'added' : 'reconfirmed');
        for (const _ of superseded) deps.onChange('superseded');
        const reply: FactAddResponse = { fact: toApiFact(fact), created, superseded: superseded.map(toApiFact) };
        return created ? reply : Reply.json(200, reply);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/v1/facts/:id',
      summary: 'One fact, with whether it is injectable now and why not',
      params: factParamsSchema,
      response: factResponseSchema,
      errors: [404],
      handler: ({ params }) => ({ fact: toApiFact(facts.get(params.id)) }),
    }),
    defineRoute({
      method: 'PATCH',
      path: '/v1/facts/:id',
      summary:
        'Edit (fact, domain, confidence) and/or re-confirm a fact that still holds; a new statement supersedes the live facts of its subject, and one naming a credential is refused (400)',
      params: factParamsSchema,
      body: factPatchBodySchema,
      response: factEditResponseSchema,
      errors: [404, EDIT_CONFLICT],
      handler: async ({ params, body }): Promise<FactEditResponse> => {
        const { fact, edited, superseded } = await facts.edit(params.id, body);
        if (edited) deps.onChange('edited');
        if (body.confirm === true) deps.onChange('reconfirmed');
        for (const _ of superseded) deps.onChange('superseded');
        return { fact: toApiFact(fact), edited, superseded: superseded.map(toApiFact) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/v1/facts/:id',
      summary:
        'Soft-delete a fact (status deleted) with an optional reason in the body or the query (not both: 400); with erase (in the body or the query; the two disagreeing: 400), also erase its text, subject and vector, and those of the older values it replaced',
      params: factParamsSchema,
      query: factDeleteQuerySchema,
      body: factDeleteBodySchema,
      response: factResponseSchema,
      errors: [404, DELETE_CONFLICT],
      crossCheck: ({ query, body }) => [
        ...(body?.reason !== undefined && query?.reason !== undefined
          ? [
              { path: 'body.reason', message: BOTH_REASONS },
              { path: 'query.reason', message: BOTH_REASONS },
            ]
          : []),
        // An erase cannot be undone: a request that says both is refused, not read either way.
        ...(body?.erase !== undefined && query?.erase !== undefined && body.erase !== (query.erase === 'true')
          ? [
              { path: 'body.erase', message: ERASE_DISAGREES },
              { path: 'query.erase', message: ERASE_DISAGREES },
            ]
          : []),
      ],
      handler: ({ params, query, body }) => {
        const reason = body?.reason ?? query.reason;
        const { fact, deleted } = body?.erase === true || query.erase === 'true' ? facts.erase(params.id, reason) : facts.delete(params.id, reason);
        if (deleted) deps.onChange('deleted');
        return { fact: toApiFact(fact) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/v1/facts/:id/chain',
      summary: 'The supersede chain of a fact: the facts it replaced and those that replaced it, oldest first',
      params: factParamsSchema,
      response: factChainResponseSchema,
      errors: [404],
      handler: ({ params }) => ({ id: params.id, facts: facts.chain(params.id).map(toApiFact) }),
    }),
  ];
}
