import { i18n } from '../i18n/i18n';

// Tests read the English texts (the spec's words); a test that renders another language switches
// to it and gets English back for the next test.
beforeEach(() => void i18n.changeLanguage('en'));
