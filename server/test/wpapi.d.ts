/** The small part of wpapi 1.2.2 (it ships no types) the tests use. */
declare module 'wpapi' {
  interface WPRequest extends PromiseLike<unknown> {
    param(name: string, value: unknown): WPRequest;
    perPage(n: number): WPRequest;
    id(id: number): WPRequest;
  }
  export default class WPAPI {
    constructor(options: { endpoint: string });
    pages(): WPRequest;
    setHeaders(name: string, value: string): WPAPI;
  }
}
