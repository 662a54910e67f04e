import { parseArgs } from 'node:util';
import { parseSettings, type Settings, SettingsError } from '../env.ts';
import { BackupError } from './backup-error.ts';

/**
 * What `npm run backup` and `npm run restore` share: the server's settings from the environment they are
 * given, the folder argument, and a refusal printed as its message alone with a non-zero exit.
 */
export async function runBackupCommand(
  usage: string,
  environment: Record<string, string | undefined>,
  operation: (settings: Settings, folder: string | undefined) => Promise<string>,
) {
  // `npm run … -w @offplan/api` runs in apps/api; DATA_DIR and the folder are meant from where npm was run.
  if (environment.INIT_CWD) process.chdir(environment.INIT_CWD);
  let positionals: string[];
  try {
    positionals = parseArgs({ allowPositionals: true, options: {} }).positionals;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nusage: ${usage}\n`);
    process.exit(2);
  }
  if (positionals.length > 1) {
    process.stderr.write(`usage: ${usage}\n`);
    process.exit(2);
  }
  try {
    const settings = parseSettings(environment);
    process.stdout.write(`${await operation(settings, positionals[0])}\n`);
  } catch (error) {
    if (error instanceof SettingsError || error instanceof BackupError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(error instanceof SettingsError ? 78 : 1);
    }
    throw error;
  }
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
