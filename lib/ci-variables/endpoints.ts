// Project and group CI/CD variables (lib/api/ci/variables.rb)
import type { Endpoint } from '../api/endpoint'

export const ciVariableEndpoints: Endpoint[] = []
