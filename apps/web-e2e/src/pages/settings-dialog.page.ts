import type { Locator, Page } from 'playwright-core';

/** The Settings dialog. */
export class SettingsDialog {
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Settings' });
  }

  homeCurrency(): Locator {
    return this.dialog.getByLabel('Home currency');
  }

  entities(): Locator {
    return this.dialog.getByRole('list', { name: 'Entities' }).getByRole('listitem');
  }

  entity(name: string): Locator {
    return this.entities().filter({ hasText: name });
  }

  /** Types the name and presses Enter (the Add button stays disabled for a blank name). */
  async addEntity(name: string): Promise<void> {
    const section = this.dialog.getByRole('region', { name: 'Business Entities' });
    const input = section.getByPlaceholder('New entity, e.g. Acme Consulting');
    await input.fill(name);
    await input.press('Enter');
  }

  removeEntityButton(name: string): Locator {
    return this.dialog.getByRole('button', { name: `Remove entity ${name}` });
  }

  /** The confirmation a Remove opens: what it affects, where an entity's expenses go. */
  removal(kind: 'entity' | 'tag', name: string): Locator {
    return this.dialog.getByRole('group', { name: `Remove ${kind} ${name}?` });
  }

  /** Removes the entity through its confirmation, moving its expenses to `moveTo`. */
  async removeEntity(name: string, moveTo: string): Promise<Locator> {
    await this.removeEntityButton(name).click();
    const confirm = this.removal('entity', name);
    await confirm.getByLabel('Move them to').selectOption({ label: moveTo });
    return confirm;
  }

  /** Stores SnapTrack knows: one row per store. */
  stores(): Locator {
    return this.dialog.getByRole('list', { name: 'Stores SnapTrack knows' }).getByRole('listitem');
  }

  store(name: string): Locator {
    return this.stores().filter({ hasText: name });
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close settings' }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }
}
