import { useTranslation } from 'react-i18next';
import { AccountSection } from '../../account/AccountSection';
import { MemoryPanel } from './MemoryPanel';

/** /account: everything personas remember about the fan, across creators (issue 24 item 2). */
export function MemorySection() {
  const { t } = useTranslation();
  return (
    <AccountSection title={t('memory.sectionTitle')} description={t('memory.sectionText')}>
      <MemoryPanel creatorName={t('memory.personas')} title={t('memory.show')} />
    </AccountSection>
  );
}
