import type { MemorydApiError, MemorydClient } from '../../src/client/memoryd-client.js';
import type { FieldIssue } from '../../src/errors.js';

/** An answer read in the API's error format: `code` is 'none' and `issues` empty where it has none. */
export interface Refusal {
  status: number;
  code: string;
  issues: FieldIssue[];
}

/**
 * Sends a request as written and reads the answer as an API error. The body is a string
 * so that a test can spell what JSON.stringify would not (a lone surrogate, a NUL, an
 * integer beyond 2^53); it goes labelled application/json, as the client labels any body.
 */
export async function refusal(client: MemorydClient, method: string, path: string, body?: string): Promise<Refusal> {
  const response = await client.raw(method, path, body);
  const { error } = JSON.parse(response.body) as { error?: { code: string; details?: Record<string, unknown> } };
  return { status: response.status, code: error?.code ?? 'none', issues: issuesIn(error?.details) };
}

/** The paths of the field issues a client call's API error names, in its order. */
export function issuePaths(error: MemorydApiError): string[] {
  return issuesIn(error.details).map((issue) => issue.path);
}

function issuesIn(details: Record<string, unknown> | undefined): FieldIssue[] {
  return (details?.issues as FieldIssue[] | undefined) ?? [];
}
