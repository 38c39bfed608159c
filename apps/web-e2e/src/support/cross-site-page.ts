import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Another website (its own server, reached as `localhost` while the app is `127.0.0.1`: another
 * origin and another site) whose page auto-submits a multipart form with files to `action`,
 * as any page could without asking the visitor.
 */
export class CrossSitePage {
  private constructor(
    private readonly server: Server,
    private readonly pages: Map<string, string>,
  ) {}

  static async start(): Promise<CrossSitePage> {
    const pages = new Map<string, string>();
    const server = createServer((request, response) => {
      const html = pages.get(request.url ?? '');
      response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html ?? 'not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new CrossSitePage(server, pages);
  }

  /** A page that posts `files` as the form field `field` to `action` as soon as it opens. */
  postingFiles(
    action: string,
    field: string,
    files: { name: string; mimeType: string; buffer: Buffer }[],
  ): string {
    const path = `/page-${this.pages.size + 1}`;
    const made = files
      .map(
        (file) =>
          `files.items.add(new File([bytes(${JSON.stringify(file.buffer.toString('base64'))})], ${JSON.stringify(file.name)}, { type: ${JSON.stringify(file.mimeType)} }));`,
      )
      .join('\n');
    this.pages.set(
      path,
      `<!doctype html><title>A page on another site</title>
<form id="post" method="POST" action="${action}" enctype="multipart/form-data">
<input type="file" name="${field}" id="file" multiple></form>
<script>
const bytes = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const files = new DataTransfer();
${made}
document.getElementById('file').files = files.files;
document.getElementById('post').submit();
</script>`,
    );
    const { port } = this.server.address() as AddressInfo;
    return `http://localhost:${port}${path}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
