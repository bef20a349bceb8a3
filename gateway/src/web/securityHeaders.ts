import helmet from 'helmet';
import type { RequestHandler } from 'express';

const GOOGLE_GSI = 'https://accounts.google.com/gsi/';

/**
 * Security headers for every response (ARCHITECTURE §5, §9). The CSP allows Google Identity
 * Services (sign-in button, One Tap, popup), inline styles (styled-components injects them) and
 * the origins of remotes hosted elsewhere. A proxied service may send its own CSP, which replaces
 * this one for that response.
 */
export function securityHeaders(options: { production: boolean; remoteOrigins: string[] }): RequestHandler {
  const remotes = options.remoteOrigins;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client', ...remotes],
        frameSrc: [GOOGLE_GSI],
        connectSrc: ["'self'", GOOGLE_GSI, ...remotes],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style', ...remotes],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', ...remotes],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The Google sign-in popup reports back to its opener (spec §4 Auth: popup first).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Google's sign-in checks the page's origin from the Referer; helmet's no-referrer breaks it.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // HSTS only where the site is served over HTTPS; local runs are plain http://localhost.
    strictTransportSecurity: options.production,
  });
}
