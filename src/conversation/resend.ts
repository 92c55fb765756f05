/**
 * How long after a turn the same request counts as sent again, recorded once (a context call
 * or a /turns request the assistant resent after its deadline, 30 s by default, passed):
 * later, the same message is said again, a new turn.
 */
export const RESEND_WINDOW_MS = 2 * 60_000;
