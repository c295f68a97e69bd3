export { exportDatabase, type ExportOptions } from './export.ts';
export { importDatabase, ImportRefused, type ImportResult } from './import.ts';
export { embeddedInUse } from './in-use.ts';
export { SESSION_TABLES } from './catalog.ts';
export type { Manifest, MigrationLevel } from './manifest.ts';
