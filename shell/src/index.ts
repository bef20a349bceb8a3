import { startEarlyReads } from './earlyReads';

startEarlyReads();
// The async boundary: shared singletons are negotiated before any app code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
