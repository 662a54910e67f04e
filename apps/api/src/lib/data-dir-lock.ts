import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One process per DATA_DIR: two PGlite instances on the same files each keep their own copy of
 * the database in memory and overwrite each other's writes, so the second one is refused.
 */
export type DataDirLock = {
  /** Absolute path of the lock file. */
  file: string;
  /** Removes the lock file if it is still ours. Safe to call more than once. */
  release(): void;
};

export const LOCK_FILE_NAME = 'portal.lock';

/** Lock files this process holds: a second open in the same process is as harmful as another process. */
const heldHere = new Set<string>();

type Holder = { pid: number; startTime: string | undefined };

/**
 * When the process started, in clock ticks since boot (Linux `/proc/<pid>/stat`, field 22);
 * undefined elsewhere or when there is no such process. With the pid it names one process even
 * after the pid is reused by another, e.g. after a container restart.
 */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function lockContent(): string {
  return `${process.pid}\n${processStartTime(process.pid) ?? ''}\n`;
}

function parseHolder(content: string): Holder | undefined {
  const [pidLine, startLine] = content.split('\n');
  const pid = Number(pidLine);
  // 0 and negative pids would make process.kill signal a whole process group.
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  return { pid, startTime: startLine || undefined };
}

function isAlive({ pid, startTime }: Holder, file: string): boolean {
  // Our own pid in a lock we did not take: a previous run (say in a restarted container) that
  // got the same pid and died without releasing.
  if (pid === process.pid) return heldHere.has(file);
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (startTime === undefined) return true;
  const now = processStartTime(pid);
  return now === undefined || now === startTime;
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function unlinkIfPresent(file: string) {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Takes `DATA_DIR/portal.lock` (created exclusively, holding our pid), or throws when a live
 * process holds it. A lock left by a process that is gone is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const directory = path.resolve(dataDir);
  const file = path.join(directory, LOCK_FILE_NAME);
  const content = lockContent();
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, content);
      } finally {
        closeSync(fd);
      }
      heldHere.add(file);
      return { file, release: () => releaseLock(file, content) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let found = readIfPresent(file);
    if (found === undefined) continue; // released meanwhile: try again
    // Empty: its owner may be between creating and writing it. Give it a moment.
    if (!found) {
      await sleep(100);
      found = readIfPresent(file);
      if (found === undefined) continue;
    }
    const holder = parseHolder(found);
    if (holder && isAlive(holder, file)) {
      throw new Error(
        `Another portal process (pid ${holder.pid}) is using DATA_DIR ${directory}. ` +
          'Stop it, or use a PostgreSQL server (DATABASE_URL) to run several processes.',
      );
    }
    // Stale. Removed only if unchanged, so a process that just took it over keeps it.
    if (readIfPresent(file) === found) unlinkIfPresent(file);
  }
  throw new Error(`Could not take the lock ${file}: other processes keep taking it. Try again.`);
}

function releaseLock(file: string, content: string) {
  if (!heldHere.delete(file)) return;
  // Never remove a lock another process took over (after ours was wrongly judged stale).
  if (readIfPresent(file) === content) unlinkIfPresent(file);
}
