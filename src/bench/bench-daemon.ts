import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemorydClient } from '../client/memoryd-client.js';
import { loadConfig } from '../config/config.js';
import { DIST_ENTRY } from '../cli/dist-paths.js';
import { AppError } from '../errors.js';
import { exitOf, REPO_ROOT, stopChild, type ChildExit } from './child-process.js';

// Only the tail of the child's output is kept: enough to explain a crash, bounded in memory.
const OUTPUT_TAIL_CHARS = 16_000;

/** A daemon started as a child process on a private temp data dir, for benchmarks. */
export interface BenchDaemon {
  readonly pid: number;
  readonly socketPath: string;
  readonly dataDir: string;
  /** The daemon's resident set size in bytes, from /proc (Linux only; null elsewhere or after exit). */
  rssBytes(): number | null;
  /** The sizes of the database file, its write-ahead log and its shared-memory index, apart. */
  databaseFiles(): DatabaseFiles;
  /** The last characters the child wrote to stderr and to its log files (diagnostics on failure). */
  stderrTail(): string;
  /** SIGTERM, wait for the exit (SIGKILL after `timeoutMs`), remove the data dir. */
  stop(timeoutMs?: number): Promise<ChildExit>;
}

/** Bytes of each file of the daemon's database (0 for a file that does not exist). */
export interface DatabaseFiles {
  db: number;
  wal: number;
  shm: number;
  /** The page size from the database file's header; null before the file has one. */
  pageSize: number | null;
}

export interface BenchDaemonOptions {
  /** Extra MEMORYD_* settings on top of the bench defaults. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Extra node flags for the child, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
}

/**
 * Starts `npm start`'s entry point (the compiled daemon in dist/, no npm wrapper) as a
 * child so its RSS is measured apart from the benchmark client's, with the hashing
 * embedder, no start-up warm-up (unless `env` asks for one) and a fresh data dir. Resolves once the daemon answers its health check.
 * `npm run bench` builds dist/ first; without it this refuses, rather than measure an
 * old build or the TypeScript run through tsx.
 */
export async function startBenchDaemon(options: BenchDaemonOptions = {}): Promise<BenchDaemon> {
  if (!existsSync(join(REPO_ROOT, DIST_ENTRY))) {
    throw new AppError('INTERNAL', `no compiled daemon at ${DIST_ENTRY}: run npm run build (npm run bench does)`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'memoryd-bench-'));
  const env: Record<string, string> = {
    MEMORYD_DATA_DIR: dataDir,
    MEMORYD_EMBEDDER: 'hashing',
    MEMORYD_LOG_LEVEL: 'warn',
    // The warm-up is measured by `npm run bench -- start` alone; elsewhere it would overlap the first calls.
    MEMORYD_WARM_UP_EXCHANGES: '0',
    ...options.env,
  };
  // The same reading of the settings the child does, to know its socket and database paths.
  const config = loadConfig(env, { cwd: REPO_ROOT });
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), DIST_ENTRY], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-OUTPUT_TAIL_CHARS)));
  child.stdout?.resume();
  const exited = exitOf(child);
  const pid = child.pid;
  try {
    if (pid === undefined) throw new AppError('INTERNAL', 'could not spawn the daemon');
    await waitUntilHealthy(config.socketPath, child, options.readyTimeoutMs ?? 60_000, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    pid,
    socketPath: config.socketPath,
    dataDir,
    rssBytes: () => readRssBytes(pid),
    databaseFiles: () => ({
      db: fileBytes(config.dbPath),
      wal: fileBytes(`${config.dbPath}-wal`),
      shm: fileBytes(`${config.dbPath}-shm`),
      pageSize: readPageSize(config.dbPath),
    }),
    stderrTail: () => `${stderr}${logsTail(config.logsDir)}`,
    stop: async (timeoutMs = 10_000) => {
      try {
        return await stopChild(child, exited, timeoutMs);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** VmRSS of a process from /proc/<pid>/status, in bytes; null when unavailable (not Linux, or gone). */
export function readRssBytes(pid: number): number | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // Not Linux, or the process has exited: the figure is simply unavailable.
    return null;
  }
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match?.[1] === undefined ? null : Number(match[1]) * 1024;
}

function logsTail(logsDir: string): string {
  if (!existsSync(logsDir)) return '';
  return readdirSync(logsDir)
    .sort()
    .map((name) => `--- ${name}\n${readFileSync(join(logsDir, name), 'utf8').slice(-OUTPUT_TAIL_CHARS)}`)
    .join('\n');
}

// The page size stored at offset 16 of an SQLite database file (big-endian; 1 means 65536).
function readPageSize(dbPath: string): number | null {
  if (!existsSync(dbPath)) return null;
  const header = Buffer.alloc(18);
  const fd = openSync(dbPath, 'r');
  try {
    if (readSync(fd, header, 0, header.length, 0) < header.length) return null;
  } finally {
    closeSync(fd);
  }
  const size = header.readUInt16BE(16);
  return size === 1 ? 65_536 : size;
}

function fileBytes(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

async function waitUntilHealthy(socketPath: string, child: ChildProcess, timeoutMs: number, stderr: () => string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new AppError('INTERNAL', `the daemon exited before answering (code ${child.exitCode}): ${stderr()}`);
    }
    if (existsSync(socketPath) && (await answersHealth(socketPath))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new AppError('INTERNAL', `the daemon did not answer its health check within ${timeoutMs} ms: ${stderr()}`);
}

async function answersHealth(socketPath: string): Promise<boolean> {
  const client = new MemorydClient({ socketPath, timeoutMs: 2000 });
  try {
    await client.health();
    return true;
  } catch {
    // Listening is not the same as ready: keep polling until the deadline.
    return false;
  } finally {
    client.close();
  }
}
