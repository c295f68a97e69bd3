import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { registerFastResolve } from '../src/platform/boot/fast-resolve.ts';

// The bench's build "without tracing": src/server.ts with every line about tracing taken out (no
// OTEL_* read, no tracing module, no spans handed to the app), so bench/tracing-off.ts can measure
// what the tracing code costs when OTEL_EXPORTER_OTLP_ENDPOINT is unset. Never used to serve.
enableCompileCache(path.join(import.meta.dirname, '..', 'node_modules', '.cache', 'node-compile'));
registerFastResolve();
const { serve } = await import('../src/serve.ts');
await serve(process.env, process.argv);
