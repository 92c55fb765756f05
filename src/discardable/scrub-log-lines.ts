import { closeSync, constants, fstatSync, fsyncSync, openSync, readdirSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { logFileHour } from './log-files.js';

/** What an erased line reads as: valid NDJSON, padded with spaces to the line's length. */
export const ERASED_LINE = '{"erased":true}';

const CHUNK_BYTES = 1 << 20;
const NEWLINE = 0x0a;

/**
 * Blanks every line of the log files in `dir` that `matches`, in place: each is overwritten
 * with `ERASED_LINE` and spaces to its own length, so the file keeps its size and every
 * other byte (a writer appending meanwhile, from this process or another, loses nothing),
 * and the line's bytes are overwritten where they were rather than left in a freed block.
 * A crash midway leaves some lines blanked and the others as they were, never a torn file.
 * Files are opened as the log stream opens them: never through a link (a link in a log
 * file's place is skipped: memoryd never wrote through it), only regular files of this
 * user's. Returns how many lines were blanked. A file deleted meanwhile (expired) is
 * skipped; any other error is thrown, after the files before it were done.
 */
export function scrubLogLines(dir: string, matches: (line: string) => boolean): number {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if (isCode(error, 'ENOENT')) return 0;
    throw error;
  }
  let blanked = 0;
  for (const name of names.sort()) {
    if (logFileHour(name) === null) continue;
    blanked += scrubFile(join(dir, name), matches);
  }
  return blanked;
}

function scrubFile(path: string, matches: (line: string) => boolean): number {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDWR | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    // Deleted meanwhile (expired), or a link in a log file's place, which memoryd never wrote through.
    if (isCode(error, 'ENOENT') || isCode(error, 'ELOOP') || isCode(error, 'EMLINK')) return 0;
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    const uid = process.getuid?.();
    if (!stats.isFile() || (uid !== undefined && stats.uid !== uid)) return 0;
    const blanked = blankMatchingLines(fd, stats.size, matches);
    if (blanked > 0) fsyncSync(fd);
    return blanked;
  } finally {
    closeSync(fd);
  }
}

// Reads the file's first `size` bytes chunk by chunk (a line may span chunks) and blanks each
// whole line that matches. A last line without its newline is being written: left alone.
function blankMatchingLines(fd: number, size: number, matches: (line: string) => boolean): number {
  let blanked = 0;
  let carry = Buffer.alloc(0);
  let carryStart = 0;
  for (let offset = 0; offset < size; ) {
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, size - offset));
    const read = readSync(fd, chunk, 0, chunk.length, offset);
    if (read <= 0) break;
    const bytes = carry.length === 0 ? chunk.subarray(0, read) : Buffer.concat([carry, chunk.subarray(0, read)]);
    let lineStart = 0;
    for (let end = bytes.indexOf(NEWLINE); end >= 0; end = bytes.indexOf(NEWLINE, lineStart)) {
      if (matches(bytes.toString('utf8', lineStart, end))) {
        writeSync(fd, blankOf(end - lineStart), 0, end - lineStart, carryStart + lineStart);
        blanked += 1;
      }
      lineStart = end + 1;
    }
    carry = Buffer.from(bytes.subarray(lineStart));
    carryStart += lineStart;
    offset += read;
  }
  return blanked;
}

function blankOf(length: number): Buffer {
  const blank = Buffer.alloc(length, ' ');
  if (length >= ERASED_LINE.length) blank.write(ERASED_LINE, 0, 'utf8');
  return blank;
}

/**
 * Whether a log line is about session `sessionId`: it names it as its `sessionId` (a
 * discardable record, a prompt-usage warning) or in a request's URL (an error logged with
 * it). Session ids are `[A-Za-z0-9._:-]`: no JSON escaping, and a delimiter after the id
 * keeps "s1" from matching "s10".
 */
export function linesOfSession(sessionId: string): (line: string) => boolean {
  const named = `"sessionId":"${sessionId}"`;
  // A client may send the id percent-encoded (":" as "%3A", as memoryd's own client does), in either case of hex.
  const encoded = encodeURIComponent(sessionId);
  const paths = [...new Set([sessionId, encoded, encoded.replace(/%[0-9A-F]{2}/gu, (escape) => escape.toLowerCase())])].map((id) => `/v1/sessions/${id}`);
  return (line) => line.includes(named) || paths.some((path) => namesPath(line, path));
}

function namesPath(line: string, path: string): boolean {
  for (let at = line.indexOf(path); at >= 0; at = line.indexOf(path, at + 1)) {
    const after = line[at + path.length];
    if (after === '/' || after === '?' || after === '"' || after === '#') return true;
  }
  return false;
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
