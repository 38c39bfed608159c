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

  /** Where a box in pixels of the stored image is drawn on the screen (CSS pixels). */
  async onScreen(box: { x: number; y: number; width: number; height: number }) {
    const image = this.image();
    const rect = (await image.boundingBox())!;
    const natural = await image.evaluate((img: HTMLImageElement) => ({
      width: img.naturalWidth,
      height: img.naturalHeight,
    }));
    const sx = rect.width / natural.width;
    const sy = rect.height / natural.height;
    return {
      x: rect.x + box.x * sx,
      y: rect.y + box.y * sy,
      width: box.width * sx,
      height: box.height * sy,
    };
  }
}
