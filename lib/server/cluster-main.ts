// dist/cluster.mjs, for scripts/start.mjs: the cluster's primary without the server bundle.
export { clusterSize, listeningLine, runCluster } from './cluster'
