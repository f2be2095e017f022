import styles from './chat.module.css';
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError, type ChatMessage, type Creator, createCheckout, useSubscriptionsQuery } from '../../api';
import { Spinner } from '../../components/Spinner';
import { rememberSignInRedirect, useSessionStore } from '../session';
import { browserNavigation } from '../shell/browser-navigation';
import { SIGN_UP_PATH } from '../sign-in/sign-in-entry';
import { ChatHeader } from './ChatHeader';
import { ChatSettings } from './ChatSettings';
import { ChatInput } from './ChatInput';
import { isSentHere, useChatStore } from './chat.store';
import { DemoBanner } from './DemoBanner';
import { MessageBubble } from './MessageBubble';
import { OlderMessages } from './OlderMessages';
import { SUBSCRIBE_FAILED_MESSAGE, SubscriptionModal } from './SubscriptionModal';
import { TypingIndicator } from './TypingIndicator';
import { useAutoScroll } from './useAutoScroll';
import { useChat } from './useChat';
import { WelcomeOverlay } from './WelcomeOverlay';
import { AiPersonaNotice, PersonaPausedNotice } from './AiPersonaNotice';
import { ReplyMeta } from './ReplyMeta';
import { InPersonPanel } from './InPersonPanel';
import { InPersonLine } from './InPersonLine';
import { rememberCheckout } from '../payments/payment-return';
import { CheckoutCancelledNotice } from './CheckoutCancelledNotice';
import { MemoryPanel } from './memory/MemoryPanel';
import { ReplyAnnouncer } from './ReplyAnnouncer';

/** Scrolling to within this distance of the top loads the next older page. */
const LOAD_OLDER_WITHIN_PX = 80;

export interface ChatViewProps {
  creator: Creator;
}

