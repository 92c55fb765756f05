// What a sentence says of what it names: that it holds, or the opposite. "I hate window
// seats" names "I prefer window seats" by its words and says the opposite of it; "I
// stopped drinking coffee", "dejé de tomar café", "odio el café sin azúcar" likewise. Such a
// sentence never re-confirms a fact that does not say the same (spec §1.1: the user
// mentioning the fact again re-confirms it; contradicting it does not). A fact that says
// it itself ("Remember that I hate cilantro") is said again by the same words.

/** What a (folded) text says against what it names: a negation, a dislike, a stop. */
export type Polarity = 'not' | 'dislike' | 'stop';

/** A negation in folded text (accents gone, lowercase): "no longer", "ya no", "anymore" are ones. */
export const NEGATION =
  /\b(?:not|no|never|none|nobody|nothing|nunca|jamas|tampoco|ni|nadie|nada|cannot|anymore)\b|\b\p{L}+n['’]t\b|\b(?:dont|doesnt|didnt|isnt|arent|wasnt|werent|cant|wont|wouldnt|shouldnt|couldnt|havent|hasnt|hadnt|aint)\b/u;
const DISLIKE =
  /\b(?:hate|hates|hated|hating|dislike|dislikes|disliked|detest|detests|detested|loathe|loathes|loathed|odio|odias|odia|odiamos|detesto|detestamos|aborrezco)\b/u;
const STOP =
  /\b(?:stopped|quit|quitted|gave up|given up|deje de|dejamos de|dejado de|he dejado|hemos dejado|abandone|abandonamos)\b/u;

/** The polarities a folded text carries, in a fixed order (none: it says that what it names holds). */
export function polarityOf(folded: string): Polarity[] {
  const found: Polarity[] = [];
  if (NEGATION.test(folded)) found.push('not');
  if (DISLIKE.test(folded)) found.push('dislike');
  if (STOP.test(folded)) found.push('stop');
  return found;
}

/** Whether two texts say what they name with the same polarities (`polarityOf` of each). */
export function samePolarity(a: readonly Polarity[], b: readonly Polarity[]): boolean {
  return a.length === b.length && a.every((each, i) => each === b[i]);
}
