import pino from 'pino';

export type Logger = pino.Logger;

/** Lines are written once this many characters are waiting (about 20 request lines), or by the flush below. */
const WRITE_AT_CHARACTERS = 4096;
/** How long a line may wait for others before it is written anyway. */
const FLUSH_EVERY_MS = 50;

/**
 * The lines waiting to be written, kept as a list and joined once a batch. SonicBoom's own buffering
 * measures its whole pending string again at every line (`Buffer.byteLength` of up to 16 KB): ~7 µs of
 * CPU a line under load, a seventh of a trivial request (decision 045). Here it gets one string a batch.
 */
class LineBatch {
  #lines: string[] = [];
  #characters = 0;

  constructor(private readonly out: pino.DestinationStream & { flushSync(): void }) {}

  write(line: string) {
    this.#lines.push(line);
    this.#characters += line.length;
    if (this.#characters >= WRITE_AT_CHARACTERS) this.flush();
    return true;
  }

  /** Hands what waits to the asynchronous writer (nothing when nothing waits: an idle process stays idle). */
  flush() {
    if (this.#lines.length === 0) return;
    const batch = this.#lines.length === 1 ? this.#lines[0]! : this.#lines.join('');
    this.#lines = [];
    this.#characters = 0;
    this.out.write(batch);
  }

  /** Writes everything now (at exit, when no event loop is left to finish an asynchronous write). */
  flushSync() {
    this.flush();
    this.out.flushSync();
  }
}

/** The batches to write out when the process exits, in one hook for all loggers (tests make many). */
const writtenAtExit: LineBatch[] = [];
function writeAtExit(batch: LineBatch) {
  // Registered after pino's own exit hook (pino.destination's), which writes the older lines SonicBoom holds.
  if (writtenAtExit.length === 0) {
    process.once('exit', () => {
      for (const waiting of writtenAtExit) waiting.flushSync();
    });
  }
  writtenAtExit.push(batch);
}

/**
 * JSON lines on stdout, written asynchronously and in batches: a busy process makes one write for many
 * lines instead of one each (a write to a pipe costs as much as a database round trip here: bench:leads;
 * writing each request's line as it came cost ~7 µs of CPU per request: decision 045). A line waits at
 * most FLUSH_EVERY_MS for others and is written at exit. A process killed with SIGKILL loses the lines of
 * its last FLUSH_EVERY_MS.
 */
export function createLogger(level: string): Logger {
  const batch = new LineBatch(pino.destination({ dest: 1, sync: false }));
  setInterval(() => batch.flush(), FLUSH_EVERY_MS).unref();
  writeAtExit(batch);
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'],
    },
    batch,
  );
}

/** What one request's log line says (`requestContext` writes one per request). */
export type RequestLine = {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  userId: string | undefined;
};

/**
 * One request's line, in the JSON pino writes for `logger.child({ requestId }).info({...}, 'request')`,
 * formatted here and handed to the logger's own destination (so in the same batches). Formatting it
 * through pino (bindings, redaction, serialisers) cost ~5 µs of CPU a request (decision 045); these
 * fields are known, and none is redacted.
 */
export function writeRequestLine(logger: Logger, line: RequestLine) {
  if (!logger.isLevelEnabled('info')) return;
  const destination = (logger as unknown as Record<symbol, { write(chunk: string): void }>)[
    pino.symbols.streamSym
  ];
  const user = line.userId === undefined ? '' : `,"userId":${JSON.stringify(line.userId)}`;
  destination?.write(
    `{"level":30,"time":"${new Date().toISOString()}","requestId":${JSON.stringify(line.requestId)},` +
      `"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${line.status},` +
      `"ms":${line.ms}${user},"msg":"request"}\n`,
  );
}
