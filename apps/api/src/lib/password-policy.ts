import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { PASSWORD_MESSAGES, passwordLengthProblem } from '@offplan/shared';

let commonPasswords: Set<string> | undefined;

/** The bundled list (see lib/data/README.md), read once on first use. In the build it sits beside index.js. */
function loadCommonPasswords(): Set<string> {
  const source = new URL(
    import.meta.url.endsWith('.ts') ? './data/common-passwords.txt.gz' : './common-passwords.txt.gz',
    import.meta.url,
  );
  return new Set(gunzipSync(readFileSync(source)).toString('utf8').split('\n').filter(Boolean));
}

/** Design §7: 12 to 128 characters, not in the common-password list, no composition rules. */
export function passwordProblem(password: string): string | null {
  const lengthProblem = passwordLengthProblem(password);
  if (lengthProblem) return lengthProblem;
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.toLowerCase()) ? PASSWORD_MESSAGES.common : null;
}
