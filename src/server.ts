import { buildApp } from './app.ts';
import { ConfigError, layeredEnv, loadConfig, type Config } from './config/index.ts';

// `npm start` passes --local-defaults: a working sign-in with no external account.
const START_DEFAULTS = {
  LOCAL_IDENTITY_PROVIDERS: 'true',
  AUTH_DEV_MINT_ENDPOINT_ENABLED: 'true',
};

function readConfig(): Readonly<Config> {
  try {
    return loadConfig(layeredEnv({
      processEnv: process.env,
      dotEnvPath: '.env',
      startDefaults: process.argv.includes('--local-defaults') ? START_DEFAULTS : {},
    }));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const app = await buildApp(config);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stops accepting, lets in-flight requests finish, then closes pools (onClose hooks).
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: { type: (error as Error).name } }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: { type: (error as Error).name, code: (error as { code?: string }).code } }, 'could not listen');
  process.exit(1);
}
