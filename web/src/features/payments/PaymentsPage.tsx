import styles from './payments.module.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import {
  ApiError,
  createDashboardLink,
  type PriceSplit,
  useOnboardingStatusQuery,
  usePriceQuery,
  useRefreshPriceChanges,
  useSetPriceMutation,
} from '../../api';
import { Button, buttonClass } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useSessionStore } from '../session';
import { EarningsCard } from './EarningsCard';
import { DigestCard, PRICE_NOTICE_HINT, PriceChanges } from './StudioMailCards';
import { browserNavigation } from '../shell/browser-navigation';
import { sharePercent, sharePromise } from './share-promise';

export const PAYMENTS_LEAD = 'Track your earnings and manage payout settings.';
export const DASHBOARD_FAILED_TEXT = 'Could not open the Stripe dashboard. Try again in a moment.';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The price field in dollars; billing checks the same minimum in cents (spec §5: 500). */
const priceFormSchema = z.object({
  price: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'Enter an amount in dollars, e.g. 10 or 9.99')
    .refine((value) => Math.round(Number(value) * 100) >= 500, 'The minimum price is $5.00'),
});
type PriceFormValues = z.infer<typeof priceFormSchema>;

/** `/creator/payments` (spec §2): payout settings, the monthly price and what a payment becomes. */
export function PaymentsPage() {
  const userId = useSessionStore((state) => state.user?.userId ?? '');
  return (
    <div className={`page ${styles['payments']}`}>
      <div>
        <h1 className={styles['payments__title']}>Payments</h1>
        <p className={styles['payments__lead']}>{PAYMENTS_LEAD}</p>
      </div>
      <PayoutsCard userId={userId} />
      <EarningsCard userId={userId} />
      <PriceCard userId={userId} />
      <DigestCard userId={userId} />
    </div>
  );
}

function PayoutsCard({ userId }: { userId: string }) {
  const status = useOnboardingStatusQuery(userId);
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const openDashboard = async () => {
    setOpening(true);
    setError(null);
    try {
      browserNavigation.leaveTo(await createDashboardLink());
    } catch (failure) {
      setError(
        failure instanceof ApiError && !failure.isNetworkError ? failure.message : DASHBOARD_FAILED_TEXT,
      );
      setOpening(false);
    }
  };
  const state = status.isPending ? 'loading' : status.isError ? 'error' : status.data.status;
  return (
    <section className={styles['card']} aria-labelledby="payouts-title">
      <h2 id="payouts-title" className={styles['card__title']}>
        Payouts
      </h2>
      {state === 'loading' ? <Spinner size={24} label="Checking your Stripe account" /> : null}
      {state === 'complete' ? (
        <p className={`${styles['status']} ${styles['status--complete']}`}>
          Stripe account ready to get paid
        </p>
      ) : null}
      {state === 'incomplete' ? (
        <p className={`${styles['status']} ${styles['status--incomplete']}`}>
          Stripe onboarding not finished
        </p>
      ) : null}
      {state === 'error' ? (
        <p className={`${styles['status']} ${styles['status--error']}`} role="alert">
          Error checking onboarding status
          {status.data?.message
            ? `: ${status.data.message}`
            : status.error
              ? `: ${status.error.message}`
              : ''}
        </p>
      ) : null}
      <p className={styles['card__text']}>
        Stripe keeps your balance, pays it out to your bank account and holds your tax details. Open your
        Stripe Express dashboard to see payouts or change your bank account.
      </p>
      <div className={styles['card__actions']}>
        {status.data?.accountId ? (
          <Button onClick={() => void openDashboard()} pending={opening} pendingLabel="Opening Stripe…">
            Open Stripe Dashboard
          </Button>
        ) : null}
        {state === 'incomplete' ? (
          <Link
            className={buttonClass(status.data?.accountId ? 'secondary' : 'primary')}
            to="/creator/stripe-signup"
          >
            {status.data?.accountId ? 'Finish Stripe Onboarding' : 'Start Earning with Stripe'}
          </Link>
        ) : null}
      </div>
      {error ? (
        <p className={styles['error']} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function PriceCard({ userId }: { userId: string }) {
  const price = usePriceQuery(userId);
  return (
    <section className={styles['card']} aria-labelledby="price-title">
      <h2 id="price-title" className={styles['card__title']}>
        Subscription price
      </h2>
      <p className={styles['card__text']}>
        What a fan pays per month, in US dollars, to chat with your persona without limits.
      </p>
      {price.isPending ? <Spinner size={24} label="Loading your price" /> : null}
      {price.isError ? (
        <p className={styles['error']} role="alert">
          {price.error.message}
        </p>
      ) : null}
      {price.data ? <PriceForm userId={userId} split={price.data} /> : null}
      <PriceChanges userId={userId} />
    </section>
  );
}

function PriceForm({ userId, split }: { userId: string; split: PriceSplit }) {
  const save = useSetPriceMutation(userId);
  const refreshChanges = useRefreshPriceChanges(userId);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PriceFormValues>({
    resolver: zodResolver(priceFormSchema),
    mode: 'onTouched',
    defaultValues: { price: (split.pricePerSubscription / 100).toFixed(2) },
  });
  const submit = handleSubmit(async ({ price }) => {
    setSaved(false);
    await save.mutateAsync(Math.round(Number(price) * 100));
    setSaved(true);
    void refreshChanges();
  });
  const fieldError = errors.price?.message;
  return (
    <>
      <form
        className={styles['price-form']}
        onSubmit={(event) => void submit(event).catch(() => undefined)}
        noValidate
      >
        <label className={styles['price-form__field']}>
          Monthly price ($)
          <input
            className={styles['price-form__input']}
            inputMode="decimal"
            aria-invalid={fieldError ? true : undefined}
            {...register('price')}
          />
        </label>
        <Button type="submit" pending={save.isPending} pendingLabel="Saving...">
          Save price
        </Button>
        {saved && !save.isPending ? <span role="status">Price updated!</span> : null}
      </form>
      {fieldError ? (
        <p className={styles['error']} role="alert">
          {fieldError}
        </p>
      ) : null}
      {save.error ? (
        <p className={styles['error']} role="alert">
          {save.error.message}
        </p>
      ) : null}
      <p className={styles['price-form__hint']}>Minimum $5.00. A new price applies to new subscriptions.</p>
      <p className={styles['price-form__hint']}>{PRICE_NOTICE_HINT}</p>
      <h3 className={styles['card__title']}>Where a fan&apos;s {dollars(split.pricePerSubscription)} goes</h3>
      <dl className={styles['split']}>
        <dt>Fan pays each month</dt>
        <dd>{dollars(split.pricePerSubscription)}</dd>
        <dt>Platform fee ({split.platformFeePercent}%)</dt>
        <dd>−{dollars(split.platformFee)}</dd>
        <dt className={styles['split__total']}>You receive</dt>
        <dd className={styles['split__total']}>
          {dollars(split.creatorShare)} ({sharePercent(split.creatorShare, split.pricePerSubscription)}%)
        </dd>
      </dl>
      <p className={styles['price-form__hint']}>
        Stripe&apos;s card fee, about {dollars(split.stripeFeeEstimate)} (2.9% + 30¢ for a US card), is paid
        out of the platform fee, not your share.
      </p>
      <p className={styles['price-form__hint']} data-testid="share-promise">
        {sharePromise(split.creatorShare, split.pricePerSubscription)}
      </p>
    </>
  );
}
