import { FIRST_SCREEN_ID } from '@lakorn/contracts/web';

/**
 * Takes away the first screen the gateway drew over the app (README "First screen from the
 * server"), with its styles: called once the app shows the same screen (discover's page), when it
 * shows another (the shell, on leaving `/`), or when the app has taken too long (the shell's cap).
 */
export function releaseFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}
