import { t } from '../../i18n';
import { Page } from '../../ui';
import { GameChat } from './GameChat';

/** The chat on a page of its own: on a phone, the conversation without the rest of the game above it. */
export function ChatPage({ id }: { id: string }) {
  return (
    <Page title={t.chat.pageTitle}>
      <GameChat gameId={id} full />
    </Page>
  );
}
