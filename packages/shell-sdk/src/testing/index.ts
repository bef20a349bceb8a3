// What the shell's and every remote's tests share (the house test kit). Only tests import it: no
// browser bundle reaches it (the package's main entry does not export it).
export * from './mockApi';
export * from './fixtures';
export * from './render';
