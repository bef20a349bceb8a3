// Asset imports (fonts, images) become their file name under jest, as webpack makes them URLs.
module.exports = 'asset-url';
