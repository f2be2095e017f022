import { createCheckout } from '../../api';

/**
 * Starts a subscription checkout for a creator and sends the browser to the payment page.
 * Failures are only logged (spec §8: 'Error creating charge' or a missing url is logged only).
 */
export async function startCheckout(
  creatorId: string,
  redirect: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  try {
    const reply = await createCheckout(creatorId);
    if (!reply || typeof reply.url !== 'string' || !reply.url) {
      console.error('Error creating charge', 'no url returned');
      return;
    }
    redirect(reply.url);
  } catch (error) {
    console.error('Error creating charge', error);
  }
}
