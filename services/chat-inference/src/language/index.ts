export { answerLanguage, languageRule } from './fan-language';
