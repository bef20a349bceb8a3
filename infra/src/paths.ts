import path from 'node:path';

/** The repository root (infra/src/ → ../..). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Paths the runner reads and writes under a repository root (tests pass a temporary root). */
export function repoPaths(root: string = REPO_ROOT) {
  return {
    root,
    keysDir: path.join(root, '.data', 'keys'),
    ferretData: path.join(root, '.data', 'ferretdb'),
    logsDir: path.join(root, '.data', 'logs'),
    ferretCache: path.join(root, '.cache', 'ferretdb'),
    ferretBinary: path.join(root, '.cache', 'ferretdb', 'bin', 'ferretdb'),
    artifacts: path.join(root, '.e2e-artifacts'),
    serviceEntry: (service: string) => path.join(root, 'services', service, 'src', 'main.ts'),
    gatewayEntry: path.join(root, 'gateway', 'src', 'main.ts'),
  };
}
export type RepoPaths = ReturnType<typeof repoPaths>;
