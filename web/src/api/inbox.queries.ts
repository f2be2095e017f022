import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type InPersonState,
  getInboxThread,
  getInPersonState,
  handBackToPersona,
  listInbox,
  replyInPerson,
  setInboxConsent,
} from './inbox.api';

const inboxKeys = {
  state: (conversationId: string) => ['in-person', conversationId] as const,
  list: (creatorId: string) => ['creator', 'inbox', creatorId] as const,
  thread: (creatorId: string, conversationId: string) =>
    ['creator', 'inbox', creatorId, conversationId] as const,
};

/** The fan's toggle and whether the creator is replying in person. */
export function useInPersonStateQuery(conversationId: string | null) {
  return useQuery({
    queryKey: inboxKeys.state(conversationId ?? ''),
    queryFn: ({ signal }) => getInPersonState(conversationId!, signal),
    enabled: conversationId !== null,
    retry: false,
  });
}

export function useInboxConsentMutation(conversationId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (creatorMayRead: boolean) => setInboxConsent(conversationId!, creatorMayRead),
    onSuccess: (state) => client.setQueryData<InPersonState>(inboxKeys.state(conversationId ?? ''), state),
  });
}

/** Sets the in-person flag the conversation's event stream announced. */
export function useSetInPerson(conversationId: string | null) {
  const client = useQueryClient();
  return (inPerson: boolean) =>
    client.setQueryData<InPersonState>(inboxKeys.state(conversationId ?? ''), (state) =>
      state ? { ...state, inPerson } : state,
    );
}

/** The creator's inbox, refreshed every 15 s while open (new messages of fans arrive in it). */
export function useInboxQuery(creatorId: string | null) {
  return useQuery({
    queryKey: inboxKeys.list(creatorId ?? ''),
    queryFn: ({ signal }) => listInbox(creatorId!, signal),
    enabled: creatorId !== null,
    refetchInterval: 15_000,
    retry: false,
  });
}

export function useInboxThreadQuery(creatorId: string | null, conversationId: string | null) {
  return useQuery({
    queryKey: inboxKeys.thread(creatorId ?? '', conversationId ?? ''),
    queryFn: ({ signal }) => getInboxThread(creatorId!, conversationId!, signal),
    enabled: creatorId !== null && conversationId !== null,
    refetchInterval: 10_000,
    retry: false,
  });
}

export function useReplyInPersonMutation(creatorId: string, conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => replyInPerson(creatorId, conversationId, text),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.list(creatorId) }),
  });
}

export function useHandBackMutation(creatorId: string, conversationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => handBackToPersona(creatorId, conversationId),
    onSettled: () => client.invalidateQueries({ queryKey: inboxKeys.list(creatorId) }),
  });
}
