/**
 * `npm run restore -- <folder>`: brings a backup made by `npm run backup` back into an EMPTY data folder
 * (DATA_DIR) or an EMPTY PostgreSQL database (DATABASE_URL, or DIRECT_DATABASE_URL behind a pooler). Every
 * file's checksum is verified before anything is written; nothing is migrated (the server does that at
 * start). See decision 038.
 */
import { restoreBackup, restoreTargetOf } from '../src/ops/backup.ts';
import { runBackupCommand } from '../src/ops/backup-cli.ts';

await runBackupCommand('npm run restore -- <folder>', process.env, async (settings, folder) => {
  if (!folder) {
    process.stderr.write('usage: npm run restore -- <folder>\n');
    process.exit(2);
  }
  const started = performance.now();
  const target = restoreTargetOf(settings);
  const manifest = await restoreBackup(folder, target);
  const lines = [
    `Restored ${folder} (made ${manifest.createdAt}) in ${Math.round(performance.now() - started)} ms`,
    `  database   ${manifest.database.kind}, migration ${manifest.migration?.tag ?? 'none'}` +
      (target.databaseUrl ? '' : ` into ${target.dataDir}`),
    `  files      ${manifest.files.length} verified and restored`,
    `  media      ${manifest.media.note}`,
    'Start the server as usual: it applies any newer migrations at start.',
  ];
  if (manifest.authSecret === 'setting')
    lines.push('The backed-up portal had AUTH_SECRET set: start this one with the same value.');
  return lines.join('\n');
});
