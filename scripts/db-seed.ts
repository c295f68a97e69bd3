/**
 * `npm run db:seed`: loads the sample activities and venues into the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR). Safe to repeat: activities are matched by
 * name and venues by sourceId, so a second run adds nothing.
 */
import { layeredEnv, loadConfigOrExit } from '../src/config/index.ts';
import { openDatabase } from '../src/platform/db/index.ts';
import { ActivitiesService } from '../src/modules/activities/index.ts';
import { VenuesService, loadSampleData } from '../src/modules/venues/index.ts';
import { AuditTrail } from '../src/modules/audit/index.ts';
import { systemClock } from '../src/platform/clock.ts';

const config = loadConfigOrExit(layeredEnv({ processEnv: process.env, dotEnvPath: '.env' }));
if (config.databaseUrl === 'memory://') {
  process.stderr.write('DATABASE_URL is memory://: the sample data would vanish when this script ends.\n');
  process.exit(1);
}
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const activities = new ActivitiesService(database.db, new AuditTrail(systemClock));
  const venues = new VenuesService(database.db, activities, new AuditTrail(systemClock));
  const { imported, skipped } = await loadSampleData({ activities, venues }, { always: true });
  process.stdout.write(`Sample data: ${imported} venues imported, ${skipped} already present.\n`);
} finally {
  await database.close();
}
