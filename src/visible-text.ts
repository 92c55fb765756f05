/**
 * Matches a text that shows something: one character that is not invisible. Invisible
 * are whitespace, controls, zero-width and other format characters (U+200B, U+2060,
 * U+FEFF…), fillers and variation selectors. Written without the `u` flag, as it runs: a
 * character beyond the Basic Multilingual Plane is two surrogates, and it shows through its
 * first one, except U+E0000–U+E03FF (first surrogate U+DB40), the tags ("ASCII smuggling":
 * text a model reads and a person does not see) and the supplementary variation selectors,
 * all invisible; a second surrogate alone never shows. (A reader of the OpenAPI document
 * that adds the `u` flag takes those for visible: the daemon refuses more than it says.)
 * One definition for every text a person or a model reads: a message, an answer, a fact.
 */
export const VISIBLE_CHARACTER =
  /[^\s\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\udc00-\udfff\udb40]/;
