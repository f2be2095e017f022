/** `/discover` (docs/creators.md, "Discover"): bounds the web form and creators share. */

/** Longest search text `/discover` accepts (a name, a handle or a topic). */
export const DISCOVER_QUERY_MAX_LENGTH = 100;
/** Creators on one page of `/discover`, by default and at most. */
export const DISCOVER_PAGE_SIZE_DEFAULT = 24;
export const DISCOVER_PAGE_SIZE_MAX = 48;
/** The furthest page asked for (docs/creators.md, "Discover"). */
export const DISCOVER_PAGE_MAX = 500;
