import type { FastifyBaseLogger } from 'fastify';
import { loadSampleGames, type SampleGamesDeps } from './sample-games.ts';

/**
 * The lock the sample data and games load under (DatabaseHandle.exclusively): instances starting
 * together on one fresh database would otherwise both create them, and one failed its start
 * (activity_already_exists). The second to take it finds everything there and adds nothing.
 */
export const SAMPLE_LOCK = 'sample-data';

/** `npm start`: sample people and games, and the private game's share link for the person trying it. */
export async function startSampleGames(log: FastifyBaseLogger, deps: SampleGamesDeps): Promise<void> {
  const result = await loadSampleGames(deps);
  if (result.skipped) log.warn(`sample games skipped: ${result.skipped}`);
  else log.info({ created: result.created }, 'sample games ready');
  const [shareUrl] = result.privateShareUrls;
  if (shareUrl) log.info({ shareUrl }, `sample private game: ${shareUrl}`);
}
