export { ChatService } from './chat.service.ts';
export { ChatReports } from './chat.reports.ts';
export type { ChatGames, ChatLive, ChatNames, ChatPushes, ChatStanding } from './chat.ports.ts';
export { chatRoutes } from './chat.routes.ts';
export { CHAT_ERRORS } from './chat.errors.ts';
