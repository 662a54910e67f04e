import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { LOCK_FILE_NAME, lockDataDir, processStartTime } from './data-dir-lock.ts';

const folders: string[] = [];
const children: ChildProcess[] = [];

function freshDataDir() {
  const folder = mkdtempSync(path.join(tmpdir(), 'offplan-lock-'));
  folders.push(folder);
  return folder;
}

/** Another live process, standing in for a second portal. */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

/** The pid of a process that has exited: what a crashed portal leaves in its lock. */
async function deadPid() {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const lockFile = (dataDir: string) => path.join(dataDir, LOCK_FILE_NAME);
const refusal = (pid: number, dataDir: string) =>
  `Another portal process (pid ${pid}) is using DATA_DIR ${path.resolve(dataDir)}. ` +
  'Stop it, or use a PostgreSQL server (DATABASE_URL) to run several processes.';

describe('lockDataDir', () => {
  it('creates DATA_DIR/portal.lock holding our pid', async () => {
    const dataDir = freshDataDir();
    const lock = await lockDataDir(dataDir);
    expect(lock.file).toBe(lockFile(dataDir));
    expect(readFileSync(lock.file, 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  });

  it('refuses a lock held by another live process, naming its pid and the folder', async () => {
    const dataDir = freshDataDir();
    const child = otherProcess();
    writeFileSync(lockFile(dataDir), `${child.pid}\n${processStartTime(child.pid!) ?? ''}\n`);
    await expect(lockDataDir(dataDir)).rejects.toThrow(refusal(child.pid!, dataDir));
    expect(readFileSync(lockFile(dataDir), 'utf8').split('\n')[0]).toBe(String(child.pid));
  });

  it('refuses a second lock in the same process', async () => {
    const dataDir = freshDataDir();
    const lock = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(refusal(process.pid, dataDir));
    lock.release();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = freshDataDir();
    writeFileSync(lockFile(dataDir), `${await deadPid()}\n`);
    const lock = await lockDataDir(dataDir);
    expect(readFileSync(lock.file, 'utf8').split('\n')[0]).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock naming our own pid that we never took (a previous run in a restarted container)', async () => {
    const dataDir = freshDataDir();
    writeFileSync(lockFile(dataDir), `${process.pid}\n1\n`);
    const lock = await lockDataDir(dataDir);
    lock.release();
  });

  it.runIf(processStartTime(process.pid) !== undefined)(
    'takes over a lock whose pid now belongs to a process started later (pid reused)',
    async () => {
      const dataDir = freshDataDir();
      const child = otherProcess();
      writeFileSync(lockFile(dataDir), `${child.pid}\n1\n`);
      const lock = await lockDataDir(dataDir);
      lock.release();
    },
  );

  it('takes over an empty or unreadable lock file', async () => {
    const dataDir = freshDataDir();
    writeFileSync(lockFile(dataDir), '');
    const lock = await lockDataDir(dataDir);
    lock.release();
    writeFileSync(lockFile(dataDir), '0\n');
    (await lockDataDir(dataDir)).release();
  });

  it('release removes the lock file, so the folder can be locked again; releasing twice is harmless', async () => {
    const dataDir = freshDataDir();
    const first = await lockDataDir(dataDir);
    first.release();
    expect(existsSync(lockFile(dataDir))).toBe(false);
    first.release();
    const second = await lockDataDir(dataDir);
    expect(existsSync(second.file)).toBe(true);
    second.release();
  });

  it('release leaves alone a lock another process has taken since', async () => {
    const dataDir = freshDataDir();
    const lock = await lockDataDir(dataDir);
    const child = otherProcess();
    writeFileSync(lock.file, `${child.pid}\n`);
    lock.release();
    expect(readFileSync(lockFile(dataDir), 'utf8')).toBe(`${child.pid}\n`);
  });
});

describe('openDatabase on a DATA_DIR', () => {
  it('refuses a second embedded database on the same folder until the first is closed', async () => {
    const dataDir = freshDataDir();
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(refusal(process.pid, dataDir));
    await first.close();
    expect(existsSync(lockFile(dataDir))).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  });
});
