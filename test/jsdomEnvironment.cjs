// jsdom with the fetch API of Node (Request, Response, Headers, fetch, streams): react-router's
// data routers build Request objects, and page tests may talk to a real backend over HTTP.
/* global require, module */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS module Jest loads as is
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(...args) {
    super(...args);
    const g = this.global;
    for (const name of [
      'fetch', 'Request', 'Response', 'Headers', 'FormData', 'AbortController', 'AbortSignal',
      'ReadableStream', 'WritableStream', 'TransformStream', 'TextEncoder', 'TextDecoder',
      'structuredClone', 'BroadcastChannel', 'Blob',
    ]) {
      if (name === 'Blob' || name === 'FormData' || name === 'AbortController' || name === 'AbortSignal') continue;
      if (globalThis[name] !== undefined) g[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
