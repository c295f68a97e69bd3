import { useEffect, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, data, done } from '../../api/client';
import { chatKeys, chatMessagesQuery, chatQuery } from '../../api/queries/chat';
import type { paths } from '../../api/schema';
import { LOCALE, t } from '../../i18n';
import { Link } from '../../router';
import { onFirstUse, TIME_ZONE } from '../../time';
import { Badge, Button, Card, EmptyState, Loading, Problem, Section, TextArea, useConfirm, useToast } from '../../ui';
import { useStreamUp } from '../../live';
import { linkify } from './linkify';
import './chat.css';

type ChatState = paths['/api/v1/games/{id}/chat']['get']['responses'][200]['content']['application/json']['data'];
type Message = paths['/api/v1/games/{id}/chat/messages']['get']['responses'][200]['content']['application/json']['data']['content'][number];

const s = t.chat;
const clockTime = onFirstUse(() => new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit' }));
// Messages come over the notification stream; only while it is down does the open chat ask again, this often.
const FALLBACK_REFRESH_MS = 30_000;
// Messages on screen this long count as read.
const READ_AFTER_MS = 3_000;

/** Once the messages have been shown a moment, the caller's read marker moves to the newest. */
function useMarkRead(gameId: string, unread: number | undefined, shown: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!shown || !unread) return undefined;
    const timer = setTimeout(() => {
      void done(api.POST('/api/v1/games/{id}/chat/read', { params: { path: { id: gameId } } })).then(() =>
        client.invalidateQueries({ queryKey: chatKeys.game(gameId) }),
      );
    }, READ_AFTER_MS);
    return () => clearTimeout(timer);
  }, [gameId, unread, shown, client]);
}

function useChat(gameId: string) {
  const refetchInterval = useStreamUp() ? false : FALLBACK_REFRESH_MS;
  const state = useQuery({ ...chatQuery(gameId), refetchInterval });
  const messages = useInfiniteQuery({ ...chatMessagesQuery(gameId), refetchInterval });
  return { state, messages };
}

function useChatWrite(gameId: string) {
  const client = useQueryClient();
  const say = useToast();
  return useMutation({
    mutationFn: ({ run }: { run: () => Promise<unknown>; done?: string }) => run(),
    onSuccess: (_answer, { done: said }) => {
      if (said) say(said, 'success');
    },
    onSettled: () => client.invalidateQueries({ queryKey: chatKeys.game(gameId) }),
  });
}

/** Why the viewer cannot write now, in a sentence; undefined when they can. */
function whyReadOnly(chat: ChatState): string | undefined {
  if (chat.canWrite) return undefined;
  if (Date.parse(chat.readOnlyFrom) <= Date.now()) return s.ended;
  if (chat.closed) return s.closed;
  return s.waitingReadOnly;
}

function MessageItem({ message, chat, gameId, pinned }: { message: Message; chat: ChatState; gameId: string; pinned: boolean }) {
  const write = useChatWrite(gameId);
  const confirm = useConfirm();
  const remove = async () => {
    if (!(await confirm({ title: s.deleteTitle, body: s.deleteBody, confirm: s.delete, danger: true }))) return;
    write.mutate({
      run: () => done(api.DELETE('/api/v1/games/{id}/chat/messages/{messageId}', { params: { path: { id: gameId, messageId: message.id } } })),
      done: s.deleted,
    });
  };
  const report = async () => {
    if (!(await confirm({ title: s.reportTitle, body: s.reportBody, confirm: s.report }))) return;
    write.mutate({
      run: () => done(api.POST('/api/v1/games/{id}/chat/messages/{messageId}/report', { params: { path: { id: gameId, messageId: message.id } } })),
      done: s.reported,
    });
  };
  const pin = (pinnedMessageId: string | null) =>
    write.mutate({
      run: () => data(api.PUT('/api/v1/games/{id}/chat', { params: { path: { id: gameId } }, body: { pinnedMessageId } })),
      done: s.settingsSaved,
    });
  const at = clockTime().format(new Date(message.createdAt));
  return (
    <li className={message.mine ? 'chat-message mine' : 'chat-message'}>
      <p className="chat-meta">
        <strong>{message.mine ? s.you : (message.author.name ?? s.someone)}</strong> <time dateTime={message.createdAt}>{s.sentAt(at)}</time>
      </p>
      <p className="chat-body">{linkify(message.body)}</p>
      {(message.canDelete || !message.mine || chat.canModerate) && (
        <div className="chat-actions">
          {chat.canModerate && message.mine && (
            <Button variant="ghost" busy={write.isPending} onClick={() => pin(pinned ? null : message.id)}>
              {pinned ? s.unpin : s.pin}
            </Button>
          )}
          {!message.mine && (
            <Button variant="ghost" busy={write.isPending} onClick={() => void report()}>
              {s.report}
            </Button>
          )}
          {message.canDelete && (
            <Button variant="ghost" busy={write.isPending} onClick={() => void remove()}>
              {s.delete}
            </Button>
          )}
        </div>
      )}
      <Problem error={write.error} />
    </li>
  );
}

