import { sliceFolded, type FoldedText } from './folded-text.js';
import { stripMarkers } from './markers.js';

// A line that ends with a colon and says that what follows is pasted or someone else's
// words ("Here is the output of git log:", "The CI printed:", "Here is my teammate
// message:", "Commit message draft:", "Aquí está la salida:", "Juan me escribió:"): the
// lines after it are quoted material, not the user's own statements (spec §1.1: never
// from tool output or quoted text). A heading on the same line as what it heads ("Update:
// I now work at Globex") ends no line with its colon, and is read past as before.
const MATERIAL_NOUNS =
  'output|outputs|logs?|results?|errors?|traces?|stack\\s?traces?|tracebacks?|messages?|drafts?|e-?mails?|texts?|transcripts?|snippets?|' +
  'excerpts?|quotes?|replies|reply|responses?|diffs?|pastes?|console|terminal|stdout|stderr|dumps?|chat|thread|comments?|tweets?|posts?|' +
  'salida|resultados?|errores|trazas?|mensajes?|borradores?|correos?|mails?|textos?|respuestas?|hilo|comentarios?|registros?';
const SPEECH_VERBS =
  'printed|prints|printing|returned|returns|shows|showed|shown|logged|outputs|says|said|wrote|writes|written|replied|replies|answered|' +
  'posted|sent|forwarded|reads|dijo|dice|escribio|escribe|respondio|contesto|mando|envio|puso|imprimio|devolvio|muestra|mostro';
const PASTING =
  "here(?:'s|\\s+is|\\s+are|\\s+it\\s+is)|this\\s+is\\s+what|pasting|pasted|copying|copied|quoting|forwarding|" +
  'aqui\\s+(?:esta|estan|va|van|tienes|tenes)|aca\\s+(?:esta|estan|va|van|tenes)|te\\s+(?:paso|pego|copio|reenvio)|pego|copio';
const INTRODUCER = new RegExp(`\\b(?:${MATERIAL_NOUNS}|${SPEECH_VERBS})\\b|^(?:\\W*)(?:${PASTING})\\b`, 'u');
// "Here is what I decided:", "Here's the thing:", "Here's my plan:" introduce the user's own words.
const OWN_WORDS =
  /^\W*(?:here(?:'s|\s+is|\s+are)|this\s+is)\s+(?:(?:what|how)\s+(?:i|we)\b|(?:the|my|our|an?|some)\s+(?:thing|deal|plan|situation|context|problem|question|issue|update|news|idea|summary|background|story|point|catch|gist)s?\s*:?$)/u;
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
    if (line.endsWith(':') && line.length <= MAX_INTRODUCER_CHARS && introduces(sliceFolded(message, match.index, end - 1))) return end;
  }
  return null;
}

function introduces(line: FoldedText): boolean {
  const scan = line.scan.trim();
  if (!INTRODUCER.test(scan) || OWN_WORDS.test(scan)) return false;
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
