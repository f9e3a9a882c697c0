// Apart from the endpoints so that services (exports) and the OpenAPI document can name the version
// without importing an endpoints module (services sit below endpoints).
import { config } from '../config'

/** The GitLab release whose API this product follows; clients gate features on it. */
export const GITLAB_VERSION = '18.6.0'
export const revision = () => config().revision
