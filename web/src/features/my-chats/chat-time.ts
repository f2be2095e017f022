import { i18n } from '../../i18n/i18n';

/** The unread badge's words in the reader's language (i18next plurals): "3 unread replies", "1 unread reply". */
export function unreadLabel(count: number): string {
  return i18n.t('myChats.unread', { count });
}
