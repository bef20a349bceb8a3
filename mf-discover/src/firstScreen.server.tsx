// The home's first screen drawn on the server (README "First screen from the server"): the
// discover page itself, rendered to HTML from the opening reads' answers the gateway fetched for the
// member, with the styles it needs. The gateway shows it over the app until the app has drawn the
// same screen (DiscoverPage releases it), so a phone paints the page, pictures included, before any
// script has run. Built for Node by webpack (infra/webpack/createConfig.js createServerConfig).
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import styled, { ServerStyleSheet } from 'styled-components';
import { SWRConfig } from 'swr';
import type { FirstScreenModule } from '@lakorn/contracts/web';
import { AppProviders } from '@lakorn/shell-sdk';
import { Spinner, theme } from '@lakorn/ui';
import { openingPaths, SeedContext } from './features/discover/api';
import { DiscoverPage } from './features/discover/components/DiscoverPage';
import { DrawnOnServer } from './features/discover/components/firstScreen';
import { DISCOVER_TEXT } from './features/discover/messages';

/**
 * Says that the app is still on its way (a slow network takes seconds), and that a tap already
 * works: the cards are links, and the shell's start island swaps in `data-opening` when one is
 * tapped (shell/src/appStart.ts). It goes with the screen when the app takes it away.
 */
const StartingNote = styled.div`
  position: fixed;
  z-index: 1;
  left: 50%;
  bottom: calc(16px + env(safe-area-inset-bottom, 0px));
  transform: translateX(-50%);
  display: flex;
  align-items: center;
  gap: 8px;
  max-width: calc(100vw - 32px);
  padding: 8px 14px;
  border-radius: ${theme.radius.pill};
  background: rgba(20, 17, 26, 0.94);
  border: 1px solid ${theme.color.surface3};
  box-shadow: ${theme.shadow};
  color: ${theme.color.text};
  font-size: ${theme.font.size.sm};
  white-space: nowrap;
`;

export const reads: FirstScreenModule['reads'] = (seed) => openingPaths(seed);

export const render: FirstScreenModule['render'] = (seed, answers) => {
  const sheet = new ServerStyleSheet();
  const seedOf = () => seed;
  try {
    const html = renderToString(
      sheet.collectStyles(
        <AppProviders>
          {/* The answers as SWR's data (a cache of its own per drawing: nothing is kept between members). */}
          <SWRConfig value={{ fallback: answers, provider: () => new Map() }}>
            <SeedContext.Provider value={seedOf}>
              <MemoryRouter initialEntries={['/']}>
                <DrawnOnServer.Provider value>
                  <DiscoverPage />
                </DrawnOnServer.Provider>
              </MemoryRouter>
              <StartingNote data-first-screen-status="" data-opening={DISCOVER_TEXT.firstScreenOpening}>
                <Spinner $size={16} />
                <span>{DISCOVER_TEXT.firstScreenStarting}</span>
              </StartingNote>
            </SeedContext.Provider>
          </SWRConfig>
        </AppProviders>,
      ),
    );
    return { html, css: sheet.instance.toString() };
  } finally {
    sheet.seal();
  }
};
