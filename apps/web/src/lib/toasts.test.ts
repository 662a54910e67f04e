import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The modules allowed to import the toast package itself: the one way in, and the container's mount. */
const ALLOWED = new Set(['lib/toasts.ts', 'app-root.tsx']);

describe('toasts', () => {
  it('are shown through lib/toasts.ts only, so the toast container mounts before any is needed', () => {
    const offenders = readdirSync(webSource, { recursive: true, encoding: 'utf8' }).filter(
      (file) =>
        /\.tsx?$/.test(file) &&
        !/\.test\.tsx?$/.test(file) &&
        !file.startsWith(`test${path.sep}`) &&
        !ALLOWED.has(file.split(path.sep).join('/')) &&
        /from '@mantine\/notifications'|import\('@mantine\/notifications'\)/.test(
          readFileSync(path.join(webSource, file), 'utf8'),
        ),
    );
    expect(offenders).toEqual([]);
  });
});
