import { execFile, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Every child the harness starts, so that an abrupt exit of the test process still ends them. */
const children = new Set<ChildProcess>();
let hooked = false;

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (!hooked) {
    hooked = true;
    // Synchronous last resort; the harness's close() is the normal path.
    process.once('exit', () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    });
  }
  return child;
}

/** Runs a command without blocking the event loop (the load keeps running meanwhile). */
export async function command(file: string, args: string[], timeoutMs = 60_000): Promise<string> {
  const { stdout } = await run(file, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 });
  return stdout;
}

export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Resident set size of a process in bytes, from /proc (undefined once it is gone). */
export function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the last `limit` characters of a stream, for failure messages without unbounded memory. */
export class Tail {
  #text = '';
  readonly #limit: number;
  constructor(limit = 64 * 1024) {
    this.#limit = limit;
  }
  push(chunk: string | Buffer) {
    this.#text += chunk;
    if (this.#text.length > this.#limit * 2) this.#text = this.#text.slice(-this.#limit);
  }
  toString() {
    return this.#text.slice(-this.#limit);
  }
}
