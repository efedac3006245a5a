import { TestEnvironment } from 'jest-environment-jsdom';

/**
 * jsdom without the Fetch API of real browsers (jsdom/jsdom#1724). react-router's data router
 * builds a Request for every navigation, so the test window gets Node's Fetch API, together with
 * Node's AbortController, because Node's Request only accepts its own AbortSignal.
 */
export default class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      fetch,
      Headers,
      Request,
      Response,
      FormData,
      AbortController,
      AbortSignal,
    });
  }
}
