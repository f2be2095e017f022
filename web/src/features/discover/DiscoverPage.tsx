import styles from './discover.module.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { DISCOVER_QUERY_MAX_LENGTH } from '@backtalk/proto/browser';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { i18n } from '../../i18n/i18n';
import { useDiscoverQuery } from '../../api/discover.api';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { DiscoverCard } from './DiscoverCard';

const searchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(DISCOVER_QUERY_MAX_LENGTH, {
      error: () => i18n.t('discover.tooLong', { max: DISCOVER_QUERY_MAX_LENGTH }),
    }),
});
type SearchValues = z.infer<typeof searchSchema>;

/** The page number in the address: a whole number from 1, anything else is the first page. */
function pageOf(value: string | null): number {
  return value && /^[1-9]\d{0,2}$/.test(value) ? Number(value) : 1;
}

/**
 * `/discover` (issue 24 item 6; docs/creators.md, "Discover"): creators fans can chat with, searched
 * by name, handle or what they post about. The search and the page live in the address, so a
 * search can be shared and Back returns to it.
 */
export function DiscoverPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, DISCOVER_QUERY_MAX_LENGTH);
  const page = pageOf(params.get('page'));
  const results = useDiscoverQuery(q, page);
  const form = useForm<SearchValues>({ resolver: zodResolver(searchSchema), values: { q } });
  const error = form.formState.errors.q?.message;

  const show = (next: { q: string; page: number }) => {
    const search = new URLSearchParams();
    if (next.q) search.set('q', next.q);
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };
  const submit = form.handleSubmit((values) => show({ q: values.q, page: 1 }));
  const data = results.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section className={styles['discover']} aria-labelledby="discover-heading">
      <h1 id="discover-heading">{t('discover.title')}</h1>
      <p className={styles['discover__intro']}>{t('discover.intro')}</p>
      <form
        className={styles['discover__search']}
        role="search"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        <label className="visually-hidden" htmlFor="discover-q">
          {t('discover.searchLabel')}
        </label>
        <input
          id="discover-q"
          type="search"
          className={styles['discover__input']}
          placeholder={t('discover.placeholder')}
          autoComplete="off"
          aria-invalid={!!error}
          aria-describedby={error ? 'discover-q-error' : undefined}
          {...form.register('q')}
        />
        <Button type="submit">{t('discover.search')}</Button>
      </form>
      {error ? (
        <p id="discover-q-error" className={styles['discover__error']} role="alert">
          {error}
        </p>
      ) : null}

      {results.isPending ? (
        <div className={styles['discover__state']}>
          <Spinner label={t('discover.loading')} />
        </div>
      ) : null}
      {results.isError && !data ? (
        <Banner
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void results.refetch()}>
              {t('common.tryAgain')}
            </Button>
          }
        >
          {t('discover.failed')}
        </Banner>
      ) : null}
      {data && data.total === 0 ? (
        <div className={styles['discover__empty']}>
          {q ? (
            <>
              <p>{t('discover.noMatch', { q })}</p>
              <Button variant="secondary" size="sm" onClick={() => show({ q: '', page: 1 })}>
                {t('discover.showAll')}
              </Button>
            </>
          ) : (
            <p>{t('discover.none')}</p>
          )}
        </div>
      ) : null}
      {data && data.total > 0 ? (
        <>
          <p className={styles['discover__count']} role="status" aria-busy={results.isFetching}>
            {t('discover.creators', { count: data.total })}
            {q ? t('discover.forQuery', { q }) : ''}
          </p>
          <ul className={styles['discover__grid']} aria-label={t('discover.listLabel')}>
            {data.creators.map((creator) => (
              <DiscoverCard
                key={creator.id}
                creator={creator}
                onTopic={(topic) => show({ q: topic, page: 1 })}
              />
            ))}
          </ul>
          {lastPage > 1 ? (
            <nav className={styles['discover__pages']} aria-label={t('discover.pages')}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => show({ q, page: page - 1 })}>
                {t('discover.previous')}
              </Button>
              <span>{t('discover.pageOf', { page: Math.min(page, lastPage), last: lastPage })}</span>
              <Button
                variant="secondary"
                disabled={page >= lastPage}
                onClick={() => show({ q, page: page + 1 })}
              >
                {t('discover.next')}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
