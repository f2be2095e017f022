/**
 * The theme's fixed measures (spec §9). CSS cannot read variables inside `@media`, so the style
 * sheets write these numbers out; theme.spec.ts fails when one of them uses any other.
 */
export const BREAKPOINTS_PX = [0, 480, 768, 992, 1280, 1536] as const;
/** At this width or less the navbar folds into the hamburger menu (spec §2, §9). */
export const MOBILE_BREAKPOINT_PX = 768;
/** The authenticator card on /sign-in (spec §9). */
export const AUTHENTICATOR_WIDTH = '30rem';
