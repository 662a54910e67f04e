import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const loggerModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'logger.ts');

/** Runs `code` in a process of its own with `logger` made by createLogger('info'); answers its stdout as lines. */
function run(code: string, onLine?: (line: string, kill: () => void) => void) {
  const script = `import { createLogger } from ${JSON.stringify(loggerModule)};\nconst logger = createLogger('info');\n${code}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString()).split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      onLine?.(line, () => child.kill('SIGKILL'));
    }
  });
  return new Promise<string[]>((resolve) => child.on('close', () => resolve(lines)));
}

describe('createLogger', () => {
  it('writes a lone line within a moment, though lines are written in batches', async () => {
    // The process keeps running (and never exits by itself): the line must come from the periodic flush.
    const lines = await run(
      `logger.info({ n: 1 }, 'alone'); setInterval(() => {}, 1000);`,
      (line, kill) => line.includes('alone') && kill(),
    );
    expect(JSON.parse(lines[0]!)).toMatchObject({ n: 1, msg: 'alone' });
  }, 15_000);

  it('writes every line logged before the process exits', async () => {
    const lines = await run(`for (let n = 0; n < 1000; n++) logger.info({ n }, 'line'); process.exit(0);`);
    expect(lines).toHaveLength(1000);
    expect(JSON.parse(lines[999]!)).toMatchObject({ n: 999, msg: 'line' });
  }, 15_000);
});
