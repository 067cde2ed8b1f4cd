// jsdom without fetch: the SPA's API client (RTK Query) needs the WHATWG fetch family, so the
// test environment lends Node's own implementations (and the AbortController they require).
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      FormData,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
    });
  }
}

module.exports = JsdomWithFetchEnvironment;