function Composer({ gameId }: { gameId: string }) {
  const [text, setText] = useState('');
  const write = useChatWrite(gameId);
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) return;
        write.mutate(
          { run: () => data(api.POST('/api/v1/games/{id}/chat/messages', { params: { path: { id: gameId } }, body: { body: text } })) },
          { onSuccess: () => setText('') },
        );
      }}
    >
      <TextArea label={s.message} id="chat-message" hint={s.hint} maxLength={1000} rows={2} value={text} onChange={setText} />
      <Button type="submit" variant="primary" busy={write.isPending} disabled={!text.trim()}>
        {s.send}
      </Button>
      <Problem error={write.error} />
    </form>
  );
}

function HostControls({ chat, gameId }: { chat: ChatState; gameId: string }) {
  const write = useChatWrite(gameId);
  const confirm = useConfirm();
  const change = (body: { closed?: boolean; waitlistMayWrite?: boolean }) =>
    write.mutate({ run: () => data(api.PUT('/api/v1/games/{id}/chat', { params: { path: { id: gameId } }, body })), done: s.settingsSaved });
  const toggleClosed = async () => {
    if (!chat.closed && !(await confirm({ title: s.closeTitle, body: s.closeBody, confirm: s.close }))) return;
    change({ closed: !chat.closed });
  };
  return (
    <div className="chat-controls">
      <label className="chat-check">
        <input
          type="checkbox"
          checked={chat.waitlistMayWrite}
          disabled={write.isPending}
          onChange={(event) => change({ waitlistMayWrite: event.target.checked })}
        />
        {s.waitlistMayWrite}
      </label>
      <Button busy={write.isPending} onClick={() => void toggleClosed()}>
        {chat.closed ? s.reopen : s.close}
      </Button>
      <Problem error={write.error} />
    </div>
  );
}

/** The game's conversation, for the people in the game: the pinned announcement, the messages, the composer. */
export function GameChat({ gameId, full = false }: { gameId: string; full?: boolean }) {
  const { state, messages } = useChat(gameId);
  const chat = state.data;
  const list = (messages.data?.pages.flatMap((page) => page.content) ?? []).slice().reverse();
  const readOnly = chat && whyReadOnly(chat);
  useMarkRead(gameId, chat?.unread, messages.isSuccess);
  const action = (
    <span className="chat-head">
      {!!chat?.unread && <Badge tone="accent">{s.unread(chat.unread)}</Badge>}
      {full ? <Link to={`/games/${gameId}`}>{s.backToGame}</Link> : <Link to={`/games/${gameId}/chat`}>{s.openFull}</Link>}
    </span>
  );
  return (
    <Section title={s.title} id="chat" action={action}>
      {(state.isPending || messages.isPending) && <Loading />}
      <Problem error={state.error ?? messages.error} />
      {chat?.pinned && (
        <Card className="chat-pinned">
          <p className="chat-meta">
            <strong>{s.pinned}</strong>
          </p>
          <p className="chat-body">{linkify(chat.pinned.body)}</p>
        </Card>
      )}
      {messages.hasNextPage && (
        <Button variant="ghost" busy={messages.isFetchingNextPage} onClick={() => void messages.fetchNextPage()}>
          {s.earlier}
        </Button>
      )}
      {messages.isSuccess && list.length === 0 && <EmptyState title={s.none} />}
      {chat && list.length > 0 && (
        <ol className="chat-messages" aria-label={s.messages}>
          {list.map((message) => (
            <MessageItem key={message.id} message={message} chat={chat} gameId={gameId} pinned={chat.pinned?.id === message.id} />
          ))}
        </ol>
      )}
      {chat && (readOnly ? <p className="muted">{readOnly}</p> : <Composer gameId={gameId} />)}
      {chat?.canModerate && <HostControls chat={chat} gameId={gameId} />}
    </Section>
  );
}
