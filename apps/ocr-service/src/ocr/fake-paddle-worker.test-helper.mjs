// Stand-in for paddle-worker.js in unit tests: speaks the same IPC protocol without loading
// PaddleOCR. The image bytes are a command: "crash", "hang", "fail", or text to "recognise".
if (process.env.FAKE_PADDLE_START === 'fatal') {
  process.send({ type: 'fatal', message: 'model file missing' });
  process.exit(1);
}
if (process.env.FAKE_PADDLE_START === 'hang') {
  setInterval(() => undefined, 1000); // stay alive, never ready
} else {
  process.on('message', (message) => {
    const command = Buffer.from(message.image).toString('utf8');
    if (command === 'crash') process.exit(3);
    if (command === 'hang') return;
    if (command === 'fail') {
      process.send({ type: 'error', id: message.id, message: 'detect failed twice' });
      return;
    }
    const lines = command.split('\n').map((text, i) => ({
      text,
      mean: 0.9,
      box: [
        [10, 10 + i * 30],
        [200, 10 + i * 30],
        [200, 30 + i * 30],
        [10, 30 + i * 30],
      ],
    }));
    process.send({ type: 'result', id: message.id, lines: lines.reverse(), pid: process.pid });
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ type: 'ready' });
}
