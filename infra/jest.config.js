// The runner's own tests (log lines, build staleness, env table, stack start/stop with fake services).
module.exports = require('../jest.preset')(__dirname);
