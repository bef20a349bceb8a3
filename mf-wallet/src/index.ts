// The async boundary Module Federation needs before shared singletons are used (ARCHITECTURE §9).
// Named: its chunk is the standalone harness's, which shares no chunk with what the remote exposes
// (infra/webpack/createConfig.js STANDALONE_CHUNK).
import(/* webpackChunkName: "standalone" */ './bootstrap');
