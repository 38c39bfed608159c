import type { Locator, Page } from 'playwright-core';

/** /review: the queue of receipts to check, one at a time. */
export class ReviewPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/review`);
    await this.page.getByRole('heading', { name: 'To review' }).waitFor();
  }

  /** "To review" in the header, named with its count ("To review: 2"). */
  headerLink(count: number): Locator {
    return this.page.getByRole('link', { name: new RegExp(`^To review\\W*${count}$`) });
  }

  position(): Locator {
    return this.page.locator('.review__position');
  }

  item(): Locator {
    return this.page.locator('.review__item');
  }

  image(): Locator {
    return this.page.locator('.review-image__img');
  }

  highlight(): Locator {
    return this.page.getByTestId('review-highlight');
  }

  /** A receipt that came as a mail's text: the text, where an image would be. */
  mail(): Locator {
    return this.page.locator('.review-mail');
  }

  empty(): Locator {
    return this.page.getByText('Nothing to review.');
  }

  shortcuts(): Locator {
    return this.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  }

  /**
   * The highlight as drawn and where `box` (pixels of the stored image) lies on the screen, both
   * read in one frame after the next two: under reduced motion every property change is a
   * 0.01 ms transition (styles.css), so right after the highlight moves, its old place is still
   * what the browser reports.
   */
  async highlightAndBox(box: { x: number; y: number; width: number; height: number }) {
    return this.page.evaluate(async (box) => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const img = document.querySelector<HTMLImageElement>('.review-image__img')!;
      const drawn = document.querySelector('[data-testid="review-highlight"]')!;
      const rect = img.getBoundingClientRect();
      const sx = rect.width / img.naturalWidth;
      const sy = rect.height / img.naturalHeight;
      const { x, y, width, height } = drawn.getBoundingClientRect();
      return {
        drawn: { x, y, width, height },
        expected: {
          x: rect.x + box.x * sx,
          y: rect.y + box.y * sy,
          width: box.width * sx,
          height: box.height * sy,
        },
      };
    }, box);
  }
}
