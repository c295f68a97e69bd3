export { openDatabase } from './database.ts';
export type { Database, DatabaseHandle, Executor, Transaction } from './database.ts';
export type { ListenHandler, Unlisten } from './listen.ts';
export { isUniqueViolation, onUniqueViolation } from './errors.ts';
export { Repository, type Counted } from './repository.ts';
