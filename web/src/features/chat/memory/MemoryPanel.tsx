import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatorsQuery } from '../../../api';
import { MemoryList } from './MemoryList';
import styles from './memory.module.css';

/**
 * What is remembered, folded until the fan opens it; the list is asked for only then.
 * `creatorId`: one creator's (the chat), else all (/account).
 */
export function MemoryPanel({
  creatorId,
  creatorName,
  title,
}: {
  creatorId?: string;
  creatorName: string;
  title?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <details
      className={styles['panel']}
      data-testid="memory-panel"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>{title ?? t('memory.title', { name: creatorName })}</summary>
      {open && creatorId ? <MemoryList creatorId={creatorId} name={creatorName} /> : null}
      {open && !creatorId ? <AllMemories name={creatorName} /> : null}
    </details>
  );
}

/** Every creator's memories, each labelled with its creator's name. */
function AllMemories({ name }: { name: string }) {
  const { t } = useTranslation();
  const creators = useCreatorsQuery();
  const nameOf = (creatorId: string) =>
    creators.data?.find((creator) => creator.id === creatorId)?.nickName ?? t('memory.aCreator');
  return <MemoryList name={name} creatorName={nameOf} />;
}
