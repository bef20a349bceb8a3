// The house's import boundaries as one ESLint rule (CONVENTIONS "A house that shows its
// architecture", ARCHITECTURE §1): one table of checks, each answering why an import is refused.
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const posix = (p) => p.split(path.sep).join('/');

/**
 * Each check gets the importing `file` and, for a relative import, the `target` it names (both
 * repo-relative), and the import's `source` as written; it answers a message, or nothing.
 */
const BOUNDARIES = [
  // Only the data layer talks to the database; tests and benchmarks may look at what was stored.
  (file, source) =>
    /^mongoose(\/|$)/.test(source) &&
    !/^services\/[^/]+\/src\/data\//.test(file) &&
    !/^packages\/service-kit\/src\/(data|bus|testing)\//.test(file) &&
    !/(^|\/)test\//.test(file) &&
    !/^bench\//.test(file)
      ? 'mongoose is imported only under services/*/src/data/ and packages/service-kit/src/{data,bus}/ (ARCHITECTURE §2).'
      : undefined,
  // A feature never imports another feature's internals; shared pieces move to shared/, @lakorn/ui or @lakorn/shell-sdk.
  (file, _source, target) => {
    const own = /^((?:mf-[^/]+|shell)\/src\/features)\/([^/]+)\//.exec(file);
    if (!own || !target) return undefined;
    const [, features, feature] = own;
    const other = new RegExp(`^${features}/([^/]+)/(.+)$`).exec(target);
    return other && other[1] !== feature && !/^index(\.tsx?)?$/.test(other[2])
      ? `features/${feature} may not reach into features/${other[1]}: import that feature's index, or move the shared piece out.`
      : undefined;
  },
  // Remotes meet the shell and each other only through Module Federation (ARCHITECTURE §9).
  (file, source, target) => {
    const app = /^(mf-[^/]+|shell)\//.exec(file)?.[1];
    if (!app) return undefined;
    const other = (target && /^(mf-[^/]+|shell)\//.exec(target)?.[1]) || /^@lakorn\/(mf-[^/]+|shell)(\/|$)/.exec(source)?.[1];
    return other && other !== app ? `${app} may not import ${other}: front ends meet through Module Federation only.` : undefined;
  },
  // The presentational package stands alone: of our packages it uses only the contracts.
  (file, source, target) =>
    /^packages\/ui\/src\//.test(file) &&
    ((/^@lakorn\//.test(source) && !/^@lakorn\/contracts(\/web)?$/.test(source)) || (target !== undefined && !target.startsWith('packages/ui/')))
      ? '@lakorn/ui imports no package of ours but @lakorn/contracts.'
      : undefined,
];

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: { type: 'problem', schema: [], docs: { description: 'The import boundaries of the house (infra/eslint/importBoundaries.cjs).' } },
  create(context) {
    const file = posix(path.relative(ROOT, context.filename));
    const check = (node) => {
      const source = node && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
      if (!source) return;
      const target = source.startsWith('.') ? posix(path.relative(ROOT, path.resolve(path.dirname(context.filename), source))) : undefined;
      for (const boundary of BOUNDARIES) {
        const message = boundary(file, source, target);
        if (message) context.report({ node, message });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};
