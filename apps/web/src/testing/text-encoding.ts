// jsdom has no TextEncoder, which react-router needs when it loads. Import this before any
// component that brings in the router. Node's own classes come through process (the web
// tsconfig has no Node types, on purpose).
type NodeUtil = { TextEncoder: typeof TextEncoder; TextDecoder: typeof TextDecoder };
const nodeProcess = (
  globalThis as unknown as { process: { getBuiltinModule: (id: string) => unknown } }
).process;
const { TextEncoder: Encoder, TextDecoder: Decoder } = nodeProcess.getBuiltinModule(
  'node:util',
) as NodeUtil;
Object.assign(globalThis, { TextEncoder: Encoder, TextDecoder: Decoder });
