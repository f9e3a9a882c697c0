import type { Endpoint } from '../api/endpoint'

export const broadcastMessageEndpoints: Endpoint[] = []
