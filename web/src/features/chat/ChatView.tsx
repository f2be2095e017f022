import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Creator } from '../../api';
import { Spinner } from '../../components/Spinner';
import { startCheckout } from '../billing/start-checkout';
import { rememberSignInRedirect, useSessionStore } from '../session';
import { ChatHeader } from './ChatHeader';
import { ChatInput } from './ChatInput';
import { useChatStore } from './chat.store';
import { DemoBanner } from './DemoBanner';
import { MessageBubble } from './MessageBubble';
import { SubscriptionModal } from './SubscriptionModal';
import { TypingIndicator } from './TypingIndicator';
import { useAutoScroll } from './useAutoScroll';
import { useChat } from './useChat';
import { WelcomeOverlay } from './WelcomeOverlay';
import './chat.css';

export interface ChatViewProps {
  creator: Creator;
  /** Called by 'Subscribe' in the limit modal; defaults to a checkout for this creator. */
  onSubscribe?: (creator: Creator) => void;
}

export function ChatView({ creator, onSubscribe }: ChatViewProps) {
  const { send } = useChat(creator);
  const messages = useChatStore((state) => state.messages);
  const historyStatus = useChatStore((state) => state.historyStatus);
  const conversationId = useChatStore((state) => state.conversationId);
  const isTyping = useChatStore((state) => state.isTyping);
  const error = useChatStore((state) => state.error);
  const limitNotice = useChatStore((state) => state.limitNotice);
  const closeLimitNotice = useChatStore((state) => state.closeLimitNotice);
  const setDraft = useChatStore((state) => state.setDraft);
  const isGuest = useSessionStore((state) => state.status !== 'authenticated');
  const navigate = useNavigate();
  const location = useLocation();
  const {
    ref: scrollRef,
    paused,
    onScroll,
    onWheel,
    scrollToBottom,
  } = useAutoScroll<HTMLDivElement>([messages, isTyping, error]);

  const signUp = useCallback(() => {
    rememberSignInRedirect(location.pathname);
    closeLimitNotice();
    navigate('/sign-in');
  }, [closeLimitNotice, location.pathname, navigate]);

  const subscribe = useCallback(() => {
    if (onSubscribe) onSubscribe(creator);
    else void startCheckout(creator.id);
  }, [creator, onSubscribe]);

  const loadingHistory = historyStatus === 'idle' || historyStatus === 'loading';
  const showWelcome = !loadingHistory && messages.length === 0 && !error;

  return (
    <div className="chat-page">
      {creator.demoAccount ? <DemoBanner /> : null}
      <ChatHeader creator={creator} />
      <div className="chat-body">
        <div className="chat-scroll" ref={scrollRef} onScroll={onScroll} onWheel={onWheel}>
          <div className="chat-messages" role="log" aria-label={`Conversation with ${creator.nickName}`}>
            {loadingHistory ? (
              <div className="chat-loading">
                <Spinner label="Loading conversation" />
              </div>
            ) : null}
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} />
            ))}
            {isTyping ? <TypingIndicator name={creator.nickName} /> : null}
            {error ? (
              <div className="chat-error" role="alert">
                {error}
              </div>
            ) : null}
          </div>
        </div>
        {showWelcome ? <WelcomeOverlay creator={creator} onSuggestion={setDraft} /> : null}
        {paused ? (
          <button
            type="button"
            className="scroll-to-bottom"
            aria-label="Scroll to latest message"
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
      <ChatInput creatorName={creator.nickName} onSend={() => void send()} disabled={!conversationId} />
      <SubscriptionModal
        open={limitNotice !== null}
        nextAvailableTime={limitNotice?.nextAvailableTime ?? null}
        isGuest={isGuest}
        onClose={closeLimitNotice}
        onSignUp={signUp}
        onSubscribe={subscribe}
      />
    </div>
  );
}
