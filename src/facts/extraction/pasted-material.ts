import { sliceFolded, type FoldedText } from './folded-text.js';
import { stripMarkers } from './markers.js';

// A line that ends with a colon and says that what follows is pasted or someone else's
// words ("Here is the output of git log:", "The CI printed:", "Here is my teammate
// message:", "Commit message draft:", "Aquí está la salida:", "Juan me escribió:"): the
// lines after it are quoted material, not the user's own statements (spec §1.1: never
// from tool output or quoted text). A heading on the same line as what it heads ("Update:
// I now work at Globex") ends no line with its colon, and is read past as before. Only the
// clause that ends at the colon introduces, and only by its head: the material itself
// ("the output", "my teammate's message", "the message from Ana"), who printed or said
// it ("the CI printed"), or a verb that pastes it ("Pasting the tool output"). "Sorry for
// the late reply:", "Follow-up on yesterday's thread:", "Here's my decision:", "Here's what
// happened:" introduce the user's own words.
const MATERIAL_NOUNS =
  'output|outputs|logs?|results?|errors?|traces?|stack\\s?traces?|tracebacks?|messages?|drafts?|e-?mails?|texts?|transcripts?|snippets?|' +
  'excerpts?|quotes?|replies|reply|responses?|diffs?|pastes?|console|terminal|stdout|stderr|dumps?|chat|thread|comments?|tweets?|posts?|' +
  'salida|resultados?|errores|error|trazas?|mensajes?|borradores?|correos?|mails?|textos?|respuestas?|hilo|comentarios?|registros?';
const SPEECH_VERBS =
  'printed|prints|returned|returns|shows|showed|logged|outputs|says|said|wrote|writes|replied|replies|answered|' +
  'posted|sent|forwarded|reads|dijo|dice|escribio|escribe|respondio|contesto|mando|envio|puso|imprimio|devolvio|muestra|mostro';
// Words that open a line without being part of what introduces ("So, here is…", "Anyway, my answer:").
const LEAD = '(?:(?:ok|okay|so|and|also|anyway|btw|fyi|now|then|bueno|entonces|y|ademas)\\b[\\s,]*)*';
// A phrase that presents what follows ("here is", "aquí está", "te paso"): its object decides.
const PRESENTING = "(?:here(?:'s|\\s+is|\\s+are)|this\\s+is|these\\s+are|below\\s+is|aqui\\s+(?:esta|estan|va|van|tienes|tenes)|aca\\s+(?:esta|estan|va|van|tenes)|te\\s+paso)";
// A verb that says the user is pasting ("Pasting the tool output:", "te pego el log:"), whatever follows.
const PASTING =
  "(?:(?:i'm|im|i\\s+am|i've|i\\s+have|i|we're|we)\\s+)?(?:pasting|pasted|copying|copied|quoting|forwarding)\\b.*|(?:te\\s+)?(?:pego|copio|reenvio)\\b.*|" +
  "here(?:'s|\\s+is)?\\s+it(?:\\s+is)?|here\\s+you\\s+go";
// The material as the head of a noun phrase: a determiner, up to three words that modify
// it (none a preposition or a pronoun), the noun, and what it is of or from.
const DETERMINER = "(?:the|my|our|his|her|their|your|this|that|these|those|a|an|some|the\\s+following|el|la|los|las|mi|mis|su|sus|este|esta|estos|estas|un|una)";
const NOT_A_MODIFIER =
  "(?:for|on|in|to|about|with|at|by|from|of|after|before|since|per|re|regarding|sorry|thanks|i|we|you|he|she|they|it|is|are|was|were|para|por|sobre|con|de|del|en|a)";
const MODIFIER = `(?!${NOT_A_MODIFIER}\\b)[\\p{L}\\p{N}][\\p{L}\\p{N}'-]*`;
const MATERIAL_PHRASE =
  `(?:${DETERMINER}\\s+)?(?:${MODIFIER}\\s+){0,3}(?:${MATERIAL_NOUNS})(?:\\s+(?:of|from|de|del|in|on|en|for|para)\\s+.+)?(?:\\s+(?:below|above|here|again|abajo|aqui))?`;
