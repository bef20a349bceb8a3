module.exports = require('../jest.preset')(__dirname, 'jsdom');
