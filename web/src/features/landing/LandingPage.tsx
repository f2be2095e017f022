import styles from './landing.module.css';
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
  {
    title: 'Pick a creator',
    text: 'Open any creator’s chat link — no app to install, no account needed to start.',
  },
  {
    title: 'Just DM them',
    text: 'Their AI persona answers in their voice, built from what they actually post.',
  },
  {
    title: 'See the receipts',
    text: 'Replies link the posts they draw on, so you can watch the original video.',
  },
];

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
  // Spec §2: a creator opening / goes to /creator.
  if (isCreator) return <Navigate to="/creator" replace />;
  return (
    <div className={styles['landing']}>
      <section className={styles['hero']}>
        <div className={styles['hero__glow']} aria-hidden="true" />
        <div className={styles['hero__inner']}>
          <div className={styles['hero__copy']}>
            <span className={styles['eyebrow']}>AI personas of your favourite TikTokers</span>
            <h1 className={styles['hero__title']}>
              DMs that actually <span className="gradient-text">answer back</span>
            </h1>
            <p className={styles['hero__subtitle']}>
              Chat with AI versions of TikTokers built from their real personality.
            </p>
            <div className={styles['hero__actions']}>
              <Button size="lg" onClick={() => void tryNow()} disabled={pending} aria-busy={pending}>
                {`Try ${PRODUCT_NAME} now!`}
              </Button>
              <a className={buttonClass('secondary', 'lg')} href="#see-it">
                Watch the demo
              </a>
              <Link className={buttonClass('secondary', 'lg')} to="/discover">
                Discover creators
              </Link>
            </div>
            <p className={styles['hero__fine']}>Free to start · No download</p>
          </div>
          <div className={styles['hero__visual']}>
            <ChatMockup />
          </div>
        </div>
      </section>

      <section className={styles['landing-section']} id="see-it" aria-labelledby="see-it-heading">
        <div className={styles['demo']}>
          <div>
            <h2 id="see-it-heading">See it in action</h2>
            <p>
              Every persona learns from a creator’s own videos — their jokes, their advice, the way they talk
              — so the conversation feels like them, any time of day.
            </p>
            <ul className={styles['demo__points']}>
              <li>Streams replies in real time</li>
              <li>Remembers your conversation</li>
              <li>Points you to the posts behind each answer</li>
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
              aria-label="Demo: a fan chatting with a creator's AI persona"
            >
              <source src="/media/backtalk-demo.webm" type="video/webm" />
              <source src="/media/backtalk-demo.mp4" type="video/mp4" />
            </video>
          </div>
        </div>
      </section>

      <section className={styles['landing-section']} aria-labelledby="how-heading">
        <h2 id="how-heading" className={styles['landing-section__title']}>
          How it works
        </h2>
        <ol className={styles['steps']}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={styles['step']}>
              <span className={styles['step__number']}>{index + 1}</span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles['landing-section']}>
        <div className={styles['creator-cta']}>
          <div>
            <h2>Are you a creator?</h2>
            <p>
              Turn your DMs into income. Your fans get answers around the clock, and you keep at least 80% of
              subscription revenue.
            </p>
          </div>
          <Link className={buttonClass('secondary', 'lg')} to="/creator/signup">
            Become a {PRODUCT_NAME} creator
          </Link>
        </div>
      </section>
    </div>
  );
}
