/**
 * Leaving the app with a full-page navigation (e.g. an OAuth provider's logout page). An object,
 * so tests can watch the call: jsdom cannot navigate away.
 */
export const browserNavigation = {
  leaveTo(url: string): void {
    window.location.assign(url);
  },
};
