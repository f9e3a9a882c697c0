// Runner protocol: job request, update, trace (lib/api/ci/runner.rb)
import type { Endpoint } from '../api/endpoint'

export const jobProtocolEndpoints: Endpoint[] = []
