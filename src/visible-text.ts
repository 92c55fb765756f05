/**
 * Matches a text that shows something: one character that is not invisible. Invisible
 * are whitespace, controls, zero-width and other format characters (U+200B, U+2060,
 * U+FEFF…), fillers and variation selectors; only the Basic Multilingual Plane's, so the
 * pattern means the same with and without the `u` flag (an OpenAPI reader may use
 * either); the few invisible characters beyond it (tags) count as visible. One
 * definition for every text a person or a model reads: a message, an answer, a fact.
 */
export const VISIBLE_CHARACTER =
  /[^\s\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]/;
