/** The endings of a Spanish present-tense first person ("tomo", "voy", "comemos", "vivimos"), for regular expressions. */
export const FIRST_PERSON_ES_ENDING = '(?:o|oy|amos|emos|imos)';
