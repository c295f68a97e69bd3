import { Type } from 'typebox';

export const GameIcsParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const FeedParams = Type.Object({ token: Type.String({ maxLength: 100, description: 'The secret of the feed URL' }) });
export const CalendarFeed = Type.Object({
  url: Type.String({ description: 'The secret feed URL: anyone who has it sees your games; rotate or revoke it if it leaks' }),
  createdAt: Type.String({ format: 'date-time' }),
});
