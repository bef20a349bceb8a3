// A remote's `mf-manifest.json` (ARCHITECTURE §9; README "Where this differs from ARCHITECTURE"):
// what the shell and the gateway need to find a remote built with webpack's own container: its
// entry's hashed file name, and for each exposed module the files it loads at once (`sync`). The
// shell reads `metaData.remoteEntry.name` (shell/src/mf/remotes.ts); the gateway preloads `./App`'s
// entry and sync files for a page load (gateway/src/web/pagePreloads.ts). The same fields and
// shape as the manifest @module-federation/enhanced wrote before, so neither reader changed.
const ContainerEntryModule = require('webpack/lib/container/ContainerEntryModule');

const MANIFEST = 'mf-manifest.json';

/** The JavaScript files of a chunk group's chunks. */
function jsFiles(chunks) {
  return chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
}

class FederationManifestPlugin {
  /** @param {{ name: string }} options the container's name (mf_discover) */
  constructor({ name }) {
    this.name = name;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FederationManifestPlugin', (compilation) => {
      // After the real content hashes have renamed the files (OPTIMIZE_HASH).
      compilation.hooks.processAssets.tap({ name: 'FederationManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const entry = compilation.entrypoints.get(this.name);
        const remoteEntry = entry && jsFiles([entry.getEntrypointChunk()])[0];
        if (!remoteEntry) throw new Error(`${MANIFEST}: the container "${this.name}" emitted no entry`);
        const container = [...compilation.modules].find((module) => module instanceof ContainerEntryModule);
        const exposes = (container?.blocks ?? []).map((block) => {
          const group = compilation.chunkGraph.getBlockChunkGroup(block);
          const path = block.loc.name;
          return { id: `${this.name}:${path.replace(/^\.\//, '')}`, path, assets: { js: { sync: group ? jsFiles(group.chunks) : [] } } };
        });
        const manifest = { id: this.name, name: this.name, metaData: { name: this.name, remoteEntry: { name: remoteEntry, type: 'var' }, globalName: this.name }, exposes };
        compilation.emitAsset(MANIFEST, new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}

module.exports = { FederationManifestPlugin };
