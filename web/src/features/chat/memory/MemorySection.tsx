import { AccountSection } from '../../account/AccountSection';
import { MemoryPanel } from './MemoryPanel';

/** /account: everything personas remember about the fan, across creators (issue 24 item 2). */
export function MemorySection() {
  return (
    <AccountSection
      title="What personas remember"
      description="Facts you told a persona about yourself. Each creator’s persona sees only its own."
    >
      <MemoryPanel creatorName="Personas" title="Show what personas remember" />
    </AccountSection>
  );
}
