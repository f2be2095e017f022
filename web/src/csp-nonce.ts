import { setNonce } from 'get-nonce';

/**
 * The gateway's Content-Security-Policy allows run-time style elements only with this page's
 * nonce. The modal dialogs' scroll lock (react-remove-scroll) adds one; get-nonce is where it
 * reads the nonce from. The nonce comes in index.html's `csp-nonce` meta tag (its `nonce`
 * property: browsers hide the attribute's value from scripts).
 */
const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
if (meta?.nonce) setNonce(meta.nonce);
