/**
 * `npm run backup [-- <folder>]`: a consistent backup of the portal the server's settings name (DATA_DIR,
 * DATABASE_URL / DIRECT_DATABASE_URL, S3_*) into <folder>, by default backups/offplan-<time> (decision 038).
 * The embedded database is backed up with the server stopped; a PostgreSQL database while it runs.
 */
import { backupWithSettings, defaultBackupFolder } from '../src/ops/backup.ts';
import { formatBytes, runBackupCommand } from '../src/ops/backup-cli.ts';

await runBackupCommand('npm run backup [-- <folder>]', process.env, async (settings, folder) => {
  const started = performance.now();
  const { folder: written, manifest } = await backupWithSettings(settings, folder ?? defaultBackupFolder());
  const bytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
  const uploads = manifest.files.filter((file) => file.path.startsWith('uploads/')).length;
  const lines = [
    `Backup written to ${written}`,
    `  database   ${manifest.database.kind} ${manifest.database.serverVersion}, migration ${manifest.migration?.tag ?? 'none'}`,
    `  uploads    ${uploads} files`,
    `  total      ${manifest.files.length} files, ${formatBytes(bytes)} in ${Math.round(performance.now() - started)} ms`,
    `  media      ${manifest.media.note}`,
  ];
  if (manifest.authSecret === 'setting')
    lines.push(
      '  AUTH_SECRET is a setting: the restored portal needs the same value (it is not in the backup).',
    );
  return lines.join('\n');
});
