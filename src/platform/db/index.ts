export { openDatabase, prepareEmbeddedSnapshot } from './database.ts';
export type { Database, DatabaseHandle, Executor, Transaction } from './database.ts';
export type { ListenHandler, Unlisten } from './listen.ts';
export { isUniqueViolation, onUniqueViolation } from './errors.ts';
export { type Counted, IdRepository, Repository } from './repository.ts';
export { arrayLiteral, arrayParam, equalsAny, inAny } from './any.ts';
export { MappedQuery, rowsOf } from './rows.ts';
export { StatementNames } from './statement-names.ts';
