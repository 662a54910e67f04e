import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const loggerModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'logger.ts');

/** Runs `code` in a process of its own with `logger` made by createLogger('info'); answers its stdout as lines. */
function run(code: string, onLine?: (line: string, kill: () => void) => void) {
  const script = `import { createLogger, writeRequestLine } from ${JSON.stringify(loggerModule)};\nconst logger = createLogger('info');\n${code}`;
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

  it('writes the request line as pino writes it, in order with the other lines', async () => {
    const lines = await run(`
      const line = { method: 'GET', path: '/a"b\\\\c', status: 201, ms: 1.5 };
      logger.child({ requestId: 'r-1' }).info({ ...line, userId: 'u-1' }, 'request');
      writeRequestLine(logger, { requestId: 'r-1', ...line, userId: 'u-1' });
      logger.warn('between');
      writeRequestLine(logger, { requestId: 'r-2', ...line, userId: undefined });
      logger.child({ requestId: 'r-2' }).info({ ...line, userId: undefined }, 'request');
      process.exit(0);`);
    const withoutTime = (line: string) => line.replace(/"time":"[^"]+",/, '');
    expect(lines).toHaveLength(5);
    expect(withoutTime(lines[1]!)).toBe(withoutTime(lines[0]!));
    expect(JSON.parse(lines[1]!)).toMatchObject({ requestId: 'r-1', path: '/a"b\\c', userId: 'u-1' });
    expect(JSON.parse(lines[2]!)).toMatchObject({ msg: 'between' });
    expect(withoutTime(lines[3]!)).toBe(withoutTime(lines[4]!));
  }, 15_000);
});
