/**
 * A backup or restore refused or failed for a reason the operator can act on: the scripts print its
 * message alone (no stack) and exit non-zero. Anything else is a bug and keeps its stack.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}
