/**
 * The newest observation of a Stripe object (subscription, connected account) that billing
 * applied: the `created` time of the event (whole seconds, Stripe's resolution) and, for
 * observations of the same second, how far along the object's life it is (`rank`). Stored
 * per object in `billing.stripe_object_versions` (docs/billing.md, "Once, and in any order").
 */
export interface ObjectVersion {
  observedAt: Date;
  rank: number;
}

/**
 * Whether an observation may replace the stored one: it is newer, or of the same second and
 * at least as far along. Equal observations replace each other (the same state written again).
 */
export function supersedes(incoming: ObjectVersion, stored: ObjectVersion | null): boolean {
  if (!stored) return true;
  const incomingTime = incoming.observedAt.getTime();
  const storedTime = stored.observedAt.getTime();
  return storedTime < incomingTime || (storedTime === incomingTime && stored.rank <= incoming.rank);
}
