import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { getSettingsQueryOptions } from './get-settings';
import type { CatalogLists, UserSettings, UserSettingsResponse } from '@snaptrack/contracts/core';

export type { CatalogLists as SettingsLists } from '@snaptrack/contracts/core';

/** POST /api/user/settings with the lists as they should be; answers with what is stored. */
export async function updateSettings(lists: CatalogLists): Promise<UserSettings> {
  const body = await api.post<UserSettingsResponse>('/user/settings', lists);
  return body.settings;
}

type UseUpdateSettingsOptions = { mutationConfig?: MutationConfig<UserSettings, CatalogLists> };

/**
 * Shows the server's answer, never a hoped-for list: success stores the returned settings,
 * failure reloads them (rather than keeping a local edit the server never stored).
 */
export function useUpdateSettings({ mutationConfig }: UseUpdateSettingsOptions = {}) {
  const queryClient = useQueryClient();
  const { queryKey } = getSettingsQueryOptions();
  const { onSuccess, onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateSettings,
    onSuccess: async (settings, ...args) => {
      queryClient.setQueryData(queryKey, settings);
      await onSuccess?.(settings, ...args);
    },
    onError: async (...args) => {
      await queryClient.invalidateQueries({ queryKey });
      await onError?.(...args);
    },
  });
}
