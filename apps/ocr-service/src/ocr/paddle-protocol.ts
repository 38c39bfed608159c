/** Messages between {@link PaddleEngine} and its child process (`paddle-worker.ts`). */

/** One line as @gutenye/ocr-node returns it: box = [top-left, top-right, bottom-right, bottom-left]. */
export interface PaddleLine {
  text: string;
  mean: number;
  box?: number[][];
}

export interface PaddleWorkerConfig {
  /** Passed to onnxruntime's `InferenceSession.create`. */
  onnxOptions: Record<string, unknown>;
  /** The child shrinks larger images to this long side; boxes come back in input pixels. */
  maxSide: number;
}

export type ParentMessage = { type: 'recognize'; id: number; image: Uint8Array };

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'fatal'; message: string }
  | { type: 'result'; id: number; lines: PaddleLine[] }
  | { type: 'error'; id: number; message: string };

export function isChildMessage(value: unknown): value is ChildMessage {
  return typeof value === 'object' && value !== null && 'type' in value;
}
