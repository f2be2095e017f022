/** "My chats" (issue 24 item 1): limits the web app's forms and the contracts share. */

/** The longest title a fan gives a conversation. */
export const CONVERSATION_TITLE_MAX_LENGTH = 100;
/** The shortest and longest search of the fan's own messages. */
export const CONVERSATION_SEARCH_MIN_LENGTH = 2;
export const CONVERSATION_SEARCH_MAX_LENGTH = 200;
