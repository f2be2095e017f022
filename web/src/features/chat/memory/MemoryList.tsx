import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import type { FanMemory } from '../../../api/memory.api';
import { useMemoriesQuery, useMemoryMutations } from '../../../api/memory.queries';
import { ReplySamplingSwitch } from './ReplySamplingSwitch';
import styles from './memory.module.css';

/**
 * The fan's memories of one creator (or, without `creatorId`, of all, each labelled by
 * `creatorName`): edit or delete each, forget everything, and the memory switch.
 */
export function MemoryList({
  creatorId,
  name,
  creatorName,
}: {
  creatorId?: string;
  /** Who remembers, in the texts: the persona's name, or "Personas" on /account. */
  name: string;
  creatorName?: (creatorId: string) => string;
}) {
  const { t } = useTranslation();
  const query = useMemoriesQuery(creatorId);
  const mutations = useMemoryMutations(creatorId);
  const [confirming, setConfirming] = useState(false);
  const failed = [mutations.update, mutations.remove, mutations.forget, mutations.setEnabled].some(
    (mutation) => mutation.isError,
  );

  if (query.isPending) return <Spinner label={t('memory.loading')} />;
  if (query.isError || !query.data) {
    return (
      <p className={styles['error']} role="alert">
        {t('memory.loadFailed')}{' '}
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
          {t('memory.retry')}
        </Button>
      </p>
    );
  }
  const { memories, enabled } = query.data;
  return (
    <div className={styles['list']} data-testid="memory-list">
      <label className={styles['toggle']}>
        <input
          type="checkbox"
          role="switch"
          checked={enabled}
          disabled={mutations.setEnabled.isPending}
          onChange={(event) => mutations.setEnabled.mutate(event.target.checked)}
        />
        <span>{t('memory.toggle')}</span>
      </label>
      {!enabled ? <p className={styles['note']}>{t('memory.off')}</p> : null}
      <ReplySamplingSwitch />
      {memories.length === 0 ? (
        <p className={styles['note']}>{t('memory.empty', { name })}</p>
      ) : (
        <ul className={styles['items']}>
          {memories.map((memory) => (
            <MemoryItem
              key={memory.id}
              memory={memory}
              creatorName={creatorName?.(memory.creatorId)}
              mutations={mutations}
            />
          ))}
        </ul>
      )}
      {memories.length > 0 && !confirming ? (
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          {t('memory.forgetAll')}
        </Button>
      ) : null}
      {confirming ? (
        <div className={styles['confirm']} role="alertdialog" aria-label={t('memory.forgetAll')}>
          <p>{t('memory.confirmForget', { name })}</p>
          <div className={styles['actions']}>
            <Button
              variant="danger"
              size="sm"
              pending={mutations.forget.isPending}
              onClick={() => mutations.forget.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              {t('memory.confirmYes')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
      {failed ? (
        <p className={styles['error']} role="alert">
          {t('memory.failed')}
        </p>
      ) : null}
    </div>
  );
}

function MemoryItem({
  memory,
  creatorName,
  mutations,
}: {
  memory: FanMemory;
  creatorName?: string;
  mutations: ReturnType<typeof useMemoryMutations>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const save = () => {
    const text = draft?.trim() ?? '';
    if (!text) return;
    mutations.update.mutate({ id: memory.id, text }, { onSuccess: () => setDraft(null) });
  };
  return (
    <li className={styles['item']} data-testid="memory-item">
      {draft === null ? (
        <>
          <span className={styles['text']}>
            {memory.text}
            {creatorName ? <span className={styles['creator']}> · {creatorName}</span> : null}
          </span>
          <span className={styles['actions']}>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setDraft(memory.text)}
              aria-label={t('memory.editLabel', { text: memory.text })}
            >
              {t('memory.edit')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              pending={mutations.remove.isPending && mutations.remove.variables === memory.id}
              onClick={() => mutations.remove.mutate(memory.id)}
              aria-label={t('memory.deleteLabel', { text: memory.text })}
            >
              {t('memory.delete')}
            </Button>
          </span>
        </>
      ) : (
        <form
          className={styles['edit']}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <input
            aria-label={t('memory.fact')}
            value={draft}
            maxLength={300}
            onChange={(event) => setDraft(event.target.value)}
          />
          <span className={styles['actions']}>
            <Button type="submit" size="sm" pending={mutations.update.isPending} disabled={!draft.trim()}>
              {t('memory.save')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setDraft(null)}>
              {t('common.cancel')}
            </Button>
          </span>
        </form>
      )}
    </li>
  );
}