export function ChatView({ creator }: ChatViewProps) {
  const { t } = useTranslation();
  const { send, older } = useChat(creator);
  const messages = useChatStore((state) => state.messages);
  const historyStatus = useChatStore((state) => state.historyStatus);
  const isTyping = useChatStore((state) => state.isTyping);
  const error = useChatStore((state) => state.error);
  const limitNotice = useChatStore((state) => state.limitNotice);
  const closeLimitNotice = useChatStore((state) => state.closeLimitNotice);
  const setDraft = useChatStore((state) => state.setDraft);
  const isGuest = useSessionStore((state) => state.status !== 'authenticated');
  const userId = useSessionStore((state) => state.user?.userId ?? null);
  // Billing says whether this server takes payments; a demo creator's dialog explains when it does not.
  const billing = useSubscriptionsQuery(creator.demoAccount && limitNotice ? userId : null);
  const demoNotSubscribable = creator.demoAccount && billing.data?.paymentsConfigured === false;
  const navigate = useNavigate();
  const location = useLocation();
  const {
    ref: scrollRef,
    paused,
    onScroll,
    onWheel,
    scrollToBottom,
  } = useAutoScroll<HTMLDivElement>([messages, isTyping, error]);

  const onScrollBody = useCallback(() => {
    onScroll();
    const el = scrollRef.current;
    if (el && el.scrollTop <= LOAD_OLDER_WITHIN_PX && older.hasMore && older.status === 'idle') older.load();
  }, [older, onScroll, scrollRef]);

  // When an older page is put in front, keep the messages the fan is reading where they are:
  // move down by exactly the height added above them.
  const firstMessageId = messages[0]?.id;
  const shown = useRef<{ firstId: string | undefined; height: number }>({ firstId: undefined, height: 0 });
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const before = shown.current;
    if (before.firstId && before.firstId !== firstMessageId && messages.some((m) => m.id === before.firstId))
      el.scrollTop += el.scrollHeight - before.height;
    shown.current = { firstId: firstMessageId, height: el.scrollHeight };
  });

  // The fan's own message just sent is brought into view, even when they had scrolled up to read.
  const lastSent = messages.at(-1);
  const lastSentId = lastSent && isSentHere(lastSent) ? lastSent.id : null;
  useEffect(() => {
    if (lastSentId) scrollToBottom();
  }, [lastSentId, scrollToBottom]);

  const signUp = useCallback(() => {
    rememberSignInRedirect(location.pathname);
    closeLimitNotice();
    navigate(SIGN_UP_PATH);
  }, [closeLimitNotice, location.pathname, navigate]);

  const [subscribeError, setSubscribeError] = useState<string | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  // 'Subscribe' goes to Stripe Checkout; billing's refusals carry the spec's words (§5).
  const subscribe = useCallback(async () => {
    setSubscribeError(null);
    setSubscribing(true);
    try {
      const url = await createCheckout(creator.id);
      // The returns from Checkout come back to this chat (docs/billing.md, "Coming back from Checkout").
      rememberCheckout({ creatorId: creator.id, handle: creator.handle });
      browserNavigation.leaveTo(url);
    } catch (error) {
      console.error('Error creating charge', error);
      setSubscribeError(error instanceof ApiError ? error.message : SUBSCRIBE_FAILED_MESSAGE);
      setSubscribing(false);
    }
  }, [creator.id, creator.handle]);
  const closeModal = useCallback(() => {
    setSubscribeError(null);
    closeLimitNotice();
  }, [closeLimitNotice]);

  const loadingHistory = historyStatus === 'idle' || historyStatus === 'loading';
  const showWelcome = !loadingHistory && messages.length === 0 && !error;

  return (
    <div className={styles['chat-page']}>
      {creator.demoAccount ? <DemoBanner /> : null}
      <ChatHeader creator={creator} />
      {/* Above the conversation, so the welcome overlay of an empty chat never covers it. */}
      <AiPersonaNotice creatorId={creator.id} creatorName={creator.nickName} />
      <CheckoutCancelledNotice />
      <ChatSettings>
        <MemoryPanel creatorId={creator.id} creatorName={creator.nickName} />
        <InPersonPanel creatorName={creator.nickName} />
      </ChatSettings>
      <div className={styles['chat-body']}>
        <div className={styles['chat-scroll']} ref={scrollRef} onScroll={onScrollBody} onWheel={onWheel}>
          <div
            className={styles['chat-messages']}
            role="log"
            aria-label={t('chat.conversationWith', { name: creator.nickName })}
            // Not live: streamed words would be read one by one; ReplyAnnouncer reads each reply once.
            aria-live="off"
          >
            {!loadingHistory && (older.hasMore || older.status === 'error') ? (
              <OlderMessages status={older.status} onLoad={older.load} />
            ) : null}
            {loadingHistory ? (
              <div className={styles['chat-loading']}>
                <Spinner label={t('chat.loadingConversation')} />
              </div>
            ) : null}
            {messages.filter(hasText).map((message) => (
              <Fragment key={message.id}>
                <MessageBubble message={message} creatorName={creator.nickName} />
                {message.role === 'assistant' && (message.kind ?? 'message') === 'message' ? (
                  <ReplyMeta message={message} />
                ) : null}
              </Fragment>
            ))}
            <InPersonLine creatorName={creator.nickName} />
            {isTyping ? <TypingIndicator name={creator.nickName} /> : null}
            {error ? (
              <div className={styles['chat-error']} role="alert">
                {error}
              </div>
            ) : null}
          </div>
        </div>
        <ReplyAnnouncer creatorName={creator.nickName} />
        {showWelcome ? <WelcomeOverlay creator={creator} onSuggestion={setDraft} /> : null}
        {paused ? (
          <button
            type="button"
            className={styles['scroll-to-bottom']}
            aria-label={t('chat.scrollToLatest')}
            onClick={scrollToBottom}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M12 5v14m0 0-6-6m6 6 6-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        ) : null}
      </div>
      {creator.paused ? (
        <PersonaPausedNotice creatorName={creator.nickName} />
      ) : (
        <ChatInput
          creatorName={creator.nickName}
          onSend={() => void send()}
          disabled={historyStatus === 'error'}
        />
      )}
      <SubscriptionModal
        open={limitNotice !== null}
        nextAvailableTime={limitNotice?.nextAvailableTime ?? null}
        isGuest={isGuest}
        onClose={closeModal}
        onSignUp={signUp}
        onSubscribe={() => void subscribe()}
        subscribing={subscribing}
        subscribeError={subscribeError}
        demoNotSubscribable={demoNotSubscribable}
      />
    </div>
  );
}

/**
 * An assistant reply with no text (one that failed before its first word, or has not started)
 * would be an empty bubble: it is not shown. A failed reply that streamed text keeps its text.
 */
function hasText(message: ChatMessage): boolean {
  return message.role !== 'assistant' || message.content.trim() !== '';
}
