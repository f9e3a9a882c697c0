// API v3 is gone in GitLab too: 410 from the same dispatcher.
export { GET, POST, PUT, PATCH, DELETE, HEAD } from '../../v4/[...path]/route'
