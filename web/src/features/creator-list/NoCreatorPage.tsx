import styles from './creator-list.module.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { CreatorList } from './CreatorList';

/** /ai-chat?view=creators shows the creator list in place (its own /dev route comes later). */
const CREATOR_LIST_VIEW = 'creators';

/** `/ai-chat`: the chat page without a creator. */
export function NoCreatorPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const showList = params.get('view') === CREATOR_LIST_VIEW;
  return (
    <div className="page">
      {showList ? (
        <CreatorList />
      ) : (
        <div className={styles['no-creator']}>
          {/* The page's title for screen readers; the design shows only the banner and the button. */}
          <h1 className="visually-hidden">{t('errors.noCreatorTitle')}</h1>
          <Banner tone="error">{t('errors.noCreator')}</Banner>
          <Button size="lg" onClick={() => setParams({ view: CREATOR_LIST_VIEW })}>
            {t('errors.creatorList')}
          </Button>
        </div>
      )}
    </div>
  );
}
