// V8's explicit compile hint (Chrome 136+): a script whose first line is the magic comment
// `//# allFunctionsCalledOnLoad` has every function compiled eagerly, on the background thread that
// streams the script while it downloads, instead of lazily on the main thread when each is first
// called. Our scripts are the code a page runs as it loads (the start's libraries, a route's
// chunk when the route opens), so their first calls were main-thread compiles inside the start's
// long tasks (bench/README.md "lighthouse"). Other browsers read it as a comment.
const MAGIC = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      // After minification (which drops comments), before the source maps are written (which then
      // count the added line) and before the content hashes.
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 50 }, (assets) => {
        for (const name of Object.keys(assets)) {
          if (!name.endsWith('.js')) continue;
          compilation.updateAsset(name, (source) => new sources.ConcatSource(MAGIC, source));
        }
      });
    });
  }
}

module.exports = { CompileHintsPlugin };
