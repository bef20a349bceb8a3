import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_ID } from '@lakorn/contracts/web';

/**
 * Takes away the first screen the gateway drew over the app (README "First screen from the
 * server"), with its styles: called once the app shows the same screen (discover's page), when it
 * shows another (the shell, on leaving `/`), or when the app has taken too long (the shell's cap).
 */
export function releaseFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}

/**
 * The API answers the gateway drew the first screen from, by path, taken once (the block is
 * removed): a page uses them as its first reads, so it draws what the server drew without asking
 * again. Empty when the page load came without a first screen.
 */
export function takeFirstScreenAnswers(): Record<string, unknown> {
  const block = document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!block) return {};
  block.remove();
  try {
    const answers: unknown = JSON.parse(block.textContent ?? '');
    return answers !== null && typeof answers === 'object' ? (answers as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
