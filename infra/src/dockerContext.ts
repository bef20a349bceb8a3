import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The files `docker build` sends as its context, computed from `.dockerignore` the way Docker
 * reads it: one pattern a line (`#` comments), relative to the context root (a leading `/` is
 * dropped), `*` and `?` within one path segment, `**` across any number of segments, `!` to take
 * a path back, the last matching line deciding; a pattern that matches a folder covers everything
 * in it. infra/test uses it to keep secrets out of every image (the Dockerfile copies it whole).
 */
export interface IgnoreRule {
  negated: boolean;
  pattern: RegExp;
}

export function parseDockerignore(text: string): IgnoreRule[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      const body = path.posix.normalize((negated ? line.slice(1) : line).trim()).replace(/^\/+/, '').replace(/\/+$/, '');
      return { negated, pattern: patternRegExp(body) };
    });
}

function patternRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i] as string;
    if (char === '*' && pattern[i + 1] === '*') {
      // `**/` is zero or more whole segments; a trailing `**` is anything below.
      if (pattern[i + 2] === '/') {
        source += '(?:.*/)?';
        i += 2;
      } else {
        source += '.*';
        i += 1;
      }
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '[') {
      const end = pattern.indexOf(']', i + 1);
      if (end < 0) source += '\\[';
      else {
        source += `[${pattern.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else source += char.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Whether a context-relative path (posix separators) is left out of the build context. */
export function isIgnored(rules: readonly IgnoreRule[], relativePath: string): boolean {
  const segments = relativePath.split('/');
  // The path itself or any folder above it.
  const candidates = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const rule of rules) {
    if (candidates.some((candidate) => rule.pattern.test(candidate))) ignored = !rule.negated;
  }
  return ignored;
}

/** Every file of `root` that `docker build root` would send, as context-relative posix paths. */
export function buildContextFiles(root: string, dockerignore = readDockerignore(root)): string[] {
  const rules = parseDockerignore(dockerignore);
  const takesBack = rules.some((rule) => rule.negated);
  const files: string[] = [];
  const walk = (relativeDir: string) => {
    for (const entry of readdirSync(path.join(root, relativeDir), { withFileTypes: true })) {
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      const ignored = isIgnored(rules, relative);
      if (entry.isDirectory()) {
        // Docker walks into an ignored folder only when a `!` line could take something back.
        if (!ignored || takesBack) walk(relative);
      } else if (!ignored) files.push(relative);
    }
  };
  walk('');
  return files.sort();
}

function readDockerignore(root: string): string {
  try {
    return readFileSync(path.join(root, '.dockerignore'), 'utf8');
  } catch {
    return '';
  }
}

/** Files that hold or usually hold secrets: env files, private keys and key stores. */
export function isSecretShaped(relativePath: string): boolean {
  const name = path.posix.basename(relativePath);
  return /^\.env(\..+)?$/.test(name) || /\.(pem|key|p12|pfx)$/i.test(name) || /^id_(rsa|ed25519|ecdsa)/.test(name);
}
