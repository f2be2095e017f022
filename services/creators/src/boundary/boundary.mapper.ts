import type { Boundary } from '@backtalk/proto';
import type { BoundaryEntity } from './boundary.entity';

/** One place a stored boundary becomes the contract's. */
export function toBoundary(entity: BoundaryEntity): Boundary {
  return { id: entity.id, topic: entity.topic, decline: entity.decline };
}
