import { enableCompileCache } from 'node:module';
import path from 'node:path';
import { registerFastResolve } from './platform/boot/fast-resolve.ts';

// Process entry. Start-up speed first: V8's compiled code is kept beside the installed packages
// (owned by whoever installed them; a read-only tree just means no cache), and the module hook
// must be in place before the service's modules are linked, so the rest (config, buildApp,
// listen, graceful close) is imported only after it: see serve.ts. This file alone reads the
// process environment.
enableCompileCache(path.join(import.meta.dirname, '..', 'node_modules', '.cache', 'node-compile'));
registerFastResolve();
const { serve } = await import('./serve.ts');
await serve(process.env, process.argv);
