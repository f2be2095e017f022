import { useEnvVarsQuery } from '../../api';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { DevPage, describeFailure } from './DevPageStates';
import styles from './developer.module.css';

/** What stands in for a secret's value: never the value, only whether there is one. */
export const MASKED_SECRET = '••••••••';

/**
 * /dev/env-vars (spec §2, §7 displayEnvVarsFunc): every service's configuration, read from its
 * config schema; secrets arrive without their values, and admins only see any of it.
 */
export function EnvVarsPage() {
  const envVars = useEnvVarsQuery();
  return (
    <DevPage
      title="Environment Variables"
      intro="Each service's configuration as it runs. Secrets are masked: only whether one is set is shown."
    >
      {envVars.isPending ? <Spinner size={32} label="Loading the configuration" /> : null}
      {envVars.isError ? (
        <Banner
          tone="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => void envVars.refetch()}>
              Try again
            </Button>
          }
        >
          {describeFailure(envVars.error)}
        </Banner>
      ) : null}
      {envVars.data ? (
        <>
          <p className={styles['flags__environment']}>
            Read {new Date(envVars.data.timestamp).toLocaleString()}
          </p>
          {envVars.data.services.map((service) => (
            <div key={service.service} className={styles['dev-card']}>
              <h2 className={styles['flags__subtitle']}>{service.service}</h2>
              {service.status === 'unavailable' ? (
                <Banner tone="warning">Not available: {service.message}</Banner>
              ) : (
                <table className={styles['dev-table']} aria-label={`${service.service} configuration`}>
                  <thead>
                    <tr>
                      <th scope="col">Variable</th>
                      <th scope="col">Value</th>
                    </tr>
                  </thead>
                  <tbody>
                    {service.variables.map((variable) => (
                      <tr key={variable.name}>
                        <th scope="row">
                          <code>{variable.name}</code>
                        </th>
                        <td>
                          {variable.secret ? (
                            <span className={styles['dev-muted']}>
                              {variable.isSet ? `${MASKED_SECRET} (secret, set)` : '(secret, not set)'}
                            </span>
                          ) : variable.value === null ? (
                            <span className={styles['dev-muted']}>(not set)</span>
                          ) : (
                            <code className={styles['dev-value']}>{variable.value}</code>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          ))}
        </>
      ) : null}
    </DevPage>
  );
}
