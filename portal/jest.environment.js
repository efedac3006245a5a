import { TestEnvironment } from 'jest-environment-jsdom';

/**
 * jsdom without the Fetch API of real browsers (jsdom/jsdom#1724). react-router's data router
 * builds a Request for every navigation, so the test window gets Node's Fetch API, together with
 * Node's AbortController, because Node's Request only accepts its own AbortSignal.
 */
export default class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const JsdomFormData = this.global.FormData;
    /**
     * Node's FormData, for Node's Request, that can still be built from a jsdom <form> as React
     * does when a submit handler starts a transition (a navigation, say).
     */
    class FormDataOfForms extends FormData {
      constructor(form, submitter) {
        super();
        if (form === undefined) return;
        for (const [name, value] of new JsdomFormData(form, submitter)) {
          if (typeof value === 'string') this.append(name, value);
        }
      }
    }
    Object.assign(this.global, {
      fetch,
      Headers,
      Request,
      Response,
      FormData: FormDataOfForms,
      AbortController,
      AbortSignal,
    });
  }
}