// "this error", "the following output" after a verb ("I got this error:", "it fails with the following trace:").
const POINTED_MATERIAL =
  `\\b(?:this|these|that|those|the\\s+following|este|esta|estos|estas|el\\s+siguiente|la\\s+siguiente)\\s+(?:${MODIFIER}\\s+){0,3}(?:${MATERIAL_NOUNS})(?:\\s+(?:of|from|when|while|in|on|de|del|en|al|cuando)\\s+.+)?`;
const SPEECH_TAIL = '(?:\\s+(?:back|me|to me|this|the following|something like|esto|lo siguiente))?';
const INTRODUCER = new RegExp(
  `^\\W*${LEAD}(?:(?:${PRESENTING}\\s+)?${MATERIAL_PHRASE}|${PASTING}|.*${POINTED_MATERIAL}|.*\\b(?:${SPEECH_VERBS})${SPEECH_TAIL})[\\s:]*$`,
  'u',
);
// "Here is what I decided:", "Here's what I wrote:": the user's own words.
const OWN_WORDS = /^\W*(?:here(?:'s|\s+is|\s+are)|this\s+is)\s+(?:what|how)\s+(?:i|we)\b/u;
// The clause that ends at the colon: after the line's last sentence end.
const LAST_CLAUSE = /(?:^|[.!?…;]\s+)(?<clause>[^.!?…;]*(?:[.!?…;](?!\s)[^.!?…;]*)*)$/u;
// An introducing line is short: a longer one ending with a colon is a sentence of its own.
const MAX_INTRODUCER_CHARS = 120;
const LINE = /[^\n]*(?:\n|$)/gu;
const FENCE = /^\s*```/u;

/**
 * The parts of a message the user said themselves: the whole message, or the part before
 * the first line that introduces pasted material (with that line), and, when the material
 * is one fenced code block right after that line, what follows the block's closing fence.
 * Without a fence the material runs to the end of the message: pasted text holds blank
 * lines and first-person sentences of its own, so nothing after it tells safely where it ends.
 */
export function ownParts(message: FoldedText): FoldedText[] {
  const parts: FoldedText[] = [];
  let from = 0;
  for (;;) {
    const cut = introducerEnd(message, from);
    if (cut === null) break;
    parts.push(sliceFolded(message, from, cut));
    const after = fencedBlockEnd(message.scan, cut);
    if (after === null) return parts;
    from = after;
  }
  parts.push(from === 0 ? message : sliceFolded(message, from, message.folded.length));
  return parts;
}

// The end of the first introducing line at or after `from` (its line break included), or null.
function introducerEnd(message: FoldedText, from: number): number | null {
  LINE.lastIndex = from;
  for (let match = LINE.exec(message.scan); match !== null && match[0].length > 0; match = LINE.exec(message.scan)) {
    const line = match[0].trim();
    const end = match.index + match[0].length;
    if (!match[0].endsWith('\n')) return null;
    if (line.endsWith(':') && introduces(sliceFolded(message, match.index, end - 1))) return end;
  }
  return null;
}

function introduces(line: FoldedText): boolean {
  const scan = line.scan.trim();
  const clause = LAST_CLAUSE.exec(scan)?.groups?.['clause']?.trim() ?? scan;
  if (clause.length > MAX_INTRODUCER_CHARS || !INTRODUCER.test(clause) || OWN_WORDS.test(clause)) return false;
  // "Remember this message:": asked to be kept, what follows is the user's to keep.
  return !stripMarkers(line).markers.explicit;
}

// Where the text after a fenced block that opens right at `start` goes on, or null.
function fencedBlockEnd(scan: string, start: number): number | null {
  const rest = scan.slice(start);
  const lead = /^\s*/u.exec(rest)?.[0].length ?? 0;
  if (!FENCE.test(rest.slice(lead))) return null;
  const open = start + lead + 3;
  const close = scan.indexOf('```', open);
  if (close < 0) return null;
  const lineEnd = scan.indexOf('\n', close);
  return lineEnd < 0 ? scan.length : lineEnd + 1;
}
