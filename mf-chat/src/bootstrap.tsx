import { mountStandalone } from '@lakorn/shell-sdk/standalone';
import App from './App';

// Standalone harness for running the remote alone; in the product the shell provides all of this.
mountStandalone(App, { defaultPath: '/library' });
