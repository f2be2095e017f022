import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { refreshChatWidget } from '../../api';

/** Spec §9: "Chat widget refresh 500 ms". */
export const CHAT_WIDGET_REFRESH_MS = 500;

/**
 * Spec §2: the chat widget refreshes 500 ms after each route change — once the new screen has
 * mounted, its chat asks the server again whether the user may send (docs/operators.md). A
 * further route change within the 500 ms replaces the pending refresh.
 */
export function useChatWidgetRefresh(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => void refreshChatWidget(), CHAT_WIDGET_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [pathname]);
}
