import type { FastifyBaseLogger } from 'fastify';
import { loadSampleGames, type SampleGamesDeps } from './sample-games.ts';

/** `npm start`: sample people and games, and the private game's share link for the person trying it. */
export async function startSampleGames(log: FastifyBaseLogger, deps: SampleGamesDeps): Promise<void> {
  const result = await loadSampleGames(deps);
  if (result.skipped) log.warn(`sample games skipped: ${result.skipped}`);
  else log.info({ created: result.created }, 'sample games ready');
  const [shareUrl] = result.privateShareUrls;
  if (shareUrl) log.info({ shareUrl }, `sample private game: ${shareUrl}`);
}
