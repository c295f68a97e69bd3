import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { registerFastResolve } from './platform/boot/fast-resolve.ts';
import { layeredEnv } from './config/env.ts';
import { ConfigError } from './config/reader.ts';
import { loadTracingConfig, type TracingConfig } from './config/tracing.ts';
import type { Tracing } from './platform/observability/tracing.ts';

// Process entry. Start-up speed first: V8's compiled code is kept beside the installed packages
// (owned by whoever installed them; a read-only tree just means no cache), and the module hook
// must be in place before the service's modules are linked, so the rest (config, buildApp,
// listen, graceful close) is imported only after it: see serve.ts. This file alone reads the
// process environment.
enableCompileCache(path.join(import.meta.dirname, '..', 'node_modules', '.cache', 'node-compile'));
registerFastResolve();

// Tracing patches http, fastify, pg and ioredis as they load, so it starts before serve.ts loads
// them; without OTEL_EXPORTER_OTLP_ENDPOINT none of OpenTelemetry is loaded at all.
let tracingConfig: TracingConfig | undefined;
try {
  tracingConfig = loadTracingConfig(layeredEnv({ processEnv: process.env, dotEnvPath: '.env' }));
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
let tracing: Tracing | undefined;
if (tracingConfig) {
  const [{ startTracing }, { SECRET_URL_PATHS }, { default: packageJson }] = await Promise.all([
    import('./platform/observability/tracing.ts'),
    import('./secret-paths.ts'),
    import('../package.json', { with: { type: 'json' } }),
  ]);
  tracing = startTracing(tracingConfig, { version: packageJson.version, secretPaths: SECRET_URL_PATHS });
}
const { serve } = await import('./serve.ts');
await serve(process.env, process.argv, tracing);
