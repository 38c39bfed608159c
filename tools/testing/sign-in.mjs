/**
 * The app's email sign-in as a person does it, in a playwright-core page already on the login
 * screen: opens the email form if it is not open yet, fills it and submits. Shared by the
 * browser tests' LoginPage and the Lighthouse check.
 * @param {import('playwright-core').Page} page
 * @param {string} email
 * @param {string} password
 */
export async function submitEmailSignIn(page, email, password) {
  const continueWithEmail = page.getByRole('button', { name: 'Continue with Email' });
  const emailField = page.getByLabel('Email');
  await continueWithEmail.or(emailField).first().waitFor();
  if (await continueWithEmail.isVisible()) await continueWithEmail.click();
  await emailField.fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}
