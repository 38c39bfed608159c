import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder, which react-router needs when it loads. Import this before any
// component that brings in the router.
Object.assign(globalThis, { TextEncoder, TextDecoder });
