// The home's first screen drawn on the server (README "First screen from the server"): the
// discover page itself, rendered to HTML from the opening reads' answers the gateway fetched for the
// member, with the styles it needs. The gateway shows it over the app until the app has drawn the
// same screen (DiscoverPage releases it), so a phone paints the page, pictures included, before any
// script has run. Built for Node by webpack (infra/webpack/createConfig.js createServerConfig).
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { SWRConfig } from 'swr';
import type { FirstScreenModule } from '@lakorn/contracts/web';
import { AppProviders } from '@lakorn/shell-sdk';
import { openingPaths, SeedContext } from './features/discover/api';
import { DiscoverPage } from './features/discover/components/DiscoverPage';

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
                <DiscoverPage />
              </MemoryRouter>
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
