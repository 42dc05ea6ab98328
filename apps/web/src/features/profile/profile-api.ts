import {
  MessageAnswerSchema, ProfileSchema, ProfileSessionsSchema, SessionsClosedSchema, UserDataSavedSchema,
  type ContactDataInput, type PasswordChangeInput, type ProfileUpdateInput, type RefepsCodeUpdateInput,
  type SecondFactorResetInput,
} from '@receta/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.tsx';

export const profileKey = ['profile'] as const;
const sessionsKey = ['profile', 'sessions'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => api.request('/api/profile', { signal, schema: ProfileSchema }),
  });
}

export type AccountChange =
  | { kind: 'rename'; values: ProfileUpdateInput }
  | { kind: 'photo'; file: File }
  | { kind: 'removePhoto' };

function sendAccountChange(change: AccountChange) {
  const schema = UserDataSavedSchema;
  switch (change.kind) {
    case 'rename':
      return api.request('/api/profile', { method: 'PUT', body: change.values, schema });
    case 'photo': {
      const body = new FormData();
      body.append('photo', change.file);
      return api.request('/api/profile/photo', { method: 'POST', body, schema });
    }
    case 'removePhoto':
      return api.request('/api/profile/photo', { method: 'DELETE', schema });
  }
}

/**
 * Changes what the navbar shows of the user (name, photo). The server answers the session
 * with the change, which replaces the one the shell shows; answers the server's message.
 */
export function useChangeAccount() {
  const queryClient = useQueryClient();
  const { updateUser } = useSession();
  return useMutation({
    mutationFn: sendAccountChange,
    onSuccess: (answer) => {
      updateUser(answer.user);
      return queryClient.invalidateQueries({ queryKey: profileKey, exact: true });
    },
  });
}

/** Saves a doctor's contact data; the profile is read again from the answer. */
export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: ContactDataInput) =>
      api.request('/api/profile/contact', { method: 'PUT', body: contact, schema: ProfileSchema }),
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  });
}

/** Saves a doctor's Licencia Sanitaria Federal (REFEPS code); the profile is read again from the answer. */
export function useSaveRefepsCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RefepsCodeUpdateInput) =>
      api.request('/api/profile/refeps-code', { method: 'PUT', body: input, schema: ProfileSchema }),
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  });
}

/** Changes the password; answers the server's message. The other sessions end, so their list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (passwords: PasswordChangeInput) =>
      (await api.request('/api/profile/password', { method: 'POST', body: passwords, schema: MessageAnswerSchema })).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** Forgets the authenticator app; answers the server's message. */
export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (confirmation: SecondFactorResetInput) => (await api.request('/api/profile/second-factor/reset', {
      method: 'POST', body: confirmation, schema: MessageAnswerSchema,
    })).message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKey }),
  });
}

/** Mails the doctor the link to set a new signing PIN (the spec's PIN recovery request). */
export function useRequestPinRecovery() {
  return useMutation({
    mutationFn: async () =>
      (await api.request('/api/auth/pin-recovery-request', { method: 'POST', schema: MessageAnswerSchema })).message,
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async ({ signal }) => (await api.request('/api/profile/sessions', { signal, schema: ProfileSessionsSchema })).items,
  });
}

/** Closes one session (its id) or all the others; answers the server's message. */
export function useCloseSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (which: { sessionId: string } | 'others') => {
      const answer = which === 'others'
        ? await api.request('/api/profile/sessions/others', { method: 'DELETE', schema: SessionsClosedSchema })
        : await api.request(`/api/profile/sessions/${encodeURIComponent(which.sessionId)}`, {
            method: 'DELETE', schema: MessageAnswerSchema,
          });
      return answer.message;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
