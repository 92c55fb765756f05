import { openDatabase, type Database } from '../../src/storage/database.js';
import { makeTempDir } from './temp-dir.js';

/** A migrated database in a fresh directory; `defer` (cleanupAfterEach's) closes and removes both. */
export function tempDatabase(defer: (cleanup: () => unknown) => void): Database {
  const temp = makeTempDir('memoryd-db-');
  const database = openDatabase(`${temp.dir}/memoryd.db`);
  defer(() => {
    database.close();
    temp.remove();
  });
  return database;
}
