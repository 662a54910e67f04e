import { parseSettings, SettingsError } from './env.ts';
import { startServer } from './server.ts';

let settings: ReturnType<typeof parseSettings>;
try {
  settings = parseSettings(process.env);
} catch (error) {
  if (error instanceof SettingsError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
  throw error;
}

// Handlers go in first: a signal during start-up (migrations, demo data) stops the process as soon
// as the database is consistent again, rather than killing it mid-write.
let stopRequested = false;
let server: Awaited<ReturnType<typeof startServer>> | undefined;

function stop() {
  // Whatever happens, the process is gone within 5 s of the signal (after its drain, SHUTDOWN_DRAIN_MS).
  setTimeout(() => process.exit(1), 5000 + settings.shutdownDrainMs).unref();
  server?.close().then(
    () => process.exit(0),
    (error: unknown) => {
      server?.logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    stopRequested = true;
    if (server) stop();
  });
}

try {
  server = await startServer(settings);
} catch (error) {
  // A refusal to start (data folder in use, database unreachable) is a message, not a stack trace.
  process.stderr.write(
    `The portal could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
if (stopRequested) stop();
