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

const { close, logger } = await startServer(settings);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    // Whatever happens, the process is gone within 5 s of the signal.
    setTimeout(() => process.exit(1), 5000).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
