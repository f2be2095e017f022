import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'backtalk:public-route';

/** Marks an HTTP route that needs no session (probes, metrics, guest creation, public profiles). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(PUBLIC_ROUTE, true);
