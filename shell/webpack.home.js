// home.html (README "First screen from the server"): index.html as the gateway sends it with the
// home's first screen drawn, whose app starts after that screen's first pictures. The same page,
// but the start's tags (main.js and the preloads of its chunks) sit in `<template id="app-start">`,
// inert, and src/appStart.ts (an island, webpack.login.js) puts them in the head once the pictures
// have painted. index.html stays as it was for every other page load.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { htmlTagObjectToString } = require('html-webpack-plugin/lib/html-tags');
const { publicPathOf } = require('./webpack.fonts');
const { island, ISLAND_DIR } = require('./webpack.login');

const HOME_PAGE = 'home.html';
/** The element the gateway adds the page's own preloads to, and appStart.ts empties into the head. */
const APP_START_ID = 'app-start';

function homePage() {
  return new HtmlWebpackPlugin({
    filename: HOME_PAGE,
    template: path.join(__dirname, 'src', 'index.html'),
  });
}

/** The start's tags: the entry's script and the scripts preloaded beside it (webpack.bootPreload.js). */
const isStartTag = (tag) => (tag.tagName === 'script' && tag.attributes.src) || (tag.tagName === 'link' && tag.attributes.rel === 'preload' && tag.attributes.as === 'script');

/** Runs after the other plugins' taps (it is added last): the tags it moves are all there. */
class HomePagePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('HomePagePlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('HomePagePlugin', (data) => {
        if (data.outputName !== HOME_PAGE) return data;
        if (!island.scripts.start) throw new Error('home.html: the start island was not built first');
        const start = data.headTags.filter(isStartTag);
        if (!start.some((tag) => tag.tagName === 'script')) throw new Error('home.html: no entry script to hold back');
        const tag = HtmlWebpackPlugin.createHtmlTagObject;
        data.headTags = [
          ...data.headTags.filter((t) => !isStartTag(t)),
          tag('template', { id: APP_START_ID }, start.map((t) => htmlTagObjectToString(t, false)).join('')),
          tag('script', { defer: true, src: `${publicPathOf(compilation)}${ISLAND_DIR}/${island.scripts.start}` }),
        ];
        return data;
      });
    });
  }
}

module.exports = { homePage, HomePagePlugin, HOME_PAGE, APP_START_ID };
