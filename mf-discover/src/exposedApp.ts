// The module the shell loads as mf_discover/App (webpack.config.js `exposes`): the App, and when it
// loads to open `/`, discover's first reads start at once, while React is still to render the page
// (features/discover/api.ts preloadDiscover). Tests and the standalone harness import App itself.
import App from './App';
import { preloadDiscover } from './features/discover/api';

if (window.location.pathname === '/') preloadDiscover();

export default App;
