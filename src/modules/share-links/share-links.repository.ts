import { and, eq, sql, type SQL } from 'drizzle-orm';
import { inAny, Repository } from '../../platform/db/index.ts';
import { shareLinks } from './share-links.table.ts';

export type ShareLinkRow = typeof shareLinks.$inferSelect;
export type ResourceType = 'GAME';

export class ShareLinksRepository extends Repository {
  /** Inserts unless the code is taken; undefined on a collision (the caller draws again). */
  insert(code: string, resourceType: ResourceType, resourceId: string): Promise<ShareLinkRow | undefined> {
    return this.insertedIfNew(shareLinks, { code, resourceType, resourceId });
  }

  findByResource(resourceType: ResourceType, resourceId: string): Promise<ShareLinkRow | undefined> {
    return this.first(shareLinks, and(eq(shareLinks.resourceType, resourceType), eq(shareLinks.resourceId, resourceId)));
  }

  findByResources(resourceType: ResourceType, resourceIds: string[]): Promise<ShareLinkRow[]> {
    if (resourceIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.resourceType, resourceType), inAny(shareLinks.resourceId, resourceIds, 'uuid')));
  }

  findByCode(code: string): Promise<ShareLinkRow | undefined> {
    return this.first(shareLinks, eq(shareLinks.code, code));
  }

  /** One statement, so concurrent clicks all count. */
  async countClick(code: string): Promise<ShareLinkRow | undefined> {
    const [row] = await this.db
      .update(shareLinks)
      .set({ clickCount: sql`${shareLinks.clickCount} + 1` })
      .where(eq(shareLinks.code, code))
      .returning();
    return row;
  }

  /** A new code for the resource's link; undefined on a collision with another link's code. */
  async replaceCode(resourceType: ResourceType, resourceId: string, code: string): Promise<ShareLinkRow | undefined> {
    const [row] = await this.db
      .update(shareLinks)
      .set({ code })
      .where(
        and(
          eq(shareLinks.resourceType, resourceType),
          eq(shareLinks.resourceId, resourceId),
          sql`NOT EXISTS (SELECT 1 FROM ${shareLinks} taken WHERE taken.code = ${code})`,
        ),
      )
      .returning();
    return row;
  }

  async deleteForResource(resourceType: ResourceType, resourceId: string): Promise<void> {
    await this.db.delete(shareLinks).where(and(eq(shareLinks.resourceType, resourceType), eq(shareLinks.resourceId, resourceId)));
  }
}

/** The code of the game's link (every game has one): for another module's statement over games. */
export function gameShareCode(gameId: SQL): SQL<string | null> {
  return sql<string | null>`(SELECT s.code FROM ${shareLinks} s WHERE s.resource_type = 'GAME' AND s.resource_id = ${gameId})`;
}
