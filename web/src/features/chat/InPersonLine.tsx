import { useTranslation } from 'react-i18next';
import { useInPersonStateQuery } from '../../api';
import { en } from '../../i18n/locales/en';
import { useChatStore } from './chat.store';
import styles from './in-person.module.css';

/** The line in the conversation while the creator holds it (docs/architecture.md, "Inbox"). */
export const inPersonLineText = (creatorName: string) =>
  en.messages.inPersonLine.replace('{{name}}', creatorName);

/**
 * A clear line at the end of the conversation while the creator replies in person: the fan's
 * messages go to the creator, and the AI persona does not answer them.
 */
export function InPersonLine({ creatorName }: { creatorName: string }) {
  const { t } = useTranslation();
  const conversationId = useChatStore((state) => state.conversationId);
  const state = useInPersonStateQuery(conversationId);
  if (!state.data?.creatorMayRead || !state.data.inPerson) return null;
  return (
    <div className={styles['line']} role="status" data-testid="in-person-line">
      <span>{t('messages.inPersonLine', { name: creatorName })}</span>
    </div>
  );
}
