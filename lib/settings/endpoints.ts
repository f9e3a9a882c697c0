import { endpoint } from '../api/endpoint'
import { settingsSchema, updateSettingsParams } from './schema'
import { jsonFragment } from '../api/json-fragment'
import { currentSettingsJson, presentSettings, updateSettings } from './service'

export const settingsEndpoints = {
  show: endpoint({
    method: 'GET',
    path: '/application/settings',
    summary: 'Application settings (administrators)',
    auth: 'admin',
    response: { body: settingsSchema },
    handler: async () => jsonFragment(await currentSettingsJson()),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/application/settings',
    summary: 'Change application settings (administrators)',
    auth: 'admin',
    params: updateSettingsParams,
    response: { body: settingsSchema },
    handler: async ({ actor, params }) => {
      // Only the keys the request sent: absent optional keys stay unchanged.
      const update = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined))
      return presentSettings(await updateSettings(actor, update))
    },
  }),
}
