// jsdom lacks a few browser APIs the app's libraries need: TextEncoder (react-router) and ResizeObserver (the gallery).
import { TextDecoder, TextEncoder } from 'node:util';
import { matchOnly } from './matchMedia';

Object.assign(globalThis, { TextEncoder, TextDecoder });

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });

// No media query matches unless a test says otherwise (test/matchMedia.ts).
if (typeof window !== 'undefined' && !window.matchMedia) matchOnly('');
// jsdom's own scrollTo only reports that it is not implemented; pages scroll to the top on a move.
if (typeof window !== 'undefined') window.scrollTo = () => {};
