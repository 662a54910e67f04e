import pino from 'pino';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout. Written asynchronously: lines logged while a write is under way go out together
 * in the next one, so a busy process makes one write for many lines instead of one each (a write to a
 * pipe costs as much as a database round trip here: bench:leads). pino flushes what is left when the
 * process exits.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
