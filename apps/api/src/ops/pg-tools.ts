import { spawn } from 'node:child_process';
import { BackupError } from './backup-error.ts';

/** PostgreSQL's own client programs, which the backup of a server database runs (decision 038). */
export type PgTool = 'pg_dump' | 'pg_restore';

/** The programs to run: on PATH by default (Debian's postgresql-client puts them in /usr/bin). */
export type PgTools = { pgDump: string; pgRestore: string };

export const DEFAULT_PG_TOOLS: PgTools = { pgDump: 'pg_dump', pgRestore: 'pg_restore' };

/**
 * The connection URL without its password, and the password apart: the password goes to the child in
 * PGPASSWORD, so it never shows in the process list (`ps`) as a command-line argument would.
 */
export function splitPassword(connectionString: string): { url: string; password: string | undefined } {
  const url = new URL(connectionString);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { url: url.toString(), password };
}

const INSTALL_HINT =
  'Install the PostgreSQL client programs (Debian/Ubuntu: `apt-get install postgresql-client`; its major ' +
  'version must be at least the server’s, e.g. postgresql-client-16 for a PostgreSQL 16 server).';

/**
 * Runs pg_dump or pg_restore against the database at `connectionString`, with `args` after the
 * connection. Resolves when it exits 0; otherwise rejects with a BackupError carrying its stderr
 * (a missing program is named with the package to install).
 */
export function runPgTool(
  tool: PgTool,
  program: string,
  connectionString: string,
  args: string[],
): Promise<void> {
  const { url, password } = splitPassword(connectionString);
  return new Promise((resolve, reject) => {
    const child = spawn(program, [`--dbname=${url}`, ...args], {
      // The child inherits this process's environment (PATH, locale, PGSSLMODE…) plus the password;
      // no portal setting is read here.
      // biome-ignore lint/style/noProcessEnv: passed through to pg_dump/pg_restore, not read as a setting
      env: { ...process.env, ...(password === undefined ? {} : { PGPASSWORD: password }) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Enough to explain a failure; a long restore's notices are not kept whole.
      if (stderr.length < 20_000) stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${tool} was not found (looked for \`${program}\`). ${INSTALL_HINT}`)
          : error,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) return resolve();
      const versionMismatch = /server version mismatch|unsupported version/i.test(stderr);
      reject(
        new BackupError(
          `${tool} failed (${signal ?? `exit code ${code}`}):\n${stderr.trim()}` +
            (versionMismatch ? `\n${INSTALL_HINT}` : ''),
        ),
      );
    });
  });
}
