import pino from 'pino';

export type Logger = pino.Logger;

/** Lines are written once this many bytes are waiting (about 15 request lines), or by the flush below. */
const WRITE_AT_BYTES = 4096;
/** How long a line may wait for others before it is written anyway. */
const FLUSH_EVERY_MS = 50;

/**
 * JSON lines on stdout, written asynchronously and in batches: a busy process makes one write for many
 * lines instead of one each (a write to a pipe costs as much as a database round trip here: bench:leads;
 * writing each request's line as it came cost ~7 µs of CPU per request: decision 045). A line waits at
 * most FLUSH_EVERY_MS for others; pino writes what is left synchronously when the process exits. A
 * process killed with SIGKILL loses the lines of its last FLUSH_EVERY_MS.
 */
export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: WRITE_AT_BYTES });
  // SonicBoom's flush writes even an empty buffer: only when something waits (an idle process stays idle).
  const state = destination as unknown as { _len: number; destroyed: boolean };
  setInterval(() => {
    if (state._len > 0 && !state.destroyed) destination.flush();
  }, FLUSH_EVERY_MS).unref();
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
    },
    destination,
  );
}
