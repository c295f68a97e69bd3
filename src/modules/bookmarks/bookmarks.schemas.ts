import { Type, type TSchema } from 'typebox';

export const BookmarkBody = Type.Object({ gameId: Type.String({ format: 'uuid' }) });
export const GameIdParams = Type.Object({ gameId: Type.String({ format: 'uuid' }) });

export const Bookmark = <G extends TSchema>(game: G) =>
  Type.Object({
    gameId: Type.String({ format: 'uuid' }),
    game,
    createdAt: Type.String({ format: 'date-time' }),
  });
