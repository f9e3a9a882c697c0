// Jobs API for users (lib/api/ci/jobs.rb)
import type { Endpoint } from '../api/endpoint'

export const jobEndpoints: Endpoint[] = []
