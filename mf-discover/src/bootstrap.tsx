import { mountStandalone } from '@lakorn/ui';
import App from './App';

// Standalone harness for running the remote alone; in the product the shell provides all of this.
mountStandalone(App, { defaultPath: '/' });
