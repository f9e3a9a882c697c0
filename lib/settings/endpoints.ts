import type { Endpoint } from '../api/endpoint'

export const settingsEndpoints: Endpoint[] = []
