// The shell's start in the page itself (bench/README.md "lighthouse"): index.html names, as
// `<link rel=preload as=script>`, every file the start loads after main.js, so the browser fetches
// them beside main.js instead of only once main.js has run. They are the chunks of the `bootstrap`
// chunk group (src/index.ts's async boundary) and, followed from there, the chunks of every shared
// library those chunks consume (the federation runtime loads each from the shell, which provides
// them: the remotes take them from the shell).
const HtmlWebpackPlugin = require('html-webpack-plugin');

const BOOT_GROUP = 'bootstrap';

/** The JavaScript files the start loads after the entry, in a stable order. */
function bootFiles(compilation) {
  const group = compilation.namedChunkGroups.get(BOOT_GROUP);
  if (!group) throw new Error(`index.html preloads: no "${BOOT_GROUP}" chunk group (src/index.ts's import)`);
  const { chunkGraph } = compilation;
  // Each shared library's chunks as the shell provides it (what the runtime loads), by share key.
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.type !== 'provide-module') continue;
    const chunks = module.blocks.flatMap((block) => chunkGraph.getBlockChunkGroup(block)?.chunks ?? []);
    provided.set(module._name, chunks);
  }
  const seen = new Set();
  const files = new Set();
  const visit = (chunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      if (module.type !== 'consume-shared-module') continue;
      const shareKey = module.options?.shareKey;
      const chunks = provided.get(shareKey);
      if (!chunks) throw new Error(`index.html preloads: the shell consumes "${shareKey}" but provides no such library`);
      for (const c of chunks) visit(c);
    }
  };
  for (const chunk of group.chunks) visit(chunk);
  return [...files].sort();
}

class BootPreloadPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BootPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('BootPreloadPlugin', (data) => {
        if (data.outputName !== 'index.html' && data.outputName !== 'home.html') return data;
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '/' : compilation.outputOptions.publicPath;
        const tag = HtmlWebpackPlugin.createHtmlTagObject;
        // After the entry script's tag, at low priority: main.js is asked for first, these beside it
        // (never ahead of what paints the page first).
        data.headTags.push(...bootFiles(compilation).map((file) => tag('link', { rel: 'preload', as: 'script', fetchpriority: 'low', href: `${publicPath}${file}` })));
        return data;
      });
    });
  }
}

module.exports = { BootPreloadPlugin, bootFiles };
