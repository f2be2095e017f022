import styles from './chat.module.css';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { useSessionStore } from '../session';
import { ChatAgeCheck } from './ChatAgeCheck';
import { ChatView } from './ChatView';
import { parseCreatorHandle } from './parse-handle';
import { useCreatorByHandle } from './useCreatorByHandle';

/**
 * `/@{username}`: finds the creator by handle and opens the chat. An invalid path, an unknown
 * handle or a failed load sends the visitor to /ai-chat (replace); a creator who cannot take
 * payments yet, or whose initialisation has not finished, sends fans home (spec §4 "Creator gate
 * in chat").
 */
export function CreatorChatPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const parsed = useMemo(() => parseCreatorHandle(pathname), [pathname]);
  const lookup = useCreatorByHandle(parsed.ok ? parsed.handle : null);
  const sessionStatus = useSessionStore((state) => state.status);
  const userId = useSessionStore((state) => state.user?.userId ?? null);

  const creator = lookup.creator;
  const gated =
    creator !== null &&
    sessionStatus !== 'loading' &&
    (!creator.onboardingComplete || !creator.initComplete) &&
    !creator.demoAccount &&
    creator.userId !== userId;

  useEffect(() => {
    if (!parsed.ok || lookup.status === 'missing' || lookup.status === 'error')
      navigate('/ai-chat', { replace: true });
  }, [parsed.ok, lookup.status, navigate]);

  useEffect(() => {
    if (gated) navigate('/', { replace: true });
  }, [gated, navigate]);

  if (!parsed.ok) return <PageMessage text={t('chat.invalidUrl')} />;
  if (lookup.status === 'missing') return <PageMessage text={t('chat.creatorNotFound')} />;
  if (lookup.status === 'error') return <PageMessage text={t('chat.creatorFailed')} />;
  if (lookup.status === 'loading' || sessionStatus === 'loading' || gated || !creator) {
    return (
      <div className={`${styles['chat-page']} ${styles['chat-page--centered']}`}>
        <Spinner label={t('chat.loadingChat')} />
      </div>
    );
  }
  return (
    <ChatAgeCheck creator={creator}>
      <ChatView creator={creator} />
    </ChatAgeCheck>
  );
}

function PageMessage({ text }: { text: string }) {
  return (
    <div className="page">
      <Banner tone="error">{text}</Banner>
    </div>
  );
}
