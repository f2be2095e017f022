import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  type FeatureFlag,
  useCreateFeatureFlagMutation,
  useEnvironmentQuery,
  useFeatureFlagsQuery,
  useToggleFeatureFlagMutation,
} from '../../api';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { selectIsAdmin, useSessionStore } from '../session';
import { FormField, messagesOf } from '../sign-in/FormField';
import styles from './developer.module.css';

/** Spec §8 Flags: the admin's three error texts. */
export const FLAG_MESSAGES = {
  loadFailed: 'Failed to load feature flags. Please try again.',
  createFailed: 'Failed to create feature flag. Please try again.',
  updateFailed: 'Failed to update feature flag. Please try again.',
  /** Spec §9: outside development. */
  developmentOnly: 'Feature flag administration is only available in development environments.',
} as const;

/**
 * /dev/feature-flags (spec §4 Feature flag toggle, §6, §7, §9): every flag of this deployment's
 * environment with a toggle (optimistic, reverted on failure), and a form to create one. Admins
 * change flags, in development only; the feature-flags service refuses anyone else.
 */
export function FeatureFlagsPage() {
  const environment = useEnvironmentQuery();
  const isAdmin = useSessionStore(selectIsAdmin);
  if (environment.isPending) return <Spinner size={48} label="Loading…" />;
  if (environment.data?.environment !== 'development') {
    return (
      <section className={styles['flags']}>
        <h1 className={styles['flags__title']}>Feature Flags</h1>
        <p className={styles['flags__environment']}>
          Environment: <strong>Production</strong>
        </p>
        <p role="status" className={styles['flags__notice']}>
          {FLAG_MESSAGES.developmentOnly}
        </p>
      </section>
    );
  }
  return (
    <section className={styles['flags']}>
      <h1 className={styles['flags__title']}>Feature Flags</h1>
      <p className={styles['flags__environment']}>
        Environment: <strong>Development</strong>
      </p>
      {isAdmin ? null : (
        <p className={styles['flags__notice']}>Only admins can change feature flags; you can look at them.</p>
      )}
      <FlagList canChange={isAdmin} />
      {isAdmin ? <CreateFlagForm /> : null}
    </section>
  );
}

function FlagList({ canChange }: { canChange: boolean }) {
  const userId = useSessionStore((state) => state.user?.userId);
  const flags = useFeatureFlagsQuery();
  const toggle = useToggleFeatureFlagMutation();
  if (flags.isPending) return <Spinner size={32} label="Loading feature flags" />;
  if (flags.isError) {
    return (
      <div role="alert" className={styles['flags__error']}>
        <p>{FLAG_MESSAGES.loadFailed}</p>
        <Button variant="secondary" size="sm" onClick={() => void flags.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <>
      {toggle.isError ? (
        <p role="alert" className={styles['flags__error']}>
          {FLAG_MESSAGES.updateFailed}
        </p>
      ) : null}
      {flags.data.flags.length === 0 ? (
        <p className={styles['flags__empty']}>No feature flags yet.</p>
      ) : (
        <ul className={styles['flags__list']} aria-label="Feature flags">
          {flags.data.flags.map((flag) => (
            <FlagRow
              key={flag.id}
              flag={flag}
              updatedBy={flag.lastUpdatedBy === userId ? 'you' : flag.lastUpdatedBy}
              disabled={!canChange}
              onToggle={(enabled) => toggle.mutate({ id: flag.id, enabled })}
            />
          ))}
        </ul>
      )}
    </>
  );
}

function FlagRow({
  flag,
  updatedBy,
  disabled,
  onToggle,
}: {
  flag: FeatureFlag;
  /** 'you', or the user id of whoever changed it last. */
  updatedBy: string | null;
  disabled: boolean;
  onToggle(enabled: boolean): void;
}) {
  const updated = new Date(flag.updatedAt).toLocaleString();
  return (
    <li className={styles['flag']}>
      <div className={styles['flag__text']}>
        <span className={styles['flag__name']}>{flag.name}</span>
        {flag.description ? <span className={styles['flag__description']}>{flag.description}</span> : null}
        <span className={styles['flag__meta']}>
          Updated {updated}
          {updatedBy ? ` by ${updatedBy}` : ''}
        </span>
      </div>
      <label className={styles['switch']}>
        <input
          type="checkbox"
          role="switch"
          className={styles['switch__input']}
          checked={flag.enabled}
          disabled={disabled}
          aria-label={flag.name}
          onChange={(event) => onToggle(event.target.checked)}
        />
        <span className={styles['switch__track']} aria-hidden="true" />
        <span className={styles['switch__state']}>{flag.enabled ? 'On' : 'Off'}</span>
      </label>
    </li>
  );
}

/** The feature-flags service's name rule (proto flagNameSchema), with words for the admin. */
const createFlagSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name.')
    .max(64, 'Use at most 64 characters.')
    .regex(/^[A-Za-z][\w-]*$/, 'Start with a letter; use letters, digits, _ and - only.'),
  description: z.string().trim().max(500, 'Use at most 500 characters.'),
  enabled: z.boolean(),
});
type CreateFlagValues = z.infer<typeof createFlagSchema>;

function CreateFlagForm() {
  const form = useForm<CreateFlagValues>({
    resolver: zodResolver(createFlagSchema),
    mode: 'onTouched',
    defaultValues: { name: '', description: '', enabled: false },
  });
  const create = useCreateFeatureFlagMutation();
  const { errors } = form.formState;
  return (
    <form
      className={styles['flags__create']}
      noValidate
      onSubmit={form.handleSubmit((values) => create.mutate(values, { onSuccess: () => form.reset() }))}
    >
      <h2 className={styles['flags__subtitle']}>Create a flag</h2>
      <FormField
        label="Name"
        autoComplete="off"
        errors={messagesOf(errors.name)}
        {...form.register('name')}
      />
      <FormField
        label="Description"
        autoComplete="off"
        errors={messagesOf(errors.description)}
        {...form.register('description')}
      />
      <label className={styles['flags__checkbox']}>
        <input type="checkbox" {...form.register('enabled')} /> On from the start
      </label>
      {create.isError ? (
        <p role="alert" className={styles['flags__error']}>
          {FLAG_MESSAGES.createFailed}
        </p>
      ) : null}
      <Button type="submit" pending={create.isPending} pendingLabel="Creating…">
        Create flag
      </Button>
    </form>
  );
}
