import styles from './landing.module.css';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { Button, buttonClass } from '../../components/Button';
import { PRODUCT_NAME } from '../../config';
import { paymentReturnOf } from '../payments/payment-return';
import { PaymentReturnView } from '../payments/PaymentReturnView';
import { ChatMockup } from './ChatMockup';
import { useSubscriberRedirect } from './useSubscriberRedirect';
import { useTryNow } from './useTryNow';
import { selectIsCreator, useSessionStore } from '../session';

const STEPS = [
  { title: 'landing.step1Title', text: 'landing.step1Text' },
  { title: 'landing.step2Title', text: 'landing.step2Text' },
  { title: 'landing.step3Title', text: 'landing.step3Text' },
] as const;

/**
 * `/` (spec §1, §2): the marketing page (creators are sent to /creator) with the featured creator's
 * chat one click away; on a return from Stripe Checkout, what became of the payment.
 */
export function LandingPage() {
  const [params] = useSearchParams();
  const paymentReturn = paymentReturnOf(params);
  return paymentReturn ? <PaymentReturnView kind={paymentReturn} /> : <Landing />;
}

function Landing() {
  useSubscriberRedirect();
  const { tryNow, pending } = useTryNow();
  const isCreator = useSessionStore(selectIsCreator);
  const { t } = useTranslation();
  // Spec §2: a creator opening / goes to /creator.
  if (isCreator) return <Navigate to="/creator" replace />;
  return (
    <div className={styles['landing']}>
      <section className={styles['hero']}>
        <div className={styles['hero__glow']} aria-hidden="true" />
        <div className={styles['hero__inner']}>
          <div className={styles['hero__copy']}>
            <span className={styles['eyebrow']}>{t('landing.eyebrow')}</span>
            <h1 className={styles['hero__title']}>
              <Trans i18nKey="landing.title" components={{ 1: <span className="gradient-text" /> }} />
            </h1>
            <p className={styles['hero__subtitle']}>{t('landing.subtitle')}</p>
            <div className={styles['hero__actions']}>
              <Button size="lg" onClick={() => void tryNow()} disabled={pending} aria-busy={pending}>
                {t('landing.tryNow', { product: PRODUCT_NAME })}
              </Button>
              <a className={buttonClass('secondary', 'lg')} href="#see-it">
                {t('landing.watchDemo')}
              </a>
              <Link className={buttonClass('secondary', 'lg')} to="/discover">
                {t('landing.discover')}
              </Link>
            </div>
            <p className={styles['hero__fine']}>{t('landing.fine')}</p>
          </div>
          <div className={styles['hero__visual']}>
            <ChatMockup />
          </div>
        </div>
      </section>

      <section className={styles['landing-section']} id="see-it" aria-labelledby="see-it-heading">
        <div className={styles['demo']}>
          <div>
            <h2 id="see-it-heading">{t('landing.seeItTitle')}</h2>
            <p>{t('landing.seeItText')}</p>
            <ul className={styles['demo__points']}>
              <li>{t('landing.pointStreams')}</li>
              <li>{t('landing.pointRemembers')}</li>
              <li>{t('landing.pointPosts')}</li>
            </ul>
          </div>
          <div className={styles['demo__video']}>
            <video
              controls
              muted
              loop
              playsInline
              preload="none"
              poster="/media/backtalk-demo-poster.jpg"
              aria-label={t('landing.videoLabel')}
            >
              <source src="/media/backtalk-demo.webm" type="video/webm" />
              <source src="/media/backtalk-demo.mp4" type="video/mp4" />
            </video>
          </div>
        </div>
      </section>

      <section className={styles['landing-section']} aria-labelledby="how-heading">
        <h2 id="how-heading" className={styles['landing-section__title']}>
          {t('landing.howTitle')}
        </h2>
        <ol className={styles['steps']}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles['step']}>
              <span className={styles['step__number']}>{index + 1}</span>
              <h3>{t(step.title)}</h3>
              <p>{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles['landing-section']}>
        <div className={styles['creator-cta']}>
          <div>
            <h2>{t('landing.creatorTitle')}</h2>
            <p>{t('landing.creatorText')}</p>
          </div>
          <Link className={buttonClass('secondary', 'lg')} to="/creator/signup">
            {t('landing.creatorCta', { product: PRODUCT_NAME })}
          </Link>
        </div>
      </section>
    </div>
  );
}
