/** What bookmarks need from the games module (wired in app.ts). */
export interface BookmarkableGames<Game> {
  /** The presented game; undefined when there is none or the viewer may not see it. */
  find(gameId: string, viewerUserId: string | null): Promise<Game | undefined>;
  /** Presented games in the given order, leaving out those the viewer may not see. */
  presentMany(gameIds: string[], viewerUserId: string | null): Promise<Array<Game & { id: string }>>;
}
