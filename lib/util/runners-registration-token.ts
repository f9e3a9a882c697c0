// The shape of a legacy runner registration token (GitLab's RunnersTokenPrefixable): one maker for
// the instance's, the groups' and the projects' tokens, which live beside their own columns.
import { randomBytes } from 'node:crypto'

/** GitLab's prefix for registration tokens. */
export const RUNNERS_TOKEN_PREFIX = 'GR1348941'

export const newRunnersRegistrationToken = () => `${RUNNERS_TOKEN_PREFIX}${randomBytes(15).toString('base64url')}`
