/** What bookmarks need from the games module (wired in app.ts). */
export interface BookmarkableGames<Game> {
  /** The presented game, or a 404 AppError when the viewer may not see it. */
  requireVisible(gameId: string, viewerUserId: string | null): Promise<Game>;
  /** Presented games in the given order, leaving out those the viewer may not see. */
  presentMany(gameIds: string[], viewerUserId: string | null): Promise<Array<Game & { id: string }>>;
}
