import { Banner } from '../../../components/Banner';
import { Button } from '../../../components/Button';

/** A list that could not be had, with a way to ask again (the reports pages). */
export function LoadFailedBanner({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <Banner
      tone="error"
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {message}
    </Banner>
  );
}
